// The world transforms and positions of a skeleton's nodes in its rest pose (every channel zero),
// for tests that bind a body there or hand positions to an analysis: forward kinematics, so a
// rest pose's OFFSETs compose as the motion's frames do. Header-only.
#pragma once

#include "core/kinematics/pose.h"
#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
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
