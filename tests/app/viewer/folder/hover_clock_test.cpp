#include "app/viewer/folder/hover_clock.h"

#include <gtest/gtest.h>
#include <limits>

namespace bvhscope::viewer {
namespace {

TEST(HoverClock, FrameAtATimeAtTheClipsOwnRate) {
    // 120 fps: frame 0 until 1/120 s, frame 12 at 0.1 s, frame 119 just before the loop ends.
    EXPECT_EQ(hoverPlayFrame(0.0, 1.0 / 120.0, 240), 0U);
    EXPECT_EQ(hoverPlayFrame(0.1 + 1e-9, 1.0 / 120.0, 240), 12U);
    EXPECT_EQ(hoverPlayFrame(1.0 + 1e-9, 1.0 / 120.0, 240), 120U);
    EXPECT_EQ(hoverPlayFrame(0.25, 0.1, 30), 2U); // 10 fps
}

TEST(HoverClock, LoopsOverTheClip) {
    // 30 frames at 10 fps last 3 s: 3.25 s is 0.25 s into the second loop.
    EXPECT_EQ(hoverPlayFrame(3.25, 0.1, 30), 2U);
    EXPECT_EQ(hoverPlayFrame(2.95, 0.1, 30), 29U);
    EXPECT_EQ(hoverPlayFrame(6000.05, 0.1, 30), 0U);
}

TEST(HoverClock, DegenerateClipsShowTheirFirstFrame) {
    EXPECT_EQ(hoverPlayFrame(1.0, 0.1, 0), 0U);
    EXPECT_EQ(hoverPlayFrame(1.0, 0.0, 10), 0U);
    EXPECT_EQ(hoverPlayFrame(1.0, -0.1, 10), 0U);
    EXPECT_EQ(hoverPlayFrame(-1.0, 0.1, 10), 0U);
    EXPECT_EQ(hoverPlayFrame(std::numeric_limits<double>::infinity(), 0.1, 10), 0U);
    EXPECT_EQ(hoverPlayFrame(std::numeric_limits<double>::quiet_NaN(), 0.1, 10), 0U);
    EXPECT_EQ(hoverPlayFrame(5.0, 0.1, 1), 0U);
}

} // namespace
} // namespace bvhscope::viewer
