// stop_request.h on Windows: a console control handler.
#include "app/live/stop_request.h"

#include <atomic>
#include <mutex>
#include <windows.h>

namespace bvhscope::live {
namespace detail {
extern std::atomic<int> stopRequests;
} // namespace detail
namespace {

BOOL WINAPI onConsoleEvent(DWORD event) {
    if (detail::stopRequests.fetch_add(1) > 0 && event != CTRL_CLOSE_EVENT) {
        return FALSE; // the second Ctrl+C: the handlers before ours, and the default one
    }
    if (event == CTRL_CLOSE_EVENT || event == CTRL_LOGOFF_EVENT || event == CTRL_SHUTDOWN_EVENT) {
        // The process ends when this returns: give the command's loop a moment to finish the
        // file.
        ::Sleep(2000);
    }
    return TRUE;
}

} // namespace

bool catchStopRequests() {
    static std::once_flag once;
    static bool installed = false;
    std::call_once(once, [] { installed = ::SetConsoleCtrlHandler(onConsoleEvent, TRUE) != 0; });
    return installed;
}

} // namespace bvhscope::live
