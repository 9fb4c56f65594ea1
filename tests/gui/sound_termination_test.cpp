// A sound never holds the viewer (issue 26): a named pipe given as the sound, or lying beside
// the capture under its name, is refused at once (the error in the popup, the capture open),
// and a sound still being decoded is stopped, so SIGTERM ends the viewer within 2 s and
// --screenshot finishes.
#include "tests/app/media/media_test_support.h"
#include "tests/gui/gui_test_support.h"

#include <chrono>
#include <filesystem>
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace bvhscope::gui_test;

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// SIGTERM, then how long the viewer took to exit; `status` gets its exit status.
double secondsToTerminate(ViewerProcess& viewer, int& status) {
    const auto start = Clock::now();
    status = viewer.terminate(std::chrono::seconds(10));
    return std::chrono::duration<double>(Clock::now() - start).count();
}

TEST(SoundTermination, ANamedPipeGivenAsTheSoundIsAnErrorAndSigtermStillExits) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const fs::path capture = dir.path() / "take.bvh";
    fs::copy_file(kSample, capture);
    const fs::path pipe = dir.path() / "snd.wav";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    ViewerProcess viewer(dir, {capture.string(), pipe.string()});
    const auto state = viewer.waitForState([](const ViewerStateFile& s) {
        return s.fileNames.size() == 1 && !s.loading && anyErrorMentions(s, "named pipe");
    });
    ASSERT_TRUE(state) << "no \"named pipe\" error in the popup with the capture open";
    EXPECT_TRUE(anyErrorMentions(*state, "snd.wav")) << state->errors.front();
    int status = -1;
    EXPECT_LT(secondsToTerminate(viewer, status), 2.0);
    EXPECT_EQ(status, 0);
    EXPECT_TRUE(fs::is_fifo(pipe));
}

TEST(SoundTermination, ANamedPipeBesideTheCaptureIsPassedOver) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const fs::path capture = dir.path() / "take.bvh";
    fs::copy_file(kSample, capture);
    const fs::path pipe = dir.path() / "take.wav"; // found by name, were it a file
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    ViewerProcess viewer(dir, {capture.string()});
    const auto state = viewer.waitForState(
        [](const ViewerStateFile& s) { return s.fileNames.size() == 1 && !s.loading; });
    ASSERT_TRUE(state);
    int status = -1;
    EXPECT_LT(secondsToTerminate(viewer, status), 2.0);
    EXPECT_EQ(status, 0);
    EXPECT_TRUE(fs::is_fifo(pipe));
}

TEST(SoundTermination, ASoundStillDecodingDoesNotHoldTheExit) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const fs::path capture = dir.path() / "take.bvh";
    fs::copy_file(kSample, capture);
    // Nineteen minutes at 1 kHz beside the capture: a 1 MB file that takes a second or more to
    // decode into 440 MB of 48 kHz stereo floats.
    std::vector<std::uint8_t> data(19 * 60 * 1000);
    for (std::size_t i = 0; i < data.size(); ++i) {
        data[i] = i % 2 ? 0xc0 : 0x40;
    }
    ASSERT_TRUE(bvhscope::media::test::writeWav(dir.path() / "take.wav", {1000, 1, 8, {}}, data));
    ViewerProcess viewer(dir, {capture.string()});
    ASSERT_TRUE(
        viewer.waitForState([](const ViewerStateFile& s) { return s.fileNames.size() == 1; }));
    int status = -1;
    EXPECT_LT(secondsToTerminate(viewer, status), 2.0);
    EXPECT_EQ(status, 0);
}

TEST(SoundTermination, AScreenshotWithANamedPipeAsTheSoundFinishes) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const fs::path capture = dir.path() / "take.bvh";
    fs::copy_file(kSample, capture);
    const fs::path pipe = dir.path() / "snd.wav";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    const fs::path picture = dir.path() / "shot.png";
    const auto start = Clock::now();
    runViewerToCompletion(dir, {capture.string(), pipe.string(), "--screenshot", picture.string(),
                                "--size", "640x360"});
    EXPECT_LT(std::chrono::duration<double>(Clock::now() - start).count(), 20.0);
    EXPECT_TRUE(fs::exists(picture));
}

} // namespace
