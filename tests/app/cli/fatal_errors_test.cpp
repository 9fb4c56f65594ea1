#include "app/cli/command_line.h"
#include "app/cli/fatal_errors.h"

#include <gtest/gtest.h>
#include <new>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace bvhscope::cli {
namespace {

std::string report(std::exception_ptr error, std::vector<const char*> arguments, int& status) {
    std::ostringstream err;
    status = reportFatalException(error, arguments, err);
    return err.str();
}

TEST(FatalErrors, OutOfMemoryNamesTheCommandLine) {
    int status = -1;
    EXPECT_EQ(
        report(std::make_exception_ptr(std::bad_alloc()), {"convert", "in.bvh", "out.bvh"}, status),
        "bvhscope: out of memory while running `bvhscope convert in.bvh out.bvh`\n");
    EXPECT_EQ(status, kExitFileError);
}

TEST(FatalErrors, OtherExceptionsAreInternalErrorsWithTheirMessage) {
    int status = -1;
    EXPECT_EQ(report(std::make_exception_ptr(std::length_error("vector::reserve")),
                     {"info", "a.bvh"}, status),
              "bvhscope: internal error while running `bvhscope info a.bvh`: vector::reserve\n");
    EXPECT_EQ(status, kExitFileError);
    EXPECT_EQ(report(std::make_exception_ptr(42), {}, status),
              "bvhscope: internal error while running `bvhscope`: unknown exception\n");
    EXPECT_EQ(report(nullptr, {}, status),
              "bvhscope: internal error while running `bvhscope`: unknown exception\n");
    EXPECT_EQ(status, kExitFileError);
}

TEST(FatalErrors, LongCommandLinesAreShortened) {
    int status = -1;
    EXPECT_EQ(report(std::make_exception_ptr(std::bad_alloc()),
                     {"a.bvh", "b.bvh", "c.bvh", "d.bvh", "e.bvh", "f.bvh"}, status),
              "bvhscope: out of memory while running `bvhscope a.bvh b.bvh c.bvh d.bvh ...`\n");
}

} // namespace
} // namespace bvhscope::cli
