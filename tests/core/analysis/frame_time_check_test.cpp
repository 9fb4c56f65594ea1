#include "core/analysis/frame_time_check.h"
#include "tests/core/analysis/analysis_clips.h"

#include <gtest/gtest.h>
#include <ostream>

namespace bvh {
namespace {

using test::clipFromRows;
using test::exactFrameTime;
using test::rowsOf;

// [SECTION] Written digits

TEST(FrameTimeCheck, TheWrittenDigitsAreRecovered) {
    EXPECT_EQ(shortestDecimal(0.033333), "0.033333");
    EXPECT_EQ(shortestDecimal(.0083333), "0.0083333");
    EXPECT_EQ(decimalsWritten(.0083333), 7);
    EXPECT_EQ(decimalsWritten(0.01), 2);
    EXPECT_EQ(decimalsWritten(1.0 / 30.0), 17); // 0.03333333333333333
    EXPECT_EQ(decimalsWritten(2.0), 0);
}

struct WrittenCase {
    double frameTime;
    const char* rate;
    Shortening shortening;
    int decimals;
};

// Printed by value (gtest would otherwise dump the struct's bytes, padding included, which
// valgrind rightly calls uninitialised).
void PrintTo(const WrittenCase& written, std::ostream* out) {
    *out << shortestDecimal(written.frameTime) << " -> " << written.rate;
}

class CommonRateWrittenShort : public testing::TestWithParam<WrittenCase> {};

TEST_P(CommonRateWrittenShort, IsReportedWithTheExactRate) {
    const WrittenCase& expected = GetParam();
    const auto found = findWrittenCommonRate(expected.frameTime);
    ASSERT_TRUE(found.has_value()) << expected.frameTime;
    EXPECT_EQ(found->rate.name, expected.rate);
    EXPECT_EQ(found->shortening, expected.shortening);
    EXPECT_EQ(found->decimals, expected.decimals);
    EXPECT_DOUBLE_EQ(found->exactFrameTime, 1.0 / found->rate.framesPerSecond);
    EXPECT_NEAR(found->relativeError,
                std::abs(expected.frameTime - found->exactFrameTime) / found->exactFrameTime,
                1e-15);
    EXPECT_NE(found->message.find(std::string("The exact rate is ") + expected.rate + " fps"),
              std::string::npos)
        << found->message;
}

INSTANTIATE_TEST_SUITE_P(
    Examples, CommonRateWrittenShort,
    testing::Values(WrittenCase{0.033333, "30", Shortening::CutOrRounded, 6},
                    WrittenCase{0.0333333, "30", Shortening::CutOrRounded, 7},
                    WrittenCase{.03333, "30", Shortening::CutOrRounded, 5},
                    WrittenCase{.0083333, "120", Shortening::CutOrRounded, 7},
                    WrittenCase{0.008333, "120", Shortening::CutOrRounded, 6},
                    WrittenCase{0.0416667, "24", Shortening::Rounded, 7},
                    WrittenCase{0.0416666, "24", Shortening::Cut, 7},
                    WrittenCase{0.041667, "24", Shortening::Rounded, 6},
                    WrittenCase{0.016667, "60", Shortening::Rounded, 6},
                    WrittenCase{0.0166666, "60", Shortening::Cut, 7},
                    WrittenCase{0.004167, "240", Shortening::Rounded, 6},
                    WrittenCase{0.011111, "90", Shortening::CutOrRounded, 6},
                    WrittenCase{0.033367, "29.97", Shortening::Rounded, 6},
                    WrittenCase{0.016683, "59.94", Shortening::CutOrRounded, 6},
                    WrittenCase{0.0417, "24", Shortening::Rounded, 4}, // not 23.976: whole first
                    WrittenCase{0.03, "30", Shortening::CutOrRounded, 2}));

TEST(FrameTimeCheck, ExactOrRoundRatesAreMeant) {
    for (const double frameTime : {0.01, 0.008, 0.04, 0.02, 0.005, 1.0 / 30.0, 1.0 / 60.0,
                                   1.0 / 120.0, 0.0417083750417, 0.0125, 1001.0 / 30000.0}) {
        EXPECT_FALSE(findWrittenCommonRate(frameTime).has_value()) << frameTime;
    }
    EXPECT_FALSE(findWrittenCommonRate(0.0).has_value());
    EXPECT_FALSE(findWrittenCommonRate(-0.033333).has_value());
    EXPECT_FALSE(findWrittenCommonRate(0.0371).has_value()) << "26.95 fps: no common rate";
}

TEST(FrameTimeCheck, TheMessageSaysHowFarOffTheWrittenRateIs) {
    const auto found = findWrittenCommonRate(0.033333);
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(found->message,
              "Frame Time 0.033333 is 1/30 s written to 6 decimals: it plays at 30.0003 fps, a "
              "frame off every 55.6 min. The exact rate is 30 fps.");
}

// [SECTION] Motion speed

// Every joint of the figure turns `degreesPerFrame` about Y each frame, steadily.
Document spinningFigure(int frames, double framesPerSecond, double degreesPerFrame,
                        double rootStepPerFrame = 0.0) {
    return clipFromRows(test::kFigure, exactFrameTime(framesPerSecond), rowsOf(frames, [&](int f) {
                            std::vector<double> row(test::kFigureChannels, 0.0);
                            row[1] = 92.0;
                            row[2] = rootStepPerFrame * f;
                            for (int joint = 0; joint < 6; ++joint) {
                                row[5 + 3 * joint] = degreesPerFrame * f; // each Yrotation
                            }
                            return row;
                        }));
}

MotionSpeedCheck speedOf(const Document& document) {
    return checkMotionSpeed(document.skeleton, document.motion, TranslationMode::Absolute,
                            analyzeRestPose(document.skeleton));
}

TEST(FrameTimeCheck, JointsTurningFasterThanAnyPerformerSuggestALowerRate) {
    // 8 degrees a frame: 960 deg/s at the declared 120 fps; ordinary (under 300) only at 30.
    const Document document = spinningFigure(60, 120.0, 8.0, 1.0);
    const MotionSpeedCheck check = speedOf(document);
    EXPECT_EQ(check.atDeclared.framePairs, 59u);
    EXPECT_NEAR(check.atDeclared.typicalJointDegreesPerSecond, 960.0, 1e-6);
    ASSERT_TRUE(check.atDeclared.rootHeightsPerSecond.has_value());
    // 1 unit a frame, 120 units/s, on a figure 190 tall.
    EXPECT_NEAR(*check.atDeclared.rootHeightsPerSecond, 120.0 / 190.0, 1e-6);
    ASSERT_TRUE(check.suspicion.has_value());
    EXPECT_EQ(check.suspicion->suggested.name, "30");
    EXPECT_NEAR(check.suspicion->atSuggested.typicalJointDegreesPerSecond, 240.0, 1e-6);
    EXPECT_NE(check.suspicion->message.find("At 30 fps the typical joint turns 240 deg/s"),
              std::string::npos)
        << check.suspicion->message;
}

TEST(FrameTimeCheck, TheSameMotionAtItsTrueRateIsOrdinary) {
    const MotionSpeedCheck check = speedOf(spinningFigure(60, 30.0, 8.0, 1.0));
    EXPECT_NEAR(check.atDeclared.typicalJointDegreesPerSecond, 240.0, 1e-6);
    EXPECT_FALSE(check.suspicion.has_value());
}

TEST(FrameTimeCheck, StillJointsDoNotHideTheMovingOnes) {
    // Only LeftArm and LeftFoot turn (8 deg/frame); the other four joints never move and are
    // left out of the median, as fingers a capture did not record.
    const Document document =
        clipFromRows(test::kFigure, exactFrameTime(120), rowsOf(60, [](int f) {
                         std::vector<double> row(test::kFigureChannels, 0.0);
                         row[1] = 92.0;
                         row[14] = 8.0 * f;
                         row[20] = 8.0 * f;
                         return row;
                     }));
    EXPECT_NEAR(speedOf(document).atDeclared.typicalJointDegreesPerSecond, 960.0, 1e-6);
}

TEST(FrameTimeCheck, AFewFramesAreNoEvidence) {
    // A T-pose frame 0 followed by a few frames (seed_cmu_example.bvh) would look like a
    // whirlwind: under 20 frame pairs nothing is suspected.
    const MotionSpeedCheck check = speedOf(spinningFigure(15, 120.0, 8.0));
    EXPECT_GT(check.atDeclared.typicalJointDegreesPerSecond, 600.0);
    EXPECT_FALSE(check.suspicion.has_value());
}

TEST(FrameTimeCheck, RootTravelAloneRaisesNoSuspicion) {
    // The root crosses 10 figure heights a second, the joints are calm: a unit problem, not a
    // rate problem (rest_animation_agreement.h).
    const MotionSpeedCheck check = speedOf(spinningFigure(60, 30.0, 1.0, 63.0));
    EXPECT_GT(*check.atDeclared.rootHeightsPerSecond, 9.0);
    EXPECT_FALSE(check.suspicion.has_value());
}

TEST(FrameTimeCheck, AnAssumedFrameTimeIsNotChecked) {
    Document document = spinningFigure(60, 120.0, 8.0);
    document.motion.frameTimeAssumed = true;
    const FrameTimeReport report =
        checkFrameTime(document.skeleton, document.motion, TranslationMode::Absolute,
                       analyzeRestPose(document.skeleton));
    EXPECT_FALSE(report.any());
}

TEST(FrameTimeCheck, TheReportHasBothFindings) {
    Document document = clipFromRows(test::kFigure, "0.0083333", rowsOf(60, [](int f) {
                                         std::vector<double> row(test::kFigureChannels, 0.0);
                                         row[5] = 8.0 * f;
                                         row[14] = 8.0 * f;
                                         return row;
                                     }));
    const FrameTimeReport report =
        checkFrameTime(document.skeleton, document.motion, TranslationMode::Absolute,
                       analyzeRestPose(document.skeleton));
    ASSERT_TRUE(report.written.has_value());
    EXPECT_EQ(report.written->rate.name, "120");
    ASSERT_TRUE(report.speed.suspicion.has_value());
    EXPECT_EQ(report.speed.suspicion->suggested.name, "30");
}

} // namespace
} // namespace bvh
