#include "app/media/background_encoder.h"
#include "app/media/video_encoder.h"
#include "core/platform/atomic_file.h"
#include "tests/app/media/media_test_support.h"
#include "tests/support/file_size_limit.h"
#include "tests/support/hang_guard.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <gtest/gtest.h>
#include <thread>
#include <unistd.h>

namespace bvhscope::media {
namespace {

namespace fs = std::filesystem;

// A picture like bvhscope's: a floor and sky in cool greys and an orange block that moves one
// step a frame, with a soft shaded edge.
std::vector<std::uint8_t> testPicture(int width, int height, int frame) {
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * height * 4);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            std::uint8_t* p = &rgba[(static_cast<std::size_t>(y) * width + x) * 4];
            const bool floor = y > height * 2 / 3;
            p[0] = floor ? 58 : static_cast<std::uint8_t>(100 + y * 40 / height);
            p[1] = floor ? 60 : static_cast<std::uint8_t>(110 + y * 40 / height);
            p[2] = floor ? 66 : static_cast<std::uint8_t>(130 + y * 40 / height);
            p[3] = 255;
            const int left = 10 + frame * 4;
            if (x >= left && x < left + width / 4 && y >= height / 4 && y < height * 3 / 4) {
                const int shade = (x - left) * 60 / (width / 4);
                p[0] = static_cast<std::uint8_t>(236 - shade);
                p[1] = static_cast<std::uint8_t>(128 - shade / 2);
                p[2] = 40;
            }
        }
    }
    return rgba;
}

class VideoEncoderTest : public testing::Test {
protected:
    void SetUp() override {
        // A parameterised test's name has a '/': one folder, not two.
        std::string name = testing::UnitTest::GetInstance()->current_test_info()->name();
        std::replace(name.begin(), name.end(), '/', '_');
        directory_ = fs::temp_directory_path() /
                     ("bvhscope_video_" + std::to_string(::getpid()) + "_" + name);
        fs::create_directories(directory_);
    }
    void TearDown() override { fs::remove_all(directory_); }
    std::size_t entries() const {
        return static_cast<std::size_t>(
            std::distance(fs::directory_iterator(directory_), fs::directory_iterator{}));
    }
    // Writes `frames` test pictures; returns whether finish() succeeded.
    bool encode(const fs::path& path, VideoSettings settings, int frames, std::string& error) {
        std::string createError;
        GifPalette palette;
        if (settings.container == VideoContainer::Gif && settings.palette == nullptr) {
            palette.addSample(testPicture(settings.width, settings.height, 0));
            palette.addSample(testPicture(settings.width, settings.height, frames - 1));
            palette.build();
            settings.palette = &palette;
        }
        auto encoder = VideoEncoder::create(path, settings, createError);
        if (!encoder) {
            error = createError;
            return false;
        }
        for (int frame = 0; frame < frames; ++frame) {
            const auto picture = testPicture(settings.width, settings.height, frame);
            if (!encoder->addFrame(picture.data(), settings.width * 4)) {
                break;
            }
        }
        const bool finished = encoder->finish();
        error = encoder->error();
        return finished;
    }
    fs::path directory_;
};

struct ContainerCase {
    VideoContainer container;
    const char* name;
    const char* codec;
    FrameRate rate;
    double minimumPsnr;
};

class Containers : public VideoEncoderTest, public testing::WithParamInterface<ContainerCase> {};

