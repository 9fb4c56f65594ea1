#include "app/cli/fatal_errors.h"

#include "app/cli/command_line.h"

#include <new>

namespace bvhscope::cli {
namespace {

// Enough to tell the subcommand and its files apart; the viewer may get hundreds of files.
constexpr std::size_t kArgumentsShown = 4;

void printCommandLine(std::span<const char* const> arguments, std::ostream& err) {
    err << "running `bvhscope";
    for (std::size_t i = 0; i < arguments.size() && i < kArgumentsShown; ++i) {
        err << ' ' << (arguments[i] != nullptr ? arguments[i] : "");
    }
    if (arguments.size() > kArgumentsShown) {
        err << " ...";
    }
    err << '`';
}

} // namespace

int reportFatalException(std::exception_ptr error, std::span<const char* const> arguments,
                         std::ostream& err) noexcept {
    try {
        try {
            if (error) {
                std::rethrow_exception(error);
            }
            throw 0; // no exception at all: report it as an unknown one
        } catch (const std::bad_alloc&) {
            err << "bvhscope: out of memory while ";
            printCommandLine(arguments, err);
            err << '\n';
        } catch (const std::exception& exception) {
            err << "bvhscope: internal error while ";
            printCommandLine(arguments, err);
            err << ": " << exception.what() << '\n';
        } catch (...) {
            err << "bvhscope: internal error while ";
            printCommandLine(arguments, err);
            err << ": unknown exception\n";
        }
    } catch (...) {
        // The stream itself failed (stderr closed, or it threw on a bad state): the exit status
        // still says it.
    }
    return kExitFileError;
}

} // namespace bvhscope::cli
