#include "render/draw/body_mesh_gpu.h"

#include <algorithm>
#include <glm/geometric.hpp>

namespace bvhscope::render {

BodyMeshGpu BodyMeshGpu::upload(std::span<const SkinnedVertex> vertices,
                                std::span<const std::uint32_t> indices,
                                std::span<const SkinnedMeshLevel> levels,
                                const glm::vec3& boundsMin, const glm::vec3& boundsMax) {
    BodyMeshGpu mesh;
    // A level naming a vertex that is not there would read past the buffer: dropped.
    for (const SkinnedMeshLevel& level : levels) {
        const std::uint64_t end = std::uint64_t{level.firstIndex} + level.indexCount;
        if (level.indexCount >= 3 && end <= indices.size() &&
            std::all_of(indices.begin() + level.firstIndex, indices.begin() + end,
                        [&](std::uint32_t index) { return index < vertices.size(); })) {
            mesh.levels_.push_back(level);
        }
    }
    if (mesh.levels_.empty() || vertices.empty()) {
        return {};
    }
    for (const SkinnedVertex& vertex : vertices) {
        for (const std::uint16_t joint : vertex.joints) {
            mesh.maxJointIndex_ = std::max<std::uint32_t>(mesh.maxJointIndex_, joint);
        }
    }
    mesh.restCentre_ = 0.5f * (boundsMin + boundsMax);
    mesh.restRadius_ = 0.5f * glm::length(boundsMax - boundsMin);
    mesh.byteSize_ = vertices.size_bytes() + indices.size_bytes();

    mesh.vertexArray_ = createVertexArray();
    mesh.vertices_ = createBuffer();
    mesh.indices_ = createBuffer();
    glBindVertexArray(mesh.vertexArray_.id());
    glBindBuffer(GL_ARRAY_BUFFER, mesh.vertices_.id());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size_bytes()), vertices.data(),
                 GL_STATIC_DRAW);
    constexpr GLsizei kStride = sizeof(SkinnedVertex);
    const struct {
        GLuint location;
        GLint components;
        std::size_t offset;
    } floatAttributes[] = {{0, 3, offsetof(SkinnedVertex, position)},
                           {1, 3, offsetof(SkinnedVertex, normal)},
                           {2, 3, offsetof(SkinnedVertex, axisPoint)},
                           {4, 4, offsetof(SkinnedVertex, weights)}};
    for (const auto& attribute : floatAttributes) {
        glEnableVertexAttribArray(attribute.location);
        glVertexAttribPointer(attribute.location, attribute.components, GL_FLOAT, GL_FALSE, kStride,
                              byteOffset(attribute.offset));
    }
    // Node indices stay integers (a float attribute would round them past 2^24 and cost a
    // conversion); body.vert declares it uvec4.
    glEnableVertexAttribArray(3);
    glVertexAttribIPointer(3, 4, GL_UNSIGNED_SHORT, kStride,
                           byteOffset(offsetof(SkinnedVertex, joints)));
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, mesh.indices_.id());
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size_bytes()),
                 indices.data(), GL_STATIC_DRAW);
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    return mesh;
}

} // namespace bvhscope::render
