// File > Export video: the current range drawn from the view's direction, with its look and
// overlays, into a video file, without freezing the viewer. The video is framed on its own, at
// its own size, as `bvhscope render` frames a video (framing.h's frameFollow: every figure kept
// whole over the range, followed): the view on screen may be cut by panels or zoomed in, and a
// video of that would be cut too. Pictures are drawn on the UI thread (the GL context
// lives there) a few at a time between UI frames, within a time budget, into an offscreen
// target, and encoded on a worker thread (media::BackgroundEncoder) whose queue is bounded: a
// picture is only drawn when the encoder has room for it. Cancel removes the temporary file;
// the target is written only when complete (the encoder's AtomicFile).
#pragma once

#include "app/media/background_encoder.h"
#include "app/media/video_frame_plan.h"
#include "app/pictures/scene_drawing.h"
#include "app/scene/framing.h"
#include "app/scene/overlays.h"
#include "render/gl/image_target.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

struct VideoExportSettings {
    std::filesystem::path output;
    media::VideoContainer container = media::VideoContainer::Mp4;
    int width = 1280;
    int height = 720;
    int crf = -1;
    // The range, in seconds on the timeline, and the frame time that numbers it (the video is
    // written at that rate; a GIF at gifFrameRate of it).
    double startSeconds = 0.0;
    double endSeconds = 0.0;
    double frameTime = 1.0 / 30.0;
    // The view's direction and field of view (yaw, pitch, fovy); target and distance are the
    // video's own (frameFollow over the range at width / height).
    render::OrbitCamera camera;
    pictures::SceneDrawOptions drawOptions;
    scene::OverlayOptions overlays;
    bvh::Interpolation interpolation = bvh::Interpolation::Linear;
    // The whole sound and where capture time 0 is in it; nullptr: no sound.
    std::shared_ptr<const media::AudioClip> audio;
    double audioOffsetSeconds = 0.0;
    // Called on each picture after it is read back, with its capture time: the viewer stamps
    // `bvhscope render`'s label (file, frame, timecode) here. Empty: nothing.
    std::function<void(render::Image&, double timeSeconds)> decorate;
    // The rows of each picture that framing fills: those `decorate`'s label leaves free.
    scene::FramedRows framedRows;
};

// The pictures' capture times: the range at the frame time's rate (a GIF: gifFrameRate of it),
// planned as `bvhscope render` plans a video (media::planVideoFrames); nullopt with `error` when
// that rate is not a video rate or the range would be more pictures than a video may hold.
std::optional<media::VideoFramePlan> planVideoExport(const VideoExportSettings& settings,
                                                     std::string& error);

class VideoExportJob {
public:
    enum class Status : std::uint8_t { Running, Done, Failed, Cancelled };

    // Checks the settings and, except for a GIF (whose palette needs pictures first), opens the
    // file. nullptr with `error` when it cannot start.
    static std::unique_ptr<VideoExportJob> start(VideoExportSettings settings, std::string& error);

    // Draws pictures until `budget` is spent or the encoder's queue is full, each from a pose
    // the job samples into buffers of its own: the scene, and what the viewer shows of it, are
    // not changed. Needs the GL context current.
    void step(const scene::Scene& scene, scene::OverlayBuilder& overlayBuilder,
              pictures::SceneDrawer& drawer, std::chrono::milliseconds budget);
    void cancel();

    Status status() const;
    std::string error() const;
    std::int64_t total() const { return plan_.shotCount(); }
    std::int64_t drawn() const { return next_; }
    std::int64_t encoded() const;
    const std::filesystem::path& output() const { return settings_.output; }

private:
    VideoExportJob() = default;
    render::Image drawPicture(const scene::Scene& scene, scene::OverlayBuilder& overlayBuilder,
                              pictures::SceneDrawer& drawer, double time);
    bool openEncoder(std::shared_ptr<const media::GifPalette> palette, std::string& error);

    VideoExportSettings settings_;
    media::VideoFramePlan plan_;
    std::size_t next_ = 0;
    render::ImageTarget target_;
    scene::ScenePose pose_; // the export's own: the live view keeps its pose
    // The video's framing, made from the scene at the first picture; nullopt: nothing shown.
    std::optional<scene::FollowFraming> follow_;
    bool framed_ = false;
    scene::SceneOverlays overlays_;
    std::unique_ptr<media::BackgroundEncoder> encoder_;
    std::shared_ptr<media::GifPalette> palette_; // a GIF's, built from sample pictures first
    std::size_t paletteSamples_ = 0;
    bool cancelled_ = false;
    std::string error_; // before the encoder exists (a GIF's)
};

} // namespace bvhscope::viewer