TEST_P(Containers, FrameCountRateAndPictureReadBack) {
    const ContainerCase& c = GetParam();
    VideoSettings settings;
    settings.container = c.container;
    settings.width = 320;
    settings.height = 180;
    settings.frameRate = c.rate;
    const fs::path path = directory_ / c.name;
    std::string error;
    ASSERT_TRUE(encode(path, settings, 37, error)) << error;
    EXPECT_EQ(entries(), 1u); // the video, no temporary file

    const auto info = test::probeVideo(path);
    ASSERT_TRUE(info);
    EXPECT_EQ(info->videoCodec, c.codec);
    EXPECT_EQ(info->width, 320);
    EXPECT_EQ(info->height, 180);
    EXPECT_EQ(info->decodedFrames, 37);
    EXPECT_NEAR(static_cast<double>(info->rateNumerator) / info->rateDenominator,
                c.rate.perSecond(), 0.01 * c.rate.perSecond());
    // The 37th frame is shown 36 frame times after the first.
    EXPECT_NEAR(info->lastFrameSeconds, 36.0 / c.rate.perSecond(), 0.011);
    EXPECT_TRUE(info->audioCodec.empty());
    if (c.container != VideoContainer::Gif) {
        EXPECT_EQ(info->pixelFormat, "yuv420p");
    }
    if (c.container == VideoContainer::Mp4) {
        EXPECT_TRUE(info->indexBeforeData) << "moov must come before mdat (faststart)";
    }
    for (const int frame : {0, 20, 36}) {
        const auto decoded = test::decodeVideoFrame(path, frame);
        ASSERT_TRUE(decoded) << frame;
        const double quality =
            test::psnr(*decoded, test::fromRgba(testPicture(320, 180, frame), 320, 180));
        EXPECT_GE(quality, c.minimumPsnr) << "frame " << frame;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Video, Containers,
    testing::Values(ContainerCase{VideoContainer::Mp4, "clip.mp4", "h264", {30, 1}, 35.0},
                    ContainerCase{VideoContainer::Mp4, "ntsc.mp4", "h264", {30000, 1001}, 35.0},
                    ContainerCase{VideoContainer::WebM, "clip.webm", "vp9", {24, 1}, 33.0},
                    ContainerCase{VideoContainer::Gif, "clip.gif", "gif", {25, 1}, 30.0}),
    [](const testing::TestParamInfo<ContainerCase>& info) {
        std::string name = info.param.name;
        name[name.find('.')] = '_';
        return name;
    });

TEST_F(VideoEncoderTest, SoundIsMuxedAsLongAsThePictureWithClicksInPlace) {
    for (const auto& [name, codec] : {std::pair{"sound.mp4", "aac"}, {"sound.webm", "opus"}}) {
        AudioClip clip;
        clip.samples.assign(static_cast<std::size_t>(2.0 * kAudioSampleRate) * kAudioChannels,
                            0.0f);
        // Clicks at 0.5 s and 1.25 s of the video.
        for (const double at : {0.5, 1.25}) {
            const auto start = static_cast<std::size_t>(at * kAudioSampleRate);
            for (std::size_t i = 0; i < 192; ++i) {
                const float value =
                    0.8f * static_cast<float>(std::sin(2.0 * M_PI * 2000.0 * i / kAudioSampleRate));
                clip.samples[(start + i) * 2] = value;
                clip.samples[(start + i) * 2 + 1] = value;
            }
        }
        VideoSettings settings;
        settings.container = *videoContainerFor(name);
        settings.width = 160;
        settings.height = 90;
        settings.frameRate = {25, 1};
        settings.audio = &clip;
        const fs::path path = directory_ / name;
        std::string error;
        ASSERT_TRUE(encode(path, settings, 50, error)) << error; // 2 s of picture
        const auto info = test::probeVideo(path);
        ASSERT_TRUE(info);
        EXPECT_EQ(info->decodedFrames, 50);
        EXPECT_EQ(info->audioCodec, codec);
        EXPECT_EQ(info->audioSampleRate, 48000);
        // Decoded back through libavformat (encoder delay removed as a player does).
        const AudioDecodeResult decoded = decodeAudio(path, {0.0, 2.5});
        ASSERT_TRUE(decoded.clip) << decoded.error;
        EXPECT_NEAR(decoded.fileDurationSeconds, 2.0, 0.03) << name;
        const std::vector<double> clicks = test::findClicks(*decoded.clip);
        ASSERT_EQ(clicks.size(), 2u) << name;
        EXPECT_NEAR(clicks[0], 0.5, 0.005) << name;
        EXPECT_NEAR(clicks[1], 1.25, 0.005) << name;
    }
}

TEST_F(VideoEncoderTest, AShortSoundKeepsItsPlaceAndEndsItsTrackBeforeTheVideo) {
    // A quarter second of sound with a click, placed 1 s into a 3 s video by its leading
    // silence (written by the encoder, not stored): the click is heard at 1.1 s, the sound
    // track ends at 1.25 s, and the video still plays its 3 s.
    for (const auto& [name, codec] : {std::pair{"short.mp4", "aac"}, {"short.webm", "opus"}}) {
        AudioClip clip;
        clip.leadingSilenceFrames = kAudioSampleRate;
        clip.samples.assign(static_cast<std::size_t>(0.25 * kAudioSampleRate) * kAudioChannels,
                            0.0f);
        for (std::size_t i = 0; i < 192; ++i) {
            const float value =
                0.8f * static_cast<float>(std::sin(2.0 * M_PI * 2000.0 * i / kAudioSampleRate));
            clip.samples[(4800 + i) * 2] = value;
            clip.samples[(4800 + i) * 2 + 1] = value;
        }
        VideoSettings settings;
        settings.container = *videoContainerFor(name);
        settings.width = 160;
        settings.height = 90;
        settings.frameRate = {25, 1};
        settings.audio = &clip;
        const fs::path path = directory_ / name;
        std::string error;
        ASSERT_TRUE(encode(path, settings, 75, error)) << error;
        const auto info = test::probeVideo(path);
        ASSERT_TRUE(info);
        EXPECT_EQ(info->audioCodec, codec);
        EXPECT_EQ(info->decodedFrames, 75) << name;
        EXPECT_NEAR(info->lastFrameSeconds, 2.96, 0.01) << name; // WebM keeps milliseconds
        EXPECT_NEAR(info->videoDurationSeconds, 3.0, 0.05) << name;
        const AudioDecodeResult decoded = decodeAudio(path, {0.0, 4.0});
        ASSERT_TRUE(decoded.clip) << decoded.error;
        EXPECT_NEAR(decoded.fileDurationSeconds, 1.25, 0.03) << name;
        const std::vector<double> clicks = test::findClicks(*decoded.clip);
        ASSERT_EQ(clicks.size(), 1u) << name;
        EXPECT_NEAR(clicks[0], 1.1, 0.005) << name;
    }
}

TEST_F(VideoEncoderTest, AThreeSecondSoundUnderAnHourOfVideoHoldsThreeSecondsOfSamples) {
    // An hour of video at one picture a second (cheap to encode) with three seconds of sound:
    // 1.4 GB of sound track if its silence were stored, a megabyte as the clip is, and no
    // hour of silence to encode.
    const fs::path path = directory_ / "hour.mp4";
    const test::ChildRun run = test::runInChild([&] {
        AudioClip clip;
        clip.samples.assign(static_cast<std::size_t>(3 * kAudioSampleRate) * kAudioChannels, 0.25f);
        VideoSettings settings;
        settings.width = 16;
        settings.height = 16;
        settings.frameRate = {1, 1};
        settings.audio = &clip;
        std::string error;
        return encode(path, settings, 3600, error) ? 0 : 1;
    });
    EXPECT_TRUE(run.exited);
    EXPECT_EQ(run.status, 0);
    EXPECT_LT(run.cpuSeconds, 10.0);
    EXPECT_LT(run.peakMegabytes, 300.0);
    const auto info = test::probeVideo(path);
    ASSERT_TRUE(info);
    EXPECT_NEAR(info->audioDurationSeconds, 3.0, 0.05);
    EXPECT_NEAR(info->videoDurationSeconds, 3600.0, 1.0);
    EXPECT_EQ(info->decodedFrames, 3600);
}

TEST_F(VideoEncoderTest, SettingsThatCannotBeWrittenAreRefusedBeforeAnyFile) {
    VideoSettings settings;
    settings.width = 321; // odd: no 4:2:0
    std::string error;
    EXPECT_FALSE(VideoEncoder::create(directory_ / "odd.mp4", settings, error));
    EXPECT_NE(error.find("even"), std::string::npos) << error;
    settings.width = 320;
    settings.container = VideoContainer::Gif;
    AudioClip clip;
    settings.audio = &clip;
    GifPalette palette;
    palette.build();
    settings.palette = &palette;
    EXPECT_FALSE(VideoEncoder::create(directory_ / "loud.gif", settings, error));
    EXPECT_FALSE(VideoEncoder::create(directory_ / "missing" / "dir.mp4", VideoSettings{}, error));
    EXPECT_NE(error.find("missing"), std::string::npos) << error;
    EXPECT_EQ(entries(), 0u);
}

TEST_F(VideoEncoderTest, AnEncoderDroppedBeforeFinishLeavesNothing) {
    const fs::path path = directory_ / "cancelled.mp4";
    {
        std::string error;
        VideoSettings settings;
        settings.width = 160;
        settings.height = 90;
        auto encoder = VideoEncoder::create(path, settings, error);
        ASSERT_TRUE(encoder) << error;
        const auto picture = testPicture(160, 90, 0);
        for (int i = 0; i < 10; ++i) {
            ASSERT_TRUE(encoder->addFrame(picture.data(), 160 * 4));
        }
        EXPECT_EQ(entries(), 1u); // the temporary file, while it is written
        EXPECT_FALSE(fs::exists(path));
    }
    EXPECT_EQ(entries(), 0u);
}

TEST_F(VideoEncoderTest, AnExistingFileIsReplacedWholeOrNotAtAll) {
    const fs::path path = directory_ / "clip.mp4";
    std::string error;
    VideoSettings settings;
    settings.width = 160;
    settings.height = 90;
    ASSERT_TRUE(encode(path, settings, 5, error)) << error;
    ASSERT_TRUE(encode(path, settings, 12, error)) << error;
    EXPECT_EQ(test::probeVideo(path)->decodedFrames, 12);
    EXPECT_EQ(entries(), 1u);
}

TEST_F(VideoEncoderTest, AFullDiskFailsTheVideoAndKeepsTheOldFile) {
    // Writes fail with EFBIG part way, as on a full disk (tests/support/file_size_limit.h).
    const fs::path path = directory_ / "clip.mp4";
    std::string error;
    VideoSettings settings;
    settings.width = 320;
    settings.height = 180;
    settings.crf = 0; // lossless noise: about 100 kB a frame, so the limit is met mid-stream
    ASSERT_TRUE(encode(path, settings, 3, error)) << error;
    const auto oldSize = fs::file_size(path);

    bool created = false;
    bool added = true;
    bool finished = false;
    {
        const bvh::test::FileSizeLimit fullDisk(512 * 1024);
        auto encoder = VideoEncoder::create(path, settings, error);
        created = encoder != nullptr;
        if (encoder) {
            std::uint32_t seed = 1;
            std::vector<std::uint8_t> noise(320 * 180 * 4);
            for (int frame = 0; frame < 60 && added; ++frame) {
                for (std::uint8_t& byte : noise) {
                    seed = seed * 1664525u + 1013904223u;
                    byte = static_cast<std::uint8_t>(seed >> 24);
                }
                added = encoder->addFrame(noise.data(), 320 * 4);
            }
            finished = encoder->finish();
            error = encoder->error();
        }
    }

    EXPECT_TRUE(created);
    EXPECT_FALSE(added); // the error is seen while frames are added, not only at the end
    EXPECT_FALSE(finished);
    EXPECT_NE(error.find("cannot write"), std::string::npos) << error;
    EXPECT_EQ(fs::file_size(path), oldSize);
    EXPECT_EQ(test::probeVideo(path)->decodedFrames, 3);
    EXPECT_EQ(entries(), 1u);
}

} // namespace
} // namespace bvhscope::media

