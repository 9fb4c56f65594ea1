#include "render/mesh_builder.h"

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

} // namespace

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
