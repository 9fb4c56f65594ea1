// The viewer's rule for when it may stop drawing after an event (app/viewer/frame_settle.h).
#include "app/viewer/frame_settle.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;

TEST(FrameSettle, AQuickMachineDrawsForHalfASecondAfterAnEvent) {
    // 60 frames a second: 4 frames are drawn in 67 ms, and the time is what keeps it drawing.
    EXPECT_TRUE(stillSettling(0.067, 4));
    EXPECT_TRUE(stillSettling(0.49, 29));
    EXPECT_FALSE(stillSettling(0.5, 30));
}

TEST(FrameSettle, ASlowFrameStillDrawsTheFramesAfterTheOneThatTookTheEvent) {
    // One frame of 700 ms took a tap's release: the half second is gone, but what the tap opened
    // is laid out and drawn in the next frames, so they are drawn.
    EXPECT_TRUE(stillSettling(0.7, 1));
    EXPECT_TRUE(stillSettling(2.1, 3));
    EXPECT_FALSE(stillSettling(2.8, 4));
}

TEST(FrameSettle, NoFrameDrawnSinceTheEventKeepsItDrawing) {
    EXPECT_TRUE(stillSettling(10.0, 0));
}
