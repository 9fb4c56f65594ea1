// The world positions of a skeleton's nodes in its rest pose (every channel zero), for tests that
// hand positions to an analysis: forward kinematics, so a rest pose's OFFSETs compose as the
// motion's frames do. Header-only.
#pragma once

#include "core/kinematics/pose.h"
#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
#include <vector>

namespace bvh::test {

inline std::vector<glm::dvec3> restPositions(const Skeleton& skeleton) {
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    computeRestTransforms(skeleton, local);
    computeWorldTransforms(skeleton, local, world);
    std::vector<glm::dvec3> positions;
    positions.reserve(world.size());
    for (const RigidTransform& transform : world) {
        positions.push_back(transform.translation);
    }
    return positions;
}

} // namespace bvh::test
