// `bvhscope convert` when memory runs out while it writes: built into allocation_tests, whose
// operator new can fail on demand (tests/support/failing_allocator.h). main() catches what
// escapes the subcommand and reports it with reportFatalException; this does the same.
#include "app/cli/command_line.h"
#include "app/cli/fatal_errors.h"
#include "tests/app/cli/cli_test_support.h"
#include "tests/support/failing_allocator.h"

#include <algorithm>
#include <new>

namespace bvhscope::cli {
namespace {

using test::TemporaryDirectory;

TEST(ConvertAllocation, OutOfMemoryWhileWritingIsReportedAndLeavesNoTemporaryFile) {
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", test::kChainBvh);
    const std::string output = directory.write("out.bvh", "old");
    const std::vector<std::string> arguments = {"convert", input, output};
    const std::vector<std::string_view> views(arguments.begin() + 1, arguments.end());
    std::vector<const char*> argv;
    for (const std::string& argument : arguments) {
        argv.push_back(argument.c_str());
    }

    std::ostringstream out;
    std::ostringstream err;
    int status = -1;
    bvh::test::watchForTemporaryFiles(directory.path());
    bvh::test::armAllocationFailure(64 * 1024, bvh::test::aTemporaryFileExists);
    try {
        status = runConvert(views, out, err);
    } catch (...) {
        bvh::test::disarmAllocationFailure();
        status = reportFatalException(std::current_exception(), argv, err);
    }
    bvh::test::disarmAllocationFailure();

    EXPECT_EQ(bvh::test::failedAllocations(), 1u) << "memory ran out while OUT was written";
    EXPECT_EQ(status, kExitFileError);
    EXPECT_EQ(err.str(), "bvhscope: out of memory while running `bvhscope convert " + input + " " +
                             output + "`\n");
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(directory.path())) {
        names.push_back(entry.path().filename().string());
    }
    std::ranges::sort(names);
    EXPECT_EQ(names, (std::vector<std::string>{"in.bvh", "out.bvh"})) << "no temporary file";
    std::ifstream in(output);
    std::string text;
    std::getline(in, text);
    EXPECT_EQ(text, "old");
}

} // namespace
} // namespace bvhscope::cli
