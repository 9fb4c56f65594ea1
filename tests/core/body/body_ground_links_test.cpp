// A root joint on the ground under the hips (core/body/body_ground_links.h): its link up to the
// hips gets no volume, so the legs stand apart instead of inside one column from the floor.
#include "core/analysis/goal_branches.h"
#include "core/body/body_builder.h"
#include "core/body/body_ground_links.h"
#include "core/reader/document.h"
#include "tests/core/body/body_ground_root_rigs.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/core/body/body_unreal_rig.h"
#include "tests/support/rest_positions.h"

#include <algorithm>
#include <gtest/gtest.h>

namespace bvh {
namespace {

TEST(BodyGroundLinks, ARootOnTheGroundUnderTheHipsLinksToThem) {
    const Document document = parseDocument(test::groundRootWalkText(2));
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    const std::vector<NodeIndex> links =
        linksFromGroundRoots(skeleton, test::restPositions(skeleton), {0.0, 1.0, 0.0});
    ASSERT_EQ(links.size(), 1u);
    EXPECT_EQ(skeleton.names[static_cast<std::size_t>(links[0])], "Hips");
    // Seen with Z up, the same rig lies: the root is no lower than the rest, and nothing is left
    // out.
    EXPECT_TRUE(
        linksFromGroundRoots(skeleton, test::restPositions(skeleton), {0.0, 0.0, 1.0}).empty());
}

TEST(BodyGroundLinks, HipsAtTheRootAndARootAtTheHipsAreNoGroundLinks) {
    // Mixamo's hips are the root, with the legs and the spine as children.
    const Document mixamo = parseDocument(test::mixamoBipedText());
    ASSERT_TRUE(mixamo.loaded());
    EXPECT_TRUE(
        linksFromGroundRoots(mixamo.skeleton, test::restPositions(mixamo.skeleton), {0.0, 1.0, 0.0})
            .empty());
    // A root at the hips' height over them (an "Armature" above the hips) is inside the figure.
    const Document raised = parseDocument(test::groundRootWalkText(2, 95.0));
    ASSERT_TRUE(raised.loaded());
    EXPECT_TRUE(
        linksFromGroundRoots(raised.skeleton, test::restPositions(raised.skeleton), {0.0, 1.0, 0.0})
            .empty());
}

// Between the shins, 10 to 45 above the ground, there is air: no triangle of the finest level
// centred there reaches the figure's middle (x = 0, within 1; the symmetric mesh puts vertices on
// it, which large simplified triangles fan from). With the link's trunk volume a column from the
// floor to the hips wrapped both legs, its front and back faces crossing it.
TEST(BodyGroundLinks, TheLegsOfAFigureOverAGroundRootStandApart) {
    const Document document = parseDocument(test::groundRootWalkText(2));
    ASSERT_TRUE(document.loaded());
    BodyOptions options;
    const BodyResult body = buildBody(document.skeleton, options);
    ASSERT_NE(body.mesh, nullptr) << body.message;
    const BodyMesh& mesh = *body.mesh;
    std::size_t crossing = 0;
    const std::uint32_t first = mesh.levels[0].firstIndex;
    for (std::uint32_t t = first; t + 2 < first + mesh.levels[0].indexCount; t += 3) {
        float low = 1e9f;
        float high = -1e9f;
        float height = 0.0f;
        for (std::uint32_t k = 0; k < 3; ++k) {
            const glm::vec3 p = mesh.vertices[mesh.indices[t + k]].position;
            low = std::min(low, p.x);
            high = std::max(high, p.x);
            height += p.y / 3.0f;
        }
        crossing += height > 10.0f && height < 45.0f && low < 1.0f && high > -1.0f ? 1 : 0;
    }
    EXPECT_EQ(crossing, 0u);
}

// Unreal's root holds the pelvis and two IK branches: with the branches left out
// (core/analysis/goal_branches.h) the pelvis is its one child, and the link from the floor to it
// gets no bone.
TEST(BodyGroundLinks, ARootWithIkBranchesBesideTheHipsLinksToThemWithoutTheBranches) {
    const Document document = parseDocument(test::unrealMannequin().text());
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    const std::vector<glm::dvec3> rest = test::restPositions(skeleton);
    EXPECT_TRUE(linksFromGroundRoots(skeleton, rest, {0.0, 1.0, 0.0}).empty());
    const std::vector<NodeIndex> goals = goalBranchNodes(skeleton);
    const std::vector<NodeIndex> links =
        linksFromGroundRoots(skeleton, rest, {0.0, 1.0, 0.0}, goals);
    ASSERT_EQ(links.size(), 1u);
    EXPECT_EQ(skeleton.names[static_cast<std::size_t>(links[0])], "pelvis");
}

} // namespace
} // namespace bvh
