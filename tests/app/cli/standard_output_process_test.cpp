// The real executable with its standard output on /dev/full: the output is lost at the last
// flush, after the subcommand returned, so only main()'s close of standard output can see it.
// Also a named pipe given as the file: refused at once, never waiting for a writer.
#include "tests/app/process_support.h"

#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using Exited = bvhscope::testing::ExitedProcess;

// Runs BVHSCOPE_EXECUTABLE with `arguments`, standard output to `outputPath`.
Exited runExecutable(std::vector<std::string> arguments, const char* outputPath) {
    arguments.insert(arguments.begin(), BVHSCOPE_EXECUTABLE);
    return bvhscope::testing::runToCompletion(std::move(arguments), outputPath);
}

std::string sampleFile() {
    return std::string(BVHSCOPE_SOURCE_DIR) + "/tests/data/seed_cmu_example.bvh";
}

TEST(StandardOutputProcess, OutputToAFullDeviceExitsOneWithAMessage) {
    if (!std::filesystem::exists("/dev/full")) {
        GTEST_SKIP() << "no /dev/full";
    }
    for (const std::vector<std::string>& arguments :
         std::vector<std::vector<std::string>>{{"info", "--json", sampleFile()},
                                               {"info", sampleFile()},
                                               {"check", sampleFile()},
                                               {"--version"}}) {
        const Exited exited = runExecutable(arguments, "/dev/full");
        EXPECT_EQ(exited.status, 1) << arguments[0] << "\n" << exited.err;
        EXPECT_NE(exited.err.find("cannot write the output"), std::string::npos) << exited.err;
        if (arguments.size() > 1) {
            // A subcommand's own check sees the failed write and says why.
            EXPECT_NE(exited.err.find("cannot write the output: no space left on device"),
                      std::string::npos)
                << exited.err;
        }
    }
    // The same commands to /dev/null succeed.
    EXPECT_EQ(runExecutable({"info", "--json", sampleFile()}, "/dev/null").status, 0);
}

TEST(StandardOutputProcess, ANamedPipeIsAnErrorNotAHang) {
    const auto pipe = std::filesystem::temp_directory_path() /
                      ("bvhscope_pipe_" + std::to_string(::getpid()) + ".bvh");
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    // check prints its diagnostics on standard output.
    const auto report = pipe.string() + ".out";
    std::ofstream(report).close();
    const Exited exited = runExecutable({"check", pipe.string()}, report.c_str());
    std::filesystem::remove(pipe);
    std::ifstream in(report);
    const std::string printed{std::istreambuf_iterator<char>(in), {}};
    std::filesystem::remove(report);
    EXPECT_EQ(exited.status, 1);
    EXPECT_NE(printed.find(pipe.string() + ": error: is a named pipe"), std::string::npos)
        << printed;
}

} // namespace
