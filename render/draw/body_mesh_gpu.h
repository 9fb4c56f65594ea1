// A skinned body mesh uploaded to the GPU: vertex and index buffers with their vertex array
// (the attributes shaders/body.vert reads), its levels of detail and rest-pose bounds. Move-only
// like every GL owner (render/gl/gl_objects.h); the context must be current when it is made and
// destroyed.
#pragma once

#include "render/gl/gl_objects.h"
#include "render/math/skinned_mesh.h"

#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvhscope::render {

class BodyMeshGpu {
public:
    BodyMeshGpu() = default; // empty: nothing to draw

    // Uploads the mesh. Levels that reach past `indices` are dropped, as is everything when no
    // level is left or there are no vertices (the result is then empty). `boundsMin`/`boundsMax`:
    // the rest pose's bounds in the mesh's units (levels of detail are chosen by their size).
    static BodyMeshGpu upload(std::span<const SkinnedVertex> vertices,
                              std::span<const std::uint32_t> indices,
                              std::span<const SkinnedMeshLevel> levels, const glm::vec3& boundsMin,
                              const glm::vec3& boundsMax);

    explicit operator bool() const { return !levels_.empty(); }
    const std::vector<SkinnedMeshLevel>& levels() const { return levels_; }
    GLuint vertexArray() const { return vertexArray_.id(); }
    // The rest pose's bounding sphere, in the mesh's units.
    glm::vec3 restCentre() const { return restCentre_; }
    float restRadius() const { return restRadius_; }
    // The largest joint index any vertex names: a draw needs more node transforms than this.
    std::uint32_t maxJointIndex() const { return maxJointIndex_; }
    // GPU memory held (vertex and index buffers).
    std::size_t byteSize() const { return byteSize_; }

private:
    VertexArray vertexArray_;
    Buffer vertices_;
    Buffer indices_;
    std::vector<SkinnedMeshLevel> levels_;
    glm::vec3 restCentre_{0.0f};
    float restRadius_ = 0.0f;
    std::uint32_t maxJointIndex_ = 0;
    std::size_t byteSize_ = 0;
};

} // namespace bvhscope::render
