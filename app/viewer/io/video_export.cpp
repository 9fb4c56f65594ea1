#include "app/viewer/io/video_export.h"

#include "app/pictures/picture_size.h"

#include <algorithm>
#include <cmath>

namespace bvhscope::viewer {

namespace {
using Clock = std::chrono::steady_clock;
} // namespace

std::optional<media::VideoFramePlan> planVideoExport(const VideoExportSettings& settings,
                                                     std::string& error) {
    return media::planVideoFrames(settings.frameTime, settings.startSeconds, settings.endSeconds,
                                  std::nullopt, settings.container, error);
}

std::unique_ptr<VideoExportJob> VideoExportJob::start(VideoExportSettings settings,
                                                      std::string& error) {
    const bool yuv = settings.container != media::VideoContainer::Gif;
    if (settings.width < pictures::kMinPictureSide || settings.height < pictures::kMinPictureSide ||
        settings.width > pictures::kMaxPictureSide || settings.height > pictures::kMaxPictureSide ||
        (yuv && (settings.width % 2 != 0 || settings.height % 2 != 0))) {
        error = "the size must be from " + std::to_string(pictures::kMinPictureSide) + " to " +
                std::to_string(pictures::kMaxPictureSide) + " pixels a side" +
                std::string(yuv ? ", even for MP4 and WebM" : "");
        return nullptr;
    }
    if (settings.output.empty()) {
        error = "no file name";
        return nullptr;
    }
    std::unique_ptr<VideoExportJob> job(new VideoExportJob());
    job->settings_ = std::move(settings);
    std::optional<media::VideoFramePlan> plan = planVideoExport(job->settings_, error);
    if (!plan) {
        return nullptr;
    }
    job->plan_ = *plan;
    if (job->settings_.container != media::VideoContainer::Gif &&
        !job->openEncoder(nullptr, error)) {
        return nullptr;
    }
    return job;
}

bool VideoExportJob::openEncoder(std::shared_ptr<const media::GifPalette> palette,
                                 std::string& error) {
    media::VideoSettings video;
    video.container = settings_.container;
    video.width = settings_.width;
    video.height = settings_.height;
    video.frameRate = plan_.rate;
    video.crf = settings_.crf;
    std::shared_ptr<const media::AudioClip> audio;
    if (settings_.audio && media::containerHasSound(settings_.container)) {
        const double duration = plan_.durationSeconds();
        audio = std::make_shared<const media::AudioClip>(
            media::cutAudio(*settings_.audio,
                            {plan_.shot(0).timeSeconds + settings_.audioOffsetSeconds, duration}));
    }
    encoder_ = media::BackgroundEncoder::start(settings_.output, video, std::move(audio),
                                               std::move(palette), error);
    return encoder_ != nullptr;
}

render::Image VideoExportJob::drawPicture(const scene::Scene& scene,
                                          scene::OverlayBuilder& overlayBuilder,
                                          pictures::SceneDrawer& drawer, double time) {
    if (!framed_) {
        const float aspect =
            static_cast<float>(settings_.width) / static_cast<float>(settings_.height);
        follow_ = scene::frameFollow(scene, settings_.camera, aspect, settings_.startSeconds,
                                     settings_.endSeconds, settings_.framedRows);
        framed_ = true;
    }
    scene.sample(time, settings_.interpolation, false, pose_);
    overlayBuilder.build(scene, pose_, std::nullopt, settings_.overlays, settings_.drawOptions.look,
                         time, overlays_);
    target_.resize(settings_.width, settings_.height);
    const render::OrbitCamera camera =
        follow_ ? scene::followCamera(*follow_, scene, pose_) : settings_.camera;
    drawer.draw(scene, pose_, camera, std::nullopt, settings_.drawOptions, settings_.width,
                settings_.height, target_.framebuffer(), &overlays_);
    render::Image picture = target_.read();
    if (settings_.decorate) {
        settings_.decorate(picture, time);
    }
    return picture;
}

void VideoExportJob::step(const scene::Scene& scene, scene::OverlayBuilder& overlayBuilder,
                          pictures::SceneDrawer& drawer, std::chrono::milliseconds budget) {
    if (status() != Status::Running) {
        return;
    }
    const auto until = Clock::now() + budget;
    if (!encoder_) {
        // A GIF: one palette from up to eight pictures spread over the range, drawn within the
        // budget like the others, then the file.
        if (!palette_) {
            palette_ = std::make_shared<media::GifPalette>();
        }
        const std::size_t shots = static_cast<std::size_t>(plan_.shotCount());
        const std::size_t samples = std::min<std::size_t>(8, shots);
        while (paletteSamples_ < samples && Clock::now() < until) {
            const std::size_t index =
                samples > 1 ? paletteSamples_ * (shots - 1) / (samples - 1) : 0;
            palette_->addSample(
                drawPicture(scene, overlayBuilder, drawer,
                            plan_.shot(static_cast<std::int64_t>(index)).timeSeconds)
                    .rgba);
            ++paletteSamples_;
        }
        if (paletteSamples_ < samples) {
            return;
        }
        palette_->build();
        if (!openEncoder(palette_, error_)) {
            return;
        }
    }
    const auto total = static_cast<std::size_t>(plan_.shotCount());
    while (next_ < total && encoder_->hasRoom() && Clock::now() < until) {
        render::Image picture =
            drawPicture(scene, overlayBuilder, drawer,
                        plan_.shot(static_cast<std::int64_t>(next_)).timeSeconds);
        if (!encoder_->push(std::move(picture.rgba))) {
            return;
        }
        ++next_;
    }
    if (next_ == total) {
        encoder_->finish();
    }
}

void VideoExportJob::cancel() {
    cancelled_ = true;
    if (encoder_) {
        encoder_->cancel();
    }
}

VideoExportJob::Status VideoExportJob::status() const {
    if (!encoder_) {
        if (!error_.empty()) {
            return Status::Failed;
        }
        return cancelled_ ? Status::Cancelled : Status::Running;
    }
    switch (encoder_->status()) {
    case media::BackgroundEncoder::Status::Running:
        return Status::Running;
    case media::BackgroundEncoder::Status::Done:
        return Status::Done;
    case media::BackgroundEncoder::Status::Failed:
        return Status::Failed;
    case media::BackgroundEncoder::Status::Cancelled:
        return Status::Cancelled;
    }
    return Status::Failed;
}

std::string VideoExportJob::error() const {
    return encoder_ ? encoder_->error() : error_;
}

std::int64_t VideoExportJob::encoded() const {
    return encoder_ ? encoder_->picturesEncoded() : 0;
}

} // namespace bvhscope::viewer
