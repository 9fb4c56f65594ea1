// Sound decoding in a build without FFmpeg (BVHSCOPE_SOUND off): every decode fails with
// kNoSoundMessage, so whoever asked for sound says why there is none.
#include "app/media/audio_clip.h"
#include "app/media/media_features.h"

namespace bvhscope::media {

namespace {

AudioDecodeResult noSound() {
    AudioDecodeResult result;
    result.error = std::string(kNoSoundMessage);
    return result;
}

} // namespace

AudioDecodeResult decodeAudio(const std::filesystem::path&, AudioWindow) {
    return noSound();
}

AudioDecodeResult decodeWholeAudio(const std::filesystem::path&, double) {
    return noSound();
}

} // namespace bvhscope::media
