#include "render/math/mesh_builder.h"

#include <cassert>
#include <cmath>

namespace bvhscope::render {

namespace {
constexpr float kPi = 3.14159265358979f;
} // namespace

UnitMesh buildCapsuleMesh(int segments, int rings) {
    assert(segments >= 2 && rings >= 1 && "a capsule needs at least 2 segments and 1 ring");
    UnitMesh mesh;
    // Rows from the top pole to the equator (riding at the end), then the equator again down
    // to the bottom pole (riding at the start): the band between the two equators is the
    // cylinder.
    const int rows = 2 * (rings + 1);
    for (int row = 0; row < rows; ++row) {
        const bool upperHalf = row <= rings;
        const int ringIndex = upperHalf ? row : row - 1;
        const float polar = kPi * static_cast<float>(ringIndex) / static_cast<float>(2 * rings);
        for (int segment = 0; segment <= segments; ++segment) {
            const float azimuth =
                2.0f * kPi * static_cast<float>(segment) / static_cast<float>(segments);
            const glm::vec3 direction(std::sin(polar) * std::cos(azimuth), std::cos(polar),
                                      std::sin(polar) * std::sin(azimuth));
            mesh.vertices.push_back({direction, upperHalf ? 1.0f : 0.0f});
        }
    }
    const int stride = segments + 1;
    for (int row = 0; row + 1 < rows; ++row) {
        for (int segment = 0; segment < segments; ++segment) {
            const auto a = static_cast<std::uint16_t>(row * stride + segment);
            const auto b = static_cast<std::uint16_t>(a + 1);
            const auto c = static_cast<std::uint16_t>(a + stride);
            const auto d = static_cast<std::uint16_t>(c + 1);
            // Rows go down from the top pole and segments turn from +x towards +z: a, b, c is
            // counter-clockwise seen from outside.
            mesh.indices.insert(mesh.indices.end(), {a, b, c, b, d, c});
        }
    }
    return mesh;
}

UnitMesh buildOctahedronMesh() {
    constexpr float kRing = 0.12f; // where the widest part sits along the bone
    UnitMesh mesh;
    mesh.vertices = {
        {{0.0f, 0.0f, 0.0f}, 0.0f},   {{1.0f, 0.0f, 0.0f}, kRing},  {{0.0f, 0.0f, 1.0f}, kRing},
        {{-1.0f, 0.0f, 0.0f}, kRing}, {{0.0f, 0.0f, -1.0f}, kRing}, {{0.0f, 0.0f, 0.0f}, 1.0f},
    };
    for (std::uint16_t i = 0; i < 4; ++i) {
        const auto ring = static_cast<std::uint16_t>(1 + i);
        const auto next = static_cast<std::uint16_t>(1 + (i + 1) % 4);
        mesh.indices.insert(mesh.indices.end(), {0, ring, next, ring, 5, next});
    }
    return mesh;
}

UnitMesh buildLineMesh() {
    // A triangular prism, not GL_LINES: a rasteriser draws nothing for a line segment shorter
    // than a pixel, while triangles that tile a strip cover its pixels however short each one
    // is. Its width comes from the shader's minimum on-screen radius (skeleton.vert).
    UnitMesh mesh;
    constexpr int kSides = 3;
    for (int side = 0; side < kSides; ++side) {
        const float angle = 2.0f * kPi * static_cast<float>(side) / kSides;
        const glm::vec3 direction{std::cos(angle), 0.0f, std::sin(angle)};
        mesh.vertices.push_back({direction, 0.0f});
        mesh.vertices.push_back({direction, 1.0f});
    }
    for (int side = 0; side < kSides; ++side) {
        const auto a = static_cast<std::uint16_t>(2 * side);
        const auto b = static_cast<std::uint16_t>(2 * ((side + 1) % kSides));
        mesh.indices.insert(mesh.indices.end(),
                            {a, b, static_cast<std::uint16_t>(a + 1), b,
                             static_cast<std::uint16_t>(b + 1), static_cast<std::uint16_t>(a + 1)});
    }
    return mesh;
}

} // namespace bvhscope::render
