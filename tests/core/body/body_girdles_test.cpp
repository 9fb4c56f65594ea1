// Where limbs meet the body (issue 38): a deltoid over each shoulder and a hip's mass over each
// hip joint, wider than the limb they start; a crab's flattened shell over its leg roots.
#include "core/body/body_figure.h"
#include "core/body/body_girdles.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/body/body_back_rigs.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/core/body/body_upper_back_rigs.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <string>

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
        makeDeltoid(glm::vec3(0.0f), glm::vec3(0.3f, 0.0f, 0.0f), facing, 1.0f, {0.04f, false});
    ASSERT_EQ(deltoid.shape, BodyVolume::Shape::Ellipsoid);
    EXPECT_NEAR(deltoid.a.x, 0.35f * 0.07f, 1e-6f);
    EXPECT_NEAR(deltoid.radii.x, 0.07f, 1e-6f);
    const glm::vec3 centre = deltoid.a;
    EXPECT_NEAR(signedDistance(deltoid, centre + glm::vec3(0.0f, 0.046f, 0.0f)), 0.0f, 1e-6f);
    EXPECT_NEAR(signedDistance(deltoid, centre + glm::vec3(0.0f, 0.0f, 0.06f)), 0.0f, 1e-6f);
    // A thick arm's stays within the figure's size (0.06 of it); with no facing, round.
    const BodyVolume thick = makeDeltoid(glm::vec3(0.0f), glm::vec3(0.3f, 0.0f, 0.0f), std::nullopt,
                                         1.0f, {0.1f, false});
    EXPECT_NEAR(thick.radii.y, 0.06f, 1e-6f);
    EXPECT_NEAR(thick.radii.z, 0.06f, 1e-6f);
    // A short arm (0.1) keeps a small one: at most 0.035 long and as thick.
    const BodyVolume small =
        makeDeltoid(glm::vec3(0.0f), glm::vec3(0.1f, 0.0f, 0.0f), facing, 1.0f, {0.04f, false});
    EXPECT_NEAR(small.radii.x, 0.035f, 1e-6f);
    EXPECT_NEAR(small.radii.y, 0.035f, 1e-6f);
    EXPECT_NEAR(small.radii.z, 0.035f, 1e-6f);
}

TEST(BodyGirdles, AHipsMassIsAButtockBehindTheThighsTopNoWiderThanIt) {
    // Along -Y (a thigh hanging, 0.05 thick at the hip joint), a figure facing +Z: as wide as the
    // thigh across (0.05), front to back 1.5 times it (0.075) but no more than its half-length
    // (0.06), 0.06 along the thigh; 0.3 of that depth (before the half-length's bound) behind the
    // joint. On main, 0.08 every way round a centre 0.02 behind: 1.6 times as wide as the thigh.
    const BodyVolume hip = makeHipMass(glm::vec3(0.0f), glm::vec3(0.0f, -0.4f, 0.0f),
                                       glm::vec3(0.0f, 0.0f, 1.0f), 1.0f, 0.05f);
    EXPECT_NEAR(hip.a.z, -0.3f * 0.075f, 1e-6f);
    EXPECT_NEAR(hip.a.y, -0.35f * 0.06f, 1e-6f);
    EXPECT_NEAR(hip.radii.x, 0.06f, 1e-6f);
    EXPECT_NEAR(hip.radii.y, 0.06f, 1e-6f); // front to back
    EXPECT_NEAR(hip.radii.z, 0.05f, 1e-6f); // across
}

