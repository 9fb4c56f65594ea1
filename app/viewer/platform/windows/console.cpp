// The console of a viewer started from Explorer (platform/console.h).
//
// GetConsoleProcessList counts the processes attached to this console: started from cmd.exe
// or PowerShell it counts the shell too (2 or more), started from Explorer only this process
// (1), and the console was made for it. Under Wine, started from a Unix terminal, Wine gives
// the process a console of its own that is bridged to the terminal; it too counts 1, so the
// viewer's later messages do not reach that terminal (the subcommands never call this).
#include "app/viewer/platform/console.h"

#include <windows.h>

namespace bvhscope::viewer {

void releaseConsoleOwnedAlone() {
    DWORD processes[2] = {};
    if (GetConsoleWindow() != nullptr && GetConsoleProcessList(processes, 2) == 1) {
        FreeConsole();
    }
}

} // namespace bvhscope::viewer
