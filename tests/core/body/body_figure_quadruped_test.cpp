// Quadrupeds whose joints are named (core/body/body_figure_quadruped.cpp, issue 38): a horse
// named Hips, Spine, Neck, Head, Tail and an elephant named as Character Studio names a biped
// (its front legs "arms", its trunk "Ponytail" bones under the head) get a barrel as deep as
// their legs allow, legs that taper, a head along the neck and a trunk that hangs apart; a biped
// lying in its rest pose stays a biped. Generated rigs (body_animal_skeletons.h), centimetres.
#include "core/body/body_figure.h"
#include "core/reader/document.h"
#include "tests/core/body/body_animal_skeletons.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"

#include <algorithm>
#include <array>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

using test::nodeNamed;
using test::normalised;

// The horse's front legs leave its chest (Spine2, 115 up at z = 105) at 95 up; the elephant's
// its chest (Bip01 Spine1, 200 up at z = 150) at 150. Half way along the trunk the body is at
// least 0.6 of that deep (a human's torso, 0.43 and 0.33 of it, before) and no deeper than the
// legs are long.
TEST(BodyFigureQuadruped, ANamedQuadrupedHasABarrelAsDeepAsItsLegsAllow) {
    struct Case {
        std::string text;
        const char* pelvis;
        const char* chest;
        float frontLeg;
    };
    for (const Case& rig :
         {Case{test::namedHorse().text(), "Hips", "Spine2", 95.0f},
          Case{test::characterStudioElephant().text(), "Bip01 Pelvis", "Bip01 Spine1", 150.0f}}) {
        const test::PlannedFigure planned = test::planFigure(rig.text);
        const glm::vec3 middle =
            0.5f * (normalised(planned.figure, nodeNamed(planned.skeleton, rig.pelvis)) +
                    normalised(planned.figure, nodeNamed(planned.skeleton, rig.chest)));
        const float depth = test::surfaceReach(planned, middle, {0, 1, 0}) +
                            test::surfaceReach(planned, middle, {0, -1, 0});
        const float leg = rig.frontLeg / static_cast<float>(planned.figure.size);
        EXPECT_GT(depth, 0.6f * leg) << rig.pelvis;
        EXPECT_LT(depth, 1.1f * leg) << rig.pelvis;
    }
}

// The elephant's trunk (Bip01 Ponytail1 to 4) hangs from its head (240 up at z = 205) to 45
// above the ground at z = 230, its front legs at x = +-35, z = 150. The trunk has volumes of its
// own (none before: face bones under the head), thin and apart from the legs and the ground; the
// head points along the neck, up and ahead, not down the trunk (as before).
TEST(BodyFigureQuadruped, ANamedElephantsTrunkHangsFromItsHeadApartFromItsLegs) {
    const test::PlannedFigure planned = test::planFigure(test::characterStudioElephant().text());
    const Skeleton& skeleton = planned.skeleton;
    const NodeIndex head = nodeNamed(skeleton, "Bip01 Head");
    const BodyVolume* trunk =
        test::boneVolume(planned.figure, head, nodeNamed(skeleton, "Bip01 Ponytail1"));
    ASSERT_NE(trunk, nullptr);
    // One barrel from the pelvis to the chest.
    const BodyVolume* barrel = test::boneVolume(planned.figure, nodeNamed(skeleton, "Bip01 Pelvis"),
                                                nodeNamed(skeleton, "Bip01 Spine1"));
    ASSERT_NE(barrel, nullptr);
    EXPECT_LT(trunk->radiusA, barrel->radiusA / 3.0f);
    EXPECT_GT(test::fieldAtCentimetres(planned, {17.5f, 110.0f, 190.0f}), 0.0f);
    EXPECT_GT(test::fieldAtCentimetres(planned, {0.0f, 22.0f, 230.0f}), 0.0f);
    const BodyVolume* skull = nullptr;
    for (const BodyVolume& volume : planned.figure.volumes) {
        skull =
            volume.shape == BodyVolume::Shape::Ellipsoid && volume.joint == head ? &volume : skull;
    }
    ASSERT_NE(skull, nullptr);
    const glm::vec3 along(skull->axes[0][0], skull->axes[1][0], skull->axes[2][0]); // its first row
    EXPECT_GT(along.y, 0.0f);
    EXPECT_GT(along.z, 0.0f);
    // A head of a head's size: 0.45 of the trunk's 150 long with its overshoot (0.55 of it each
    // way from the centre).
    EXPECT_NEAR(skull->radii.x * static_cast<float>(planned.figure.size), 0.55f * 0.45f * 150.3f,
                1.0f);
}

// The horse's legs: each thickest at its top and tapering bone by bone to the hoof.
TEST(BodyFigureQuadruped, ANamedQuadrupedsLegsTaper) {
    const Skeleton skeleton = parseDocument(test::namedHorse().text()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    for (const char* side : {"Left", "Right"}) {
        for (const auto& [top, knee, hoof] :
             {std::array<std::string, 3>{"FrontLeg", "FrontKnee", "FrontHoof"},
              std::array<std::string, 3>{"HindThigh", "HindShin", "HindHoof"}}) {
            const BodyVolume* upper = test::boneVolume(figure, nodeNamed(skeleton, side + top),
                                                       nodeNamed(skeleton, side + knee));
            const BodyVolume* lower = test::boneVolume(figure, nodeNamed(skeleton, side + knee),
                                                       nodeNamed(skeleton, side + hoof));
            ASSERT_NE(upper, nullptr) << side << top;
            ASSERT_NE(lower, nullptr) << side << top;
            EXPECT_GT(upper->radiusA, upper->radiusB) << side << top;
            EXPECT_NEAR(upper->radiusB, lower->radiusA, 1e-5f) << side << top;
            EXPECT_GT(lower->radiusA, lower->radiusB) << side << top;
        }
    }
}

// Bandai Namco's rest pose lies along +X: trunk along the ground, but its legs lie along it too
// (none stands under it), so it is no quadruped and keeps a human's trunk, at most 0.082 of its
// size thick (roleSize's cap).
TEST(BodyFigureQuadruped, ABipedLyingInItsRestPoseIsNoQuadruped) {
    const Skeleton skeleton = parseDocument(test::lyingBipedWalkText(3)).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    const BodyVolume* spine = test::boneVolume(figure, nodeNamed(skeleton, "mixamorig:Hips"),
                                               nodeNamed(skeleton, "mixamorig:Spine"));
    ASSERT_NE(spine, nullptr);
    EXPECT_LE(spine->radiusA, 0.0821f);
}

} // namespace
} // namespace bvh