// On a Mixamo-style biped: each upper arm and thigh gets an ellipsoid of its own at its root,
// moving with the limb: a deltoid thicker than the arm's cone starts, a hip's mass (the buttock)
// behind the hip joint and no wider across than the thigh, whose top is the hip's side.
TEST(BodyGirdles, EveryBipedsShouldersAndHipsGetShapesAtTheLimbsRoot) {
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
            if (arm) {
                EXPECT_GT(std::min(shape->radii.y, shape->radii.z), limb->radiusA);
            } else {
                EXPECT_LE(shape->radii.z, limb->radiusA); // across (the figure faces +Z)
                EXPECT_LT(shape->a.z, normalised(figure, root).z);
            }
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

// [SECTION] Shoulders over arms hanging beside the chest (issue 38)
// Generated bipeds whose arms hang straight down from the shoulder joint at (x, y) cm to the
// elbow at `elbowY`, facing +Z, Y up.
struct HangingArmRig {
    const char* name;
    std::string text;
    float shoulderX;
    float shoulderY;
    float elbowY;
};

std::vector<HangingArmRig> hangingArmRigs() {
    return {{"walk", test::hangingArmsWalkBiped().text(), 18.0f, 43.0f, 15.0f},
            {"mixamo", test::armsDownBiped().text(), 18.0f, 145.0f, 117.0f},
            {"bandai", test::bandaiHangingArmsBiped().text(), 12.4f, 45.3f, 16.1f}};
}

// How far the body's surface lies from the point `centimetres` along `direction`, in cm.
float reachCm(const test::PlannedFigure& planned, const glm::vec3& centimetres,
              const glm::vec3& direction) {
    const glm::vec3 centre((glm::dvec3(centimetres) - planned.figure.centre) / planned.figure.size);
    const float gap = kBodyGapInCells * planned.grid.cell;
    return test::firstExit(planned.figure, planned.all, gap, centre, direction, 0.3f) *
           static_cast<float>(planned.figure.size);
}

// Seen from in front or behind, the shoulder's outer edge beside an arm that hangs reaches at
// most 1.35 times as far from the arm's axis as the upper arm half way down: a deltoid a little
// wider than the arm (the upper arm itself tapers, 1.2 of its radius half way down at the joint).
// As the figure's depth front to back over the arm's top third, at most 1.5 times the arm's depth
// half way down. The deltoid sized like an arm held out's (and as deep as the figure allowed) was
// a ball: 1.46 times as wide on the walk and the Mixamo-named rig, 1.39 on the Bandai-named one;
// 1.70 and 1.33 times as deep on the first two (at x = 12.4 cm the Bandai rig's arm lies against
// the chest, whose depth the line measures: not compared). Now 1.34 wide on all three (the blend
// of the deltoid, the arm and the collar over the arm's own sphere), 1.42 and 1.41 deep.
TEST(BodyGirdles, AHangingArmsShoulderIsALittleWiderThanTheArmNotABall) {
    for (const HangingArmRig& rig : hangingArmRigs()) {
        const test::PlannedFigure planned = test::planFigure(rig.text);
        ASSERT_FALSE(planned.figure.volumes.empty()) << rig.name << planned.figure.problem;
        const float length = rig.shoulderY - rig.elbowY;
        const glm::vec3 midArm(rig.shoulderX, rig.shoulderY - 0.5f * length, 0.0f);
        const float armOut = reachCm(planned, midArm, {1, 0, 0});
        const float armDepth =
            reachCm(planned, midArm, {0, 0, 1}) + reachCm(planned, midArm, {0, 0, -1});
        float shoulderOut = 0.0f;
        float shoulderDepth = 0.0f;
        // From 5 cm above the shoulder joint (the shoulder's top) down a third of the upper arm.
        for (int step = 0; step <= 20; ++step) {
            const float y = rig.shoulderY + 5.0f - (length / 3.0f + 5.0f) * step / 20.0f;
            const glm::vec3 onAxis(rig.shoulderX, y, 0.0f);
            shoulderOut = std::max(shoulderOut, reachCm(planned, onAxis, {1, 0, 0}));
            shoulderDepth = std::max(shoulderDepth, reachCm(planned, onAxis, {0, 0, 1}) +
                                                        reachCm(planned, onAxis, {0, 0, -1}));
        }
        RecordProperty(std::string(rig.name) + " shoulder out / arm",
                       std::to_string(shoulderOut / armOut));
        RecordProperty(std::string(rig.name) + " shoulder depth / arm",
                       std::to_string(shoulderDepth / armDepth));
        EXPECT_LT(shoulderOut, 1.35f * armOut) << rig.name << ": " << shoulderOut << " cm";
        if (std::string(rig.name) != "bandai") {
            EXPECT_LT(shoulderDepth, 1.5f * armDepth) << rig.name << ": " << shoulderDepth << " cm";
        }
    }
}

// Seen from behind, the shoulder's line falls from the neck over the trapezius to the deltoid:
// the silhouette's top (over every depth, z from -8 to 8 cm) at each x from 8 cm inside the arm's
// axis out to it, a centimetre apart, is no higher than at the x before it (within 2.5 mm: the
// Mixamo-named rig's rises 2 mm at x = 16 cm, where its deltoid meets the trapezius). With a collar
// bone only as thick as its length makes it, the walk's outline dipped 1.7 cm between the neck and
// a shoulder standing above the collar (6.0 cm above the shoulder joint at x = 10, 7.7 at the arm's
// axis; from x = 12 to 15 cm it rose 3 to 5 mm per cm): two puffs beside the neck.
TEST(BodyGirdles, AHangingArmsShoulderLineFallsFromTheNeck) {
    for (const HangingArmRig& rig : hangingArmRigs()) {
        if (std::string(rig.name) == "bandai") {
            continue; // its arm leaves the chest 12 cm from the spine, beside the neck's root
        }
        const test::PlannedFigure planned = test::planFigure(rig.text);
        ASSERT_FALSE(planned.figure.volumes.empty()) << rig.name << planned.figure.problem;
        const auto top = [&](float x) {
            float highest = -1e9f;
            for (float z = -8.0f; z <= 8.0f; z += 1.0f) {
                for (float y = rig.shoulderY + 20.0f; y > rig.shoulderY; y -= 0.05f) {
                    if (test::fieldAtCentimetres(planned, glm::vec3(x, y, z)) <= 0.0f) {
                        highest = std::max(highest, y);
                        break;
                    }
                }
            }
            return highest;
        };
        float before = top(rig.shoulderX - 8.0f);
        for (float x = rig.shoulderX - 7.0f; x <= rig.shoulderX; x += 1.0f) {
            const float here = top(x);
            EXPECT_LE(here, before + 0.25f) << rig.name << " at x = " << x << " cm";
            before = here;
        }
    }
}

} // namespace
} // namespace bvh
