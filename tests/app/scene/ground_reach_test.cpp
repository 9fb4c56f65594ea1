#include "app/scene/ground_reach.h"

#include <cmath>
#include <gtest/gtest.h>
#include <numbers>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

// The true reach of the four corners of a 2 x 0.5 rectangle along `direction` (unit).
float rectangleReach(const glm::vec3& direction) {
    return std::abs(direction.x) * 1.0f + std::abs(direction.z) * 0.25f;
}

} // namespace

TEST(GroundReach, EmptyReachesNothing) {
    const GroundReach reach;
    EXPECT_TRUE(reach.empty());
    EXPECT_EQ(reach.towards({1.0f, 0.0f, 0.0f}), 0.0f);
}

// Exact along the sampled directions, never under the truth between them, and within
// 1/cos(pi/32) of it: where a box projected on a row at 30 degrees claims 1.37 times the room.
TEST(GroundReach, BoundsTheTrueReachTightlyInEveryDirection) {
    GroundReach reach;
    for (const float x : {-1.0f, 1.0f}) {
        for (const float z : {-0.25f, 0.25f}) {
            reach.include({x, 7.0f, z}); // Y is ignored
        }
    }
    EXPECT_FALSE(reach.empty());
    EXPECT_NEAR(reach.towards({1.0f, 0.0f, 0.0f}), 1.0f, 1e-5f);
    EXPECT_NEAR(reach.towards({0.0f, 0.0f, -1.0f}), 0.25f, 1e-5f);
    EXPECT_NEAR(reach.towards({0.0f, 0.0f, -3.0f}), 0.75f, 1e-5f) << "scales with the length";
    for (int degrees = 0; degrees < 360; degrees += 7) {
        const float angle = static_cast<float>(degrees) * std::numbers::pi_v<float> / 180.0f;
        const glm::vec3 direction(std::cos(angle), 0.0f, std::sin(angle));
        const float truth = rectangleReach(direction);
        EXPECT_GE(reach.towards(direction), truth - 1e-5f) << degrees << " degrees";
        EXPECT_LE(reach.towards(direction),
                  truth / std::cos(std::numbers::pi_v<float> / 32.0f) + 1e-5f)
            << degrees << " degrees";
    }
}

TEST(GroundReach, OneSidedPointsReachBackNegatively) {
    GroundReach reach;
    reach.include({2.0f, 0.0f, 0.0f});
    reach.include({3.0f, 0.0f, 0.0f});
    EXPECT_NEAR(reach.towards({-1.0f, 0.0f, 0.0f}), -2.0f, 1e-5f);
    reach.include({NAN, 0.0f, 0.0f}); // not taken in
    EXPECT_NEAR(reach.towards({1.0f, 0.0f, 0.0f}), 3.0f, 1e-5f);
}
