// What `bvhscope render` will write, decided from the request and the captures' timing before
// any GL context exists and before anything is drawn or written: the frames drawn (one range
// rule, cli::resolveFrameRange), how many pictures that is (at most bvh::kMaxOutputPictures,
// core/model/output_limits.h), a video's rate and shots (media::planVideoFrames), and every
// output name, none of them an input and none repeated. A plan is counts and rules, never a list:
// the k-th picture and its name are computed when it is drawn, so planning costs nothing more
// for a million pictures than for one.
//
// No GL and no FFmpeg: built into bvhscope_render_plan with render_request and output_pattern,
// so unit tests and the option fuzzer (tests/fuzz) run it alone.
#pragma once

#include "app/cli/command_line.h"
#include "app/headless/render_request.h"
#include "app/media/video_frame_plan.h"
#include "core/writer/input_files.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace bvhscope::headless {

// What the plan needs of one loaded capture.
struct ClipTiming {
    std::string name; // as messages name it ("take.bvh")
    std::int64_t frameCount = 0;
    double frameTime = 1.0 / 30.0; // seconds, as the reader keeps it (finite, > 0)
};

struct RenderPlan {
    // Several files are timed by the first one's frames, as the viewer's timeline is; the range
    // runs to the end of the longest. lastFrame is that end, in the first file's frames.
    double frameTime = 1.0 / 30.0;
    std::int64_t lastFrame = 0;
    cli::FrameSpan span; // the first file's frames drawn (an image: its one frame)
    std::string title;   // "a.bvh + b.bvh": the label's file name
    std::optional<media::VideoFramePlan> video;

    // Pictures to draw: 1 for an image, the span's frames for a sequence, the video's shots.
    std::int64_t pictureCount() const;
    // Picture k (0 <= k < pictureCount()): the capture time drawn and the frame it is labelled.
    media::VideoShot shot(std::int64_t k) const;
    // Whether shots fall between frames (a video at another rate): poses are then interpolated.
    bool interpolated() const { return video && video->resampled; }
};

// The plan for `request` over `clips` (the FILEs in order; at least one). nullopt with `error`
// (a message line, without "bvhscope render: ") when the range is not within the clips' frames,
// when a sequence would be more than bvh::kMaxOutputPictures images, or when no video can be
// made (the capture's own rate is not a video rate and --fps is not given, or the video would
// be more than kMaxOutputPictures pictures). Arithmetic only: nothing is allocated for the
// pictures.
std::optional<RenderPlan> planRender(const RenderRequest& request,
                                     std::span<const ClipTiming> clips, std::string& error);

// The file picture k is written to: the pattern formatted with its frame for an image or a
// sequence, the one file of a video.
std::string outputName(const RenderRequest& request, const RenderPlan& plan, std::int64_t k);

// Why the outputs would be written over each other (a numbered pattern whose number a ".."
// removes: "f%d/../x.png" names one file for every frame), or empty. Names only: no file is
// looked at.
std::string repeatedOutputName(const RenderRequest& request, const RenderPlan& plan);

// Every output name checked before anything is drawn: repeatedOutputName, then each name against
// `inputs` (the captures, the sound). The error (a message line), or empty. One status call per
// name: a sequence of a million names takes about a second.
std::string checkOutputNames(const RenderRequest& request, const RenderPlan& plan,
                             const bvh::InputFiles& inputs);

} // namespace bvhscope::headless
