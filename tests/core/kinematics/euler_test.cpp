#include "core/kinematics/euler.h"

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

namespace bvh {
namespace {

// The same rotation (q and -q are one rotation).
double rotationDistance(const glm::dquat& a, const glm::dquat& b) {
    return 1.0 - std::abs(glm::dot(glm::normalize(a), glm::normalize(b)));
}

class EulerRoundTrip : public testing::TestWithParam<const char*> {};

TEST_P(EulerRoundTrip, DecomposingRecomposesTheSameRotation) {
    const EulerOrder order = *parseEulerOrder(GetParam());
    EXPECT_EQ(order.name(), GetParam());
    for (double a = -175; a <= 175; a += 35) {
        for (double b = -89; b <= 89; b += 22.25) {
            for (double c = -170; c <= 170; c += 42.5) {
                const glm::dvec3 angles(a, b, c);
                const glm::dquat rotation = eulerToQuaternion(order, angles);
                const glm::dvec3 back = quaternionToEuler(order, rotation, angles);
                EXPECT_LT(rotationDistance(rotation, eulerToQuaternion(order, back)), 1e-14);
                // With the angles themselves as reference, the same angles come back.
                EXPECT_NEAR(back.x, a, 1e-9);
                EXPECT_NEAR(back.y, b, 1e-9);
                EXPECT_NEAR(back.z, c, 1e-9);
            }
        }
    }
}

TEST_P(EulerRoundTrip, GimbalLockKeepsTheReferenceFirstAngle) {
    const EulerOrder order = *parseEulerOrder(GetParam());
    const glm::dvec3 locked(25.0, 90.0, -40.0);
    const glm::dquat rotation = eulerToQuaternion(order, locked);
    const glm::dvec3 back = quaternionToEuler(order, rotation, glm::dvec3(25.0, 80.0, 0.0));
    EXPECT_LT(rotationDistance(rotation, eulerToQuaternion(order, back)), 1e-14);
    EXPECT_NEAR(back.x, 25.0, 1e-6);
}

INSTANTIATE_TEST_SUITE_P(EveryOrder, EulerRoundTrip,
                         testing::Values("XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"));

TEST(QuaternionToEuler, PicksTheSolutionAndWrapNearestTheReference) {
    const EulerOrder zxy = *parseEulerOrder("ZXY");
    const glm::dquat rotation = eulerToQuaternion(zxy, glm::dvec3(170.0, 10.0, -20.0));
    // Near 190 (the previous frame of a curve that kept turning), 170 comes back as -190 + 360.
    const glm::dvec3 unwrapped = quaternionToEuler(zxy, rotation, glm::dvec3(-185.0, 10.0, -20.0));
    EXPECT_NEAR(unwrapped.x, -190.0, 1e-9);
    // The other solution (a + 180, 180 - b, c + 180) when the reference is near it.
    const glm::dvec3 other = quaternionToEuler(zxy, rotation, glm::dvec3(-10.0, 170.0, 160.0));
    EXPECT_NEAR(other.x, -10.0, 1e-9);
    EXPECT_NEAR(other.y, 170.0, 1e-9);
    EXPECT_NEAR(other.z, 160.0, 1e-9);
}

TEST(ParseEulerOrder, AcceptsThreeDistinctAxesOnly) {
    EXPECT_TRUE(parseEulerOrder("zxy"));
    EXPECT_FALSE(parseEulerOrder("ZXZ"));
    EXPECT_FALSE(parseEulerOrder("XY"));
    EXPECT_FALSE(parseEulerOrder("ABC"));
    EXPECT_DOUBLE_EQ(unwrapDegrees(350.0, 0.0), -10.0);
    EXPECT_DOUBLE_EQ(unwrapDegrees(-170.0, 540.0), 550.0);
}

} // namespace
} // namespace bvh
