// Output that is lost must not pass for output written: `bvhscope info --json FILE > /dev/full`
// or `check` on a full disk must fail, not exit 0 with nothing or half a report written.
//
// A stream reports a failed write only when its buffer goes out, and standard output's last
// buffer goes out when the process exits, after main() has chosen its exit status. So each
// subcommand's output stream is flushed and checked once the subcommand is done (any write that
// failed on the way left the stream bad), and the process's standard output is flushed and
// closed before main() returns, as GNU tools do (close_stdout), so that an error on the last
// write or on close (NFS, a full disk) still changes the status.
#pragma once

#include <ostream>
#include <string_view>

namespace bvhscope::cli {

// Flushes `out`; when it failed (now or at any earlier write), prints
// "bvhscope COMMAND: cannot write the output[: reason]" to `err` (once per stream, however often
// it is checked) and returns kExitFileError; otherwise returns `status`.
int checkOutput(std::string_view command, int status, std::ostream& out, std::ostream& err);

// Flushes std::cout and closes the process's standard output (stdout); on failure prints
// "bvhscope: cannot write the output: reason" to `err` and returns kExitFileError, otherwise
// `status`. Call once, last, from main(), after every write to standard output.
int closeStandardOutput(int status, std::ostream& err);

} // namespace bvhscope::cli
