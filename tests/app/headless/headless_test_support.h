// Running `bvhscope render` as a child process with no display (DISPLAY removed from its
// environment, so only the headless EGL path can succeed), and reading the PNGs it writes.
#pragma once

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
};

// Runs BVHSCOPE_EXECUTABLE with `arguments` and without DISPLAY or WAYLAND_DISPLAY.
RunResult runBvhscope(const TempDir& dir, const std::vector<std::string>& arguments);

struct Pixels {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb;
    const std::uint8_t* at(int x, int y) const {
        return rgb.data() + (static_cast<std::size_t>(y) * width + x) * 3;
    }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
};
std::optional<Pixels> loadPng(const std::filesystem::path& path);

// Sum over channels of |a - b| at one pixel.
int pixelDifference(const Pixels& a, const Pixels& b, int x, int y);

// A file from the source tree ("assets/sample_walk.bvh").
std::string sourceFile(const std::string& relative);

} // namespace bvhscope::headless::test
