// The real `bvhscope convert`, as a separate process: killed by a signal while it writes, and
// out of memory. What is left in the target directory is what a user would find.
#include "core/writer/writer.h"
#include "tests/support/synthetic_clips.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace bvhscope::cli {
namespace {

struct Spawned {
    pid_t pid = -1;
};

// Starts BVHSCOPE_EXECUTABLE with `arguments`, stdout and stderr to files in `directory`'s
// parent. SIGINT and SIGTERM are reset to their default action in the child, as in a terminal
// (a test runner may have started us with them ignored, and ignored signals stay ignored across
// exec). `addressSpaceLimit`, when non-zero, becomes the child's RLIMIT_AS.
Spawned spawn(const std::vector<std::string>& arguments, const std::filesystem::path& logs,
              rlim_t addressSpaceLimit = 0) {
    std::vector<std::string> command = {BVHSCOPE_EXECUTABLE};
    command.insert(command.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (std::string& argument : command) {
        argv.push_back(argument.data());
    }
    argv.push_back(nullptr);
    const std::string out = (logs / "stdout.txt").string();
    const std::string err = (logs / "stderr.txt").string();
    Spawned child;
    child.pid = ::fork();
    if (child.pid == 0) {
        // Only async-signal-safe calls between fork and exec.
        const int outFile = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int errFile = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(outFile, STDOUT_FILENO);
        ::dup2(errFile, STDERR_FILENO);
        ::signal(SIGINT, SIG_DFL);
        ::signal(SIGTERM, SIG_DFL);
        if (addressSpaceLimit != 0) {
            const rlimit limit{addressSpaceLimit, addressSpaceLimit};
            ::setrlimit(RLIMIT_AS, &limit);
        }
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    return child;
}

int waitFor(const Spawned& child) {
    int status = 0;
    while (::waitpid(child.pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

std::string contents(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> entries(const std::filesystem::path& directory) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(directory)) {
        names.push_back(entry.path().filename().string());
    }
    std::ranges::sort(names);
    return names;
}

// Whether `directory` holds a temporary file of at least `bytes` bytes.
bool hasTemporaryFile(const std::filesystem::path& directory, std::uintmax_t bytes) {
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(directory, error)) {
        if (entry.path().filename().string().find(".tmp-") != std::string::npos &&
            (bytes == 0 || std::filesystem::file_size(entry.path(), error) >= bytes)) {
            return !error;
        }
    }
    return false;
}

class ConvertProcess : public testing::Test {
protected:
    void SetUp() override {
        root_ = std::filesystem::temp_directory_path() /
                ("bvhscope_process_" +
                 std::string(testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" +
                 std::to_string(::getpid()));
        std::filesystem::remove_all(root_);
        std::filesystem::create_directories(root_ / "out");
    }
    void TearDown() override { std::filesystem::remove_all(root_); }

    // A capture of `frames` frames of a 31-joint chain (96 channels, about 700 bytes a frame).
    std::string writeInput(std::uint32_t frames) const {
        const auto path = root_ / "in.bvh";
        const bvh::test::SyntheticClip clip = bvh::test::makeChain(31, frames);
        EXPECT_FALSE(bvh::hasErrors(bvh::writeBvhFile(path, clip.skeleton, clip.motion)));
        return path.string();
    }

    // SIGTERM or SIGINT while OUT is being written: the process dies of that signal, the
    // temporary file is gone, OUT is as it was. The signal goes out as soon as the temporary
    // file holds `written` bytes (0: as soon as it exists, the instant it is created); should
    // the whole write be over before that (a very fast machine), the capture doubles and the
    // test tries again: what is asserted never depends on timing.
    void killWhileWriting(int signal, std::uintmax_t written) const {
        const auto outDirectory = root_ / "out";
        const auto output = outDirectory / "out.bvh";
        std::uint32_t frames = 40000;
        for (int attempt = 0; attempt < 4; ++attempt, frames *= 2) {
            SCOPED_TRACE(std::to_string(frames) + " frames");
            const std::string input = writeInput(frames);
            std::ofstream(output, std::ios::binary) << "the old OUT";
            const Spawned child = spawn({"convert", input, output.string()}, root_);
            ASSERT_GT(child.pid, 0);
            bool signalled = false;
            int status = 0;
            for (;;) {
                if (hasTemporaryFile(outDirectory, written)) {
                    ::kill(child.pid, signal);
                    signalled = true;
                    status = waitFor(child);
                    break;
                }
                if (::waitpid(child.pid, &status, WNOHANG) == child.pid) {
                    break; // over before its temporary file was seen
                }
                std::this_thread::sleep_for(std::chrono::microseconds(200));
            }
            if (!signalled || (WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
                continue; // the write finished first: a larger capture
            }
            EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal)
                << "status " << status << "; stderr: " << contents(root_ / "stderr.txt");
            EXPECT_EQ(entries(outDirectory), std::vector<std::string>{"out.bvh"})
                << "no temporary file";
            EXPECT_EQ(contents(output), "the old OUT");
            return;
        }
        ADD_FAILURE() << "every convert finished before the signal could be sent";
    }

    std::filesystem::path root_;
};

TEST_F(ConvertProcess, SigtermAsTheTemporaryFileAppearsLeavesNoTraceAndTheOldTarget) {
    // The instant of creation: before the slot was armed ahead of open(), this left the file.
    killWhileWriting(SIGTERM, 0);
}

TEST_F(ConvertProcess, SigtermMidWriteLeavesNoTemporaryFileAndTheOldTarget) {
    killWhileWriting(SIGTERM, 4 << 20);
}

TEST_F(ConvertProcess, SigintMidWriteLeavesNoTemporaryFileAndTheOldTarget) {
    killWhileWriting(SIGINT, 4 << 20);
}

TEST_F(ConvertProcess, OutOfMemoryIsReportedAndExitsOne) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space; RLIMIT_AS cannot apply";
#else
    // Resampling 2 frames an hour apart to 6000 fps asks for 21.6 million frames x 6 channels
    // x 4 bytes = 494 MiB at once: within the bound on a converted motion (512 MiB,
    // core/model/output_limits.h), but a 256 MiB address space limit makes it std::bad_alloc on
    // any machine, whatever its memory and overcommit policy. The message shows the first four
    // arguments.
    const std::string input = (root_ / "in.bvh").string();
    std::ofstream(input) << "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition "
                            "Yposition Zposition Zrotation Xrotation Yrotation\n}\nMOTION\n"
                            "Frames: 2\nFrame Time: 3600\n0 0 0 0 0 0\n1 1 1 1 1 1\n";
    const auto output = root_ / "out" / "out.bvh";
    const Spawned child =
        spawn({"convert", input, output.string(), "--fps", "6000"}, root_, rlim_t{1} << 28);
    const int status = waitFor(child);
    ASSERT_TRUE(WIFEXITED(status)) << "status " << status;
    EXPECT_EQ(WEXITSTATUS(status), 1);
    EXPECT_EQ(contents(root_ / "stderr.txt"),
              "bvhscope: out of memory while running `bvhscope convert " + input + " " +
                  output.string() + " --fps ...`\n");
    EXPECT_TRUE(entries(root_ / "out").empty());
#endif
}

} // namespace
} // namespace bvhscope::cli
