#include "app/headless/video_output.h"

#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::headless {

namespace fs = std::filesystem;

std::optional<fs::path> resolveAudio(const RenderRequest& request, const fs::path& capture,
                                     std::ostream& err) {
    if (request.audio.empty()) {
        return std::nullopt;
    }
    if (request.audio != "auto") {
        return bvh::pathFromUtf8(request.audio);
    }
    auto found = media::findAudioBesideCapture(capture);
    if (!found) {
        err << "bvhscope render: no sound file named like " << bvh::utf8FromPath(capture.filename())
            << " next to it (.wav, .flac, .ogg, .opus, .mp3, .m4a); writing the video without "
               "sound\n";
    }
    return found;
}

std::unique_ptr<VideoOutput> VideoOutput::open(
    const RenderRequest& request, const VideoPlan& plan, const std::optional<fs::path>& audio,
    const std::function<render::Image(const VideoShot&)>& drawShot, std::ostream& err) {
    auto output = std::make_unique<VideoOutput>();
    media::VideoSettings settings;
    settings.container = request.container;
    settings.width = request.width;
    settings.height = request.height;
    settings.frameRate = plan.rate;
    settings.crf = request.crf;

    if (audio) {
        const double start = plan.shot(0).timeSeconds + request.audioOffsetSeconds;
        const double duration = plan.durationSeconds();
        media::AudioDecodeResult decoded = media::decodeAudio(*audio, {start, duration});
        if (!decoded.clip) {
            err << "bvhscope render: " << decoded.error << '\n';
            return nullptr;
        }
        if (decoded.fileDurationSeconds <= std::max(start, 0.0) || start + duration <= 0.0) {
            err << "bvhscope render: " << bvh::utf8FromPath(*audio) << " has "
                << decoded.fileDurationSeconds << " s of sound, none of it in the clip's " << start
                << " s to " << start + duration
                << " s (see --audio-offset); the video's sound is silence\n";
        }
        if (decoded.truncated) {
            const auto minutes = static_cast<int>(media::kMaxDecodedSoundSeconds / 60.0);
            err << "bvhscope render: " << bvh::utf8FromPath(*audio)
                << ": the video keeps the first " << minutes
                << " minutes of its sound (bvhscope decodes at most " << minutes
                << " minutes of a sound); the rest of the video is silent\n";
        }
        output->audio_ = std::move(*decoded.clip);
        settings.audio = &output->audio_;
    }
    if (request.container == media::VideoContainer::Gif) {
        // Up to eight pictures spread over the clip: enough to see every colour the clip
        // shows (the characters' colours, floor, sky and their shades).
        const std::int64_t samples = std::min<std::int64_t>(8, plan.shotCount());
        for (std::int64_t i = 0; i < samples; ++i) {
            const std::int64_t index = samples > 1 ? i * (plan.shotCount() - 1) / (samples - 1) : 0;
            const render::Image picture = drawShot(plan.shot(index));
            output->palette_.addSample(picture.rgba);
        }
        output->palette_.build();
        settings.palette = &output->palette_;
    }
    std::string error;
    output->encoder_ =
        media::VideoEncoder::create(bvh::pathFromUtf8(request.output), settings, error);
    if (!output->encoder_) {
        err << "bvhscope render: " << error << '\n';
        return nullptr;
    }
    return output;
}

bool VideoOutput::add(const render::Image& image, std::ostream& err) {
    if (!encoder_->addFrame(image.rgba.data(), image.width * 4)) {
        err << "bvhscope render: " << encoder_->error() << '\n';
        return false;
    }
    return true;
}

bool VideoOutput::finish(std::ostream& err) {
    if (!encoder_->finish()) {
        err << "bvhscope render: " << encoder_->error() << '\n';
        return false;
    }
    return true;
}

} // namespace bvhscope::headless
