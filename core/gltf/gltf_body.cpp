#include "core/gltf/gltf_body.h"

#include "core/kinematics/pose.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

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

// The inverse of a node's bind transform in glTF's space (its rotation turned, its translation
// turned and scaled: SpaceChange), column-major: a rigid transform, so its inverse is the
// transposed rotation and -Rᵀ t.
void appendInverseBind(std::string& bytes, const RigidTransform& bind, const SpaceChange& space) {
    const glm::dmat3 rotation = glm::mat3_cast(space.rotation(bind.rotation));
    const glm::dmat3 inverse = glm::transpose(rotation);
    const glm::dvec3 t = -(inverse * space.position(bind.translation));
    for (int column = 0; column < 3; ++column) {
        for (int row = 0; row < 3; ++row) {
            appendFloat(bytes, static_cast<float>(inverse[column][row]));
        }
        appendFloat(bytes, 0.0f);
    }
    for (int row = 0; row < 3; ++row) {
        appendFloat(bytes, static_cast<float>(t[row]));
    }
    appendFloat(bytes, 1.0f);
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
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        appendInverseBind(
            bytes, node < mesh.bindWorld.size() ? mesh.bindWorld[node] : RigidTransform{}, space);
    }
    body.indicesOffset = bytes.size();
    for (std::uint32_t i = 0; i < finest.indexCount; ++i) {
        appendUnsigned32(bytes, mesh.indices[finest.firstIndex + i]);
    }
    return body;
}

} // namespace bvh::gltf
