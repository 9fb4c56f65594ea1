// The video side of `bvhscope render -o clip.mp4|.webm|.gif`: the sound to go with the video's
// shots (planned by render_plan.h), and the encoder (app/media) the pictures go to. The
// pictures themselves are drawn by render_command.cpp exactly as for a PNG sequence.
#pragma once

#include "app/headless/render_request.h"
#include "app/media/video_encoder.h"
#include "app/media/video_frame_plan.h"
#include "render/gl/frame_capture.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <vector>

namespace bvhscope::headless {

using VideoShot = media::VideoShot;
using VideoPlan = media::VideoFramePlan;

// The sound file for --audio: the file named, or for "auto" the regular file beside `capture`
// (nullopt, with a note on `err`, when there is none). Empty request.audio: nullopt. The file is
// only named here: VideoOutput::open opens it, and refuses what is not a regular file.
std::optional<std::filesystem::path>
resolveAudio(const RenderRequest& request, const std::filesystem::path& capture, std::ostream& err);

class VideoOutput {
public:
    // Decodes the sound (cut to the shots: from the first shot's time plus the offset, as long
    // as the video, media::decodeAudio: a named pipe or a device is refused at once, a sample
    // rate no sound has too, and at most media::kMaxDecodedSoundSeconds of it are kept, with a
    // note), builds a GIF's palette from a few pictures drawn by `drawShot`, and opens the
    // encoder. nullptr on failure, with "bvhscope render: ..." on `err`.
    static std::unique_ptr<VideoOutput>
    open(const RenderRequest& request, const VideoPlan& plan,
         const std::optional<std::filesystem::path>& audio,
         const std::function<render::Image(const VideoShot&)>& drawShot, std::ostream& err);

    // Appends the next picture; false (with the reason on `err`) once writing failed.
    bool add(const render::Image& image, std::ostream& err);
    // Finishes and renames the file into place; false (nothing written) on failure.
    bool finish(std::ostream& err);

private:
    media::AudioClip audio_;
    media::GifPalette palette_;
    std::unique_ptr<media::VideoEncoder> encoder_;
};

} // namespace bvhscope::headless
