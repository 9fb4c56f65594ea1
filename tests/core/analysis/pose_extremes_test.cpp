// extremesOfPose: per file axis, the lowest and highest coordinate of the counted nodes and the
// first node that holds each, checked against the plain definition (a scan that compares every
// node with every other) on generated poses full of ties, with NaN, and with excluded nodes.
#include "core/analysis/pose_extremes.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <vector>

namespace bvh {
namespace {

// The definition: the smallest counted value (NaN never is), held first by the lowest index.
PoseExtremes extremesByDefinition(const std::vector<glm::dvec3>& pose,
                                  const std::vector<std::uint8_t>& counted) {
    PoseExtremes expected;
    for (int c = 0; c < 3; ++c) {
        const auto axis = static_cast<std::size_t>(c);
        for (std::size_t node = 0; node < pose.size(); ++node) {
            if (!counted.empty() && counted[node] == 0) {
                continue;
            }
            bool lowest = !std::isnan(pose[node][c]);
            bool highest = lowest;
            for (std::size_t other = 0; other < pose.size(); ++other) {
                if (!counted.empty() && counted[other] == 0) {
                    continue;
                }
                const double value = pose[other][c];
                lowest =
                    lowest && !(value < pose[node][c]) && !(other < node && value == pose[node][c]);
                highest = highest && !(value > pose[node][c]) &&
                          !(other < node && value == pose[node][c]);
            }
            if (lowest) {
                expected.low[c] = pose[node][c];
                expected.lowNode[axis] = node;
            }
            if (highest) {
                expected.high[c] = pose[node][c];
                expected.highNode[axis] = node;
            }
        }
    }
    return expected;
}

void expectSame(const PoseExtremes& found, const PoseExtremes& expected) {
    for (int c = 0; c < 3; ++c) {
        const auto axis = static_cast<std::size_t>(c);
        EXPECT_EQ(found.low[c], expected.low[c]) << "axis " << c;
        EXPECT_EQ(found.high[c], expected.high[c]) << "axis " << c;
        EXPECT_EQ(found.lowNode[axis], expected.lowNode[axis]) << "axis " << c;
        EXPECT_EQ(found.highNode[axis], expected.highNode[axis]) << "axis " << c;
    }
}

TEST(PoseExtremes, TiesGoToTheFirstNode) {
    const std::vector<glm::dvec3> pose{{1, 5, 0}, {0, 5, 2}, {0, 7, 2}, {3, 7, -1}};
    const PoseExtremes extremes = extremesOfPose(pose);
    EXPECT_EQ(extremes.low, glm::dvec3(0, 5, -1));
    EXPECT_EQ(extremes.high, glm::dvec3(3, 7, 2));
    EXPECT_EQ(extremes.lowNode, (std::array<std::size_t, 3>{1, 0, 3}));
    EXPECT_EQ(extremes.highNode, (std::array<std::size_t, 3>{3, 2, 1}));
}

TEST(PoseExtremes, ExcludedNodesAndNaNNeverHoldAnExtreme) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<glm::dvec3> pose{{-9, 9, 9}, {nan, 1, 1}, {2, nan, 3}, {4, 2, nan}};
    const std::vector<std::uint8_t> counted{0, 1, 1, 1};
    const PoseExtremes extremes = extremesOfPose(pose, counted);
    EXPECT_EQ(extremes.low, glm::dvec3(2, 1, 1));
    EXPECT_EQ(extremes.high, glm::dvec3(4, 2, 3));
    EXPECT_EQ(extremes.lowNode, (std::array<std::size_t, 3>{2, 1, 1}));
    EXPECT_EQ(extremes.highNode, (std::array<std::size_t, 3>{3, 3, 2}));
}

TEST(PoseExtremes, NothingCountedLeavesTheEmptyExtremes) {
    const std::vector<glm::dvec3> pose{{1, 2, 3}};
    const PoseExtremes extremes = extremesOfPose(pose, std::vector<std::uint8_t>{0});
    EXPECT_EQ(extremes.low, glm::dvec3(std::numeric_limits<double>::max()));
    EXPECT_EQ(extremes.high, glm::dvec3(-std::numeric_limits<double>::max()));
    EXPECT_EQ(extremes.lowNode, (std::array<std::size_t, 3>{}));
    EXPECT_EQ(extremesOfPose({}).highNode, (std::array<std::size_t, 3>{}));
}

// Coordinates from a few values, so most extremes are tied, and some NaN; every node counted
// and a random half.
TEST(PoseExtremes, MatchesTheDefinitionOnGeneratedPoses) {
    std::mt19937 random(44);
    std::uniform_int_distribution<int> level(-3, 3);
    std::uniform_int_distribution<int> nodes(1, 40);
    std::bernoulli_distribution rare(0.03);
    std::bernoulli_distribution half(0.5);
    for (int trial = 0; trial < 500; ++trial) {
        std::vector<glm::dvec3> pose(static_cast<std::size_t>(nodes(random)));
        std::vector<std::uint8_t> counted(pose.size());
        for (std::size_t node = 0; node < pose.size(); ++node) {
            for (int c = 0; c < 3; ++c) {
                pose[node][c] =
                    rare(random) ? std::numeric_limits<double>::quiet_NaN() : 0.25 * level(random);
            }
            counted[node] = half(random) ? 1 : 0;
        }
        SCOPED_TRACE("trial " + std::to_string(trial));
        expectSame(extremesOfPose(pose), extremesByDefinition(pose, {}));
        expectSame(extremesOfPose(pose, counted), extremesByDefinition(pose, counted));
    }
}

// The stance takes a pose's extremes without node 0 (a static root's figure) and those of the
// whole pose from them and node 0: both are the definition's, on poses whose ties and NaN often
// fall on node 0.
TEST(PoseExtremes, WithoutTheFirstNodeAndWithItAgainMatchTheDefinition) {
    std::mt19937 random(45);
    std::uniform_int_distribution<int> level(-2, 2);
    std::uniform_int_distribution<int> nodes(1, 30);
    std::bernoulli_distribution rare(0.05);
    for (int trial = 0; trial < 500; ++trial) {
        std::vector<glm::dvec3> pose(static_cast<std::size_t>(nodes(random)));
        for (glm::dvec3& point : pose) {
            for (int c = 0; c < 3; ++c) {
                point[c] =
                    rare(random) ? std::numeric_limits<double>::quiet_NaN() : 0.5 * level(random);
            }
        }
        std::vector<std::uint8_t> afterFirst(pose.size(), 1);
        afterFirst[0] = 0;
        SCOPED_TRACE("trial " + std::to_string(trial));
        const PoseExtremes rest = extremesAfterFirstNode(pose);
        expectSame(rest, extremesByDefinition(pose, afterFirst));
        expectSame(withFirstNode(pose[0], rest), extremesByDefinition(pose, {}));
    }
}

TEST(PoseExtremes, NodeZeroKeepsATieAndLosesToAStrictlyLowerNode) {
    const std::vector<glm::dvec3> pose{{0, 5, 1}, {0, 4, 2}, {-1, 6, 1}};
    const PoseExtremes rest = extremesAfterFirstNode(pose);
    EXPECT_EQ(rest.lowNode, (std::array<std::size_t, 3>{2, 1, 2}));
    const PoseExtremes whole = withFirstNode(pose[0], rest);
    EXPECT_EQ(whole.low, glm::dvec3(-1, 4, 1));
    EXPECT_EQ(whole.lowNode, (std::array<std::size_t, 3>{2, 1, 0}));  // z: 1 at node 0 first
    EXPECT_EQ(whole.highNode, (std::array<std::size_t, 3>{0, 2, 1})); // x: 0 at node 0 first
    const PoseExtremes alone = extremesAfterFirstNode(std::vector<glm::dvec3>{{1, 2, 3}});
    EXPECT_EQ(alone.low, glm::dvec3(std::numeric_limits<double>::max()));
    EXPECT_EQ(withFirstNode({1, 2, 3}, alone).high, glm::dvec3(1, 2, 3));
}

// The stance takes each sampled pose's extremes where forward kinematics left four frames side
// by side (ForwardKinematicsPlan::LaneWorld): each lane's are those of its own pose without
// node 0, to the bit and the node, on poses full of ties and NaN.
TEST(PoseExtremes, FromTheLanesOfFourFramesAreEachFramesOwn) {
    constexpr std::size_t kLanes = ForwardKinematicsPlan::kLanes;
    std::mt19937 random(47);
    std::uniform_int_distribution<int> level(-2, 2);
    std::uniform_int_distribution<int> nodes(1, 30);
    std::bernoulli_distribution rare(0.05);
    for (int trial = 0; trial < 300; ++trial) {
        std::vector<ForwardKinematicsPlan::LaneWorld> lanes(
            static_cast<std::size_t>(nodes(random)));
        std::vector<std::vector<glm::dvec3>> poses(kLanes, std::vector<glm::dvec3>(lanes.size()));
        for (std::size_t node = 0; node < lanes.size(); ++node) {
            for (std::size_t k = 0; k < kLanes; ++k) {
                for (int c = 0; c < 3; ++c) {
                    const double value = rare(random) ? std::numeric_limits<double>::quiet_NaN()
                                                      : 0.5 * level(random);
                    lanes[node].translation[c][k] = value;
                    poses[k][node][c] = value;
                }
            }
        }
        const LaneExtremes found = extremesAfterFirstNodeOfLanes(lanes);
        SCOPED_TRACE("trial " + std::to_string(trial));
        for (std::size_t k = 0; k < kLanes; ++k) {
            expectSame(found.of[k], extremesAfterFirstNode(poses[k]));
            expectSame(found.whole[k], extremesByDefinition(poses[k], {})); // node 0 included
        }
    }
}

// Three nodes in two frames, laid out by hand (lanes 0 and 1; lanes 2 and 3 keep every node at
// the origin): node 0 at -9 in lane 0 and 9 in lane 1.
std::vector<ForwardKinematicsPlan::LaneWorld> handLaidLanes() {
    std::vector<ForwardKinematicsPlan::LaneWorld> lanes(3, ForwardKinematicsPlan::LaneWorld{});
    const double inLane0[3][3] = {{-9, -9, -9}, {1, 2, 3}, {1, 0, 4}}; // [node][axis]
    const double inLane1[3][3] = {{9, 9, 9}, {5, -1, 0}, {4, -1, 7}};
    for (std::size_t node = 0; node < 3; ++node) {
        for (int c = 0; c < 3; ++c) {
            lanes[node].translation[c][0] = inLane0[node][c];
            lanes[node].translation[c][1] = inLane1[node][c];
        }
    }
    return lanes;
}

// Worked by hand: three nodes in two frames (lanes 0 and 1; lanes 2 and 3 keep node 0 alone).
TEST(PoseExtremes, FromTheLanesByHand) {
    const std::vector<ForwardKinematicsPlan::LaneWorld> lanes = handLaidLanes();
    const auto found = extremesAfterFirstNodeOfLanes(lanes).of;
    EXPECT_EQ(found[0].low, glm::dvec3(1, 0, 3)); // node 0's -9 is not counted
    EXPECT_EQ(found[0].lowNode, (std::array<std::size_t, 3>{1, 2, 1})); // x: a tie, node 1 first
    EXPECT_EQ(found[0].high, glm::dvec3(1, 2, 4));
    EXPECT_EQ(found[0].highNode, (std::array<std::size_t, 3>{1, 1, 2}));
    EXPECT_EQ(found[1].low, glm::dvec3(4, -1, 0));
    EXPECT_EQ(found[1].lowNode, (std::array<std::size_t, 3>{2, 1, 1}));
    EXPECT_EQ(found[1].high, glm::dvec3(5, -1, 7));
    EXPECT_EQ(found[1].highNode, (std::array<std::size_t, 3>{1, 1, 2}));
    EXPECT_EQ(found[2].low, glm::dvec3(0)); // zero-initialized lanes: every node at the origin
    EXPECT_EQ(found[2].lowNode, (std::array<std::size_t, 3>{1, 1, 1}));
}

// The whole poses' extremes by hand, from the same lanes: node 0 holds lane 0's lows and lane
// 1's highs, and a tie at the origin (lane 2) goes to node 0.
TEST(PoseExtremes, WholePosesFromTheLanesByHand) {
    const std::vector<ForwardKinematicsPlan::LaneWorld> lanes = handLaidLanes();
    const auto whole = extremesAfterFirstNodeOfLanes(lanes).whole;
    EXPECT_EQ(whole[0].low, glm::dvec3(-9, -9, -9));
    EXPECT_EQ(whole[0].lowNode, (std::array<std::size_t, 3>{0, 0, 0}));
    EXPECT_EQ(whole[0].high, glm::dvec3(1, 2, 4));
    EXPECT_EQ(whole[0].highNode, (std::array<std::size_t, 3>{1, 1, 2}));
    EXPECT_EQ(whole[1].low, glm::dvec3(4, -1, 0));
    EXPECT_EQ(whole[1].lowNode, (std::array<std::size_t, 3>{2, 1, 1}));
    EXPECT_EQ(whole[1].high, glm::dvec3(9, 9, 9));
    EXPECT_EQ(whole[1].highNode, (std::array<std::size_t, 3>{0, 0, 0}));
    EXPECT_EQ(whole[2].high, glm::dvec3(0));
    EXPECT_EQ(whole[2].lowNode, (std::array<std::size_t, 3>{0, 0, 0}));
    EXPECT_EQ(whole[2].highNode, (std::array<std::size_t, 3>{0, 0, 0}));
}

// Targets: only the parts of the lanes named are written, the others left null (lane 1's whole
// pose here: x from -1 at node 0 to 5 at node 1, y and z from 0 at node 1 to 3 at node 0).
TEST(PoseExtremes, FromTheLanesWritesOnlyTheTargetsNamed) {
    std::vector<ForwardKinematicsPlan::LaneWorld> lanes(2, ForwardKinematicsPlan::LaneWorld{});
    lanes[0].translation[0][1] = -1;
    lanes[1].translation[0][1] = 5;
    lanes[0].translation[1][1] = 3;
    lanes[0].translation[2][1] = 3;
    PoseExtremes whole;
    LaneExtremesTargets targets;
    targets.whole[1] = &whole;
    extremesAfterFirstNodeOfLanes(lanes, targets);
    EXPECT_EQ(whole.low, glm::dvec3(-1, 0, 0));
    EXPECT_EQ(whole.lowNode, (std::array<std::size_t, 3>{0, 1, 1}));
    EXPECT_EQ(whole.high, glm::dvec3(5, 3, 3));
    EXPECT_EQ(whole.highNode, (std::array<std::size_t, 3>{1, 0, 0}));
}

// The lanes' nodes after node 0 are taken as two runs, nodes 1-2 and 3-5 here (the odd one
// last), the second folded into the first: a tie between them goes to the first run's node,
// -0 against +0 included, and the last node can hold an extreme. Lane 0 by hand, per axis
// [node]: x {-5, +0, 7, 3, -0, 7}, y {0, 2, NaN, 2, 1, -4}, z {0, NaN, 1, 9, 9, 1}.
TEST(PoseExtremes, FromTheLanesATieBetweenTheRunsGoesToTheLowerNode) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double byAxis[3][6] = {
        {-5, 0.0, 7, 3, -0.0, 7}, {0, 2, nan, 2, 1, -4}, {0, nan, 1, 9, 9, 1}};
    std::vector<ForwardKinematicsPlan::LaneWorld> lanes(6, ForwardKinematicsPlan::LaneWorld{});
    for (std::size_t node = 0; node < lanes.size(); ++node) {
        for (int c = 0; c < 3; ++c) {
            lanes[node].translation[c][0] = byAxis[c][node];
        }
    }
    const PoseExtremes found = extremesAfterFirstNodeOfLanes(lanes).of[0];
    EXPECT_EQ(found.low, glm::dvec3(0, -4, 1));
    EXPECT_FALSE(std::signbit(found.low.x)) << "node 1's +0, not node 4's -0";
    EXPECT_EQ(found.lowNode, (std::array<std::size_t, 3>{1, 5, 2}));
    EXPECT_EQ(found.high, glm::dvec3(7, 2, 9));
    EXPECT_EQ(found.highNode, (std::array<std::size_t, 3>{2, 1, 3}));
}

// Whether each lane's nodes after node 0 are all finite, by hand: lane 0 finite (node 0's NaN is
// not counted), lane 1 with a NaN (which the extremes skip), lane 2 with an infinity, lane 3 with
// finite coordinates whose sum passes the largest double (told not finite: a caller falls back).
TEST(PoseExtremes, FromTheLanesTellsWhichPosesAreFinite) {
    std::vector<ForwardKinematicsPlan::LaneWorld> lanes(3, ForwardKinematicsPlan::LaneWorld{});
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double most = std::numeric_limits<double>::max();
    lanes[0].translation[1][0] = nan;
    lanes[2].translation[0][1] = nan;
    lanes[1].translation[2][2] = std::numeric_limits<double>::infinity();
    lanes[1].translation[0][3] = most;
    lanes[2].translation[1][3] = most;
    const LaneExtremes found = extremesAfterFirstNodeOfLanes(lanes);
    EXPECT_EQ(found.finite, (std::array<bool, 4>{true, false, false, false}));
    EXPECT_EQ(found.of[1].low, glm::dvec3(0)); // the NaN skipped: nothing shows it
    EXPECT_EQ(found.of[1].high, glm::dvec3(0));
}

} // namespace
} // namespace bvh
