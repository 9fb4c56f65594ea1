// The codecs of a build with FFmpeg: video (BVHSCOPE_VIDEO) and sound (BVHSCOPE_SOUND) each
// from FFmpeg, or failing with media_features.h's message where the build has it off.
#include "app/media/ffmpeg_codecs.h"

#include "app/media/media_features.h"
#include "app/media/no_sound.h"

#include <utility>

namespace bvhscope::media {

namespace {

class FfmpegCodecs final : public Codecs {
public:
    std::unique_ptr<VideoEncoding> openVideo(const std::filesystem::path& target,
                                             const VideoSettings& settings,
                                             std::string& error) const override {
#if BVHSCOPE_VIDEO_AVAILABLE
        return openFfmpegVideo(target, settings, error);
#else
        (void)target;
        (void)settings;
        error = std::string(kNoVideoMessage);
        return nullptr;
#endif
    }

    AudioDecodeResult decodeAudio(const std::filesystem::path& path, AudioWindow window,
                                  std::stop_token stop) const override {
#if BVHSCOPE_SOUND_AVAILABLE
        return ffmpegDecodeAudio(path, window, std::move(stop));
#else
        (void)window;
        (void)stop;
        return noSound(path);
#endif
    }

    AudioDecodeResult decodeWholeAudio(const std::filesystem::path& path, std::stop_token stop,
                                       double maximumSeconds) const override {
#if BVHSCOPE_SOUND_AVAILABLE
        return ffmpegDecodeWholeAudio(path, std::move(stop), maximumSeconds);
#else
        (void)stop;
        (void)maximumSeconds;
        return noSound(path);
#endif
    }
};

} // namespace

const Codecs& ffmpegCodecs() {
    static const FfmpegCodecs codecs;
    return codecs;
}

} // namespace bvhscope::media
