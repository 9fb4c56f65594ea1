// A viewer asked to stop from outside its window ends its frame loop and exits the way closing
// the window does: settings and panel layout saved, loads cancelled.
//   posix/termination.cpp    SIGTERM (a session manager, `kill`), SIGINT (Ctrl+C in its
//                            terminal), SIGHUP (the terminal closes).
//   windows/termination.cpp  the console's Ctrl+C, Ctrl+Break and close / logoff / shutdown
//                            events (SetConsoleCtrlHandler).
#pragma once

namespace bvhscope::viewer {

// Installs the handlers (once; later calls do nothing). A second Ctrl+C / signal of the same
// kind, while the first is being honoured, ends the process at once as the default action
// would.
void installTerminationHandlers();

// A termination request arrived.
bool terminationRequested();

} // namespace bvhscope::viewer
