#include "core/analysis/channel_events.h"
#include "core/kinematics/euler.h"
#include "tests/core/analysis/analysis_clips.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

namespace bvh {
namespace {

using test::clipFromRows;
using test::exactFrameTime;
using test::rowsOf;
using test::singleJoint;

const std::string kZxy = singleJoint("Zrotation Xrotation Yrotation");

std::vector<ChannelEvent> eventsOf(const Document& document, ChannelEventKind kind) {
    std::vector<ChannelEvent> found;
    for (const ChannelEvent& event : findChannelEvents(document.skeleton, document.motion, 0)) {
        if (event.kind == kind) {
            found.push_back(event);
        }
    }
    return found;
}

// [SECTION] Series

TEST(ChannelSeries, ValuesRangeAndColumnsPerChannel) {
    const Document document =
        clipFromRows(kZxy, exactFrameTime(30), {{1, 2, 3}, {4, -5, 6}, {-7, 8, 9}});
    const std::vector<ChannelSeries> series = channelSeries(document.skeleton, document.motion, 0);
    ASSERT_EQ(series.size(), 3u);
    EXPECT_EQ(series[1].column, 1u);
    EXPECT_EQ(series[1].type, ChannelType::Xrotation);
    EXPECT_EQ(series[1].values, (std::vector<float>{2, -5, 8}));
    EXPECT_EQ(series[0].minimum, -7.0f);
    EXPECT_EQ(series[0].maximum, 4.0f);
    EXPECT_TRUE(channelSeries(document.skeleton, document.motion, 1).empty()) << "End Site";
    EXPECT_TRUE(channelSeries(document.skeleton, document.motion, 7).empty()) << "no such node";
}

// [SECTION] Flips

TEST(ChannelEvents, AWrapNear180IsAFlipOfThatChannelOnly) {
    // Z turns steadily through 180; the writer wraps it to -178 at frame 3.
    const Document document = clipFromRows(
        kZxy, exactFrameTime(30),
        {{170, 5, 0}, {175, 5, 0}, {179, 5, 0}, {-178, 5, 0}, {-174, 5, 0}, {-171, 5, 0}});
    const std::vector<ChannelEvent> events =
        findChannelEvents(document.skeleton, document.motion, 0);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, ChannelEventKind::Wrap);
    EXPECT_EQ(events[0].frame, 3u);
    EXPECT_EQ(events[0].column, 0u);
    EXPECT_NEAR(events[0].magnitude, -357.0, 1e-4);
    EXPECT_NEAR(events[0].detail, 3.0, 1e-6) << "the orientation turned 3 degrees";
}

TEST(ChannelEvents, TheOtherEulerSolutionIsABranchSwitchOfEveryChannel) {
    const EulerOrder zxy = *parseEulerOrder("ZXY");
    auto other = [](glm::dvec3 angles) {
        // (a, b, c) and (a + 180, 180 - b, c + 180) are the same rotation, wrapped to (-180, 180].
        auto wrap = [](double degrees) { return degrees > 180.0 ? degrees - 360.0 : degrees; };
        return glm::dvec3(wrap(angles.x + 180.0), wrap(180.0 - angles.y), wrap(angles.z + 180.0));
    };
    const glm::dvec3 frame2(14, 22, 32);
    const glm::dquat q = eulerToQuaternion(zxy, frame2);
    const glm::dquat r = eulerToQuaternion(zxy, other(frame2));
    ASSERT_NEAR(std::abs(glm::dot(q, r)), 1.0, 1e-12) << "the test's premise";

    const glm::dvec3 o2 = other(frame2);
    const glm::dvec3 o3 = other({16, 23, 33});
    const Document document =
        clipFromRows(kZxy, exactFrameTime(30),
                     {{10, 20, 30}, {12, 21, 31}, {o2.x, o2.y, o2.z}, {o3.x, o3.y, o3.z}});
    const std::vector<ChannelEvent> events =
        findChannelEvents(document.skeleton, document.motion, 0);
    ASSERT_EQ(events.size(), 3u);
    for (std::uint32_t k = 0; k < 3; ++k) {
        EXPECT_EQ(events[k].kind, ChannelEventKind::BranchSwitch);
        EXPECT_EQ(events[k].frame, 2u);
        EXPECT_EQ(events[k].column, k);
        EXPECT_LT(events[k].detail, 5.0) << "the pose hardly turned";
    }
    EXPECT_NEAR(events[0].magnitude, o2.x - 12.0, 1e-4);
}

TEST(ChannelEvents, AFastRealTurnIsNotAFlip) {
    // 100 degrees a frame about Z: the channel jumps and the orientation turns as much.
    const Document document = clipFromRows(kZxy, exactFrameTime(30), rowsOf(6, [](int f) {
                                               return std::vector<double>{100.0 * f, 0, 0};
                                           }));
    EXPECT_TRUE(eventsOf(document, ChannelEventKind::Wrap).empty());
    EXPECT_TRUE(eventsOf(document, ChannelEventKind::BranchSwitch).empty());
}

TEST(ChannelEvents, FlipThresholdsComeFromTheOptions) {
    const Document document = clipFromRows(kZxy, exactFrameTime(30),
                                           {{170, 5, 0}, {175, 5, 0}, {179, 5, 0}, {-178, 5, 0}});
    ChannelEventOptions strict;
    strict.flips.maximumTurnDegrees = 2.0; // the wrap frame turns 3 degrees
    EXPECT_TRUE(findChannelEvents(document.skeleton, document.motion, 0, strict).empty());
}

// [SECTION] Jitter

TEST(ChannelEvents, AOneFrameSpikeOnASmoothCurveIsJitter) {
    const Document document =
        clipFromRows(kZxy, exactFrameTime(30), rowsOf(60, [](int f) {
                         const double smooth = 30.0 * std::sin(f / 30.0 * 2.0);
                         return std::vector<double>{0, smooth + (f == 20 ? 12.0 : 0.0), 0};
                     }));
    const std::vector<ChannelEvent> jitter = eventsOf(document, ChannelEventKind::Jitter);
    ASSERT_EQ(jitter.size(), 1u);
    EXPECT_EQ(jitter[0].frame, 20u);
    EXPECT_EQ(jitter[0].column, 1u);
    // d2 at the spike: the curve's own (tiny) plus -2 x 12.
    EXPECT_NEAR(jitter[0].magnitude, 24.0, 0.2);
    EXPECT_GT(jitter[0].detail, 15.0);
}

TEST(ChannelEvents, AStillChannelsRoundingNoiseIsNotJitter) {
    // +-0.05 degree noise (a deterministic pattern) on an otherwise still joint: its median
    // second difference is tiny, but the floor keeps the threshold at 15 x 1 degree.
    const Document document =
        clipFromRows(kZxy, exactFrameTime(30), rowsOf(200, [](int f) {
                         const double noise = 0.05 * std::sin(f * 12.9898) * (f % 3 == 0 ? -1 : 1);
                         return std::vector<double>{12.0 + noise, -3.0, 0.0};
                     }));
    EXPECT_TRUE(findChannelEvents(document.skeleton, document.motion, 0).empty());
}

TEST(ChannelEvents, ASmoothStrongAccelerationIsNotJitter) {
    // A 360-degree eased turn over 6 frames: second differences reach ~42 degrees, far above
    // the threshold, but keep one sign over several frames.
    const Document document = clipFromRows(
        singleJoint("Yrotation Xrotation Zrotation"), exactFrameTime(30), rowsOf(40, [](int f) {
            const double s = std::clamp(f - 10, 0, 6) / 6.0;
            return std::vector<double>{180.0 * (1.0 - std::cos(std::numbers::pi * s)), 0, 0};
        }));
    EXPECT_TRUE(eventsOf(document, ChannelEventKind::Jitter).empty());
}

TEST(ChannelEvents, APopInARootPositionIsJitterAgainstTheFigureSize) {
    // The root's Y bobs smoothly with +-0.2 noise (second differences of 0.8: the channel's
    // level, so the threshold is 15 x 0.8 = 12) and pops up 10 units for one frame at 25
    // (second difference about 19).
    const std::string figure = test::kFigure;
    const Document document = clipFromRows(figure, exactFrameTime(30), rowsOf(50, [](int f) {
                                               std::vector<double> row(test::kFigureChannels, 0.0);
                                               row[1] = 90.0 + 2.0 * std::sin(f * 0.3) +
                                                        (f == 25 ? 10.0 : 0.0) +
                                                        (f % 2 == 0 ? 0.2 : -0.2);
                                               row[2] = f * 4.0;
                                               return row;
                                           }));
    const std::vector<ChannelEvent> events =
        findChannelEvents(document.skeleton, document.motion, 0);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].kind, ChannelEventKind::Jitter);
    EXPECT_EQ(events[0].frame, 25u);
    EXPECT_EQ(events[0].column, 1u);
}

