// Forward kinematics against positions derived by hand.
//
// 90-degree rotations of v = (1, 2, 3), column vectors:
//   Rx(90): (x, y, z) -> (x, -z, y)     Ry(90): (x, y, z) -> (z, y, -x)
//   Rz(90): (x, y, z) -> (-y, x, z)
// For channels "A B C", R = Ra * Rb * Rc, so C acts on the vector first.
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/core/test_support.h"
#include "tests/support/bvh_texts.h"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh {
namespace {

constexpr double kTolerance = 1e-9;

void expectNear(const glm::dvec3& actual, const glm::dvec3& expected,
                double tolerance = kTolerance) {
    EXPECT_NEAR(actual.x, expected.x, tolerance);
    EXPECT_NEAR(actual.y, expected.y, tolerance);
    EXPECT_NEAR(actual.z, expected.z, tolerance);
}

// A root at the origin with rotation channels in `order`, whose End Site is at (1, 2, 3).
Document rotatingRoot(const std::string& order, const std::string& values) {
    std::string channels;
    for (char axis : order) {
        channels += std::string(" ") + axis + "rotation";
    }
    return parseDocument("HIERARCHY\nROOT R\n{\nOFFSET 0 0 0\nCHANNELS 3" + channels +
                         "\nEnd Site\n{\nOFFSET 1 2 3\n}\n}\nMOTION\nFrames: 1\nFrame Time: 1\n" +
                         values + "\n");
}

// World positions by the free functions; a ForwardKinematicsPlan must give the same numbers
// (both of its paths), so every hand-derived case below checks it too.
std::vector<glm::dvec3> worldPositions(const Document& document, std::uint32_t frame,
                                       TranslationMode mode) {
    const std::size_t n = document.skeleton.nodeCount();
    std::vector<RigidTransform> local(n);
    std::vector<RigidTransform> world(n);
    computeLocalTransforms(document.skeleton, document.motion.frame(frame), mode, local);
    computeWorldTransforms(document.skeleton, local, world);

    const ForwardKinematicsPlan plan(document.skeleton, mode);
    std::vector<RigidTransform> planLocal(n);
    std::vector<RigidTransform> planWorld(n);
    std::vector<RigidTransform> planWorldOfRow(n);
    plan.computeLocalTransforms(document.motion.frame(frame), planLocal);
    plan.computeWorldTransforms(planLocal, planWorld);
    plan.computeWorldTransformsOfRow(document.motion.frame(frame), planWorldOfRow);
    std::vector<glm::dvec3> positions;
    for (std::size_t node = 0; node < n; ++node) {
        positions.push_back(world[node].translation);
        EXPECT_EQ(planWorld[node].translation, world[node].translation) << "node " << node;
        EXPECT_EQ(planWorldOfRow[node].translation, world[node].translation) << "node " << node;
        EXPECT_EQ(planWorld[node].rotation, world[node].rotation) << "node " << node;
        EXPECT_EQ(planWorldOfRow[node].rotation, world[node].rotation) << "node " << node;
    }
    return positions;
}

struct OrderCase {
    const char* order;
    const char* values; // first two channels 90, the third 0
    glm::dvec3 expected;
};

class RotationOrder : public testing::TestWithParam<OrderCase> {};

TEST_P(RotationOrder, ComposesInDeclaredOrder) {
    const OrderCase& c = GetParam();
    Document document = rotatingRoot(c.order, c.values);
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    expectNear(worldPositions(document, 0, TranslationMode::Additive)[1], c.expected);
}

INSTANTIATE_TEST_SUITE_P(
    Pose, RotationOrder,
    testing::Values(
        // XYZ: Ry(1,2,3) = (3,2,-1); Rx -> (3,1,2)
        OrderCase{"XYZ", "90 90 0", {3, 1, 2}},
        // XZY: Rz(1,2,3) = (-2,1,3); Rx -> (-2,-3,1)
        OrderCase{"XZY", "90 90 0", {-2, -3, 1}},
        // YXZ: Rx(1,2,3) = (1,-3,2); Ry -> (2,-3,-1)
        OrderCase{"YXZ", "90 90 0", {2, -3, -1}},
        // YZX: Rz(1,2,3) = (-2,1,3); Ry -> (3,1,2)
        OrderCase{"YZX", "90 90 0", {3, 1, 2}},
        // ZXY (seed 000's "Z X Y", vR = vYXZ): Rx(1,2,3) = (1,-3,2); Rz -> (3,1,2)
        OrderCase{"ZXY", "90 90 0", {3, 1, 2}},
        // ZYX: Ry(1,2,3) = (3,2,-1); Rz -> (-2,3,-1)
        OrderCase{"ZYX", "90 90 0", {-2, 3, -1}},
        // Third channel alone acts first: ZXY with Y=90: Ry(1,2,3) = (3,2,-1)
        OrderCase{"ZXY", "0 0 90", {3, 2, -1}},
        // All three: XYZ: Rz(1,2,3) = (-2,1,3); Ry -> (3,1,2); Rx -> (3,-2,1)
        OrderCase{"XYZ", "90 90 90", {3, -2, 1}}),
    [](const testing::TestParamInfo<OrderCase>& info) {
        return std::string(info.param.order) + "_" + std::to_string(info.index);
    });

TEST(Pose, ArbitraryAnglesMatchAnExplicitMatrixProduct) {
    // An independent construction: glm::rotate matrices multiplied in declared order.
    Document document = rotatingRoot("ZXY", "30 -45 100");
    ASSERT_TRUE(document.loaded());
    glm::dmat4 r = glm::rotate(glm::dmat4(1.0), glm::radians(30.0), glm::dvec3(0, 0, 1)) *
                   glm::rotate(glm::dmat4(1.0), glm::radians(-45.0), glm::dvec3(1, 0, 0)) *
                   glm::rotate(glm::dmat4(1.0), glm::radians(100.0), glm::dvec3(0, 1, 0));
    glm::dvec3 expected = glm::dvec3(r * glm::dvec4(1, 2, 3, 1));
    expectNear(worldPositions(document, 0, TranslationMode::Additive)[1], expected);
}

TEST(Pose, ParentRotationCarriesChildren) {
    Document document = parseDocument(test::kChainBvh);
    ASSERT_TRUE(document.loaded());
    auto positions = worldPositions(document, 0, TranslationMode::Additive);
    // Root: translated to (10,20,30), rotated Rz(90).
    expectNear(positions[0], {10, 20, 30});
    // Spine: root + Rz(90)(1,2,3) = (10,20,30) + (-2,1,3)
    expectNear(positions[1], {8, 21, 33});
    // End: spine + Rz(90) * Rx(90) * (0,1,0) = spine + Rz(90)(0,0,1) = spine + (0,0,1)
    expectNear(positions[2], {8, 21, 34});
}

TEST(Pose, AdditiveAddsPositionChannelsToOffsetAbsoluteReplacesIt) {
    std::string text(test::kChainBvh);
    text.replace(text.find("OFFSET 0 0 0"), 12, "OFFSET 5 6 7");
    Document document = parseDocument(text);
    ASSERT_TRUE(document.loaded());
    expectNear(worldPositions(document, 1, TranslationMode::Additive)[0], {15, 26, 37});
    expectNear(worldPositions(document, 1, TranslationMode::Absolute)[0], {10, 20, 30});
    // Children follow the root either way: Spine = root + (1,2,3).
    expectNear(worldPositions(document, 1, TranslationMode::Absolute)[1], {11, 22, 33});
}

TEST(Pose, AbsoluteReplacesOnlyTheAxesThatHaveChannels) {
    Document document =
        parseDocument("HIERARCHY\nROOT R\n{\nOFFSET 1 2 3\nCHANNELS 1 Yposition\n}\n"
                      "MOTION\nFrames: 1\nFrame Time: 1\n50\n");
    ASSERT_TRUE(document.loaded());
    expectNear(worldPositions(document, 0, TranslationMode::Absolute)[0], {1, 50, 3});
    expectNear(worldPositions(document, 0, TranslationMode::Additive)[0], {1, 52, 3});
}

Document positionedJoints(const std::string& rootOffset, const std::string& childOffset,
                          const std::string& row) {
    return parseDocument("HIERARCHY\nROOT R\n{\nOFFSET " + rootOffset +
                         "\nCHANNELS 3 Xposition Yposition Zposition\nJOINT C\n{\nOFFSET " +
                         childOffset +
                         "\nCHANNELS 3 Xposition Yposition Zposition\n}\n}\n"
                         "MOTION\nFrames: 1\nFrame Time: 1\n" +
                         row + "\n");
}

TEST(Pose, DetectionCallsValuesNearTheOffsetsAbsolute) {
    // Perception Neuron style: every joint's position channels repeat its OFFSET (+ noise).
    // sum|v - offset| = 0.5 + 0.2 = 0.7  <  sum|v| = 100.5 + 10.2 = 110.7
    Document document = positionedJoints("0 100 0", "0 10 0", "0 100.5 0 0 10.2 0");
    EXPECT_EQ(detectTranslationMode(document.skeleton, document.motion), TranslationMode::Absolute);
}

TEST(Pose, DetectionCallsSmallDeltasAdditive) {
    // MakeHuman style: small deltas next to large offsets.
    // sum|v - offset| = 99.5 + 10 = 109.5  >=  sum|v| = 0.5
    Document document = positionedJoints("0 100 0", "0 10 0", "0 0.5 0 0 0 0");
    EXPECT_EQ(detectTranslationMode(document.skeleton, document.motion), TranslationMode::Additive);
    EXPECT_EQ(resolveTranslationMode(TranslationMode::Absolute, document.skeleton, document.motion),
              TranslationMode::Absolute);
}

TEST(Pose, RestPoseIgnoresMotion) {
    Document document = parseDocument(test::kChainBvh);
    std::vector<RigidTransform> local(3);
    std::vector<RigidTransform> world(3);
    computeRestTransforms(document.skeleton, local);
    computeWorldTransforms(document.skeleton, local, world);
    expectNear(world[2].translation, {1, 3, 3});
}

TEST(Pose, LocateFramesNearestAndLinear) {
    Motion motion;
    motion.frameCount = 5;
    motion.frameTime = 0.5;
    FramePair nearest = locateFrames(motion, 0.8, Interpolation::Nearest);
    EXPECT_EQ(nearest.first, 2u);
    EXPECT_EQ(nearest.weight, 0.0);
    FramePair linear = locateFrames(motion, 0.8, Interpolation::Linear);
    EXPECT_EQ(linear.first, 1u);
    EXPECT_EQ(linear.second, 2u);
    EXPECT_NEAR(linear.weight, 0.6, 1e-12);
    EXPECT_EQ(locateFrames(motion, -3.0, Interpolation::Linear).first, 0u);
    FramePair past = locateFrames(motion, 99.0, Interpolation::Linear);
    EXPECT_EQ(past.first, 4u);
    EXPECT_EQ(past.weight, 0.0);
}

TEST(Pose, LinearSamplingSlerpsRotationsAndLerpsTranslations) {
    // Halfway between frame 1 (rest) and frame 0 (root Rz 90, spine Rx 90), going backwards
    // in time is the same as forwards: sample frame 0 -> 1 at t = 0.25 s (weight 0.5).
    Document document = parseDocument(test::kChainBvh);
    const std::size_t n = document.skeleton.nodeCount();
    std::vector<RigidTransform> scratch(n);
    std::vector<RigidTransform> local(n);
    std::vector<RigidTransform> world(n);
    sampleLocalTransforms(document.skeleton, document.motion, 0.25, Interpolation::Linear,
                          TranslationMode::Additive, scratch, local);
    computeWorldTransforms(document.skeleton, local, world);
    // Root rotation Rz(45): spine = (10,20,30) + Rz(45)(1,2,3)
    const double c = std::sqrt(0.5);
    glm::dvec3 spine = glm::dvec3(10, 20, 30) + glm::dvec3(c * 1 - c * 2, c * 1 + c * 2, 3);
    expectNear(world[1].translation, spine);
    // End = spine + Rz(45) * Rx(45) * (0,1,0) = spine + Rz(45)(0, c, c)
    expectNear(world[2].translation, spine + glm::dvec3(-c * c, c * c, c));

    sampleLocalTransforms(document.skeleton, document.motion, 0.25, Interpolation::Nearest,
                          TranslationMode::Additive, scratch, local);
    computeWorldTransforms(document.skeleton, local, world);
    expectNear(world[1].translation, {11, 22, 33}); // frame 1 (0.25 s rounds to frame 1: 0.5)
}

TEST(Pose, SlerpTakesTheShortPathAcrossTheEulerWrap) {
    // 170 and -170 degrees about Z are 20 degrees apart through 180, not 340 through 0.
    Document document = parseDocument("HIERARCHY\nROOT R\n{\nOFFSET 0 0 0\nCHANNELS 1 Zrotation\n"
                                      "End Site\n{\nOFFSET 1 0 0\n}\n}\nMOTION\nFrames: 2\n"
                                      "Frame Time: 1\n170\n-170\n");
    std::vector<RigidTransform> scratch(2);
    std::vector<RigidTransform> local(2);
    std::vector<RigidTransform> world(2);
    sampleLocalTransforms(document.skeleton, document.motion, 0.5, Interpolation::Linear,
                          TranslationMode::Additive, scratch, local);
    computeWorldTransforms(document.skeleton, local, world);
    expectNear(world[1].translation, {-1, 0, 0}, 1e-9);
}

TEST(Pose, NoFramesSamplesTheRestPose) {
    Document document =
        parseDocument("HIERARCHY\nROOT R\n{\nOFFSET 4 5 6\nCHANNELS 1 Zrotation\n}\n");
    std::vector<RigidTransform> scratch(1);
    std::vector<RigidTransform> local(1);
    sampleLocalTransforms(document.skeleton, document.motion, 3.0, Interpolation::Linear,
                          TranslationMode::Additive, scratch, local);
    expectNear(local[0].translation, {4, 5, 6});
}

TEST(Pose, TranslationModeNamesRoundTrip) {
    for (TranslationMode mode :
         {TranslationMode::Auto, TranslationMode::Absolute, TranslationMode::Additive}) {
        TranslationMode parsed = TranslationMode::Auto;
        EXPECT_TRUE(parseTranslationMode(translationModeName(mode), parsed));
        EXPECT_EQ(parsed, mode);
    }
    TranslationMode untouched = TranslationMode::Absolute;
    EXPECT_FALSE(parseTranslationMode("relative", untouched));
    EXPECT_EQ(untouched, TranslationMode::Absolute);
}

} // namespace
} // namespace bvh
