// Sound decoding in a build without FFmpeg (BVHSCOPE_SOUND off): every decode fails with
// kNoSoundMessage, so whoever asked for sound says why there is none.
#include "app/media/audio_clip.h"
#include "app/media/media_features.h"
#include "core/platform/utf8_path.h"

namespace bvhscope::media {

namespace {

// "take 1.wav: this build of bvhscope has no sound (...)", like the FFmpeg decoder's errors.
AudioDecodeResult noSound(const std::filesystem::path& path) {
    AudioDecodeResult result;
    result.error = bvh::utf8FromPath(path) + ": " + std::string(kNoSoundMessage);
    return result;
}

} // namespace

AudioDecodeResult decodeAudio(const std::filesystem::path& path, AudioWindow, std::stop_token) {
    return noSound(path);
}

AudioDecodeResult decodeWholeAudio(const std::filesystem::path& path, std::stop_token, double) {
    return noSound(path);
}

} // namespace bvhscope::media
