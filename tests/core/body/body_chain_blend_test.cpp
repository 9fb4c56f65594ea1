// The smooth union where one limb's or one trunk's bones continue each other
// (continuingLinkRaise): no bead round a straight joint, no ring round a spine's, and the full
// blend, which fills the crease, where the limb bends.
#include "core/body/body_figure_builder.h"
#include "core/body/body_volumes.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_limb_profiles.h"
#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <string>
#include <utility>
#include <vector>

namespace bvh {
namespace {

// Two round cones of radius 0.2 and blend 0.12 meeting at the joint (1, 0, 0) (joints 0-1, 1-2),
// the second bent `degrees` from the first's direction (+X) towards -Y.
std::vector<BodyVolume> twoBones(float degrees) {
    const float r = glm::radians(degrees);
    const glm::vec3 joint(1.0f, 0.0f, 0.0f);
    std::vector<BodyVolume> cones = {
        makeRoundCone(glm::vec3(0.0f), joint, 0.2f, 0.2f),
        makeRoundCone(joint, joint + glm::vec3(std::cos(r), -std::sin(r), 0.0f), 0.2f, 0.2f)};
    for (int k = 0; k < 2; ++k) {
        cones[static_cast<std::size_t>(k)].blend = 0.12f;
        cones[static_cast<std::size_t>(k)].startJoint = k;
        cones[static_cast<std::size_t>(k)].endJoint = k + 1;
    }
    return cones;
}

float unionAt(const std::vector<BodyVolume>& cones, const glm::vec3& p) {
    const std::uint32_t indices[] = {0, 1};
    return bodyDistance(cones, indices, p, kBodyFarOutside, 0.0f);
}

TEST(BodyChainBlend, BonesThatContinueEachOtherAreTheirExactUnion) {
    // Straight through the joint, on both cones' surface above it (both distances 0): the smooth
    // minimum sank 0.12 / 4 = 0.03 below it, a bead; the exact union is 0. Beside the joint too.
    const std::vector<BodyVolume> straight = twoBones(0.0f);
    EXPECT_FLOAT_EQ(continuingLinkRaise(straight[0], straight[1]), 1.0f);
    EXPECT_NEAR(unionAt(straight, glm::vec3(1.0f, 0.2f, 0.0f)), 0.0f, 1e-6f);
    EXPECT_NEAR(unionAt(straight, glm::vec3(1.05f, 0.0f, 0.2f)), 0.0f, 1e-6f);
    EXPECT_NEAR(unionAt(straight, glm::vec3(0.9f, -0.3f, 0.0f)), 0.1f, 1e-6f);
}

// A point on the inner bisector of the joint (1, 0, 0) between twoBones(degrees)' cones where
// both cones' surfaces meet: r / sin(half the angle between them) from the joint.
glm::vec3 innerCorner(float degrees) {
    const float r = glm::radians(degrees);
    const glm::vec3 back(-1.0f, 0.0f, 0.0f);
    const glm::vec3 on(std::cos(r), -std::sin(r), 0.0f);
    const float half = 0.5f * (glm::radians(180.0f) - r);
    return glm::vec3(1.0f, 0.0f, 0.0f) + 0.2f / std::sin(half) * glm::normalize(back + on);
}

TEST(BodyChainBlend, ABentJointKeepsTheFullBlendThatFillsItsCrease) {
    // Bent 41 degrees or more: the inner crease's corner (both distances 0) lies a quarter
    // width, 0.03, inside the union, as before: the crease stays filled, no notch.
    for (const float degrees : {41.0f, 90.0f, 135.0f}) {
        const std::vector<BodyVolume> bent = twoBones(degrees);
        EXPECT_NEAR(continuingLinkRaise(bent[0], bent[1]), 0.0f, 1e-6f) << degrees;
        EXPECT_NEAR(unionAt(bent, innerCorner(degrees)), -0.03f, 1e-6f) << degrees;
    }
}

TEST(BodyChainBlend, ASlightBendBlendsInPart) {
    // 20 degrees: (1 - cos 20) / (1 - 0.766) = 0.2577, smoothed 0.1650, so the link is raised
    // 0.835 of a width and the corner sinks 0.12 (1 - 0.835)^2 / 4 = 0.00082.
    const std::vector<BodyVolume> bent = twoBones(20.0f);
    const float raise = continuingLinkRaise(bent[0], bent[1]);
    EXPECT_NEAR(raise, 0.835f, 0.001f);
    EXPECT_NEAR(unionAt(bent, innerCorner(20.0f)), -0.03f * (1.0f - raise) * (1.0f - raise), 1e-6f);
}

TEST(BodyChainBlend, SiblingsStepsPartedEndsAndMassesKeepTheFullBlend) {
    std::vector<BodyVolume> cones = twoBones(0.0f);
    // Siblings from one joint (a thumb and a finger) do not continue each other.
    cones[1].startJoint = 0;
    cones[1].endJoint = 3;
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f);
    // Radii 0.2 and 0.14 at the joint, a 30 % step: a crease for the blend to fill.
    cones = twoBones(0.0f);
    cones[1] = makeRoundCone(cones[1].a, cones[1].b, 0.14f, 0.14f);
    cones[1].startJoint = 1;
    cones[1].endJoint = 2;
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f);
    // Ends 0.05 apart (a quarter of the radius).
    cones = twoBones(0.0f);
    cones[1].a.x += 0.05f;
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f);
    // An ellipsoid (a palm) keeps its blend.
    cones = twoBones(0.0f);
    cones[1].shape = BodyVolume::Shape::Ellipsoid;
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f);
    // So do a hand's bones (one mass), and volumes thickened to the grid.
    cones = twoBones(0.0f);
    cones[0].mass = 7;
    cones[1].mass = 7;
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f);
    // A trunk bone and a limb's (a collar's end and the arm's first bone) are no run.
    cones = twoBones(0.0f);
    cones[0].mass = kTrunkMass;
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f);
    cones = twoBones(0.0f);
    cones[0].mass = 7; // one bone a hand's (mass 7), the other of no mass: still a limb
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[1], cones[0]), 1.0f);
    cones[1].belowGrid = true;
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f);
}

