#include "app/pictures/frame_label.h"

#include <gtest/gtest.h>

namespace bvhscope::headless {
namespace {

TEST(FrameLabel, RatesRoundToWholeFramesPerSecond) {
    EXPECT_EQ(pictures::timecodeRate(1.0 / 30.0), 30);
    EXPECT_EQ(pictures::timecodeRate(0.0333333), 30);
    EXPECT_EQ(pictures::timecodeRate(0.0083333), 120);
    EXPECT_EQ(pictures::timecodeRate(1.0 / 29.97), 30);
    EXPECT_EQ(pictures::timecodeRate(0.0), 30); // no rate: the BVH default
    EXPECT_EQ(pictures::timecodeRate(10.0), 1); // slower than 1 fps still counts frames
}

TEST(FrameLabel, TimecodesCountFramesSecondsMinutesHours) {
    EXPECT_EQ(pictures::timecode(0, 30), "00:00:00:00");
    EXPECT_EQ(pictures::timecode(29, 30), "00:00:00:29");
    EXPECT_EQ(pictures::timecode(30, 30), "00:00:01:00");
    EXPECT_EQ(pictures::timecode(30 * 61 + 5, 30), "00:01:01:05");
    EXPECT_EQ(pictures::timecode(24 * 3600 * 2 + 24 * 59, 24), "02:00:59:00");
    EXPECT_EQ(pictures::timecode(127, 120), "00:00:01:007"); // three digits above 100 fps
}

TEST(FrameLabel, LinesNameTheFileFrameTimecodeAndRate) {
    const pictures::FrameLabel label = pictures::frameLabel("walk.bvh", 45, 64, 1.0 / 30.0);
    EXPECT_EQ(label.title, "walk.bvh");
    EXPECT_EQ(label.detail, "frame 45 / 64   00:00:01:15   30 fps");
    // A rate that is not whole is shown as it is; the timecode counts the rounded rate.
    EXPECT_EQ(pictures::frameLabel("a.bvh", 1, 9, 1.0 / 29.97).detail,
              "frame 1 / 9   00:00:00:01   29.97 fps");
    EXPECT_EQ(pictures::frameLabel("a.bvh", 1, 9, 0.0333).detail.substr(28), "30.03 fps");
    EXPECT_EQ(pictures::shortFrameLabel(40, 124, 1.0 / 120.0), "frame 40 / 124  120 fps");
}

} // namespace
} // namespace bvhscope::headless
