// A body: a closed, skinned triangle mesh built from a skeleton alone (body_builder.h), in its
// bind pose (body_bind_pose.h), in the file's axes and units. The renderer skins it on the GPU with
// dual quaternions (dual_quaternion.h, body_skinning.h give the CPU reference it must match).
#pragma once

#include "core/kinematics/pose.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>
#include <vector>

namespace bvh {

// One vertex of a body in the bind pose, in the file's axes and units. Laid out for the GPU (60
// bytes).
struct BodyVertex {
    glm::vec3 position{0.0f};
    glm::vec3 normal{0.0f, 1.0f, 0.0f}; // outward, unit
    // The nearest point on the axis of the bone whose volume this vertex lies on (bind pose, file
    // units): a thickness factor t draws axisPoint + t * (position - axisPoint).
    glm::vec3 axisPoint{0.0f};
    std::array<std::uint16_t, 4> joints{}; // skeleton node indices whose transforms move the vertex
    std::array<float, 4> weights{};        // descending, sum to 1; unused slots weight 0
};
static_assert(sizeof(BodyVertex) == 60);

// A range of BodyMesh::indices that is one whole, closed mesh.
struct BodyDetailLevel {
    std::uint32_t firstIndex = 0;
    std::uint32_t indexCount = 0;
};

struct BodyMesh {
    std::vector<BodyVertex> vertices;
    std::vector<std::uint32_t> indices; // triangles, counter-clockwise seen from outside
    // Finest first (at least one); each a closed mesh over `vertices`.
    std::vector<BodyDetailLevel> levels;
    // Per skeleton node: the volume radius of the bone ending at the node (file units), 0 where
    // none (picking).
    std::vector<float> nodeRadii;
    // The finest level's vertices, each once: posed, they are the drawn body's outline, so that
    // framing, which fits them, cuts nothing off (at most 4 000 vertices skinned per framing).
    std::vector<std::uint32_t> outlineVertices;
    // Per skeleton node: its world transform in the pose the body is made and bound in (file
    // units). Skin transforms are taken against it: S = world · inverse(bindWorld).
    std::vector<RigidTransform> bindWorld;
    glm::vec3 boundsMin{0.0f}, boundsMax{0.0f}; // bind pose, file units
    std::size_t byteSize() const;               // memory held
};

} // namespace bvh
