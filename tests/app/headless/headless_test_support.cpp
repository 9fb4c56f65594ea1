#include "tests/app/headless/headless_test_support.h"

#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

namespace bvhscope::headless::test {

TempDir::TempDir() {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string(info->test_suite_name()) + "-" + info->name();
    for (char& c : name) {
        if (c == '/') {
            c = '_';
        }
    }
    path_ = std::filesystem::temp_directory_path() /
            ("bvhscope-headless-" + name + "-" + std::to_string(getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
    std::error_code error;
    std::filesystem::remove_all(path_, error);
}

namespace {

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

double secondsOf(const timeval& time) {
    return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) / 1e6;
}

} // namespace

RunResult runBvhscope(const TempDir& dir, const std::vector<std::string>& arguments,
                      const std::vector<EnvironmentVariable>& environment) {
    const std::filesystem::path outPath = dir.path() / ".stdout";
    const std::filesystem::path errPath = dir.path() / ".stderr";
    const auto start = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        unsetenv("DISPLAY");
        unsetenv("WAYLAND_DISPLAY");
        for (const EnvironmentVariable& variable : environment) {
            setenv(variable.name.c_str(), variable.value.c_str(), 1);
        }
        const int out = open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int err = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(out, 1);
        dup2(err, 2);
        std::string executable = BVHSCOPE_EXECUTABLE;
        std::vector<std::string> copies = arguments;
        std::vector<char*> argv{executable.data()};
        for (std::string& argument : copies) {
            argv.push_back(argument.data());
        }
        argv.push_back(nullptr);
        execv(executable.c_str(), argv.data());
        _exit(127);
    }
    int status = 0;
    struct rusage usage {};
    wait4(pid, &status, 0, &usage);
    RunResult result;
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.cpuSeconds = secondsOf(usage.ru_utime) + secondsOf(usage.ru_stime);
    result.peakKilobytes = usage.ru_maxrss; // kilobytes on Linux
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = readFile(outPath);
    result.err = readFile(errPath);
    std::filesystem::remove(outPath);
    std::filesystem::remove(errPath);
    return result;
}

int pixelDifference(const Pixels& a, const Pixels& b, int x, int y) {
    int sum = 0;
    for (int channel = 0; channel < 3; ++channel) {
        sum += std::abs(int(a.at(x, y)[channel]) - int(b.at(x, y)[channel]));
    }
    return sum;
}

std::string sourceFile(const std::string& relative) {
    return std::string(BVHSCOPE_SOURCE_DIR) + "/" + relative;
}

} // namespace bvhscope::headless::test