// Two elliptic cones of the trunk (a spine's bones), 1.5 times as wide along X as deep, meeting at
// (0, 1, 0): straight, one run; the second's section `ratio` times as wide
// and turned `turn` degrees about the axis.
std::vector<BodyVolume> twoTrunkBones(float ratio, float turn) {
    const glm::vec3 joint(0.0f, 1.0f, 0.0f);
    const float t = glm::radians(turn);
    std::vector<BodyVolume> cones = {
        makeEllipticCone(glm::vec3(0.0f), joint, 0.2f, 0.2f, glm::vec3(1, 0, 0), 1.5f),
        makeEllipticCone(joint, 2.0f * joint, 0.2f, 0.2f, glm::vec3(std::cos(t), 0.0f, std::sin(t)),
                         ratio)};
    for (int k = 0; k < 2; ++k) {
        BodyVolume& cone = cones[static_cast<std::size_t>(k)];
        cone.blend = 0.12f;
        cone.mass = kTrunkMass;
        cone.trunkRun = true;
        cone.startJoint = k;
        cone.endJoint = k + 1;
    }
    return cones;
}

TEST(BodyChainBlend, ATrunksBonesThatContinueEachOtherAreTheirExactUnion) {
    // Straight, one section: on both cones' surface at the joint, in front (depth 0.2) and at the
    // side (width 0.3), the smooth minimum sank 0.12 / 4 = 0.03 below it, a ring round the trunk.
    std::vector<BodyVolume> cones = twoTrunkBones(1.5f, 0.0f);
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 1.0f);
    EXPECT_NEAR(unionAt(cones, glm::vec3(0.0f, 1.0f, 0.2f)), 0.0f, 1e-5f);
    EXPECT_NEAR(unionAt(cones, glm::vec3(0.3f, 1.0f, 0.0f)), 0.0f, 1e-5f);
    // Round trunk cones (a figure that does not say where it faces) alike.
    cones = twoBones(0.0f);
    for (BodyVolume& cone : cones) {
        cone.mass = kTrunkMass;
        cone.trunkRun = true;
    }
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 1.0f);
    // Not marked as a run (an upright biped's torso, whose blends shape its waist): the blend.
    cones[1].trunkRun = false;
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f);
    // A section 1.2 times as wide meeting one 1.5 times: a step of 0.3, two thirds of
    // kContinuingStepFull (0.3) of the wider 1.5 (smoothRamp(2/3) = 0.741).
    cones = twoTrunkBones(1.2f, 0.0f);
    EXPECT_NEAR(continuingLinkRaise(cones[0], cones[1]), 1.0f - 0.7407f, 1e-3f);
    // Turned 90 degrees about the axis (its width along Z): the sine 1 times 0.5, more than the
    // 0.45 of the full step: the full blend.
    cones = twoTrunkBones(1.5f, 90.0f);
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f);
    // A chest's top flattened under the neck continues into nothing past it.
    cones = twoTrunkBones(1.5f, 0.0f);
    cones[0].radii.z = 0.4f;
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f);
    cones[0].radii.z = 1.0f;
    cones[1].radii.z = 0.4f;
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 1.0f);
}

