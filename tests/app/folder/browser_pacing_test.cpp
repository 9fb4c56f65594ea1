// When the viewer draws while only the Browser works (browser_pacing.h): while summaries come,
// a frame a heartbeat apart unless a row on screen changed, a playing hovered cell no faster
// than a changed row; once they are in, the usual pace; and the pacing starts a few frames after
// a command or a load, not after half a second of frames.
#include "app/folder/browser_pacing.h"

#include <gtest/gtest.h>

using namespace bvhscope::folder;

namespace {

TEST(BrowserPacing, SummariesWithNothingChangedOnScreenDrawOnceAHeartbeat) {
    BrowserWorkFrame frame;
    frame.lastFrameBegan = 10.0;
    frame.summarizing = true;
    EXPECT_DOUBLE_EQ(browserWorkFrameDue(frame), 11.0);
    frame.onScreenChanged = true;
    EXPECT_DOUBLE_EQ(browserWorkFrameDue(frame), 10.25);
}

TEST(BrowserPacing, ThumbnailsAfterTheSummariesKeepTheUsualPace) {
    BrowserWorkFrame frame;
    frame.lastFrameBegan = 10.0;
    EXPECT_DOUBLE_EQ(browserWorkFrameDue(frame), 10.25);
    frame.hoverRedraw = 10.1; // the playing cell's 10 pictures a second
    EXPECT_DOUBLE_EQ(browserWorkFrameDue(frame), 10.1);
}

TEST(BrowserPacing, APlayingCellWhileSummariesComeIsRedrawnAtAChangedRowsPace) {
    BrowserWorkFrame frame;
    frame.lastFrameBegan = 10.0;
    frame.summarizing = true;
    frame.hoverRedraw = 10.1;
    EXPECT_DOUBLE_EQ(browserWorkFrameDue(frame), 10.25);
    frame.hoverRedraw = 10.6; // later than the pace: its own time
    EXPECT_DOUBLE_EQ(browserWorkFrameDue(frame), 10.6);
    frame.hoverRedraw = 12.0; // later than the heartbeat: the heartbeat
    EXPECT_DOUBLE_EQ(browserWorkFrameDue(frame), 11.0);
}

TEST(BrowserPacing, AppliesAFewFramesAfterWorkNotHalfASecondLater) {
    constexpr double kSettle = 0.5;
    ViewerActivity activity;
    activity.now = 20.0;
    activity.lastActivity = 19.9; // a command, a load done
    activity.framesSinceActivity = kSettleFramesAfterWork - 1;
    EXPECT_FALSE(browserWorkPacingApplies(activity, kSettle)); // ImGui still settling
    activity.framesSinceActivity = kSettleFramesAfterWork;
    EXPECT_TRUE(browserWorkPacingApplies(activity, kSettle));

    activity.framesSinceActivity = 0; // no frame could be drawn (minimised): half a second
    EXPECT_FALSE(browserWorkPacingApplies(activity, kSettle));
    activity.now = 20.3;
    EXPECT_FALSE(browserWorkPacingApplies(activity, kSettle));
    activity.now = 20.45;
    EXPECT_TRUE(browserWorkPacingApplies(activity, kSettle));
}

} // namespace
