// Running a program to its end in a test, as a user's shell would: standard output to a given
// file (a device such as /dev/full or /dev/null, or a file that exists), standard error
// captured, extra environment variables for the child only. POSIX.
#pragma once

#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace bvhscope::testing {

struct ExitedProcess {
    int status = -1; // the exit status; -1 when the child did not exit (a signal)
    std::string err;
};

// `command[0]` is the program's path. `extraEnvironment` holds "NAME=value" entries added to
// this process's environment for the child.
inline ExitedProcess runToCompletion(std::vector<std::string> command, const char* stdoutPath,
                                     std::vector<std::string> extraEnvironment = {}) {
    const auto errPath = std::filesystem::temp_directory_path() /
                         ("bvhscope_process_err_" + std::to_string(::getpid()));
    std::vector<char*> argv;
    for (std::string& argument : command) {
        argv.push_back(argument.data());
    }
    argv.push_back(nullptr);
    // Built before fork: between fork and exec only async-signal-safe calls.
    std::vector<char*> environment;
    for (char** entry = environ; *entry != nullptr; ++entry) {
        environment.push_back(*entry);
    }
    for (std::string& entry : extraEnvironment) {
        environment.push_back(entry.data());
    }
    environment.push_back(nullptr);
    const pid_t child = ::fork();
    if (child == 0) {
        const int out = ::open(stdoutPath, O_WRONLY);
        const int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(out, 1);
        ::dup2(err, 2);
        ::execve(argv[0], argv.data(), environment.data());
        ::_exit(127);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    std::ifstream in(errPath);
    ExitedProcess exited{WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                         std::string(std::istreambuf_iterator<char>(in), {})};
    std::filesystem::remove(errPath);
    return exited;
}

} // namespace bvhscope::testing