// A trunk whose surface turns outward at the joint (a waist) keeps the blend that fills the crease
// there: the second cone widening from 0.2 to 0.3 over its length 1 turns its line by atan(0.1),
// 5.7 degrees, past kTrunkKinkFull (5): the full blend; to 0.22, by atan(0.02) = 0.0200 of the
// 0.0873 (smoothRamp(0.229) = 0.133). Turning inward (a chest's fullest, to 0.1), the shared
// section's rounded caps keep the union smooth: no blend.
TEST(BodyChainBlend, ATrunkThatWidensPastAJointKeepsTheBlendThatFillsItsWaist) {
    const auto raiseTo = [](float endRadius) {
        std::vector<BodyVolume> cones = twoTrunkBones(1.5f, 0.0f);
        BodyVolume widened =
            makeEllipticCone(cones[1].a, cones[1].b, 0.2f, endRadius, glm::vec3(1, 0, 0), 1.5f);
        widened.blend = cones[1].blend;
        widened.mass = kTrunkMass;
        widened.trunkRun = true;
        widened.startJoint = 1;
        widened.endJoint = 2;
        return continuingLinkRaise(cones[0], widened);
    };
    EXPECT_FLOAT_EQ(raiseTo(0.3f), 0.0f);
    EXPECT_NEAR(raiseTo(0.22f), 1.0f - 0.1334f, 2e-3f);
    EXPECT_FLOAT_EQ(raiseTo(0.1f), 1.0f);
}

// An armless trunk standing on its hips (y = 100 cm): `spineJoints` spine joints spaced evenly
// over the 68 cm from the hips to the neck's root, a neck (10 cm) and a head on it, as a face
// rig's trunk without its helpers.
std::string trunkRunText(int spineJoints) {
    test::BvhTextBuilder b;
    int parent = b.add("Hips", -1, {0, 100, 0});
    const double step = 68.0 / (spineJoints + 1);
    for (int k = 0; k < spineJoints; ++k) {
        parent = b.add(k == 0 ? "Spine" : "Spine" + std::to_string(k), parent, {0, step, 0});
    }
    const int neck = b.add("Neck", parent, {0, step, 0});
    const int head = b.add("Head", neck, {0, 10, 2});
    b.endSite(head, {0, 20, 0});
    return b.text();
}

