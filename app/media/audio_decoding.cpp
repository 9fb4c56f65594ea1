// decodeAudio and decodeWholeAudio over codecs.h: the decoding itself is FFmpeg's
// (ffmpeg_audio_decoding.cpp), linked in or loaded with the FFmpeg module.
#include "app/media/audio_clip.h"
#include "app/media/codecs.h"
#include "core/platform/utf8_path.h"

#include <utility>

namespace bvhscope::media {

namespace {

// "take 1.wav: cannot load .../bvhscope-ffmpeg.so: ...", like the decoder's own errors.
AudioDecodeResult noCodecs(const std::filesystem::path& path, const std::string& why) {
    AudioDecodeResult result;
    result.error = bvh::utf8FromPath(path) + ": " + why;
    return result;
}

} // namespace

AudioDecodeResult decodeAudio(const std::filesystem::path& path, AudioWindow window,
                              std::stop_token stop) {
    std::string why;
    const Codecs* available = codecs(why);
    return available != nullptr ? available->decodeAudio(path, window, std::move(stop))
                                : noCodecs(path, why);
}

AudioDecodeResult decodeWholeAudio(const std::filesystem::path& path, std::stop_token stop,
                                   double maximumSeconds) {
    std::string why;
    const Codecs* available = codecs(why);
    return available != nullptr ? available->decodeWholeAudio(path, std::move(stop), maximumSeconds)
                                : noCodecs(path, why);
}

} // namespace bvhscope::media
