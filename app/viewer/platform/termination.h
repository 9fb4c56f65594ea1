// A viewer asked to stop by a signal (SIGTERM from a session manager or `kill`, SIGINT from
// Ctrl+C in its terminal, SIGHUP when the terminal closes) ends its frame loop and exits the
// way closing the window does: settings and panel layout saved, loads cancelled.
#pragma once

namespace bvhscope::viewer {

// Installs the handlers (once; later calls do nothing). A second signal of the same kind,
// while the first is being honoured, ends the process at once as the default action would.
void installTerminationHandlers();

// A termination signal arrived.
bool terminationRequested();

} // namespace bvhscope::viewer