// The trunk's radius round the line from the hips to the neck's root, from 10 cm over the hips to
// 17 cm under the neck (clear of the rounded bottom and top), with 2, 4 and 8 spine joints: one
// smooth surface as thick as its bones' cones (the trunk's radius, 0.082 of the figure's size,
// 8.12 cm of its 99), within 2 % (the field's bisection and the grid's rounding),
// whatever the number of joints. The smooth union of each two bones sank a quarter of the blend
// (0.6 of the radius) below both about their joint: rings 15 % thicker than the trunk between them
// (with 2 joints, 23 cm apart), or, where the joints lie closer than the blend reaches (8
// joints, 7.6 cm apart), a trunk swollen alike all along; and the first bone, its end raised off a
// ground taken at the lowest joint a bone ends at (the spine's first, not the hips), overlapped the
// next by a radius and swelled into a ring there.
TEST(BodyChainBlend, ARunOfTrunkBonesIsOneSurfaceWhateverItsJointCount) {
    for (const int joints : {2, 4, 8}) {
        const test::PlannedFigure planned = test::planFigure(trunkRunText(joints));
        const float trunk = 10.0f * 0.082f * static_cast<float>(planned.figure.size);
        const std::vector<float> radii =
            test::limbRadiiMillimetres(planned, "Hips", "Neck", 10.0f / 68.0f, 51.0f / 68.0f);
        ASSERT_FALSE(radii.empty());
        const auto [least, most] = std::minmax_element(radii.begin(), radii.end());
        EXPECT_LT(*most, 1.02f * trunk) << joints << " spine joints";
        EXPECT_GT(*least, 0.98f * trunk) << joints << " spine joints";
    }
}

// The left arm of mixamoBiped runs straight along +X at y = 147 cm, z = 0: shoulder joint
// x = 18, elbow 46, wrist 71. Its surface above and in front of the axis, every 0.5 cm from
// x = 34 (past the shoulder's blend) to `last`, against the reach of the volumes' exact (hard)
// union (the largest relative difference, and where): the smooth union beaded the elbow by 15 %
// (0.151 at x = 46.5 cm), and the two cones of the forearm's bulge met in a ring 6.5 % over them
// (x = 50.5 cm; this test skipped the bulge then). Tapering over its whole length, the forearm now
// meets the hand's volume at a shallower angle, which the hand's blend fills 2.3 % over the hard
// union 2 cm before the wrist (1.5 % before, 0.5 mm there).
float worstBeadAlongTheLeftArm(bool fingers, float last, float& worstAt) {
    test::BipedStyle style;
    style.fingers = fingers;
    const test::PlannedFigure planned = test::planFigure(test::mixamoBiped(1.0, style).text());
    const BodyFigure& figure = planned.figure;
    const float gap = kBodyGapInCells * planned.grid.cell;
    const auto hardReach = [&](const glm::vec3& centre, const glm::vec3& direction) {
        float inside = 0.0f;
        float outside = 0.3f;
        for (int round = 0; round < 40; ++round) {
            const float middle = 0.5f * (inside + outside);
            float least = kBodyFarOutside;
            for (const BodyVolume& volume : figure.volumes) {
                least = std::min(least, signedDistance(volume, centre + middle * direction));
            }
            (least > 0.0f ? outside : inside) = middle;
        }
        return inside;
    };
    float worst = 0.0f;
    for (float x = 34.0f; x <= last; x += 0.5f) {
        const glm::vec3 centre =
            glm::vec3((glm::dvec3(x, 147.0, 0.0) - figure.centre) / figure.size);
        for (const glm::vec3 direction : {glm::vec3(0, 1, 0), glm::vec3(0, 0, 1)}) {
            const float reach = test::firstExit(figure, planned.all, gap, centre, direction, 0.3f);
            const float hard = hardReach(centre, direction);
            const float change = std::abs(reach / hard - 1.0f);
            if (change > worst) {
                worst = change;
                worstAt = x;
            }
        }
    }
    return worst;
}

TEST(BodyChainBlend, AStraightArmKeepsItsRadiusThroughElbowAndWrist) {
    // Without fingers, on over the hand's bone; with them, up to the wrist, where the palm (which
    // keeps its blend: an ellipsoid) begins.
    for (const auto& [fingers, last] : {std::pair{false, 78.0f}, std::pair{true, 71.0f}}) {
        float at = 0.0f;
        EXPECT_LT(worstBeadAlongTheLeftArm(fingers, last, at), 0.025f)
            << "at x = " << at << " cm, fingers " << fingers;
    }
}

} // namespace
} // namespace bvh
