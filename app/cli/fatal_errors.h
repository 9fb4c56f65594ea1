// What bvhscope's main() does with an exception that nothing below it handled.
//
// The core never throws, but anything that allocates can throw std::bad_alloc, and an exception
// that leaves main() may end the process without unwinding the stack (std::terminate), so no
// destructor runs: an AtomicFile's temporary file would stay behind, half written. main() therefore
// catches everything, which unwinds the stack (destructors remove temporary files, the target of
// a convert stays as it was), and hands the exception to reportFatalException for one line on
// stderr and exit status 1.
#pragma once

#include <exception>
#include <ostream>
#include <span>
#include <string_view>

namespace bvhscope::cli {

// Prints one line to `err`, naming the command line that was running (at most its first four
// arguments):
//   std::bad_alloc          "bvhscope: out of memory while running `bvhscope convert IN OUT`"
//   other std::exception    "bvhscope: internal error while running `...`: <what()>"
//   anything else           "bvhscope: internal error while running `...`: unknown exception"
// Builds no strings (memory may still be short) and never throws. Returns kExitFileError.
int reportFatalException(std::exception_ptr error, std::span<const char* const> arguments,
                         std::ostream& err) noexcept;

} // namespace bvhscope::cli
