// `bvhscope record`'s command line, in-process: what it refuses before connecting anywhere, and
// a stream that never comes.
#include "app/cli/command_line.h"
#include "app/live/socket.h"
#include "tests/app/cli/cli_test_support.h"

#include <gtest/gtest.h>

namespace bvhscope::cli {
namespace {

using test::run;

TEST(RecordCommand, HelpNamesEveryOption) {
    const test::CommandResult result = run(runRecord, {"--help"});
    EXPECT_EQ(result.status, kExitOk);
    for (const char* option : {"--output", "--skeleton", "--format auto|axis|lines|bvh", "--rate",
                               "--duration", "--frames", "--split", "--overwrite"}) {
        EXPECT_NE(result.out.find(option), std::string::npos) << option;
    }
}

TEST(RecordCommand, RefusesBadCommandLinesBeforeConnecting) {
    const test::TemporaryDirectory directory;
    const std::string out = directory.pathText("take.bvh");
    const struct {
        std::vector<std::string> arguments;
        const char* message;
    } cases[] = {
        {{"tcp://localhost:7001"}, "give one SOURCE and -o OUT.bvh"},
        {{"localhost:7001", "-o", out}, "is not a source: give tcp://HOST:PORT"},
        {{"tcp://localhost", "-o", out}, "is not a source"},
        {{"tcp://localhost:99999", "-o", out}, "is not a source"},
        {{"tcp://localhost:7001", "-o", out, "--format", "json"},
         "is not auto, axis, lines or bvh"},
        {{"tcp://localhost:7001", "-o", out, "--format", "lines"}, "needs --skeleton FILE"},
        {{"tcp://localhost:7001", "-o", out, "--duration", "-1"}, "--duration -1 is not a number"},
        {{"tcp://localhost:7001", "-o", out, "--frames", "0"}, "--frames 0 is not a count"},
        {{"tcp://localhost:7001", "-o", out, "--frames", "5", "--duration", "1"},
         "give --duration or --frames, not both"},
    };
    for (const auto& [arguments, message] : cases) {
        const test::CommandResult result = run(runRecord, arguments);
        EXPECT_EQ(result.status, kExitUsage) << result.err;
        EXPECT_NE(result.err.find(message), std::string::npos) << result.err;
    }
    EXPECT_TRUE(std::filesystem::is_empty(directory.path()));
}

TEST(RecordCommand, NeverWritesOverAnExistingTakeOrTheSkeletonFile) {
    const test::TemporaryDirectory directory;
    const std::string existing = directory.write("take.bvh", test::kChainBvh);
    const test::CommandResult overExisting =
        run(runRecord, {"tcp://127.0.0.1:7001", "-o", existing});
    EXPECT_EQ(overExisting.status, kExitUsage);
    EXPECT_NE(overExisting.err.find("exists (pass --overwrite"), std::string::npos)
        << overExisting.err;
    const test::CommandResult overSkeleton = run(
        runRecord, {"tcp://127.0.0.1:7001", "-o", existing, "--skeleton", existing, "--overwrite"});
    EXPECT_EQ(overSkeleton.status, kExitUsage);
    EXPECT_NE(overSkeleton.err.find("is the --skeleton file"), std::string::npos)
        << overSkeleton.err;
}

TEST(RecordCommand, ASenderThatNeverComesEndsAtTheDurationWithNothingWritten) {
    const test::TemporaryDirectory directory;
    std::uint16_t port = 0;
    {
        std::string error;
        const auto listener = live::listenTcp("127.0.0.1", 0, error);
        ASSERT_TRUE(listener) << error;
        port = listener->port;
    }
    const test::CommandResult result =
        run(runRecord, {"tcp://127.0.0.1:" + std::to_string(port), "-o",
                        directory.pathText("take.bvh"), "--duration", "0.3"});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_NE(result.err.find("no frames arrived from 127.0.0.1:"), std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find("cannot connect"), std::string::npos) << result.err;
    EXPECT_TRUE(std::filesystem::is_empty(directory.path()));
}

TEST(ServeCommand, RefusesBadCommandLinesAndFilesThatDoNotLoad) {
    const test::TemporaryDirectory directory;
    const std::string file = directory.write("take.bvh", test::kChainBvh);
    const struct {
        std::vector<std::string> arguments;
        int status;
        const char* message;
    } cases[] = {
        {{}, kExitUsage, "give one FILE to serve"},
        {{file, "--port", "70000"}, kExitUsage, "--port 70000 is not a port"},
        {{file, "--format", "auto"}, kExitUsage, "is not axis, lines or bvh"},
        {{file, "--rate", "0"}, kExitUsage, "--rate 0 is not a rate"},
        {{file, "--rate", "nan"}, kExitUsage, "--rate nan is not a rate"},
        {{file, "--line-end", "lfcr"}, kExitUsage, "is not lf, crlf or cr"},
        {{directory.pathText("missing.bvh")}, kExitFileError, "missing.bvh: error:"},
    };
    for (const auto& [arguments, status, message] : cases) {
        const test::CommandResult result = run(runServe, arguments);
        EXPECT_EQ(result.status, status) << result.err;
        EXPECT_NE(result.err.find(message), std::string::npos) << result.err;
    }
}

} // namespace
} // namespace bvhscope::cli
