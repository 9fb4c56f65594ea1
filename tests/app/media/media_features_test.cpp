// What a build without video or sound does when asked for them anyway: the functions that would
// need FFmpeg fail with media_features.h's message rather than doing nothing. In a full build
// the same tests check that the features say they are there (the encoder and the decoder are
// tested for real in video_encoder_test and audio_clip_test).
#include "app/media/audio_clip.h"
#include "app/media/media_features.h"
#include "app/media/video_encoder.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <string>

namespace bvhscope::media {
namespace {

namespace fs = std::filesystem;

TEST(MediaFeatures, AVideoOutputWithoutFfmpegFailsSayingSoAndWritesNothing) {
    const fs::path target = fs::temp_directory_path() / "bvhscope_media_features_test.webm";
    fs::remove(target);
    if (videoAvailable()) {
        GTEST_SKIP() << "this build has video output (tested in video_encoder_test)";
    }
    VideoSettings settings;
    settings.container = VideoContainer::WebM;
    settings.width = 16;
    settings.height = 16;
    std::string error;
    EXPECT_EQ(VideoEncoder::create(target, settings, error), nullptr);
    EXPECT_EQ(error, kNoVideoMessage);
    EXPECT_FALSE(fs::exists(target));
}

TEST(MediaFeatures, DecodingSoundWithoutFfmpegFailsSayingSo) {
    if (soundAvailable()) {
        GTEST_SKIP() << "this build has sound (tested in audio_clip_test)";
    }
    const AudioDecodeResult window = decodeAudio("take.wav", {0.0, 1.0});
    EXPECT_FALSE(window.clip.has_value());
    EXPECT_EQ(window.error, "take.wav: " + std::string(kNoSoundMessage));
    const AudioDecodeResult whole = decodeWholeAudio("take.wav");
    EXPECT_FALSE(whole.clip.has_value());
    EXPECT_EQ(whole.error, "take.wav: " + std::string(kNoSoundMessage));
}

TEST(MediaFeatures, TheMessagesNameWhatIsMissingAndWhy) {
    EXPECT_NE(kNoVideoMessage.find("no video output"), std::string_view::npos);
    EXPECT_NE(kNoVideoMessage.find("FFmpeg"), std::string_view::npos);
    EXPECT_NE(kNoSoundMessage.find("no sound"), std::string_view::npos);
}

} // namespace
} // namespace bvhscope::media
