// The codecs of a build without FFmpeg (BVHSCOPE_VIDEO and BVHSCOPE_SOUND off): every call fails
// with media_features.h's message, so whoever asked says why there is no video or sound. Callers
// check videoAvailable() and soundAvailable() first and do not offer them at all; this is what a
// caller that did not gets.
#include "app/media/ffmpeg_codecs.h"
#include "app/media/media_features.h"
#include "app/media/no_sound.h"

namespace bvhscope::media {

namespace {

class NoCodecs final : public Codecs {
public:
    std::unique_ptr<VideoEncoding> openVideo(const std::filesystem::path&, const VideoSettings&,
                                             std::string& error) const override {
        error = std::string(kNoVideoMessage);
        return nullptr;
    }
    AudioDecodeResult decodeAudio(const std::filesystem::path& path, AudioWindow,
                                  std::stop_token) const override {
        return noSound(path);
    }
    AudioDecodeResult decodeWholeAudio(const std::filesystem::path& path, std::stop_token,
                                       double) const override {
        return noSound(path);
    }
};

} // namespace

const Codecs& ffmpegCodecs() {
    static const NoCodecs codecs;
    return codecs;
}

} // namespace bvhscope::media
