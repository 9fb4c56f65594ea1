// When the viewer may stop drawing after something happened (FrameLoop::awaitFrame). ImGui needs
// a few frames after an event: a click on a tab or a button is taken in the frame that applies
// its release, and what it opens (a drawer, a popup that fits its contents) is laid out and drawn
// in the frames after it. So the loop keeps drawing for kSettleSeconds after the last input,
// command or change AND for kSettleFrames frames after it: on a machine so slow (or so loaded)
// that one frame takes longer than kSettleSeconds, the time alone ran out during the frame that
// applied a tap, and the loop slept before drawing what the tap opened, until the next event.
// Pure, so it is tested without a window (tests/app/viewer/frame_settle_test.cpp).
#pragma once

namespace bvhscope::viewer {

inline constexpr double kSettleSeconds = 0.5;
inline constexpr int kSettleFrames = 4;

// Whether frames are still to be drawn `secondsSinceActivity` after the last activity, with
// `framesSinceActivity` frames drawn since it.
inline bool stillSettling(double secondsSinceActivity, int framesSinceActivity) {
    return secondsSinceActivity < kSettleSeconds || framesSinceActivity < kSettleFrames;
}

} // namespace bvhscope::viewer
