// The CPU reference of a body's skinning, which shaders/body.vert must match: each vertex is
// moved by the normalised blend of its joints' skin transforms as dual quaternions
// (dual_quaternion.h), after its distance from its bone's axis is scaled by `thickness`.
#pragma once

#include "core/body/body_mesh.h"
#include "core/body/body_skin_plan.h"
#include "core/body/dual_quaternion.h"
#include "core/kinematics/pose.h"
#include "core/model/skeleton.h"

#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

// `world` and `restWorld`: world transforms of every skeleton node (file units) at the pose and
// in the bind pose; `parents` as Skeleton::parents (the skin frames, body_skin_frames.h). `out`
// is resized to the vertex count; `normals`, when given, too.
void skinBody(const BodyMesh& mesh, std::span<const NodeIndex> parents,
              std::span<const RigidTransform> world, std::span<const RigidTransform> restWorld,
              float thickness, std::vector<glm::vec3>& out,
              std::vector<glm::vec3>* normals = nullptr);
// The same with a kept plan of the skeleton and bind pose (body_skin_plan.h): nothing allocated
// once `scratch`, `out` and `normals` have their sizes.
void skinBody(const BodyMesh& mesh, const BodySkinPlan& plan, std::span<const RigidTransform> world,
              float thickness, BodySkinScratch& scratch, std::vector<glm::vec3>& out,
              std::vector<glm::vec3>* normals = nullptr);

// The skin transforms of every node (bodySkinFrames': world · inverse(bindWorld) with the turn
// the positions show) as dual quaternions, into `out` (resized to the smaller of the two counts).
void bodySkinTransforms(std::span<const NodeIndex> parents, std::span<const RigidTransform> world,
                        std::span<const RigidTransform> bindWorld,
                        std::vector<DualQuaternion>& out);
// The same with a kept plan: nothing allocated once `scratch` and `out` have their sizes.
void bodySkinTransforms(const BodySkinPlan& plan, std::span<const RigidTransform> world,
                        BodySkinScratch& scratch, std::vector<DualQuaternion>& out);

// One vertex skinned by `skin` (bodySkinTransforms'), as skinBody skins it: its normalised blend
// of its joints' dual quaternions.
DualQuaternion blendedSkin(const BodyVertex& vertex, std::span<const DualQuaternion> skin);
glm::dvec3 skinVertex(const BodyVertex& vertex, std::span<const DualQuaternion> skin,
                      float thickness);

} // namespace bvh
