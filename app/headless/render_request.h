// The command line of `bvhscope render`, parsed and checked before any GL is touched (so usage
// errors are reported the same on machines with and without a GPU, and are unit-tested).
#pragma once

#include "app/cli/command_line.h"
#include "app/headless/output_pattern.h"
#include "app/media/video_format.h"
#include "app/options/option_table.h"
#include "app/pictures/picture_size.h"
#include "app/scene/character.h"
#include "app/scene/overlays.h"
#include "render/math/camera.h"
#include "render/math/skeleton_instances.h"

#include <cstdint>
#include <glm/vec3.hpp>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::headless {

enum class RenderMode : std::uint8_t { Image, Sequence, ContactSheet, Video };

// figure: the figure as it stands at the frame, filling most of the picture (as the viewer frames
// a file on load; app/scene/framing.h); clip: one framing of the whole clip for every
// image (a walk across a room makes the figure small); follow: the same distance for every
// image, aimed at the root each frame (long walks stay large and centred).
enum class CameraMode : std::uint8_t { Figure, Clip, Follow };

struct RenderRequest {
    RenderMode mode = RenderMode::Image;
    std::string input; // FILE, or the folder of a contact sheet
    std::string output;
    OutputPattern pattern;                 // of `output`; for a contact sheet, a plain name
    std::int64_t frame = 0;                // Image; and the frame of every contact-sheet tile
    std::int64_t firstFrame = 0;           // Sequence: inclusive range
    std::optional<std::int64_t> lastFrame; // Sequence: nullopt = to the clip's end
    int width = 1280;                      // Image and Sequence
    int height = 720;
    int tileWidth = 320; // ContactSheet
    int tileHeight = 240;
    int columns = 0; // ContactSheet; 0: about square
    bool frameOverlay = true;
    // --bones: capsules (the viewer's default), lines, octahedral or body (core/body: a surface
    // made from the skeleton, built before the first picture; capsules where it cannot be made).
    render::BoneStyle boneStyle = render::BoneStyle::Capsule;
    // --body-grid-phase, with --bones body: BodyOptions::gridPhase, for tests and sweeps.
    glm::vec3 bodyGridPhase{0.0f};
    // nullopt: figure for an image and a contact sheet's tiles, follow for a sequence or video.
    std::optional<CameraMode> camera;
    CameraMode cameraMode() const {
        return camera.value_or(mode == RenderMode::Sequence || mode == RenderMode::Video
                                   ? CameraMode::Follow
                                   : CameraMode::Figure);
    }
    // Unless --yaw is given, the camera looks at the figure's front three-quarters (its facing,
    // core/analysis/stance.h), as the viewer does on load; yawRadians is then the fallback for
    // a figure whose front is unknown.
    bool yawGiven = false;
    float yawRadians = render::OrbitCamera{}.yawRadians; // the viewer's default view
    float pitchRadians = render::OrbitCamera{}.pitchRadians;
    float fieldOfViewRadians = render::OrbitCamera{}.verticalFovRadians;
    scene::UpAxisChoice upAxis = scene::UpAxisChoice::Auto;
    scene::UnitChoice unit = scene::UnitChoice::Auto;
    scene::OverlayOptions overlays;
    // Several FILEs (A/B): the files after the first, drawn with it in one picture.
    std::vector<std::string> comparedInputs;
    bool overlaid = false; // --layout overlaid: every file at its own origin (else side by side)
    // Video (-o NAME.mp4/.webm/.gif): the frames of --frames (default: the whole clip) at the
    // capture's rate or --fps, with sound from --audio (a file, or "auto": the capture's stem).
    media::VideoContainer container = media::VideoContainer::Mp4;
    std::optional<media::FrameRate> fps;
    int crf = -1; // -1: the container's default
    std::string audio;
    double audioOffsetSeconds = 0.0; // capture time 0 is this far into the sound
};

// Limits on what is drawn, so a typo cannot ask for gigabytes (a picture's side:
// app/pictures/picture_size.h).
inline constexpr int kMaxImageSide = pictures::kMaxPictureSide;
inline constexpr int kMaxTileSide = static_cast<int>(*options::kTile.maximum);
// --size's range in the options table is the picture's.
static_assert(*options::kImageSize.minimum == pictures::kMinPictureSide &&
              *options::kImageSize.maximum == kMaxImageSide);
inline constexpr std::int64_t kMaxSheetPixels = std::int64_t{16384} * 16384;

// The help text of `bvhscope render --help` (render_help.cpp: its options from the options
// table).
std::string_view renderHelp();

// Parses the arguments after "render" ("-o X" is taken as "--output X"). On a usage error it
// writes "bvhscope render: ..." to `err` and returns nullopt; `--help`/`--version` come back in
// `answered` as an exit code after writing to `out`.
struct ParsedRender {
    std::optional<RenderRequest> request;
    std::optional<int> exitCode; // set when nothing is to be rendered (usage error, --help)
};
ParsedRender parseRenderArguments(std::span<const std::string_view> arguments, std::ostream& out,
                                  std::ostream& err);

// "WxH", or "N" for a square N x N, with both sides in [minimum, maximum].
bool parseSize(std::string_view text, int minimum, int maximum, int& width, int& height);

} // namespace bvhscope::headless
