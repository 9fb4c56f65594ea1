#include "core/gltf/gltf_body.h"

#include "core/kinematics/pose.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <glm/geometric.hpp>

namespace bvh::gltf {
namespace {

void appendFloat(std::string& bytes, float value) {
    static_assert(std::endian::native == std::endian::little, "glTF buffers are little-endian");
    char raw[4];
    std::memcpy(raw, &value, 4);
    bytes.append(raw, 4);
}

void appendUnsigned16(std::string& bytes, std::uint16_t value) {
    bytes.push_back(static_cast<char>(value & 0xFFu));
    bytes.push_back(static_cast<char>(value >> 8));
}

void appendUnsigned32(std::string& bytes, std::uint32_t value) {
    for (int shift = 0; shift < 32; shift += 8) {
        bytes.push_back(static_cast<char>((value >> shift) & 0xFFu));
    }
}

} // namespace

BodyBuffer makeBodyBuffer(const BodyMesh& mesh, const Skeleton& skeleton,
                          const SpaceChange& space) {
    BodyBuffer body;
    const BodyDetailLevel finest = mesh.levels.empty() ? BodyDetailLevel{} : mesh.levels.front();
    body.vertexCount = mesh.vertices.size();
    body.indexCount = finest.indexCount;
    body.jointCount = skeleton.nodeCount();
    std::string& bytes = body.bytes;

    body.positionsOffset = bytes.size();
    body.positionMin = {1e30f, 1e30f, 1e30f};
    body.positionMax = {-1e30f, -1e30f, -1e30f};
    for (const BodyVertex& vertex : mesh.vertices) {
        const glm::dvec3 p = space.position(glm::dvec3(vertex.position));
        for (int axis = 0; axis < 3; ++axis) {
            const auto value = static_cast<float>(p[axis]);
            appendFloat(bytes, value);
            body.positionMin[static_cast<std::size_t>(axis)] =
                std::min(body.positionMin[static_cast<std::size_t>(axis)], value);
            body.positionMax[static_cast<std::size_t>(axis)] =
                std::max(body.positionMax[static_cast<std::size_t>(axis)], value);
        }
    }
    body.normalsOffset = bytes.size();
    for (const BodyVertex& vertex : mesh.vertices) {
        // The turn is a signed permutation: a unit normal stays unit.
        const glm::dvec3 n = glm::normalize(space.turn * glm::dvec3(vertex.normal));
        for (int axis = 0; axis < 3; ++axis) {
            appendFloat(bytes, static_cast<float>(n[axis]));
        }
    }
    body.jointsOffset = bytes.size();
    for (const BodyVertex& vertex : mesh.vertices) {
        for (std::size_t k = 0; k < 4; ++k) {
            // Unused slots point at joint 0 with weight 0, as glTF asks.
            appendUnsigned16(bytes, vertex.weights[k] > 0.0f ? vertex.joints[k] : std::uint16_t{0});
        }
    }
    body.weightsOffset = bytes.size();
    for (const BodyVertex& vertex : mesh.vertices) {
        // glTF wants the weights' sum 1 as stored: the first takes what rounding left over.
        float rest = 0.0f;
        for (std::size_t k = 1; k < 4; ++k) {
            rest += vertex.weights[k];
        }
        appendFloat(bytes, static_cast<float>(1.0 - static_cast<double>(rest)));
        for (std::size_t k = 1; k < 4; ++k) {
            appendFloat(bytes, vertex.weights[k]);
        }
    }
    body.inverseBindsOffset = bytes.size();
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    computeRestTransforms(skeleton, local);
    computeWorldTransforms(skeleton, local, world);
    for (const RigidTransform& rest : world) {
        // The inverse of a translation by t, column-major: identity with -t in the last column.
        const glm::dvec3 t = space.position(rest.translation);
        const float matrix[16] = {1,
                                  0,
                                  0,
                                  0,
                                  0,
                                  1,
                                  0,
                                  0,
                                  0,
                                  0,
                                  1,
                                  0,
                                  static_cast<float>(-t.x),
                                  static_cast<float>(-t.y),
                                  static_cast<float>(-t.z),
                                  1};
        for (const float value : matrix) {
            appendFloat(bytes, value);
        }
    }
    body.indicesOffset = bytes.size();
    for (std::uint32_t i = 0; i < finest.indexCount; ++i) {
        appendUnsigned32(bytes, mesh.indices[finest.firstIndex + i]);
    }
    return body;
}

} // namespace bvh::gltf
