// The answer both codecs give in a build without sound (app/media/no_sound.h), checked in every
// build: media_features_test reaches it through decodeAudio only where sound is off.
#include "app/media/media_features.h"
#include "app/media/no_sound.h"

#include <gtest/gtest.h>
#include <string>

namespace bvhscope::media {
namespace {

TEST(NoSound, NoClipAndAnErrorThatNamesTheFileThenWhy) {
    const AudioDecodeResult result = noSound("take 1.wav");
    EXPECT_FALSE(result.clip.has_value());
    EXPECT_FALSE(result.truncated);
    EXPECT_EQ(result.error, "take 1.wav: this build of bvhscope has no sound (built without "
                            "FFmpeg and SDL2)");
}

} // namespace
} // namespace bvhscope::media
