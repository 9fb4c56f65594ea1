// `bvhscope render -o clip.mp4|.webm|.gif` end to end, as a child process with no DISPLAY: the
// files are read back with FFmpeg's libraries and their pictures compared with the PNGs the same
// command line writes.
#include "app/media/audio_clip.h"
#include "tests/app/headless/headless_test_support.h"
#include "tests/app/media/media_test_support.h"
#include "tests/support/hang_guard.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <fstream>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace bvhscope::headless::test {
namespace {

namespace fs = std::filesystem;
using media::test::probeVideo;

// The sample is 66 frames at 30 fps (Frame Time 0.0333333).
const std::string kSample = "assets/sample_walk.bvh";

media::test::RgbPicture pngPicture(const fs::path& png) {
    const auto pixels = loadPng(png);
    media::test::RgbPicture picture;
    if (!pixels) {
        return picture;
    }
    picture.width = pixels->width;
    picture.height = pixels->height;
    for (int y = 0; y < pixels->height; ++y) {
        for (int x = 0; x < pixels->width; ++x) {
            const std::uint8_t* rgb = pixels->at(x, y);
            picture.rgb.insert(picture.rgb.end(), {rgb[0], rgb[1], rgb[2]});
        }
    }
    return picture;
}

// Files in `dir` other than the run's own logs.
std::vector<std::string> filesIn(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) {
        names.push_back(entry.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

// [SECTION] Picture, count and rate

struct VideoCase {
    const char* name;
    const char* codec;
    double minimumPsnr;
};

class RenderVideo : public testing::TestWithParam<VideoCase> {};

TEST_P(RenderVideo, ARangeHasItsFramesAtTheCapturesRateAndLooksLikeThePngs) {
    const TempDir dir;
    const std::string file = sourceFile(kSample);
    const fs::path video = dir.path() / GetParam().name;
    // One camera for the video and the PNGs it is compared with: by default a video follows the
    // walker and one image frames the figure where it stands (issue 16).
    const RunResult run =
        runBvhscope(dir, {"render", file, "--frames", "10:29", "-o", video.string(), "--size",
                          "640x360", "--camera", "clip", "--yaw", "28.6"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto info = probeVideo(video);
    ASSERT_TRUE(info);
    EXPECT_EQ(info->videoCodec, GetParam().codec);
    EXPECT_EQ(info->decodedFrames, 20);
    EXPECT_EQ(info->width, 640);
    EXPECT_EQ(info->height, 360);
    EXPECT_NEAR(static_cast<double>(info->rateNumerator) / info->rateDenominator, 30.0, 0.01);
    EXPECT_NEAR(info->lastFrameSeconds, 19.0 / 30.0, 0.011);
    if (std::string(GetParam().codec) == "h264") {
        EXPECT_EQ(info->pixelFormat, "yuv420p");
        EXPECT_TRUE(info->indexBeforeData);
    }
    EXPECT_EQ(filesIn(dir.path()), std::vector<std::string>{GetParam().name});

    // Video frame 5 is capture frame 15: the same picture as the PNG of frame 15, label and all.
    const fs::path png = dir.path() / "frame15.png";
    ASSERT_EQ(runBvhscope(dir, {"render", file, "--frame", "15", "-o", png.string(), "--size",
                                "640x360", "--camera", "clip", "--yaw", "28.6"})
                  .status,
              0);
    const auto decoded = media::test::decodeVideoFrame(video, 5);
    ASSERT_TRUE(decoded);
    const auto expected = pngPicture(png);
    EXPECT_GE(media::test::psnr(*decoded, expected), GetParam().minimumPsnr);
    // And not merely any frame of the walk: frame 15 matches better than its neighbours' PNG.
    const fs::path other = dir.path() / "frame25.png";
    ASSERT_EQ(runBvhscope(dir, {"render", file, "--frame", "25", "-o", other.string(), "--size",
                                "640x360", "--camera", "clip", "--yaw", "28.6"})
                  .status,
              0);
    EXPECT_GT(media::test::psnr(*decoded, expected),
              media::test::psnr(*decoded, pngPicture(other)) + 3.0);
}

INSTANTIATE_TEST_SUITE_P(Containers, RenderVideo,
                         testing::Values(VideoCase{"clip.mp4", "h264", 30.0},
                                         VideoCase{"clip.webm", "vp9", 30.0},
                                         VideoCase{"clip.gif", "gif", 28.0}),
                         [](const testing::TestParamInfo<VideoCase>& info) {
                             return std::string(info.param.codec);
                         });

TEST(RenderVideoOptions, TheWholeClipByDefaultAndOtherRatesResampled) {
    const TempDir dir;
    const std::string file = sourceFile(kSample);
    const fs::path whole = dir.path() / "whole.mp4";
    ASSERT_EQ(runBvhscope(dir, {"render", file, "-o", whole.string(), "--size", "320x180"}).status,
              0);
    EXPECT_EQ(probeVideo(whole)->decodedFrames, 66);

    // 0.5 s of capture (frames 0 to 15) at 60 fps: 31 pictures, 1/60 s apart.
    const fs::path fast = dir.path() / "fast.mp4";
    const RunResult run = runBvhscope(dir, {"render", file, "--frames", "0:15", "--fps", "60", "-o",
                                            fast.string(), "--size", "320x180"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto info = probeVideo(fast);
    ASSERT_TRUE(info);
    EXPECT_EQ(info->decodedFrames, 31);
    EXPECT_EQ(info->rateNumerator, 60);
    EXPECT_EQ(info->rateDenominator, 1);
    EXPECT_NEAR(info->lastFrameSeconds, 0.5, 0.01);

    // A GIF plays whole hundredths: 12.5 fps stays, its frames 8 hundredths apart.
    const fs::path gif = dir.path() / "slow.gif";
    ASSERT_EQ(runBvhscope(dir, {"render", file, "--frames", "0:30", "--fps", "12.5", "-o",
                                gif.string(), "--size", "160x90"})
                  .status,
              0);
    const auto gifInfo = probeVideo(gif);
    ASSERT_TRUE(gifInfo);
    EXPECT_EQ(gifInfo->decodedFrames, 13); // 0 to 1 s every 0.08 s
    EXPECT_NEAR(gifInfo->lastFrameSeconds, 0.96, 0.005);
}

// Issue 26: slow captures keep their rate (3 s a frame is 1/3 fps, not 0.333), and the slowest
// video rate, a picture every 10 minutes, is written as such in every container.
TEST(RenderVideoOptions, SlowRatesAreWrittenExactlyNotChanged) {
    const TempDir dir;
    const fs::path capture = dir.path() / "slow.bvh";
    std::ofstream(capture) << "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 3 Xposition "
                              "Yposition Zposition\n\tEnd Site\n\t{\n\t\tOFFSET 0 10 0\n\t}\n}\n"
                              "MOTION\nFrames: 3\nFrame Time: 3\n0 0 0\n1 0 0\n2 0 0\n";
    const fs::path native = dir.path() / "native.mp4";
    RunResult run =
        runBvhscope(dir, {"render", capture.string(), "-o", native.string(), "--size", "64x64"});
    ASSERT_EQ(run.status, 0) << run.err;
    auto info = probeVideo(native);
    ASSERT_TRUE(info);
    EXPECT_EQ(info->decodedFrames, 3);
    EXPECT_NEAR(info->lastFrameSeconds, 6.0, 1e-3) << "3 s a picture";
    // A Frame Time of 10 minutes is the slowest rate itself.
    const fs::path slowest = dir.path() / "slowest.bvh";
    std::ofstream(slowest) << "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 3 Xposition "
                              "Yposition Zposition\n\tEnd Site\n\t{\n\t\tOFFSET 0 10 0\n\t}\n}\n"
                              "MOTION\nFrames: 3\nFrame Time: 600\n0 0 0\n1 0 0\n2 0 0\n";
    for (const char* name : {"slowest.mp4", "slowest.webm", "slowest.gif"}) {
        const fs::path video = dir.path() / name;
        run =
            runBvhscope(dir, {"render", slowest.string(), "-o", video.string(), "--size", "64x64"});
        ASSERT_EQ(run.status, 0) << name << ": " << run.err;
        info = probeVideo(video);
        ASSERT_TRUE(info) << name;
        EXPECT_EQ(info->decodedFrames, 3) << name;
        EXPECT_NEAR(info->lastFrameSeconds, 1200.0, 0.01) << name;
    }
}

// [SECTION] Sound

TEST(RenderVideoSound, AClickTrackIsCutToTheRangeAndShiftedByTheOffset) {
    const TempDir dir;
    const fs::path sound = dir.path() / "music.wav";
    ASSERT_TRUE(
        media::test::writeClickTrack(sound, "wav", "pcm_s16le", 44100, 2, 4.0, {1.0, 2.0, 3.5}));
    for (const char* name : {"synced.mp4", "synced.webm"}) {
        // Frames 15 to 44: capture 0.5 s to 1.4667 s, 30 pictures = 1 s of video. The capture
        // starts 0.25 s into the music, so the video shows music 0.75 s to 1.75 s: the click at
        // 1.0 s is heard 0.25 s into the video, and the ones at 2.0 and 3.5 s are not in it.
        const fs::path video = dir.path() / name;
        const RunResult run = runBvhscope(
            dir, {"render", sourceFile(kSample), "--frames", "15:44", "-o", video.string(),
                  "--size", "320x180", "--audio", sound.string(), "--audio-offset", "0.25"});
        ASSERT_EQ(run.status, 0) << run.err;
        const auto info = probeVideo(video);
        ASSERT_TRUE(info);
        EXPECT_EQ(info->decodedFrames, 30);
        EXPECT_FALSE(info->audioCodec.empty());
        const media::AudioDecodeResult decoded = media::decodeAudio(video, {0.0, 2.0});
        ASSERT_TRUE(decoded.clip) << decoded.error;
        EXPECT_NEAR(decoded.fileDurationSeconds, 1.0, 0.03) << name;
        const std::vector<double> clicks = media::test::findClicks(*decoded.clip);
        ASSERT_EQ(clicks.size(), 1u) << name;
        EXPECT_NEAR(clicks[0], 0.25, 0.005) << name;
    }
    // A capture that starts before the music (negative offset): silence first, then the click.
    const fs::path early = dir.path() / "early.mp4";
    ASSERT_EQ(
        runBvhscope(dir, {"render", sourceFile(kSample), "--frames", "0:59", "-o", early.string(),
                          "--size", "320x180", "--audio", sound.string(), "--audio-offset=-0.5"})
            .status,
        0);
    // The 2 s video holds music -0.5 s to 1.5 s: the click at 1.0 s is heard at 1.5 s.
    const auto clicks = media::test::findClicks(*media::decodeAudio(early, {0.0, 3.0}).clip);
    ASSERT_EQ(clicks.size(), 1u);
    EXPECT_NEAR(clicks[0], 1.5, 0.005);
}

TEST(RenderVideoSound, AutoFindsTheSoundNamedLikeTheCapture) {
    const TempDir dir;
    const fs::path capture = dir.path() / "take12.bvh";
    fs::copy_file(sourceFile(kSample), capture);
    const fs::path video = dir.path() / "silent.mp4";
    RunResult run = runBvhscope(dir, {"render", capture.string(), "-o", video.string(), "--size",
                                      "320x180", "--audio", "auto"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("no sound file"), std::string::npos) << run.err;
    EXPECT_TRUE(probeVideo(video)->audioCodec.empty());

    ASSERT_TRUE(media::test::writeClickTrack(dir.path() / "take12.flac", "flac", "flac", 48000, 1,
                                             3.0, {0.5}));
    run = runBvhscope(dir, {"render", capture.string(), "-o", video.string(), "--size", "320x180",
                            "--audio", "auto"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(probeVideo(video)->audioCodec, "aac");
    const auto clicks = media::test::findClicks(*media::decodeAudio(video, {0.0, 3.0}).clip);
    ASSERT_EQ(clicks.size(), 1u);
    EXPECT_NEAR(clicks[0], 0.5, 0.005);
}

TEST(RenderVideoSound, ASoundFileThatDoesNotDecodeWritesNoVideo) {
    const TempDir dir;
    const fs::path sound = dir.path() / "broken.wav";
    std::ofstream(sound) << "not a sound";
    const fs::path video = dir.path() / "clip.mp4";
    const RunResult run = runBvhscope(dir, {"render", sourceFile(kSample), "-o", video.string(),
                                            "--size", "320x180", "--audio", sound.string()});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("broken.wav"), std::string::npos) << run.err;
    EXPECT_EQ(filesIn(dir.path()), std::vector<std::string>{"broken.wav"});
}

// [SECTION] Several files

int warmPixels(const media::test::RgbPicture& picture) {
    int count = 0;
    for (std::size_t i = 0; i + 2 < picture.rgb.size(); i += 3) {
        count += picture.rgb[i] > picture.rgb[i + 2] + 30 ? 1 : 0;
    }
    return count;
}

TEST(RenderVideoFiles, TwoFilesAreDrawnTogetherSideBySideOrOverlaid) {
    const TempDir dir;
    const std::string file = sourceFile(kSample);
    const fs::path copy = dir.path() / "b.bvh";
    fs::copy_file(file, copy);
    // One camera for the PNGs and the video (issue 16's defaults differ: figure and follow).
    const std::vector<std::string> common = {
        "--frame", "20", "--size", "640x360", "--no-overlay", "--camera", "clip", "--yaw", "28.6"};
    auto renderPng = [&](std::vector<std::string> arguments, const std::string& name) {
        arguments.insert(arguments.begin(), "render");
        arguments.insert(arguments.end(), common.begin(), common.end());
        arguments.insert(arguments.end(), {"-o", (dir.path() / name).string()});
        EXPECT_EQ(runBvhscope(dir, arguments).status, 0);
        return pngPicture(dir.path() / name);
    };
    const auto one = renderPng({file}, "one.png");
    const auto both = renderPng({file, copy.string()}, "both.png");
    const auto overlaid = renderPng({file, copy.string(), "--layout", "overlaid"}, "over.png");
    // Side by side: two walkers, each smaller in a wider framing, but more orange-ish pixels
    // than one (the second character has the palette's second colour, so count bone pixels as
    // "not background" instead).
    EXPECT_LT(media::test::psnr(one, both), 25.0);
    // Overlaid: the same framing as one file, the second character exactly over the first.
    EXPECT_GT(media::test::psnr(one, overlaid), 20.0);
    EXPECT_GT(warmPixels(one), 0);

    // The video of the two shows what the PNG of the two shows.
    const fs::path video = dir.path() / "ab.mp4";
    const RunResult run = runBvhscope(dir, {"render", file, copy.string(), "--frames", "20:21",
                                            "--size", "640x360", "--no-overlay", "--camera", "clip",
                                            "--yaw", "28.6", "-o", video.string()});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto decoded = media::test::decodeVideoFrame(video, 0);
    ASSERT_TRUE(decoded);
    EXPECT_GE(media::test::psnr(*decoded, both), 30.0);
}

// [SECTION] Refusals and signals

TEST(RenderVideoUsage, BadCombinationsAreUsageErrorsWithNoFile) {
    const TempDir dir;
    const std::string file = sourceFile(kSample);
    const std::string out = (dir.path() / "clip.mp4").string();
    const std::vector<std::vector<std::string>> bad = {
        {"render", file, "-o", out, "--frame", "3"},
        {"render", file, "-o", out, "--size", "641x360"},
        {"render", file, "-o", (dir.path() / "x.gif").string(), "--audio", "a.wav"},
        {"render", file, "-o", (dir.path() / "x.gif").string(), "--crf", "20"},
        {"render", file, "-o", out, "--crf", "52"},
        {"render", file, "-o", out, "--fps", "0"},
        {"render", file, "-o", out, "--audio-offset", "1"},
        {"render", file, "-o", (dir.path() / "x.png").string(), "--fps", "30"},
        {"render", file, "-o", out, "--frames", "10:99"},
    };
    for (const auto& arguments : bad) {
        const RunResult run = runBvhscope(dir, arguments);
        EXPECT_EQ(run.status, 2) << arguments[4] << " " << arguments.back() << ": " << run.err;
    }
    // The sound file is an input too: never written over.
    const fs::path sound = dir.path() / "take.mp4";
    ASSERT_TRUE(media::test::writeClickTrack(sound, "mp4", "aac", 48000, 2, 1.0, {0.5}));
    const auto size = fs::file_size(sound);
    EXPECT_EQ(
        runBvhscope(dir, {"render", file, "-o", sound.string(), "--audio", sound.string()}).status,
        2);
    EXPECT_EQ(fs::file_size(sound), size);
    EXPECT_EQ(filesIn(dir.path()), std::vector<std::string>{"take.mp4"});
}

TEST(RenderVideoSignals, CtrlCWhileWritingLeavesNothingBehind) {
    const TempDir dir;
    const fs::path video = dir.path() / "long.mp4";
    std::vector<std::string> command = {BVHSCOPE_EXECUTABLE,
                                        "render",
                                        sourceFile(kSample),
                                        "--fps",
                                        "600",
                                        "-o",
                                        video.string(),
                                        "--size",
                                        "640x360"};
    std::vector<char*> argv;
    for (std::string& argument : command) {
        argv.push_back(argument.data());
    }
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::unsetenv("DISPLAY");
        ::unsetenv("WAYLAND_DISPLAY");
        const int null = ::open("/dev/null", O_WRONLY);
        ::dup2(null, STDOUT_FILENO);
        ::dup2(null, STDERR_FILENO);
        ::signal(SIGINT, SIG_DFL);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    ASSERT_GT(pid, 0);
    // Wait for the temporary file to exist, let frames be encoded for a moment, then interrupt
    // (the whole video takes many seconds: 1,300 pictures).
    bool writing = false;
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (!writing && std::chrono::steady_clock::now() < giveUp) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        for (const auto& entry : fs::directory_iterator(dir.path())) {
            writing = writing || entry.path().filename().string().rfind(".long.mp4.tmp", 0) == 0;
        }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    int early = 0;
    EXPECT_EQ(::waitpid(pid, &early, WNOHANG), 0) << "it finished before it could be interrupted";
    ::kill(pid, SIGINT);
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(writing) << "the video's temporary file never appeared";
    ASSERT_TRUE(WIFSIGNALED(status)) << "exited with " << WEXITSTATUS(status);
    EXPECT_EQ(WTERMSIG(status), SIGINT);
    EXPECT_TRUE(filesIn(dir.path()).empty());
}

TEST(RenderVideoSignals, AFullDiskFailsTheCommandAndLeavesNothing) {
    // A file-size limit in the child makes writes fail with EFBIG part way, as a full disk
    // fails with ENOSPC (SIGXFSZ ignored, so the command gets the error instead of dying).
    const TempDir dir;
    const fs::path video = dir.path() / "big.mp4";
    const fs::path log = dir.path().parent_path() /
                         (dir.path().filename().string() + "-stderr.txt"); // outside `dir`
    std::vector<std::string> command = {BVHSCOPE_EXECUTABLE,
                                        "render",
                                        sourceFile(kSample),
                                        "-o",
                                        video.string(),
                                        "--size",
                                        "640x360",
                                        "--crf",
                                        "0"};
    std::vector<char*> argv;
    for (std::string& argument : command) {
        argv.push_back(argument.data());
    }
    argv.push_back(nullptr);
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::unsetenv("DISPLAY");
        ::unsetenv("WAYLAND_DISPLAY");
        const int err = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(err, STDERR_FILENO);
        ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{256 * 1024, 256 * 1024};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    ASSERT_GT(pid, 0);
    int status = 0;
    ::waitpid(pid, &status, 0);
    std::ifstream in(log);
    const std::string err((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    fs::remove(log);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1) << err;
    EXPECT_NE(err.find("cannot write " + video.string()), std::string::npos) << err;
    EXPECT_TRUE(filesIn(dir.path()).empty());
}

} // namespace
} // namespace bvhscope::headless::test
