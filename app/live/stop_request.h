// Ending a long-running command (`record`, `serve`) cleanly on Ctrl+C, SIGTERM or SIGHUP (on
// Windows: Ctrl+C, Ctrl+Break, the console closed): the signal sets a flag that the command's
// loop checks, so it finishes its file (the last rows flushed, `Frames:` right, renamed into
// place) instead of dying mid-write.
//
// The handler only stores to a lock-free atomic (async-signal-safe). A second signal while the
// first is being handled ends the process the default way: an operator pressing Ctrl+C twice
// means it. On Windows, closing the console ends the process a few seconds after the handler
// returns whatever it does, so a take may then be left as its partial file (which opens).
#pragma once

namespace bvhscope::live {

// Installs the handlers (once per process). Returns false when that failed.
bool catchStopRequests();
// Whether a stop was asked for since catchStopRequests().
bool stopRequested();
// Asks for a stop as a signal would (tests, and a command that wants its loops to end).
void requestStop();
// Forgets a stop asked for (in-process tests run several commands in one process).
void clearStopRequest();

} // namespace bvhscope::live
