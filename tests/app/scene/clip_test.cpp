// A clip's analyses (app/scene/clip.h): the Frame Time check is made the first time it is asked
// for, not when the clip is made, and gives what checkFrameTime gives for the same document.
#include "app/scene/character.h"
#include "app/scene/clip.h"
#include "core/analysis/frame_time_check.h"
#include "core/reader/document.h"
#include "tests/app/viewer/session/slide_capture.h"

#include <gtest/gtest.h>
#include <memory>
#include <string>

using namespace bvhscope::scene;

namespace {

// The slide of slide_capture.h at 30 fps written to 7 decimals ("Frame Time: 0.0333333"): a
// Frame Time the check reports (1/30 s cut short), and moving far too fast for its rate
// (10 units a frame, 300 units/s), which the check reports too.
bvh::Document slideAtThirtyFps() {
    std::string text = bvhscope::viewer::test::kSlide;
    const std::string rate = "Frame Time: 1\n";
    text.replace(text.find(rate), rate.size(), "Frame Time: 0.0333333\n");
    return bvh::parseDocument(text);
}

TEST(ClipFrameTime, IsCheckedOnFirstUseAndEqualsTheCoreCheck) {
    const bvh::Document document = slideAtThirtyFps();
    const Clip clip = analyzeClip("slide.bvh", "", document);
    EXPECT_FALSE(clip.frameTimeChecked());
    const bvh::FrameTimeReport expected = bvh::checkFrameTime(
        document.skeleton, document.motion, clip.translation, clip.summary.restPose);
    const bvh::FrameTimeReport& report = clip.frameTime();
    EXPECT_TRUE(clip.frameTimeChecked());
    ASSERT_TRUE(expected.written.has_value());
    ASSERT_TRUE(report.written.has_value());
    EXPECT_EQ(report.written->message, expected.written->message);
    EXPECT_EQ(report.written->decimals, 7);
    EXPECT_EQ(report.speed.suspicion.has_value(), expected.speed.suspicion.has_value());
    EXPECT_EQ(report.speed.atDeclared.framePairs, expected.speed.atDeclared.framePairs);
    EXPECT_EQ(report.speed.atDeclared.rootHeightsPerSecond,
              expected.speed.atDeclared.rootHeightsPerSecond);
    // Asked again: the same report, not a new one.
    EXPECT_EQ(&clip.frameTime(), &report);
}

TEST(ClipFrameTime, ACopyKeepsTheReportItsSourceChecked) {
    const Clip clip = analyzeClip("slide.bvh", "", slideAtThirtyFps());
    const Clip unchecked = clip;
    EXPECT_FALSE(unchecked.frameTimeChecked());
    (void)clip.frameTime();
    Clip copy = clip;
    EXPECT_TRUE(copy.frameTimeChecked());
    // The copy's document changes, its report does not: it was checked before.
    copy.document.motion.frameTime = 0.01;
    ASSERT_TRUE(copy.frameTime().written.has_value());
    EXPECT_EQ(copy.frameTime().written->message, clip.frameTime().written->message);
}

// A live feed's clip is made from its header, whose rate is assumed until measured: nothing to
// check. The clip made for the measured rate keeps that report, as it did when the check was
// made with the clip, rather than checking the measured rate anew.
TEST(ClipFrameTime, ALiveFeedsMeasuredRateKeepsTheReportOfItsHeader) {
    const bvh::Document document = slideAtThirtyFps();
    Character live =
        makeLiveCharacter("live", "", document.skeleton, 0.01,
                          std::make_shared<LiveFrames>(document.motion.channelCount, 0.01, 60.0));
    setLiveRate(live, 0.0333333, LiveRateOrigin::Measured);
    EXPECT_DOUBLE_EQ(live.clip->document.motion.frameTime, 0.0333333);
    EXPECT_FALSE(live.clip->document.motion.frameTimeAssumed);
    EXPECT_TRUE(live.clip->frameTimeChecked());
    EXPECT_FALSE(live.clip->frameTime().any());
}

} // namespace
