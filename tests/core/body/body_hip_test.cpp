// Where a thigh meets the hip (issue 38): a thigh whose first bone crosses the pelvis from its
// middle to the hip joint (the older MakeHuman rig's __UpLeg_R to UpLeg_R) keeps its hip's mass
// over the hip joint. Over the pelvis's middle the mass was no hierarchy neighbour of the thigh's
// bone below the hip joint, and the gap kept between the two cut a notch into the top of the
// thigh's inner side (makehuman_walk1: its surface 0.012 of the figure's size from the thigh's
// axis, whose radius there is 0.05). And a thigh split in bones along one line (MakeHuman's
// default rig) is joined to its hip's mass as a thigh of one bone is.
#include "core/body/body_grid.h"
#include "core/body/body_volumes.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_hip_rigs.h"
#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh {
namespace {

// The rig's figure in its rest pose, Z up, its grid planned as the builder plans it.
test::PlannedFigure planZUp(const std::string& text) {
    BodyOptions options;
    options.up = UpAxis::PositiveZ;
    return test::planFigure(text, options);
}

// The ellipsoid (a hip's mass, on this rig) moved by `joint`, or null.
const BodyVolume* hipMassAt(const BodyFigure& figure, NodeIndex joint) {
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.shape == BodyVolume::Shape::Ellipsoid && volume.joint == joint) {
            return &volume;
        }
    }
    return nullptr;
}

TEST(BodyHip, AThighCrossingThePelvisKeepsItsHipsMassOverTheHipJoint) {
    const test::PlannedFigure planned = planZUp(test::crossPelvisThighsBiped().text());
    for (const std::string side : {"_L", "_R"}) {
        const NodeIndex hip = test::nodeNamed(planned.skeleton, "UpLeg" + side);
        const BodyVolume* mass = hipMassAt(planned.figure, hip);
        ASSERT_NE(mass, nullptr) << side;
        // Sideways over the hip joint (the pelvis's middle lies 1.02 in, 0.06 of the height).
        const glm::vec3 joint = test::normalised(planned.figure, hip);
        EXPECT_NEAR(mass->a.x, joint.x, 0.005f) << side;
        EXPECT_EQ(hipMassAt(planned.figure, test::nodeNamed(planned.skeleton, "__UpLeg" + side)),
                  nullptr)
            << side;
    }
}

TEST(BodyHip, AThighCrossingThePelvisIsFullOnItsInnerSideBelowTheHip) {
    const test::PlannedFigure planned = planZUp(test::crossPelvisThighsBiped().text());
    const float gap = kBodyGapInCells * planned.grid.cell;
    const glm::vec3 hip =
        test::normalised(planned.figure, test::nodeNamed(planned.skeleton, "UpLeg_R"));
    const NodeIndex kneeNode = test::nodeNamed(planned.skeleton, "LoLeg_R");
    const glm::vec3 knee = test::normalised(planned.figure, kneeNode);
    const BodyVolume* thigh =
        test::boneVolume(planned.figure, test::nodeNamed(planned.skeleton, "UpLeg_R"), kneeNode);
    ASSERT_NE(thigh, nullptr);
    const glm::vec3 otherHip =
        test::normalised(planned.figure, test::nodeNamed(planned.skeleton, "UpLeg_L"));
    // From the thigh's axis towards the other thigh, over the thigh's top third: the surface lies
    // at least 0.7 of the thigh's radius out, or where the two thighs' gap begins.
    for (int step = 1; step <= 8; ++step) {
        const float along = 0.04f * static_cast<float>(step);
        const glm::vec3 centre = hip + along * (knee - hip);
        glm::vec3 inward = otherHip - hip;
        inward -= glm::normalize(knee - hip) * glm::dot(inward, glm::normalize(knee - hip));
        const float room = 0.5f * glm::length(inward) - gap;
        const float radius = thigh->radiusA + along * (thigh->radiusB - thigh->radiusA);
        const float reach =
            test::firstExit(planned.figure, planned.all, gap, centre, glm::normalize(inward), 0.2f);
        EXPECT_GE(reach, 0.7f * std::min(radius, room)) << "at " << along << " of the thigh";
    }
}

// The surface's reach from a thigh's axis over its top, from `hip` to `knee`: along each of eight
// directions round the axis (`front` the figure's facing), at every hundredth of the way from
// the hip to 0.6 of the thigh (where the hip's mass ends), in normalised units.
std::vector<std::array<float, 8>> thighTopReach(const test::PlannedFigure& planned,
                                                const glm::vec3& hip, const glm::vec3& knee,
                                                const glm::vec3& front) {
    const float gap = kBodyGapInCells * planned.grid.cell;
    const glm::vec3 axis = glm::normalize(knee - hip);
    const glm::vec3 ahead = glm::normalize(front - axis * glm::dot(front, axis));
    const glm::vec3 side = glm::cross(axis, ahead);
    std::vector<std::array<float, 8>> reach;
    for (int step = 2; step <= 60; ++step) {
        const glm::vec3 centre = hip + 0.01f * static_cast<float>(step) * (knee - hip);
        std::array<float, 8>& around = reach.emplace_back();
        for (std::size_t turn = 0; turn < around.size(); ++turn) {
            const float angle = 0.785398f * static_cast<float>(turn);
            const glm::vec3 direction = std::cos(angle) * ahead + std::sin(angle) * side;
            around[turn] =
                test::firstExit(planned.figure, planned.all, gap, centre, direction, 0.3f);
        }
    }
    return reach;
}

