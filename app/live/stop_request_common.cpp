#include "app/live/stop_request.h"

#include <atomic>

namespace bvhscope::live {
namespace detail {
std::atomic<int> stopRequests{0};
static_assert(std::atomic<int>::is_always_lock_free, "a signal handler stores to it");
} // namespace detail

bool stopRequested() {
    return detail::stopRequests.load() > 0;
}
void requestStop() {
    detail::stopRequests.fetch_add(1);
}
void clearStopRequest() {
    detail::stopRequests.store(0);
}

} // namespace bvhscope::live
