// Running `bvhscope render` as a child process with no display (DISPLAY removed from its
// environment, so only the headless EGL path can succeed), and reading the PNGs it writes.
#pragma once

#include "tests/support/png_pixels.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::headless::test {

// A per-test scratch directory, removed afterwards.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

struct RunResult {
    int status = -1; // the exit code; -1 when it did not exit normally
    std::string out;
    std::string err;
    double seconds = 0.0;    // wall time, from the fork to the child's end
    double cpuSeconds = 0.0; // the child's own CPU time, all its threads (ru_utime + ru_stime)
    long peakKilobytes = 0;  // the child's own peak resident memory (wait4's ru_maxrss)
};

struct EnvironmentVariable {
    std::string name;
    std::string value;
};

// Runs BVHSCOPE_EXECUTABLE with `arguments` and without DISPLAY or WAYLAND_DISPLAY, `environment`
// set in its environment, measuring its wall time, CPU time and peak memory.
RunResult runBvhscope(const TempDir& dir, const std::vector<std::string>& arguments,
                      const std::vector<EnvironmentVariable>& environment = {});

using bvhscope::test::loadPng;
using bvhscope::test::Pixels;

// Sum over channels of |a - b| at one pixel.
int pixelDifference(const Pixels& a, const Pixels& b, int x, int y);

// A file from the source tree ("assets/sample_walk.bvh").
std::string sourceFile(const std::string& relative);

} // namespace bvhscope::headless::test
