// command::ChangeSettings (issue 43): what panels' option widgets push, applied by the session
// within the options table's ranges (app/viewer/session/session.cpp).
#include "app/options/option_table.h"
#include "app/viewer/session/session.h"
#include "core/reader/document.h"
#include "tests/app/viewer/session/slide_capture.h"

#include <gtest/gtest.h>
#include <sstream>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

void applySettingsChange(SessionState& session, const ViewerSettings& before,
                         const ViewerSettings& after) {
    std::ostringstream err;
    applyCommand(session, command::ChangeSettings{before, after}, 1.5f, err);
}

TEST(SessionSettings, AChangeIsAppliedWithinTheTablesRanges) {
    SessionState session;
    ViewerSettings asked = session.settings;
    asked.fieldOfViewDegrees = 500.0f;
    asked.trailFrames = 0;
    asked.livePort = 70000;
    asked.msaaSamples = kAutomaticMsaaSamples; // "auto" stays
    asked.showGrid = false;
    applySettingsChange(session, session.settings, asked);
    EXPECT_FLOAT_EQ(session.settings.fieldOfViewDegrees, 150.0f);
    EXPECT_EQ(session.settings.trailFrames, 1);
    EXPECT_EQ(session.settings.livePort, 65535);
    EXPECT_EQ(session.settings.msaaSamples, kAutomaticMsaaSamples);
    EXPECT_FALSE(session.settings.showGrid);
    EXPECT_EQ(*bvhscope::options::kFieldOfView.maximum, 150.0);
}

// Two panels change different settings in one frame, each from the same settings: both stay.
TEST(SessionSettings, TwoChangesInOneFrameAreBothKept) {
    SessionState session;
    const ViewerSettings start = session.settings;
    ViewerSettings curves = start;
    curves.showCurves = true;
    ViewerSettings speed = start;
    speed.playbackSpeed = 2.0f;
    speed.liveHost = "capture.local";
    applySettingsChange(session, start, curves);
    applySettingsChange(session, start, speed);
    EXPECT_TRUE(session.settings.showCurves);
    EXPECT_FLOAT_EQ(session.settings.playbackSpeed, 2.0f);
    EXPECT_EQ(session.settings.liveHost, "capture.local");
}

// A new default up axis is for files opened from now on, as command::SetDefaultAxes has it.
TEST(SessionSettings, ANewDefaultUpAxisKeepsTheOpenFilesAxes) {
    SessionState session;
    session.scene.add(makeCharacter("a", "", bvh::parseDocument(bvhscope::viewer::test::kSlide)));
    ViewerSettings asked = session.settings;
    asked.upAxis = UpAxisChoice::PositiveZ;
    applySettingsChange(session, session.settings, asked);
    EXPECT_EQ(session.settings.upAxis, UpAxisChoice::PositiveZ);
    EXPECT_EQ(session.scene.characters()[0].axes.upAxisOverride, UpAxisChoice::Auto);
}

} // namespace
