// Where limbs meet the body (issue 38): a deltoid over each shoulder and a hip's mass over each
// hip joint, wider than the limb they start; a crab's flattened shell over its leg roots.
#include "core/body/body_figure.h"
#include "core/body/body_girdles.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_test_skeletons.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

namespace bvh {
namespace {

using test::boneVolume;
using test::nodeNamed;
using test::normalised;

TEST(BodyGirdles, ADeltoidIsAnEllipsoidAlongTheArmOverTheShoulder) {
    // An arm along +X, 0.04 thick at the shoulder, on a figure facing +Z: half-length
    // min(0.07, 0.35 * 0.3) = 0.07, centred 0.35 * 0.07 down the arm; 1.5 * 0.04 = 0.06 front to
    // back (along +Z), 1.15 * 0.04 = 0.046 up and down.
    const std::optional<glm::vec3> facing = glm::vec3(0.0f, 0.0f, 1.0f);
    const BodyVolume deltoid =
        makeDeltoid(glm::vec3(0.0f), glm::vec3(0.3f, 0.0f, 0.0f), facing, 1.0f, {0.04f, 0.04f});
    ASSERT_EQ(deltoid.shape, BodyVolume::Shape::Ellipsoid);
    EXPECT_NEAR(deltoid.a.x, 0.35f * 0.07f, 1e-6f);
    EXPECT_NEAR(deltoid.radii.x, 0.07f, 1e-6f);
    const glm::vec3 centre = deltoid.a;
    EXPECT_NEAR(signedDistance(deltoid, centre + glm::vec3(0.0f, 0.046f, 0.0f)), 0.0f, 1e-6f);
    EXPECT_NEAR(signedDistance(deltoid, centre + glm::vec3(0.0f, 0.0f, 0.06f)), 0.0f, 1e-6f);
    // A thick arm's stays within the figure's size (0.06 of it); with no facing, round.
    const BodyVolume thick =
        makeDeltoid(glm::vec3(0.0f), glm::vec3(0.3f, 0.0f, 0.0f), std::nullopt, 1.0f, {0.1f, 0.1f});
    EXPECT_NEAR(thick.radii.y, 0.06f, 1e-6f);
    EXPECT_NEAR(thick.radii.z, 0.06f, 1e-6f);
    // A short arm (0.1) keeps a small one: at most 0.035 long and as thick.
    const BodyVolume small =
        makeDeltoid(glm::vec3(0.0f), glm::vec3(0.1f, 0.0f, 0.0f), facing, 1.0f, {0.04f, 0.04f});
    EXPECT_NEAR(small.radii.x, 0.035f, 1e-6f);
    EXPECT_NEAR(small.radii.y, 0.035f, 1e-6f);
    EXPECT_NEAR(small.radii.z, 0.035f, 1e-6f);
}

TEST(BodyGirdles, AHipsMassSitsBehindTheHipJoint) {
    // Along -Y (a thigh hanging), radius 0.08, 0.25 * 0.08 behind a figure facing +Z.
    const BodyVolume hip = makeHipMass(glm::vec3(0.0f), glm::vec3(0.0f, -0.4f, 0.0f),
                                       glm::vec3(0.0f, 0.0f, 1.0f), 1.0f);
    EXPECT_NEAR(hip.a.z, -0.02f, 1e-6f);
    EXPECT_NEAR(hip.a.y, -0.35f * 0.09f, 1e-6f);
    EXPECT_NEAR(hip.radii.y, 0.08f, 1e-6f);
}

// On a Mixamo-style biped: each upper arm and thigh gets an ellipsoid of its own at its root,
// thicker than the limb's cone starts, moving with the limb.
TEST(BodyGirdles, EveryBipedsShouldersAndHipsGetShapesWiderThanTheLimb) {
    const Skeleton skeleton = parseDocument(test::mixamoBipedText()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    for (const std::string side : {"Left", "Right"}) {
        for (const bool arm : {true, false}) {
            const NodeIndex root =
                nodeNamed(skeleton, "mixamorig:" + side + (arm ? "Arm" : "UpLeg"));
            const NodeIndex next =
                nodeNamed(skeleton, "mixamorig:" + side + (arm ? "ForeArm" : "Leg"));
            const BodyVolume* limb = boneVolume(figure, root, next);
            ASSERT_NE(limb, nullptr) << side << arm;
            const BodyVolume* shape = nullptr;
            for (const BodyVolume& volume : figure.volumes) {
                if (volume.shape == BodyVolume::Shape::Ellipsoid && volume.radiusNode == root) {
                    shape = &volume;
                }
            }
            ASSERT_NE(shape, nullptr) << side << (arm ? " shoulder" : " hip") << ": no shape";
            EXPECT_GT(std::min(shape->radii.y, shape->radii.z), limb->radiusA);
            EXPECT_LT(glm::length(shape->a - normalised(figure, root)), shape->radii.x);
            EXPECT_EQ(shape->joint, root);
        }
    }
}

// test::crab: a body 35 above the ground, eight legs leaving it to knees 70 to each side (spread
// 90 along Z), 240 wide in all (the figure's size).
TEST(BodyGirdles, ACrabGetsAFlattenedShellOverItsLegRootsAndEvenLegs) {
    const Skeleton skeleton = parseDocument(test::creatureFile(test::crab(0.5), {}).text).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    std::vector<const BodyVolume*> shells;
    std::vector<const BodyVolume*> legs;
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.shape == BodyVolume::Shape::Ellipsoid && volume.joint == 0) {
            shells.push_back(&volume);
        } else if (volume.joint == 0) {
            legs.push_back(&volume);
        }
    }
    ASSERT_EQ(shells.size(), 1u);
    ASSERT_EQ(legs.size(), 8u); // the eyes' bone lies in the shell
    const BodyVolume& shell = *shells[0];
    // Flattened: its vertical semi-axis (the third, along +Y) well under its two horizontal ones.
    EXPECT_NEAR(std::abs(shell.axes[1][2]), 1.0f, 1e-4f); // axes[column][row]
    EXPECT_LT(shell.radii.z, 0.7f * std::min(shell.radii.x, shell.radii.y));
    // Spanning the knees across: 70 / 240 of the figure.
    EXPECT_NEAR(std::max(shell.radii.x, shell.radii.y), 70.0f / 240.0f, 0.02f);
    // Every leg about as thick as the others (each by its length, within 20 %: a foot lifted in
    // the bind pose makes one a little longer), and far thinner than a trunk (0.082 of it).
    for (const BodyVolume* leg : legs) {
        EXPECT_NEAR(leg->radiusA, legs[0]->radiusA, 0.2f * legs[0]->radiusA);
        EXPECT_NEAR(leg->radiusB, legs[0]->radiusB, 0.2f * legs[0]->radiusB);
        EXPECT_EQ(leg->shape, BodyVolume::Shape::RoundCone);
        EXPECT_LT(leg->radiusA, 0.05f);
    }
}

// A shoulder carries the trunk's top into the arm (issue 38): on the CMU-like biped (arms held
// out), the body's surface straight above each shoulder joint reaches at most 0.3 of the upper
// arm's radius above the arm's top line (the deltoid's 0.15 and the blends'); a ball 1.5 times
// the arm stood 0.46 of it above.
TEST(BodyGirdles, ACmuLikeShoulderIsNoBallAboveTheArm) {
    const test::PlannedFigure planned = test::planFigure(test::cmuLikeBipedText());
    for (const std::string side : {"Left", "Right"}) {
        const NodeIndex arm = nodeNamed(planned.skeleton, side + "Arm");
        const BodyVolume* upperArm =
            boneVolume(planned.figure, arm, nodeNamed(planned.skeleton, side + "ForeArm"));
        ASSERT_NE(upperArm, nullptr) << side;
        const float above = test::surfaceReach(planned, normalised(planned.figure, arm), {0, 1, 0});
        EXPECT_GT(above, upperArm->radiusA) << side << ": the arm's top line is cut";
        EXPECT_LT(above, 1.3f * upperArm->radiusA) << side << ": a ball over the shoulder";
    }
}

} // namespace
} // namespace bvh
