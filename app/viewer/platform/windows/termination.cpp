// Termination on Windows (platform/termination.h): the console's control events. Ctrl+C and
// Ctrl+Break in the console the viewer was started from, and closing that console window (or
// logging off / shutting down, for a console process), ask for the same clean quit as SIGINT
// and SIGTERM on POSIX. The handler runs on a thread the system creates for it.
#include "app/viewer/platform/termination.h"

#include <atomic>
#include <windows.h>

namespace bvhscope::viewer {

namespace {

std::atomic<bool> gRequested{false};

BOOL WINAPI onConsoleControl(DWORD event) {
    switch (event) {
    case CTRL_C_EVENT:
    case CTRL_BREAK_EVENT:
        // Asked twice: the loop is stuck or the user insists; FALSE lets the next handler (the
        // default one, ExitProcess) end the process at once.
        return gRequested.exchange(true) ? FALSE : TRUE;
    case CTRL_CLOSE_EVENT:
    case CTRL_LOGOFF_EVENT:
    case CTRL_SHUTDOWN_EVENT:
        // The system ends the process when this handler returns (or after about 5 s): keep it
        // waiting while the frame loop saves the settings and exits, which ends this thread
        // with the process.
        gRequested = true;
        Sleep(4500);
        return TRUE;
    default:
        return FALSE;
    }
}

} // namespace

void installTerminationHandlers() {
    static const bool installed = [] {
        SetConsoleCtrlHandler(onConsoleControl, TRUE);
        return true;
    }();
    (void)installed;
}

bool terminationRequested() {
    return gRequested.load(std::memory_order_relaxed);
}

} // namespace bvhscope::viewer
