// Running `bvhscope serve` and `bvhscope record` in the background in a test: standard output
// read line by line through a pipe (serve prints its port there), standard error kept in a
// file, signals sent, the exit awaited with a timeout. POSIX.
#pragma once

#include "core/reader/document.h"
#include "tests/support/hang_guard.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <optional>
#include <poll.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace bvhscope::testing {

class BackgroundProcess {
public:
    BackgroundProcess(std::vector<std::string> command, std::filesystem::path errPath)
        : errPath_(std::move(errPath)) {
        std::vector<char*> argv;
        for (std::string& argument : command) {
            argv.push_back(argument.data());
        }
        argv.push_back(nullptr);
        int pipeEnds[2] = {-1, -1};
        if (::pipe(pipeEnds) != 0) {
            return;
        }
        pid_ = ::fork();
        if (pid_ == 0) {
            const int err = ::open(errPath_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
            ::dup2(pipeEnds[1], 1);
            ::dup2(err, 2);
            ::close(pipeEnds[0]);
            ::execv(argv[0], argv.data());
            ::_exit(127);
        }
        ::close(pipeEnds[1]);
        out_ = pipeEnds[0];
    }
    ~BackgroundProcess() {
        if (pid_ > 0 && !status_) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
        if (out_ >= 0) {
            ::close(out_);
        }
    }
    BackgroundProcess(const BackgroundProcess&) = delete;
    BackgroundProcess& operator=(const BackgroundProcess&) = delete;

    // The next line of standard output, or nullopt at its end or after `timeout`.
    std::optional<std::string> readLine(std::chrono::milliseconds timeout = bvh::test::kHangGuard) {
        const auto giveUp = std::chrono::steady_clock::now() + timeout;
        for (;;) {
            if (const std::size_t end = outBuffer_.find('\n'); end != std::string::npos) {
                std::string line = outBuffer_.substr(0, end);
                outBuffer_.erase(0, end + 1);
                return line;
            }
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                giveUp - std::chrono::steady_clock::now());
            if (left.count() <= 0) {
                return std::nullopt;
            }
            pollfd polled{out_, POLLIN, 0};
            if (::poll(&polled, 1, static_cast<int>(left.count())) <= 0) {
                continue;
            }
            char buffer[4096];
            const ssize_t read = ::read(out_, buffer, sizeof buffer);
            if (read <= 0) {
                return std::nullopt;
            }
            outBuffer_.append(buffer, static_cast<std::size_t>(read));
        }
    }
    // Everything left on standard output until the process closes it.
    std::string restOfOutput() {
        while (readLine()) {
        }
        return outBuffer_;
    }

    void signal(int number) { ::kill(pid_, number); }
    pid_t pid() const { return pid_; }

    // The most memory the process has held so far (VmHWM, KiB), or 0 when it cannot be read.
    long peakResidentKiB() const {
        std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
        for (std::string line; std::getline(status, line);) {
            if (line.starts_with("VmHWM:")) {
                return std::stol(line.substr(6));
            }
        }
        return 0;
    }

    // The exit status (-N for a death by signal N), or nullopt after `timeout`.
    std::optional<int> waitForExit(std::chrono::milliseconds timeout = bvh::test::kHangGuard) {
        const auto giveUp = std::chrono::steady_clock::now() + timeout;
        while (!status_) {
            int status = 0;
            const pid_t done = ::waitpid(pid_, &status, WNOHANG);
            if (done == pid_) {
                status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
            } else if (std::chrono::steady_clock::now() > giveUp) {
                return std::nullopt;
            } else {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
        }
        return status_;
    }

    std::string err() const {
        std::ifstream in(errPath_, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    }
    // Waits until standard error contains `text` (true) or `timeout` passes.
    bool waitForErr(const std::string& text,
                    std::chrono::milliseconds timeout = bvh::test::kHangGuard) const {
        const auto giveUp = std::chrono::steady_clock::now() + timeout;
        while (err().find(text) == std::string::npos) {
            if (std::chrono::steady_clock::now() > giveUp) {
                return false;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return true;
    }

private:
    pid_t pid_ = -1;
    int out_ = -1;
    std::string outBuffer_;
    std::filesystem::path errPath_;
    std::optional<int> status_;
};

// The port in serve's first line, "listening on 127.0.0.1:41234"; 0 when there is none.
inline int servedPort(BackgroundProcess& serve) {
    const std::optional<std::string> line = serve.readLine();
    if (!line || line->rfind(':') == std::string::npos) {
        return 0;
    }
    return std::stoi(line->substr(line->rfind(':') + 1));
}

// The rows of a BVH text after its Frame Time line, one per line, line ends dropped.
inline std::vector<std::string> motionRows(const std::string& text) {
    std::vector<std::string> rows;
    const std::size_t frameTime = text.find("Frame Time:");
    if (frameTime == std::string::npos) {
        return rows;
    }
    std::istringstream lines(text.substr(text.find('\n', frameTime) + 1));
    for (std::string line; std::getline(lines, line);) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
            line.pop_back();
        }
        if (!line.empty()) {
            rows.push_back(line);
        }
    }
    return rows;
}

} // namespace bvhscope::testing
