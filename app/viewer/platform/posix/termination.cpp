#include "app/viewer/platform/termination.h"

#include <atomic>
#include <csignal>

namespace bvhscope::viewer {

namespace {

// Lock-free, so the handler may touch it (async-signal-safe).
std::atomic<bool> gRequested{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void onTerminationSignal(int signalNumber) {
    if (gRequested.exchange(true)) {
        // Asked twice: the loop is stuck or the user insists.
        std::signal(signalNumber, SIG_DFL);
        std::raise(signalNumber);
    }
}

} // namespace

void installTerminationHandlers() {
    static const bool installed = [] {
        struct sigaction action {};
        action.sa_handler = onTerminationSignal;
        sigemptyset(&action.sa_mask);
        for (const int signalNumber : {SIGTERM, SIGINT, SIGHUP}) {
            sigaction(signalNumber, &action, nullptr);
        }
        return true;
    }();
    (void)installed;
}

bool terminationRequested() {
    return gRequested.load(std::memory_order_relaxed);
}

} // namespace bvhscope::viewer
