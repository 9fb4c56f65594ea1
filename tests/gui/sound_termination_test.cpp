// A sound never holds the viewer (issue 26): a named pipe given as the sound, or lying beside
// the capture under its name, is refused at once (the error in the popup, the capture open),
// and a sound still being decoded is stopped, so SIGTERM ends the viewer (exit status 0, not
// the SIGKILL that ViewerProcess::terminate sends after 10 s) and --screenshot finishes.
// These wait on the viewer's state, never on the clock: the decoding test sends SIGTERM once
// the state says the sound is being decoded, and the state the viewer writes as it closes says
// the decode was stopped before its end, which is the claim (the exit did not wait for it);
// the 10 s of terminate are only a guard against a hang, whatever the machine's load.
#include "tests/app/media/media_test_support.h"
#include "tests/gui/gui_test_support.h"

#include <chrono>
#include <filesystem>
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace bvhscope::gui_test;

namespace {

namespace fs = std::filesystem;

// SIGTERM; the exit status, or -1 when the viewer had not ended within the hang guard (a hang:
// it was killed). Only a hang guard: how long it took depends on the machine's load.
int terminateWithinHangGuard(ViewerProcess& viewer) {
    return viewer.terminate(bvh::test::kHangGuard);
}

// The state the viewer wrote as it closed: no sound was being decoded, nor stopped unfinished.
void expectClosedWithNoSoundDecoding(const ViewerProcess& viewer) {
    const auto closed = viewer.currentState();
    ASSERT_TRUE(closed);
    EXPECT_FALSE(closed->soundLoading);
    EXPECT_EQ(closed->soundLoadsStopped, 0);
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
    EXPECT_EQ(terminateWithinHangGuard(viewer), 0);
    expectClosedWithNoSoundDecoding(viewer);
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
    EXPECT_EQ(terminateWithinHangGuard(viewer), 0);
    expectClosedWithNoSoundDecoding(viewer);
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
    const auto decoding = viewer.waitForState(
        [](const ViewerStateFile& s) { return s.fileNames.size() == 1 && s.soundLoading; },
        ViewerProcess::kStateTimeout, "the sound beside the capture being decoded");
    ASSERT_TRUE(decoding);
    EXPECT_EQ(decoding->soundLoadsStopped, 0);
    EXPECT_EQ(terminateWithinHangGuard(viewer), 0);
    const auto closed = viewer.currentState();
    ASSERT_TRUE(closed);
    EXPECT_FALSE(closed->soundLoading);
    EXPECT_EQ(closed->soundLoadsStopped, 1) << "the exit waited for the decode to end:\n"
                                            << closed->text;
}

TEST(SoundTermination, AScreenshotWithANamedPipeAsTheSoundFinishes) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const fs::path capture = dir.path() / "take.bvh";
    fs::copy_file(kSample, capture);
    const fs::path pipe = dir.path() / "snd.wav";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    const fs::path picture = dir.path() / "shot.png";
    // A viewer stuck opening the pipe would never end (CTest's TIMEOUT would end it): the run
    // ending, with its screenshot, is the proof, however long a loaded machine takes.
    runViewerToCompletion(dir, {capture.string(), pipe.string(), "--screenshot", picture.string(),
                                "--size", "640x360"});
    EXPECT_TRUE(fs::exists(picture));
}

} // namespace
