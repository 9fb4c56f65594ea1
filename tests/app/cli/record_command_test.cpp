// `bvhscope record`'s command line, in-process: what it refuses before connecting anywhere, and
// a stream that never comes.
#include "app/cli/command_line.h"
#include "app/live/socket.h"
#include "tests/app/cli/cli_test_support.h"

#include <gtest/gtest.h>
#ifndef _WIN32
#include <sys/stat.h>
#endif

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
        {{"tcp://localhost:7001", "-o", out, "--duration", "-1"},
         "--duration must be from 0.001 to 31622400 seconds, not '-1'"},
        {{"tcp://localhost:7001", "-o", out, "--frames", "0"},
         "--frames must be from 1 to 4294967295, not '0'"},
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

// A port nothing listens on: a record that got past its checks ends at its --duration with
// "no frames arrived" (exit 1), so exit 2 proves the refusal came before connecting.
std::string portNobodyListensOn() {
    std::string error;
    const auto listener = live::listenTcp("127.0.0.1", 0, error);
    EXPECT_TRUE(listener) << error;
    return listener ? std::to_string(listener->port) : "1";
}

// `--rate` becomes the take's Frame Time (1 / rate): rates whose Frame Time the reader would not
// accept are refused up front, naming the range, before anything connects.
TEST(RecordCommand, RefusesRatesWhoseFrameTimeABvhFileCannotHold) {
    const test::TemporaryDirectory directory;
    const std::string source = "tcp://127.0.0.1:" + portNobodyListensOn();
    const std::string out = directory.pathText("take.bvh");
    for (const char* rate : {"2000000", "0.0001", "1e-310", "1000000.5"}) {
        const test::CommandResult result =
            run(runRecord, {source, "-o", out, "--rate", rate, "--duration", "0.2"});
        EXPECT_EQ(result.status, kExitUsage) << rate << ": " << result.err;
        EXPECT_NE(result.err.find(std::string("--rate must be from 0.000277778 to 1000000 "
                                              "frames a second, not '") +
                                  rate + "'"),
                  std::string::npos)
            << result.err;
    }
    for (const char* rate : {"1000000", "0.000277777777777778"}) {
        const test::CommandResult result =
            run(runRecord, {source, "-o", out, "--rate", rate, "--duration", "0.2"});
        EXPECT_EQ(result.status, kExitFileError) << rate << ": " << result.err;
        EXPECT_NE(result.err.find("no frames arrived"), std::string::npos) << result.err;
    }
    EXPECT_TRUE(std::filesystem::is_empty(directory.path()));
}

// A skeleton with no channels can take no stream's values: every frame would be refused and an
// empty take written. It is refused up front.
TEST(RecordCommand, RefusesASkeletonWithNoChannels) {
    const test::TemporaryDirectory directory;
    const std::string skeleton = directory.write("still.bvh", "HIERARCHY\nROOT Hips\n{\n"
                                                              "\tOFFSET 0 0 0\n\tCHANNELS 0\n"
                                                              "\tEnd Site\n\t{\n\t\tOFFSET 0 1 0\n"
                                                              "\t}\n}\nMOTION\nFrames: 0\n"
                                                              "Frame Time: 0.01\n");
    const std::string source = "tcp://127.0.0.1:" + portNobodyListensOn();
    for (const char* format : {"lines", "axis", "auto"}) {
        const test::CommandResult result =
            run(runRecord, {source, "-o", directory.pathText("take.bvh"), "--format", format,
                            "--skeleton", skeleton, "--duration", "0.2"});
        EXPECT_EQ(result.status, kExitUsage) << format << ": " << result.err;
        EXPECT_NE(result.err.find("--skeleton " + skeleton +
                                  " has no channels: a stream's values cannot follow it"),
                  std::string::npos)
            << result.err;
    }
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(directory.path()),
                            std::filesystem::directory_iterator()),
              1);
}

// Like `convert`, `record` writes over regular files only, --overwrite or not.
TEST(RecordCommand, RefusesAnOutputThatIsNotARegularFileWithOrWithoutOverwrite) {
    const test::TemporaryDirectory directory;
    const std::string source = "tcp://127.0.0.1:" + portNobodyListensOn();
    std::vector<std::pair<std::string, std::string>> outputs; // path, what it is
    const std::filesystem::path folder = directory.path() / "folder.bvh";
    std::filesystem::create_directory(folder);
    outputs.emplace_back(folder.string(), "it is a directory");
#ifndef _WIN32
    const std::filesystem::path fifo = directory.path() / "fifo.bvh";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    outputs.emplace_back(fifo.string(), "it is a named pipe (FIFO), not a regular file");
    const std::filesystem::path device = directory.path() / "null.bvh";
    std::filesystem::create_symlink("/dev/null", device);
    outputs.emplace_back(device.string(), "it is a device, not a regular file");
#endif
    for (const auto& [output, what] : outputs) {
        for (const bool overwrite : {false, true}) {
            std::vector<std::string> arguments = {source, "-o", output, "--duration", "0.2"};
            if (overwrite) {
                arguments.push_back("--overwrite");
            }
            const test::CommandResult result = run(runRecord, arguments);
            EXPECT_EQ(result.status, kExitUsage) << output << ": " << result.err;
            EXPECT_NE(result.err.find(what), std::string::npos) << result.err;
        }
    }
    EXPECT_TRUE(std::filesystem::is_directory(folder));
#ifndef _WIN32
    EXPECT_EQ(std::filesystem::symlink_status(fifo).type(), std::filesystem::file_type::fifo);
    EXPECT_TRUE(std::filesystem::is_symlink(device));
#endif
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
        {{file, "--port", "70000"}, kExitUsage, "--port must be from 0 to 65535, not '70000'"},
        {{file, "--format", "auto"}, kExitUsage, "is not axis, lines, bvh, vmc or mocopi"},
        {{file, "--rate", "0"}, kExitUsage, "--rate must be from 0.000277778 to 1000000"},
        {{file, "--rate", "nan"}, kExitUsage, "frames a second, not 'nan'"},
        {{file, "--max-clients", "1001"}, kExitUsage, "--max-clients must be from 1 to 1000"},
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