// [SECTION] On a thread (the viewer's Export video)

namespace bvhscope::media {
namespace {

std::vector<std::uint8_t> picture(int frame) {
    std::vector<std::uint8_t> rgba(160 * 90 * 4, 255);
    for (std::size_t i = 0; i < rgba.size(); i += 4) {
        rgba[i] = static_cast<std::uint8_t>(frame * 10);
    }
    return rgba;
}

BackgroundEncoder::Status waitWhileRunning(const BackgroundEncoder& encoder) {
    const auto giveUp = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (encoder.status() == BackgroundEncoder::Status::Running &&
           std::chrono::steady_clock::now() < giveUp) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return encoder.status();
}

TEST_F(VideoEncoderTest, OnAThreadEveryPictureIsEncodedAndTheQueueStaysBounded) {
    VideoSettings settings;
    settings.width = 160;
    settings.height = 90;
    std::string error;
    const fs::path path = directory_ / "thread.mp4";
    auto encoder = BackgroundEncoder::start(path, settings, nullptr, nullptr, error);
    ASSERT_TRUE(encoder) << error;
    int pushed = 0;
    while (pushed < 25) {
        if (encoder->hasRoom()) {
            ASSERT_TRUE(encoder->push(picture(pushed)));
            ++pushed;
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
    encoder->finish();
    EXPECT_EQ(waitWhileRunning(*encoder), BackgroundEncoder::Status::Done) << encoder->error();
    EXPECT_EQ(encoder->picturesEncoded(), 25);
    EXPECT_FALSE(encoder->push(picture(0))); // finished: no more
    EXPECT_EQ(test::probeVideo(path)->decodedFrames, 25);
}

TEST_F(VideoEncoderTest, OnAThreadCancelLeavesNoFile) {
    VideoSettings settings;
    settings.width = 160;
    settings.height = 90;
    std::string error;
    const fs::path path = directory_ / "cancelled.mp4";
    auto encoder = BackgroundEncoder::start(path, settings, nullptr, nullptr, error);
    ASSERT_TRUE(encoder) << error;
    ASSERT_TRUE(encoder->push(picture(0)));
    ASSERT_TRUE(encoder->push(picture(1)));
    encoder->cancel();
    EXPECT_EQ(waitWhileRunning(*encoder), BackgroundEncoder::Status::Cancelled);
    EXPECT_FALSE(encoder->push(picture(2)));
    encoder.reset();
    EXPECT_EQ(entries(), 0u);
    // Dropped while running: the same.
    encoder = BackgroundEncoder::start(path, settings, nullptr, nullptr, error);
    ASSERT_TRUE(encoder);
    ASSERT_TRUE(encoder->push(picture(0)));
    encoder.reset();
    EXPECT_EQ(entries(), 0u);
}

} // namespace
} // namespace bvhscope::media
