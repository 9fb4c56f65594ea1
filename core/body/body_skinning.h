// The CPU reference of a body's skinning, which shaders/body.vert must match: each vertex is
// moved by the normalised blend of its joints' skin transforms as dual quaternions
// (dual_quaternion.h), after its distance from its bone's axis is scaled by `thickness`.
#pragma once

#include "core/body/body_mesh.h"
#include "core/kinematics/pose.h"

#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

// `world` and `restWorld`: world transforms of every skeleton node (file units) at the pose and
// in the rest pose. `out` is resized to the vertex count; `normals`, when given, too.
void skinBody(const BodyMesh& mesh, std::span<const RigidTransform> world,
              std::span<const RigidTransform> restWorld, float thickness,
              std::vector<glm::vec3>& out, std::vector<glm::vec3>* normals = nullptr);

} // namespace bvh
