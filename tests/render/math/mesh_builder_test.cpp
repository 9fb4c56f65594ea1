#include "render/math/mesh_builder.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>

using namespace bvhscope::render;

namespace {

void expectValidTriangles(const UnitMesh& mesh) {
    ASSERT_FALSE(mesh.indices.empty());
    EXPECT_EQ(mesh.indices.size() % 3, 0u);
    for (const std::uint16_t index : mesh.indices) {
        EXPECT_LT(index, mesh.vertices.size());
    }
}

// Where a vertex lands for a bone from the origin up the y axis (skeleton.vert's frame for
// that direction is x, y, z).
glm::vec3 placed(const BoneVertex& vertex, float length, float radius) {
    return glm::vec3(0.0f, vertex.along * length, 0.0f) + radius * vertex.direction;
}

// Every triangle of a convex closed mesh, placed on a bone, is counter-clockwise seen from
// outside: its normal (b - a) x (c - a) points away from the middle. Triangles of no area (at
// a capsule's poles, and its cylinder when start == end) have no side.
void expectCounterClockwiseOutside(const UnitMesh& mesh, float length, float radius) {
    glm::vec3 middle(0.0f);
    for (const BoneVertex& vertex : mesh.vertices) {
        middle += placed(vertex, length, radius);
    }
    middle /= static_cast<float>(mesh.vertices.size());
    int checked = 0;
    for (std::size_t i = 0; i + 2 < mesh.indices.size(); i += 3) {
        const glm::vec3 a = placed(mesh.vertices[mesh.indices[i]], length, radius);
        const glm::vec3 b = placed(mesh.vertices[mesh.indices[i + 1]], length, radius);
        const glm::vec3 c = placed(mesh.vertices[mesh.indices[i + 2]], length, radius);
        const glm::vec3 normal = glm::cross(b - a, c - a);
        if (glm::length(normal) < 1e-5f * radius * radius) {
            continue;
        }
        ++checked;
        EXPECT_GT(glm::dot(normal, (a + b + c) / 3.0f - middle), 0.0f) << "triangle " << i / 3;
    }
    // A joint's cylinder band has no height, and half of each pole's band meets at the pole.
    EXPECT_GE(checked, static_cast<int>(mesh.indices.size() / 3) / 3);
}

} // namespace

TEST(MeshBuilder, ClosedMeshesAreCounterClockwiseSeenFromOutside) {
    for (const auto& [segments, rings] : {std::pair{12, 4}, {8, 2}, {6, 1}, {14, 6}, {8, 3}}) {
        SCOPED_TRACE(testing::Message() << segments << " segments, " << rings << " rings");
        expectCounterClockwiseOutside(buildCapsuleMesh(segments, rings), 1.0f, 0.1f); // a bone
        expectCounterClockwiseOutside(buildCapsuleMesh(segments, rings), 0.0f, 0.1f); // a joint
    }
    expectCounterClockwiseOutside(buildOctahedronMesh(), 1.0f, 0.1f);
}

TEST(MeshBuilder, CapsuleIsAUnitSphereSplitBetweenTheEnds) {
    const UnitMesh mesh = buildCapsuleMesh(12, 4);
    expectValidTriangles(mesh);
    for (const BoneVertex& vertex : mesh.vertices) {
        EXPECT_NEAR(glm::length(vertex.direction), 1.0f, 1e-5f);
        // Upper half rides at the end, lower half at the start.
        if (vertex.direction.y > 1e-4f) {
            EXPECT_EQ(vertex.along, 1.0f);
        } else if (vertex.direction.y < -1e-4f) {
            EXPECT_EQ(vertex.along, 0.0f);
        }
    }
    EXPECT_TRUE(std::any_of(mesh.vertices.begin(), mesh.vertices.end(),
                            [](const BoneVertex& v) { return v.direction.y > 0.99f; }));
    EXPECT_TRUE(std::any_of(mesh.vertices.begin(), mesh.vertices.end(),
                            [](const BoneVertex& v) { return v.direction.y < -0.99f; }));
}

TEST(MeshBuilder, OctahedronHasEightFacesFromStartToTip) {
    const UnitMesh mesh = buildOctahedronMesh();
    expectValidTriangles(mesh);
    EXPECT_EQ(mesh.indices.size(), 24u);
    EXPECT_EQ(mesh.vertices.front().along, 0.0f);
    EXPECT_EQ(mesh.vertices.back().along, 1.0f);
}

TEST(MeshBuilder, LineIsAThinPrismFromStartToEnd) {
    // Triangles, not a GL_LINES pair: a line segment shorter than a pixel rasterises to nothing.
    const UnitMesh mesh = buildLineMesh();
    expectValidTriangles(mesh);
    EXPECT_EQ(mesh.indices.size(), 18u); // three sides, two triangles each
    int atStart = 0;
    int atEnd = 0;
    for (const BoneVertex& vertex : mesh.vertices) {
        EXPECT_NEAR(glm::length(vertex.direction), 1.0f, 1e-6f); // widened by the radius
        EXPECT_EQ(vertex.direction.y, 0.0f);                     // across the bone only
        (vertex.along == 0.0f ? atStart : atEnd) += 1;
    }
    EXPECT_EQ(atStart, 3);
    EXPECT_EQ(atEnd, 3);
}
