// stop_request.h on POSIX: sigaction for SIGINT, SIGTERM and SIGHUP.
#include "app/live/stop_request.h"

#include <atomic>
#include <csignal>
#include <mutex>

namespace bvhscope::live {
namespace detail {
extern std::atomic<int> stopRequests;
} // namespace detail
namespace {

void onStopSignal(int signal) {
    if (detail::stopRequests.fetch_add(1) > 0) {
        // The second request: the default action, at once.
        struct sigaction defaults {};
        defaults.sa_handler = SIG_DFL;
        ::sigaction(signal, &defaults, nullptr);
        ::raise(signal);
    }
}

} // namespace

bool catchStopRequests() {
    static std::once_flag once;
    static bool installed = true;
    std::call_once(once, [] {
        for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
            struct sigaction previous {};
            ::sigaction(signal, nullptr, &previous);
            if (previous.sa_handler == SIG_IGN) {
                continue; // nohup, or a background job's SIGINT: stays ignored
            }
            struct sigaction action {};
            action.sa_handler = onStopSignal;
            sigemptyset(&action.sa_mask);
            // No SA_RESTART: a blocking call returns EINTR and the loop sees the flag at once.
            installed = ::sigaction(signal, &action, nullptr) == 0 && installed;
        }
    });
    return installed;
}

} // namespace bvhscope::live
