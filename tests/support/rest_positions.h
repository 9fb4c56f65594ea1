// The world transforms and positions of a skeleton's nodes in its rest pose (every channel zero)
// or at one frame, for tests that bind or pose a body there or hand positions to an analysis:
// forward kinematics, so a rest pose's OFFSETs compose as the motion's frames do. Header-only.
#pragma once

#include "core/kinematics/pose.h"
#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh::test {

// The world transforms of the rest pose (a body bound at rest binds at these).
inline std::vector<RigidTransform> restWorld(const Skeleton& skeleton) {
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    computeRestTransforms(skeleton, local);
    computeWorldTransforms(skeleton, local, world);
    return world;
}

// The world transforms at one frame's channel values (`row`: Motion::frame; empty for the rest
// pose), its translations read in `translation`'s mode.
inline std::vector<RigidTransform> frameWorld(const Skeleton& skeleton, std::span<const float> row,
                                              TranslationMode translation) {
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    computeLocalTransforms(skeleton, row, translation, local);
    computeWorldTransforms(skeleton, local, world);
    return world;
}

inline std::vector<glm::dvec3> restPositions(const Skeleton& skeleton) {
    const std::vector<RigidTransform> world = restWorld(skeleton);
    std::vector<glm::dvec3> positions;
    positions.reserve(world.size());
    for (const RigidTransform& transform : world) {
        positions.push_back(transform.translation);
    }
    return positions;
}

} // namespace bvh::test
