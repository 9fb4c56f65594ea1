// What this build of bvhscope can do with video and sound. Both come from FFmpeg's libraries
// (and sound's device from SDL2), which some platforms' builds lack (Windows: Debian has no
// MinGW builds of them), so CMake's options BVHSCOPE_VIDEO and BVHSCOPE_SOUND turn them off.
// Where one is off, the part of bvhscope that offers it says so with these messages (`render`
// refuses a video output, the viewer shows the menu item disabled with the reason), and the
// functions that would need FFmpeg fail with the same message (without_ffmpeg/): nothing is a
// silent no-op.
#pragma once

#include <string_view>

namespace bvhscope::media {

// Video files written (`render -o NAME.mp4|.webm|.gif`, the viewer's File > Export video).
bool videoAvailable();
// Sound played and decoded (the viewer's sound beside a capture, `render --audio`).
bool soundAvailable();

inline constexpr std::string_view kNoVideoMessage =
    "this build of bvhscope has no video output (built without FFmpeg)";
inline constexpr std::string_view kNoSoundMessage =
    "this build of bvhscope has no sound (built without FFmpeg and SDL2)";

} // namespace bvhscope::media
