#include "app/media/audio_clip.h"
#include "tests/app/media/media_test_support.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace bvhscope::media {
namespace {

namespace fs = std::filesystem;

class AudioClipTest : public testing::Test {
protected:
    void SetUp() override {
        // A parameterised test's name has a '/': one folder, not two.
        std::string name = testing::UnitTest::GetInstance()->current_test_info()->name();
        std::replace(name.begin(), name.end(), '/', '_');
        directory_ = fs::temp_directory_path() /
                     ("bvhscope_audio_" + std::to_string(::getpid()) + "_" + name);
        fs::create_directories(directory_);
    }
    void TearDown() override { fs::remove_all(directory_); }
    fs::path directory_;
};

struct SoundFormat {
    const char* extension;
    const char* format;
    const char* codec;
    int sampleRate;
    int channels;
    double tolerance; // seconds: lossy codecs smear an onset by a few milliseconds
};

class AudioFormats : public AudioClipTest, public testing::WithParamInterface<SoundFormat> {};

TEST_P(AudioFormats, ClicksAreDecodedAtTheirTimesAt48kHzStereo) {
    const SoundFormat& sound = GetParam();
    const fs::path path = directory_ / (std::string("clicks.") + sound.extension);
    const std::vector<double> clicks = {0.25, 1.0, 1.5, 2.75};
    ASSERT_TRUE(test::writeClickTrack(path, sound.format, sound.codec, sound.sampleRate,
                                      sound.channels, 3.0, clicks));
    const AudioDecodeResult whole = decodeAudio(path, {0.0, 3.0});
    ASSERT_TRUE(whole.clip) << whole.error;
    EXPECT_EQ(whole.clip->leadingSilenceFrames, 0u);
    EXPECT_LE(whole.clip->frameCount(), 3u * 48000);
    EXPECT_NEAR(whole.clip->durationSeconds(), 3.0, 0.1);
    EXPECT_NEAR(whole.fileDurationSeconds, 3.0, 0.1);
    const std::vector<double> found = test::findClicks(*whole.clip);
    ASSERT_EQ(found.size(), clicks.size());
    for (std::size_t i = 0; i < clicks.size(); ++i) {
        EXPECT_NEAR(found[i], clicks[i], sound.tolerance) << i;
    }
    // Both channels carry the sound (mono is copied to the right).
    float right = 0.0f;
    for (std::size_t i = 0; i < whole.clip->frameCount(); ++i) {
        right = std::max(right, std::abs(whole.clip->samples[i * 2 + 1]));
    }
    EXPECT_GT(right, 0.5f);
}

INSTANTIATE_TEST_SUITE_P(Formats, AudioFormats,
                         testing::Values(SoundFormat{"wav", "wav", "pcm_s16le", 44100, 1, 0.0005},
                                         SoundFormat{"flac", "flac", "flac", 48000, 2, 0.0005},
                                         SoundFormat{"ogg", "ogg", "libvorbis", 44100, 2, 0.004},
                                         SoundFormat{"mp3", "mp3", "libmp3lame", 44100, 2, 0.004}),
                         [](const testing::TestParamInfo<SoundFormat>& info) {
                             return info.param.extension;
                         });

TEST_F(AudioClipTest, AWindowCutsTheSoundAndCountsTheSilenceOutsideTheFileWithoutStoringIt) {
    const fs::path path = directory_ / "clicks.wav";
    ASSERT_TRUE(test::writeClickTrack(path, "wav", "pcm_s16le", 48000, 2, 2.0, {0.5, 1.5}));
    // From 1.0 s for 0.8 s: the second click, 0.5 s in.
    const AudioDecodeResult middle = decodeAudio(path, {1.0, 0.8});
    ASSERT_TRUE(middle.clip);
    EXPECT_EQ(middle.clip->frameCount(), static_cast<std::size_t>(0.8 * 48000));
    auto found = test::findClicks(*middle.clip);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_NEAR(found[0], 0.5, 0.0005);
    // Starting 0.25 s before the file: a quarter second of leading silence, counted but not
    // stored, and the first click lands 0.75 s in.
    const AudioDecodeResult early = decodeAudio(path, {-0.25, 1.0});
    ASSERT_TRUE(early.clip);
    EXPECT_EQ(early.clip->leadingSilenceFrames, 12000u);
    EXPECT_EQ(early.clip->frameCount(), 36000u);
    EXPECT_EQ(early.clip->endFrame(), 48000u);
    found = test::findClicks(*early.clip);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_NEAR(found[0], 0.75, 0.0005);
    // Running on 1 s past the file's end: the clip ends with the sound (the rest is silence
    // whoever plays it supplies).
    const AudioDecodeResult late = decodeAudio(path, {1.0, 2.0});
    ASSERT_TRUE(late.clip);
    EXPECT_EQ(late.clip->leadingSilenceFrames, 0u);
    EXPECT_EQ(late.clip->frameCount(), 48000u);
    EXPECT_FALSE(late.truncated);
    // Wholly before or after the sound: nothing stored at all.
    const AudioDecodeResult before = decodeAudio(path, {-5.0, 1.0});
    ASSERT_TRUE(before.clip);
    EXPECT_EQ(before.clip->leadingSilenceFrames, 48000u);
    EXPECT_EQ(before.clip->frameCount(), 0u);
    const AudioDecodeResult after = decodeAudio(path, {5.0, 1.0});
    ASSERT_TRUE(after.clip);
    EXPECT_EQ(after.clip->endFrame(), 0u);
    EXPECT_NEAR(after.fileDurationSeconds, 2.0, 0.001);
}

TEST_F(AudioClipTest, TheWholeFileAndCutsOfIt) {
    const fs::path path = directory_ / "clicks.wav";
    ASSERT_TRUE(test::writeClickTrack(path, "wav", "pcm_s16le", 44100, 2, 2.5, {0.5, 2.0}));
    const AudioDecodeResult whole = decodeWholeAudio(path);
    ASSERT_TRUE(whole.clip) << whole.error;
    EXPECT_EQ(whole.clip->frameCount(), 2u * 48000 + 24000); // as long as the file, no padding
    EXPECT_EQ(whole.clip->leadingSilenceFrames, 0u);
    EXPECT_FALSE(whole.truncated);
    // At most a given length, and the result says the sound went on.
    const AudioDecodeResult first = decodeWholeAudio(path, {}, 1.0);
    EXPECT_EQ(first.clip->frameCount(), 48000u);
    EXPECT_TRUE(first.truncated);
    // A cut from memory gives what decodeAudio gives from the file, silence outside included.
    for (const AudioWindow window :
         {AudioWindow{1.0, 1.0}, AudioWindow{-0.5, 1.5}, AudioWindow{1.8, 2.0},
          AudioWindow{5.0, 0.5}, AudioWindow{-3.0, 1.0}, AudioWindow{-1.0, 10.0}}) {
        const AudioClip cut = cutAudio(*whole.clip, window);
        const AudioDecodeResult fromFile = decodeAudio(path, window);
        ASSERT_TRUE(fromFile.clip);
        EXPECT_EQ(cut.leadingSilenceFrames, fromFile.clip->leadingSilenceFrames)
            << window.startSeconds;
        EXPECT_EQ(cut.samples, fromFile.clip->samples) << window.startSeconds;
    }
    // A cut of a cut keeps its place on the timeline.
    const AudioClip late = cutAudio(*whole.clip, {-1.0, 10.0});
    const AudioClip again = cutAudio(late, {0.5, 1.0});
    EXPECT_EQ(again.leadingSilenceFrames, 24000u);
    EXPECT_EQ(again.frameCount(), 24000u);
}

TEST_F(AudioClipTest, FilesThatAreNotSoundAreErrorsNotCrashes) {
    EXPECT_FALSE(decodeAudio(directory_ / "missing.wav", {0.0, 1.0}).clip);
    const fs::path text = directory_ / "notes.wav";
    std::ofstream(text) << "RIFF this is not a wave file at all";
    const AudioDecodeResult garbage = decodeAudio(text, {0.0, 1.0});
    EXPECT_FALSE(garbage.clip);
    EXPECT_FALSE(garbage.error.empty());
    const fs::path empty = directory_ / "empty.mp3";
    std::ofstream{empty};
    EXPECT_FALSE(decodeAudio(empty, {0.0, 1.0}).clip);
    // A truncated file decodes what is there, and the rest is silence: the first click stays,
    // the second is gone.
    const fs::path wav = directory_ / "cut.wav";
    ASSERT_TRUE(test::writeClickTrack(wav, "wav", "pcm_s16le", 48000, 2, 2.0, {0.5, 1.5}));
    fs::resize_file(wav, fs::file_size(wav) / 2);
    const AudioDecodeResult cut = decodeAudio(wav, {0.0, 2.0});
    ASSERT_TRUE(cut.clip) << cut.error;
    EXPECT_NEAR(cut.clip->durationSeconds(), 1.0, 0.01);
    EXPECT_NEAR(cut.fileDurationSeconds, 1.0, 0.01);
    EXPECT_EQ(test::findClicks(*cut.clip).size(), 1u);
}

TEST_F(AudioClipTest, TheSoundBesideACaptureIsFoundByItsStem) {
    const fs::path capture = directory_ / "take12.bvh";
    std::ofstream{capture};
    EXPECT_EQ(findAudioBesideCapture(capture), std::nullopt);
    std::ofstream{directory_ / "take1.wav"};
    std::ofstream{directory_ / "take12.txt"};
    EXPECT_EQ(findAudioBesideCapture(capture), std::nullopt);
    std::ofstream{directory_ / "take12.MP3"};
    EXPECT_EQ(findAudioBesideCapture(capture), directory_ / "take12.MP3");
    std::ofstream{directory_ / "take12.wav"};
    EXPECT_EQ(findAudioBesideCapture(capture), directory_ / "take12.wav"); // WAV comes first
    fs::create_directory(directory_ / "take13.wav");                       // a folder is no sound
    EXPECT_EQ(findAudioBesideCapture(directory_ / "take13.bvh"), std::nullopt);
}

} // namespace
} // namespace bvhscope::media
