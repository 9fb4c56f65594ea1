// The smooth union where one limb's bones continue each other (continuingLinkRaise): no bead
// round a straight joint, and the full blend, which fills the crease, where the limb bends.
#include "core/body/body_figure_builder.h"
#include "core/body/body_volumes.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
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
    // So do a trunk's bones, a hand's (one mass), and volumes thickened to the grid.
    for (const NodeIndex mass : {kTrunkMass, NodeIndex{7}}) {
        cones = twoBones(0.0f);
        cones[0].mass = mass;
        cones[1].mass = mass;
        EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f) << mass;
    }
    cones = twoBones(0.0f);
    cones[0].mass = 7; // one bone a hand's (mass 7), the other of no mass: still a limb
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[1], cones[0]), 1.0f);
    cones[1].belowGrid = true;
    EXPECT_FLOAT_EQ(continuingLinkRaise(cones[0], cones[1]), 0.0f);
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
