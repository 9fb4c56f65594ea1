#include "render/math/mesh_detail.h"

#include <gtest/gtest.h>

namespace bvhscope::render {
namespace {

// One pixel spans 0.001 world units per unit of distance: a radius of 0.012 at distance 1 is
// 12 pixels.
DetailView viewFromOrigin(float minRadiusPerDistance = 0.0f) {
    return DetailView{glm::vec3(0.0f), 0.001f, minRadiusPerDistance};
}

BoneInstance bone(glm::vec3 start, glm::vec3 end, float radius) {
    BoneInstance instance;
    instance.start = start;
    instance.end = end;
    instance.radius = radius;
    return instance;
}

TEST(MeshDetail, FollowsTheRadiusInPixels) {
    const DetailView view = viewFromOrigin();
    // 0.012 / (1 * 0.001) = 12 px: fine; at distance 2, 6 px: medium; at distance 5, 2.4 px.
    EXPECT_EQ(meshDetailFor(bone({0, 0, -1}, {0, 0, -1}, 0.012f), view), MeshDetail::Fine);
    EXPECT_EQ(meshDetailFor(bone({0, 0, -2}, {0, 0, -2}, 0.012f), view), MeshDetail::Medium);
    EXPECT_EQ(meshDetailFor(bone({0, 0, -5}, {0, 0, -5}, 0.012f), view), MeshDetail::Coarse);
    EXPECT_EQ(meshDetailFor(bone({0, 0, -1}, {0, 0, -1}, 0.0031f), view), MeshDetail::Medium);
    EXPECT_EQ(meshDetailFor(bone({0, 0, -1}, {0, 0, -1}, 0.0029f), view), MeshDetail::Coarse);
}

TEST(MeshDetail, JudgesABoneAtItsPointNearestTheEye) {
    // A long bone passing 1 unit from the eye, its ends 10 units away: 12 px where it is
    // nearest, so fine, though each end alone would be about 1 px.
    const BoneInstance passing = bone({-10, 0, -1}, {10, 0, -1}, 0.012f);
    EXPECT_EQ(meshDetailFor(passing, viewFromOrigin()), MeshDetail::Fine);
    const BoneInstance away = bone({0, 0, -10}, {0, 0, -30}, 0.01f);
    EXPECT_EQ(meshDetailFor(away, viewFromOrigin()), MeshDetail::Coarse);
}

TEST(MeshDetail, CountsTheMinimumWidthTheShaderDrawsAt) {
    // A zero radius drawn at the 0.75 px minimum is coarse whatever its distance; a minimum
    // of 4 px makes it medium.
    const BoneInstance thin = bone({0, 0, -1}, {0, 1, -1}, 0.0f);
    EXPECT_EQ(meshDetailFor(thin, viewFromOrigin(0.00075f)), MeshDetail::Coarse);
    EXPECT_EQ(meshDetailFor(thin, viewFromOrigin(0.004f)), MeshDetail::Medium);
}

TEST(MeshDetail, WithNoPixelSizeEverythingIsFine) {
    DetailView view = viewFromOrigin();
    view.radiusPerPixelPerDistance = 0.0f;
    EXPECT_EQ(meshDetailFor(bone({0, 0, -1000}, {0, 0, -1000}, 1e-6f), view), MeshDetail::Fine);
    // At the eye itself: fine, never a division by zero.
    EXPECT_EQ(meshDetailFor(bone({0, 0, 0}, {0, 0, 0}, 0.01f), viewFromOrigin()), MeshDetail::Fine);
}

TEST(MeshDetail, SplitKeepsEveryInstanceOnceInItsOrder) {
    const std::vector<BoneInstance> instances = {
        bone({0, 0, -5}, {0, 0, -5}, 0.012f), bone({0, 0, -1}, {0, 0, -1}, 0.012f),
        bone({0, 0, -8}, {0, 0, -8}, 0.012f), bone({0, 0, -2}, {0, 0, -2}, 0.012f)};
    InstancesByDetail split;
    split[0].push_back(bone({}, {}, 1.0f)); // left over from a previous frame: cleared
    splitByDetail(instances, viewFromOrigin(), split);
    ASSERT_EQ(split[0].size(), 1u);
    ASSERT_EQ(split[1].size(), 1u);
    ASSERT_EQ(split[2].size(), 2u);
    EXPECT_EQ(split[0][0].start.z, -1.0f);
    EXPECT_EQ(split[1][0].start.z, -2.0f);
    EXPECT_EQ(split[2][0].start.z, -5.0f);
    EXPECT_EQ(split[2][1].start.z, -8.0f);
}

} // namespace
} // namespace bvhscope::render
