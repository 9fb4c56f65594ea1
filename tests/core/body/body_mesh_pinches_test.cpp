// Sheets a simplification pinched into one edge, separated again (body_mesh_pinches.h).
#include "core/body/body_mesh_checks.h"
#include "core/body/body_mesh_pinches.h"

#include <gtest/gtest.h>
#include <vector>

namespace bvh {
namespace {

// Two tetrahedra, each closed and outward, sharing the edge 0-1: four triangles on that edge,
// two in each direction, as a collapse leaves two sheets of a thin slot folded together.
const std::vector<glm::vec3> kTwoTetrahedra = {
    {0, 0, 0}, {1, 0, 0}, {0.5f, 1, 0.2f}, {0.5f, 0.5f, 1}, {0.5f, -1, 0.2f}, {0.5f, -0.5f, -1}};
const std::vector<std::uint32_t> kTwoTetrahedraFaces = {
    0, 1, 2, 0, 3, 1, 1, 3, 2, 0, 2, 3, // first
    0, 4, 1, 0, 1, 5, 1, 4, 5, 0, 5, 4, // second
};

TEST(BodyMeshPinches, TwoSheetsOnOneEdgeGetAnEdgeEach) {
    std::vector<glm::vec3> positions = kTwoTetrahedra;
    std::vector<std::uint32_t> indices = kTwoTetrahedraFaces;
    ASSERT_FALSE(isClosedSurface(indices));
    EXPECT_EQ(separatePinchedSheets(positions, indices), 2u);
    EXPECT_TRUE(isClosedSurface(indices));
    ASSERT_EQ(positions.size(), kTwoTetrahedra.size() + 2);
    // The copies of 0 and 1 stand where they did; the first tetrahedron keeps the originals.
    EXPECT_EQ(positions[6], kTwoTetrahedra[0]);
    EXPECT_EQ(positions[7], kTwoTetrahedra[1]);
    EXPECT_EQ(
        std::vector<std::uint32_t>(indices.begin(), indices.begin() + 12),
        std::vector<std::uint32_t>(kTwoTetrahedraFaces.begin(), kTwoTetrahedraFaces.begin() + 12));
    EXPECT_GT(signedVolume(positions, indices), 0.0);
}

TEST(BodyMeshPinches, AClosedSurfaceIsLeftAsItIs) {
    std::vector<glm::vec3> positions = kTwoTetrahedra;
    std::vector<std::uint32_t> indices(kTwoTetrahedraFaces.begin(),
                                       kTwoTetrahedraFaces.begin() + 12);
    const std::vector<std::uint32_t> before = indices;
    EXPECT_EQ(separatePinchedSheets(positions, indices), 0u);
    EXPECT_EQ(indices, before);
    EXPECT_EQ(positions.size(), kTwoTetrahedra.size());
}

} // namespace
} // namespace bvh
