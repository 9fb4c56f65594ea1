// Files open in the background: a large file shows its skeleton and plays the frames read so
// far while the window keeps drawing; a file truncated while it is read ends in the error
// popup and closes nothing else.
#include "tests/gui/gui_test_support.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/stat.h>

using namespace bvhscope::gui_test;

namespace {

constexpr std::uint32_t kLargeFrames = 200000;
constexpr double kLargeFrameTime = 0.0083333;     // tests/data/seed_cmu_example.bvh
constexpr double kSampleSeconds = 65 * 0.0333333; // assets/sample_walk.bvh: 66 frames

// tests/data/seed_cmu_example.bvh (31 nodes, 62 channels) with its rows repeated to `frames`.
std::filesystem::path writeLargeFile(const TempDir& dir, std::uint32_t frames) {
    const std::string source =
        readAll(std::string(BVHSCOPE_SOURCE_DIR) + "/tests/data/seed_cmu_example.bvh");
    const std::size_t frameTime = source.find("Frame Time:");
    const std::size_t rowsStart = source.find('\n', frameTime) + 1;
    std::vector<std::string> rows;
    std::istringstream rowLines(source.substr(rowsStart));
    for (std::string row; std::getline(rowLines, row);) {
        if (row.find_first_not_of(" \t\r") != std::string::npos) {
            rows.push_back(row + "\n");
        }
    }
    const auto path = dir.path() / "large.bvh";
    std::ofstream out(path, std::ios::binary);
    out << source.substr(0, source.find("Frames:")) << "Frames: " << frames << "\n"
        << source.substr(frameTime, rowsStart - frameTime);
    for (std::uint32_t frame = 0; frame < frames; ++frame) {
        out << rows[frame % rows.size()];
    }
    return path;
}

TEST(FileLoading, ALargeFileShowsWhileItLoadsAndEndsWithEveryFrame) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto large = writeLargeFile(dir, kLargeFrames);
    ViewerProcess viewer(dir, {"--size", "1200x800"});
    ASSERT_TRUE(
        viewer.waitForState([](const ViewerStateFile& s) { return s.fileNames.size() == 1; }));
    const std::string window = viewer.windowId();
    ASSERT_FALSE(window.empty());
    ASSERT_TRUE(dropOnWindow(window, {large}));

    // Every state seen while the file loads: the window keeps drawing (and dumping).
    int statesWhileLoading = 0;
    bool sawPartialFrames = false;
    const auto done = viewer.waitForState([&](const ViewerStateFile& s) {
        if (s.fileNames.size() != 2 || s.loads.size() != 2) {
            return false;
        }
        const ViewerStateFile::FileLoad& load = s.loads[1];
        if (load.loading) {
            ++statesWhileLoading;
            sawPartialFrames = sawPartialFrames || (load.frames > 0 && load.frames < kLargeFrames);
            // The timeline covers the frames loaded so far, or the sample's clip while that
            // is longer; never frames not yet read.
            const double loadedSeconds =
                load.frames > 1 ? (load.frames - 1) * kLargeFrameTime : 0.0;
            EXPECT_LE(s.duration, std::max(loadedSeconds, kSampleSeconds) + 1e-4);
        }
        return !s.loading && !load.loading;
    });
    ASSERT_TRUE(done.has_value()) << "the large file did not finish loading";
    EXPECT_TRUE(done->errors.empty());
    EXPECT_EQ(done->loads[1].frames, kLargeFrames);
    EXPECT_NEAR(done->duration, (kLargeFrames - 1) * kLargeFrameTime, 1e-3);
    EXPECT_EQ(done->fileNames[1], "large.bvh");
    EXPECT_GE(statesWhileLoading, 2) << "no state dumps arrived while the file loaded";
    EXPECT_TRUE(sawPartialFrames) << "never showed the frames loaded so far";
}

TEST(FileLoading, AFileTruncatedWhileLoadingShowsTheErrorAndKeepsWhatIsOpen) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto large = writeLargeFile(dir, kLargeFrames);
    // Each load pauses for 3 s after its header (a test hook), so the file is cut while its
    // rows are still unread, however fast the machine reads.
    ViewerProcess viewer(dir, {"--size", "1200x800", "--test-pause-after-header", "3000"});
    ASSERT_TRUE(
        viewer.waitForState([](const ViewerStateFile& s) { return s.fileNames.size() == 1; }));
    const std::string window = viewer.windowId();
    ASSERT_FALSE(window.empty());
    ASSERT_TRUE(dropOnWindow(window, {large}));
    ASSERT_TRUE(viewer.waitForState([](const ViewerStateFile& s) {
        return s.loading && s.fileNames.size() == 2;
    })) << "the dropped file never started loading";
    std::filesystem::resize_file(large, std::filesystem::file_size(large) / 3);

    const auto state = viewer.waitForState(
        [](const ViewerStateFile& s) { return !s.errors.empty() && !s.loading; });
    ASSERT_TRUE(state.has_value()) << "no error for the truncated file";
    ASSERT_EQ(state->fileNames.size(), 1u);
    EXPECT_EQ(state->fileNames[0], "sample_walk.bvh");
    EXPECT_NE(state->errors.front().find("large.bvh: error:"), std::string::npos)
        << state->errors.front();
    EXPECT_NE(state->errors.front().find("changed while it was being read"), std::string::npos)
        << state->errors.front();
}

} // namespace

namespace {

TEST(FileLoading, ANamedPipeIsAnErrorAndTheViewerStillEndsOnSigterm) {
    // Opening a FIFO used to wait for a writer forever: the viewer showed "reading the header"
    // and, its load thread stuck, never ended on SIGTERM (so its settings were not saved).
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto pipe = dir.path() / "pipe.bvh";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    const std::string sample = std::string(BVHSCOPE_SOURCE_DIR) + "/assets/sample_walk.bvh";
    ViewerProcess viewer(dir, {"--size", "900x600", sample, pipe.string()});
    const auto state = viewer.waitForState(
        [](const ViewerStateFile& s) { return s.fileNames.size() == 1 && !s.errors.empty(); });
    ASSERT_TRUE(state);
    EXPECT_NE(state->errors.front().find("pipe.bvh: error: is a named pipe (FIFO)"),
              std::string::npos)
        << state->errors.front();
    EXPECT_EQ(viewer.terminate(), 0);
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "config" / "bvhscope" / "settings.ini"));
}

} // namespace
