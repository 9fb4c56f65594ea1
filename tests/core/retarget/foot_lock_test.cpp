// Feet planted in the source stay planted on the target (issue 40, --feet lock): the hold's
// weights, the two-bone leg solve, and a crouching figure whose hips drift over planted feet.
#include "core/retarget/foot_lock.h"
#include "core/retarget/retarget.h"
#include "tests/core/retarget/retarget_test_rigs.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

namespace bvh {
namespace {

using namespace retarget_test;

TEST(FootLock, WeightsRiseAndFallOverTheBlendFramesInsideEachContact) {
    const std::vector<std::uint8_t> contact{0, 1, 1, 1, 1, 1, 1, 0};
    const std::vector<float> weights = footLockWeights(contact, 2);
    const std::vector<float> expected{0.0f, 1.0f / 3, 2.0f / 3, 1.0f,
                                      1.0f, 2.0f / 3, 1.0f / 3, 0.0f};
    ASSERT_EQ(weights.size(), expected.size());
    for (std::size_t f = 0; f < weights.size(); ++f) {
        EXPECT_FLOAT_EQ(weights[f], expected[f]) << "frame " << f;
    }
    // A contact from the clip's start is held fully there.
    const std::vector<std::uint8_t> fromStart{1, 1, 1, 0};
    EXPECT_EQ(footLockWeights(fromStart, 2), (std::vector<float>{1.0f, 2.0f / 3, 1.0f / 3, 0.0f}));
}

TEST(FootLock, TheLegSolveReachesTheGoalKeepingTheFootsRotation) {
    const Figure figure = buildFigure({});
    const Skeleton& s = figure.skeleton;
    std::vector<RigidTransform> local(s.nodeCount());
    std::vector<RigidTransform> world(s.nodeCount());
    computeRestTransforms(s, local);
    computeWorldTransforms(s, local, world);
    FootLockLeg leg{figure.node[13], figure.node[14], figure.node[15], {}, {}};
    const glm::dvec3 goal =
        world[static_cast<std::size_t>(leg.foot)].translation + glm::dvec3(3.0, 12.0, 5.0);
    const glm::dquat footBefore = world[static_cast<std::size_t>(leg.foot)].rotation;
    solveTwoBoneLeg(s, leg, goal, local, world);
    // Forward kinematics of the new local rotations puts the ankle on the goal.
    std::vector<RigidTransform> check(s.nodeCount());
    computeWorldTransforms(s, local, check);
    const auto foot = static_cast<std::size_t>(leg.foot);
    EXPECT_LT(glm::length(check[foot].translation - goal), 1e-9);
    EXPECT_LT(glm::length(world[foot].translation - goal), 1e-9);
    EXPECT_GT(std::abs(glm::dot(check[foot].rotation, footBefore)), 1.0 - 1e-12);
}

// Knees bent, feet still, the hips drifting 1 cm a second along X: every frame is a contact.
Motion crouchWithDriftingHips(const Figure& figure, std::uint32_t frames) {
    const Skeleton& s = figure.skeleton;
    Motion motion;
    motion.frameCount = frames;
    motion.channelCount = static_cast<std::uint32_t>(s.totalChannels());
    motion.frameTime = 1.0 / 30.0;
    motion.frameTimeAssumed = false;
    motion.values.assign(std::size_t{frames} * motion.channelCount, 0.0f);
    const auto xRotation = [&](std::size_t joint) { // ZXY: X is the second rotation channel
        return s.channelBegin[static_cast<std::size_t>(figure.node[joint])] +
               (joint == 0 ? 4u : 1u);
    };
    for (std::uint32_t f = 0; f < frames; ++f) {
        float* row = motion.values.data() + std::size_t{f} * motion.channelCount;
        row[0] = static_cast<float>(f / 30.0);
        row[1] = 80.0f;
        for (const std::size_t thigh : {13u, 17u}) {
            row[xRotation(thigh)] = -30.0f;
            row[xRotation(thigh + 1)] = 60.0f;
            row[xRotation(thigh + 2)] = -30.0f;
        }
    }
    return motion;
}

double ankleTravel(const Figure& target, const Motion& motion, std::size_t ankle) {
    const glm::dvec3 first = figurePositions(target, motion, 0)[ankle];
    double largest = 0.0;
    for (std::uint32_t f = 1; f < motion.frameCount; ++f) {
        largest = std::max(largest, glm::length(figurePositions(target, motion, f)[ankle] - first));
    }
    return largest;
}

TEST(FootLock, PlantedSourceFeetStayPlantedOnALongerLeggedTarget) {
    const Figure source = buildFigure({});
    const Motion motion = crouchWithDriftingHips(source, 60);
    FigureOptions longer;
    longer.names = bandaiNamcoNames();
    longer.scale = 1.3;
    const Figure target = buildFigure(longer);
    const RigRoles sourceRoles = findRigRoles(source.skeleton);
    const RigRoles targetRoles = findRigRoles(target.skeleton);
    const JointMap map = matchJointsByRole(sourceRoles, targetRoles);
    const Motion noFrames;
    for (const bool lock : {true, false}) {
        const RetargetResult result =
            retargetMotion({source.skeleton, motion, sourceRoles},
                           {target.skeleton, noFrames, targetRoles}, map, {.lockFeet = lock});
        ASSERT_TRUE(result.ok());
        for (const std::size_t ankle : {15u, 19u}) {
            // Free, the ankles follow the hips' 1.3 x 2 cm drift; locked, they do not move.
            const double travel = ankleTravel(target, result.motion, ankle);
            if (lock) {
                EXPECT_LT(travel, 1e-3) << "ankle " << ankle;
            } else {
                EXPECT_GT(travel, 2.4) << "ankle " << ankle;
            }
        }
    }
}

} // namespace
} // namespace bvh
