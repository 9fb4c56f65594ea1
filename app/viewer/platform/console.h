// The console a viewer may have been given without asking for one, one file per platform:
//   posix/console.cpp    nothing: a desktop starts a GUI program without a terminal, and a
//                        terminal the user started it from is theirs.
//   windows/console.cpp  bvhscope.exe is a console program (its subcommands print), so Windows
//                        opens a console window for it when it is started from Explorer (a
//                        double click, a file dropped on the exe). That window is released.
#pragma once

namespace bvhscope::viewer {

// Once the viewer's window is open: lets go of a console that exists only for this process, so
// no empty black window stays open beside the viewer. A console shared with the shell the
// viewer was started from is kept, and messages still print there.
void releaseConsoleOwnedAlone();

} // namespace bvhscope::viewer
