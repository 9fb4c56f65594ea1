// What a skinned body is made of on the GPU side, GL-free: its vertices (the same 60-byte layout
// as the core's bvh::BodyVertex, which the app static_asserts and passes as bytes), its levels
// of detail, the per-node skin transforms as dual quaternions, and the choice of a level by
// on-screen size. The renderer knows nothing of BVH: nodes are indices into plain arrays.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <span>

namespace bvhscope::render {

// One vertex in the rest pose, in the mesh's own axes and units (the model matrix takes it to
// the world). Uploaded as is: shaders/body.vert reads these five attributes.
struct SkinnedVertex {
    glm::vec3 position{0.0f};
    glm::vec3 normal{0.0f, 1.0f, 0.0f}; // outward, unit
    // The nearest point on the axis of the bone whose volume the vertex lies on: a thickness t
    // draws axisPoint + t * (position - axisPoint), before skinning.
    glm::vec3 axisPoint{0.0f};
    std::array<std::uint16_t, 4> joints{}; // node indices whose transforms move the vertex
    std::array<float, 4> weights{};        // descending, sum to 1; unused slots weight 0
};
static_assert(sizeof(SkinnedVertex) == 60, "SkinnedVertex is uploaded as is");
static_assert(offsetof(SkinnedVertex, normal) == 12);
static_assert(offsetof(SkinnedVertex, axisPoint) == 24);
static_assert(offsetof(SkinnedVertex, joints) == 36);
static_assert(offsetof(SkinnedVertex, weights) == 44);

// A range of the mesh's indices that is one whole closed mesh (a level of detail).
struct SkinnedMeshLevel {
    std::uint32_t firstIndex = 0;
    std::uint32_t indexCount = 0;
};

// A node's skin transform S (rest pose to this pose, p' = q p q* + t) as a unit dual quaternion,
// the layout body.vert reads: real = q, dual = 0.5 * (0, t) * q, each stored as (x, y, z, w)
// with w the scalar part (glm::vec4(q.x, q.y, q.z, q.w)). 32 bytes, two RGBA32F texels.
struct SkinDualQuaternion {
    glm::vec4 real{0.0f, 0.0f, 0.0f, 1.0f};
    glm::vec4 dual{0.0f};
};
static_assert(sizeof(SkinDualQuaternion) == 32, "SkinDualQuaternion is uploaded as is");

// The dual quaternion of "rotate by `rotation` (unit), then translate by `translation`".
SkinDualQuaternion skinDualQuaternion(const glm::quat& rotation, const glm::vec3& translation);

// Applies a unit dual quaternion to a point (the CPU twin of body.vert's skinning, for one
// transform).
glm::vec3 transformPoint(const SkinDualQuaternion& transform, const glm::vec3& point);

// The level of detail to draw for a body whose bounding sphere covers `pixelRadius` pixels on
// screen: the finest level with at most kBodyTrianglesPerSquarePixel * pixelRadius^2 triangles,
// else the coarsest. A figure 100 pixels tall gets about 1 250 triangles, one 500 pixels tall
// about 31 000: on a software rasteriser (llvmpipe) every triangle costs CPU time, and fifty
// small figures at full detail would cost millions. pixelRadius <= 0 or not finite: the finest.
// `levels` finest first; an empty span gives 0.
inline constexpr float kBodyTrianglesPerSquarePixel = 0.5f;
std::size_t bodyDetailLevel(std::span<const SkinnedMeshLevel> levels, float pixelRadius);

} // namespace bvhscope::render
