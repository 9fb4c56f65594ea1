#include "app/cli/standard_output.h"

#include "app/cli/command_line.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

namespace bvhscope::cli {
namespace {

// ": no space left on device" from the errno the failed write left, or nothing when unknown.
std::string reasonFrom(int error) {
    if (error == 0) {
        return "";
    }
    std::string text = std::strerror(error);
    if (!text.empty() && text[0] >= 'A' && text[0] <= 'Z') {
        text[0] = static_cast<char>(text[0] - 'A' + 'a');
    }
    return ": " + text;
}

// A stream's flag (std::ios_base::iword) set once checkOutput has reported its failure, so that
// later checks of the same stream (the subcommand's own, the dispatcher's, main()'s) do not
// report it again.
int failureReportedSlot() {
    static const int slot = std::ios_base::xalloc();
    return slot;
}

} // namespace

int checkOutput(std::string_view command, int status, std::ostream& out, std::ostream& err) {
    errno = 0;
    out.flush();
    if (out) {
        return status;
    }
    const int error = errno;
    long& reported = out.iword(failureReportedSlot());
    if (reported == 0) {
        err << "bvhscope " << command << ": cannot write the output" << reasonFrom(error) << '\n';
        reported = 1;
    }
    return kExitFileError;
}

int closeStandardOutput(int status, std::ostream& err) {
    errno = 0;
    std::cout.flush();
    const bool streamFailed = !std::cout;
    int error = errno;
    const bool flushFailed = std::fflush(stdout) != 0 || std::ferror(stdout) != 0;
    if (flushFailed && error == 0) {
        error = errno;
    }
    // Closed even when it failed: the error is reported once, here, and not again at exit.
    const bool closeFailed = std::fclose(stdout) != 0;
    if (closeFailed && error == 0) {
        error = errno;
    }
    if (!streamFailed && !flushFailed && !closeFailed) {
        return status;
    }
    if (std::cout.iword(failureReportedSlot()) != 0) {
        return kExitFileError;
    }
    err << "bvhscope: cannot write the output" << reasonFrom(error) << '\n';
    return kExitFileError;
}

} // namespace bvhscope::cli