TEST(ChannelEvents, EveryNodeOrderedByFrameThenColumn) {
    const std::string figure = test::kFigure;
    const Document document = clipFromRows(figure, exactFrameTime(30), rowsOf(8, [](int f) {
                                               std::vector<double> row(test::kFigureChannels, 0);
                                               // Head's Z wraps at frame 5, Spine's at 3.
                                               row[9] = f < 5 ? 176 + f : -180 + f;
                                               row[6] = f < 3 ? 177 + f : -180 + f;
                                               return row;
                                           }));
    const std::vector<ChannelEvent> events =
        findAllChannelEvents(document.skeleton, document.motion);
    ASSERT_EQ(events.size(), 2u);
    EXPECT_EQ(events[0].frame, 3u);
    EXPECT_EQ(document.skeleton.names[static_cast<std::size_t>(events[0].node)], "Spine");
    EXPECT_EQ(events[1].frame, 5u);
    EXPECT_EQ(events[1].column, 9u);
    EXPECT_EQ(events[1].kind, ChannelEventKind::Wrap);
}

TEST(ChannelEvents, ShortAndEmptyClipsHaveNone) {
    const Document one = clipFromRows(kZxy, exactFrameTime(30), {{170, 5, 0}});
    EXPECT_TRUE(findAllChannelEvents(one.skeleton, one.motion).empty());
    const Document rest = parseDocument(kZxy);
    EXPECT_TRUE(findAllChannelEvents(rest.skeleton, rest.motion).empty());
    EXPECT_TRUE(findChannelEvents(rest.skeleton, rest.motion, -1).empty());
}

} // namespace
} // namespace bvh
