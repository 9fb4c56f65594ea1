// The extremes of one pose: per file axis, the lowest and highest coordinate of its nodes and
// the node that holds each. The stance (stance.h) takes them for every sampled pose: its body
// size, its lowest node along each of the six signed axes (the highest along +X is the lowest
// along -X) and its ground all come from them.
//
// Pure; never throws or prints.
#pragma once

#include "core/kinematics/forward_kinematics_plan.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>
#include <limits>
#include <span>

namespace bvh {

struct PoseExtremes {
    // Without a counted node (or where no coordinate compares below the largest double, NaN),
    // low stays the largest double, high its negation, and the nodes 0.
    glm::dvec3 low{std::numeric_limits<double>::max()};
    glm::dvec3 high{-std::numeric_limits<double>::max()};
    // Per axis, the first node in node order that holds the extreme (ties: the lower index).
    std::array<std::size_t, 3> lowNode{};
    std::array<std::size_t, 3> highNode{};
};

// The extremes of `pose` (one position per node) over the nodes whose `counted` entry is not 0;
// an empty `counted` counts every node, else counted.size() == pose.size().
PoseExtremes extremesOfPose(std::span<const glm::dvec3> pose,
                            std::span<const std::uint8_t> counted = {});

// The extremes of `pose` without its first node (nodes 1 to n - 1, named by their index in
// `pose`): the figure's own extremes where node 0 is a static root (a `joint_Root` at the
// origin above the moving hips), the most common static root by far.
PoseExtremes extremesAfterFirstNode(std::span<const glm::dvec3> pose);

// The extremes of the lanes' poses, and per lane whether every coordinate of nodes 1 to n - 1
// is finite: false where one is NaN or infinite (the extremes skip NaN, so they cannot tell),
// and also where finite coordinates sum past the largest double (a caller that falls back to a
// slower exact path then loses nothing but time). `whole`: each lane's whole pose, node 0
// included, as withFirstNode(node 0's position, of[k]) gives it, to the bit and the node (the
// defaults where there is no node at all).
struct LaneExtremes {
    std::array<PoseExtremes, ForwardKinematicsPlan::kLanes> of;
    std::array<bool, ForwardKinematicsPlan::kLanes> finite{};
    std::array<PoseExtremes, ForwardKinematicsPlan::kLanes> whole;
};

// Where extremesAfterFirstNodeOfLanes writes each lane's LaneExtremes parts: per lane, a null
// pointer for a lane not wanted (a frame posed only as a neighbour of a sample).
struct LaneExtremesTargets {
    std::array<PoseExtremes*, ForwardKinematicsPlan::kLanes> of{};
    std::array<std::uint8_t*, ForwardKinematicsPlan::kLanes> finite{}; // 1 finite, 0 not
    std::array<PoseExtremes*, ForwardKinematicsPlan::kLanes> whole{};
};

// extremesAfterFirstNode of each of the ForwardKinematicsPlan::kLanes poses held in `lanes`
// (lanes[node]: the node's world transform in every lane, as computeWorldLanesOfRows leaves
// them), to the bit and the node, read where forward kinematics left them: the lanes of a
// coordinate sit side by side, so two frames are compared per instruction, where copying each
// pose out first and folding it node by node was a third of handing the poses to the stance.
// The whole poses' extremes come from them in the same pass, every lane at once, and each
// part is written where `targets` says: withFirstNode called per lane afterwards, and the
// results built in an array and copied on, cost a quarter as much again.
void extremesAfterFirstNodeOfLanes(std::span<const ForwardKinematicsPlan::LaneWorld> lanes,
                                   const LaneExtremesTargets& targets);
// Every part of every lane.
LaneExtremes extremesAfterFirstNodeOfLanes(std::span<const ForwardKinematicsPlan::LaneWorld> lanes);

// extremesOfPose of a whole pose, to the bit and the node, from its first node's position and
// extremesAfterFirstNode of it: node 0 holds an extreme where no later node lies strictly
// beyond it (the first of a tie), as the fold over every node in order gives.
PoseExtremes withFirstNode(const glm::dvec3& first, const PoseExtremes& afterFirst);

} // namespace bvh
