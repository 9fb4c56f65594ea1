#include "render/math/skinned_mesh.h"

#include <array>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>
#include <limits>

using namespace bvhscope::render;

namespace {

TEST(SkinDualQuaternion, IsTheContractsLayout) {
    // real = q as (x, y, z, w); dual = 0.5 * (0, t) * q. For q = identity, dual = (t / 2, 0).
    const SkinDualQuaternion shift = skinDualQuaternion(glm::quat(1, 0, 0, 0), {2, 4, 6});
    EXPECT_EQ(shift.real, glm::vec4(0, 0, 0, 1));
    EXPECT_EQ(shift.dual, glm::vec4(1, 2, 3, 0));
}

TEST(SkinDualQuaternion, RotatesThenTranslates) {
    // A quarter turn about Z takes (1, 0, 0) to (0, 1, 0); then + (1, 2, 3).
    const glm::quat quarter = glm::angleAxis(0.5f * 3.14159265f, glm::vec3(0, 0, 1));
    const glm::vec3 moved = transformPoint(skinDualQuaternion(quarter, {1, 2, 3}), {1, 0, 0});
    EXPECT_NEAR(moved.x, 1.0f, 1e-5f);
    EXPECT_NEAR(moved.y, 3.0f, 1e-5f);
    EXPECT_NEAR(moved.z, 3.0f, 1e-5f);
    // The identity leaves points alone.
    const glm::vec3 same = transformPoint(SkinDualQuaternion{}, {0.5f, -2, 7});
    EXPECT_EQ(same, glm::vec3(0.5f, -2, 7));
}

TEST(BodyDetailLevel, TakesTheFinestLevelWithinTheTriangleBudget) {
    // 10 000, 2 000 and 400 triangles.
    const std::array<SkinnedMeshLevel, 3> levels = {{{0, 30000}, {30000, 6000}, {36000, 1200}}};
    // Budget 0.5 * r^2: r = 200 allows 20 000, r = 70 2 450, r = 50 1 250.
    EXPECT_EQ(bodyDetailLevel(levels, 200.0f), 0u);
    EXPECT_EQ(bodyDetailLevel(levels, 70.0f), 1u);
    EXPECT_EQ(bodyDetailLevel(levels, 50.0f), 2u);
    EXPECT_EQ(bodyDetailLevel(levels, 1.0f), 2u); // the coarsest, even over budget
}

TEST(BodyDetailLevel, UnknownSizesTakeTheFinest) {
    const std::array<SkinnedMeshLevel, 2> levels = {{{0, 3000}, {3000, 300}}};
    EXPECT_EQ(bodyDetailLevel(levels, 0.0f), 0u);
    EXPECT_EQ(bodyDetailLevel(levels, -1.0f), 0u);
    EXPECT_EQ(bodyDetailLevel(levels, std::numeric_limits<float>::quiet_NaN()), 0u);
    EXPECT_EQ(bodyDetailLevel(levels, std::numeric_limits<float>::infinity()), 0u);
    EXPECT_EQ(bodyDetailLevel({}, 10.0f), 0u);
}

} // namespace