// thighTopReach of the right thigh of a shortSpineBiped (test::shortSpineBiped), upward +Z.
std::vector<std::array<float, 8>> rightThighTopReach(const test::PlannedFigure& planned) {
    const auto at = [&](const std::string& name) {
        return test::normalised(planned.figure, test::nodeNamed(planned.skeleton, name));
    };
    return thighTopReach(planned, at("upperleg01.R"), at("lowerleg01.R"), glm::vec3(0, 0, 1));
}

// The volume of a shortSpineBiped's right thigh bone (its first, when the thigh is split).
const BodyVolume* rightThigh(const test::PlannedFigure& planned) {
    return test::boneVolume(planned.figure, test::nodeNamed(planned.skeleton, "upperleg01.R"),
                            test::nodeNamed(planned.skeleton, "lowerleg01.R"));
}

// MakeHuman's default rig splits each thigh in two bones along one line (upperleg01 a fifth of
// the way to upperleg02, then to the knee). Its hip's mass reaches past the split: joined only to
// the first bone, it met the second by a hard union, and the surface over the thigh's top lay up
// to 0.0124 of the figure (a quarter of the thigh's radius) inside the one-bone thigh's: a notch
// round the thigh where the mass ends. Blended with both bones, the split thigh's surface is the
// one bone's, a little fuller where the mass meets both (each adds its blend). (On the side
// towards the other thigh the gap between the thighs decides, not the mass.) Since the thigh keeps
// its fullest to kThighFullTo of its run and the mass (the buttock) is sized from it, the split
// thigh's surface lies up to 0.0033 of the figure inside the one bone's (at 0.30-0.32 of the
// thigh, behind and to the side, where the mass's lower end meets the thigh's turn into its taper;
// the bound was 0.002) and up to 0.106 of the thigh's radius outside it (the bound was 0.1): still
// far from the notch's 0.0124.
TEST(BodyHip, AThighSplitInTwoBonesAlongOneLineHasTheSurfaceOfOneBone) {
    const test::PlannedFigure whole = test::planFigure(test::shortSpineBiped().text());
    const test::PlannedFigure split = test::planFigure(test::shortSpineBiped(0.2).text());
    const std::vector<std::array<float, 8>> one = rightThighTopReach(whole);
    const std::vector<std::array<float, 8>> two = rightThighTopReach(split);
    const BodyVolume* thigh = rightThigh(whole);
    ASSERT_NE(thigh, nullptr);
    constexpr std::size_t kTowardsOtherThigh = 6; // +X, from the right thigh
    for (std::size_t k = 0; k < one.size(); ++k) {
        for (std::size_t turn = 0; turn < 8; ++turn) {
            if (turn == kTowardsOtherThigh) {
                continue;
            }
            SCOPED_TRACE("at " + std::to_string(0.02f + 0.01f * static_cast<float>(k)) +
                         " of the thigh, direction " + std::to_string(turn));
            EXPECT_GT(two[k][turn], one[k][turn] - 0.004f);
            EXPECT_LT(two[k][turn], one[k][turn] + 0.12f * thigh->radiusA);
        }
    }
}

// The crotch of a thigh split in two bones along one line (MakeHuman's upperleg01 and upperleg02,
// the split a fifth to a half of the way down): the two thighs are bridged below the pelvis as
// thighs of one bone are. Bridged only from the bones before each thigh's first bone, the second
// bones kept their gap wall up into the crotch: it ended at 0.39 of the thigh instead of 0.42, its
// inner side two of the thigh's radii inside the one bone's there.
TEST(BodyHip, AThighSplitInTwoBonesMeetsTheOtherThighAsOneBoneDoes) {
    const test::PlannedFigure whole = test::planFigure(test::shortSpineBiped().text());
    const std::vector<std::array<float, 8>> one = rightThighTopReach(whole);
    const BodyVolume* thigh = rightThigh(whole);
    ASSERT_NE(thigh, nullptr);
    constexpr std::size_t kTowardsOtherThigh = 6; // +X, from the right thigh
    for (const double split : {0.2, 0.35, 0.5}) {
        const test::PlannedFigure planned = test::planFigure(test::shortSpineBiped(split).text());
        const std::vector<std::array<float, 8>> two = rightThighTopReach(planned);
        for (std::size_t k = 0; k < one.size(); ++k) {
            SCOPED_TRACE("split at " + std::to_string(split) + ", at " +
                         std::to_string(0.02f + 0.01f * static_cast<float>(k)) + " of the thigh");
            // The crotch ends where the one bone's does, to a sample (the reach falls from across
            // the crotch, 0.18, to the thigh's own, 0.06, at 0.43 of the thigh, where the two
            // thighs part; on main it fell at 0.39 to 0.40, two radii short), and the split joint
            // adds no more than a fifth of a radius (its blend, as on the thigh's other sides).
            const std::size_t before = k > 0 ? k - 1 : k;
            const std::size_t after = std::min(k + 1, one.size() - 1);
            EXPECT_GT(two[k][kTowardsOtherThigh],
                      std::min(one[before][kTowardsOtherThigh], one[after][kTowardsOtherThigh]) -
                          0.1f * thigh->radiusA);
            EXPECT_LT(two[k][kTowardsOtherThigh],
                      std::max(one[before][kTowardsOtherThigh], one[after][kTowardsOtherThigh]) +
                          0.25f * thigh->radiusA);
        }
    }
}

} // namespace
} // namespace bvh
