// A root on the ground under the figure (core/analysis/ground_root.h), by its two rules, from the
// heights alone (liesOnGroundWithin, which the stance feeds from a pose's extremes) and from a
// pose (liesOnGroundUnder), worked by hand.
#include "core/analysis/ground_root.h"

#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace bvh {
namespace {

// The rest of the tree spans heights 0 to 100: the root may lie up to 10 above its lowest node
// (kGroundRootLevel), its child must stand at least 30 above it (kGroundRootRise).
TEST(GroundRoot, WithinTheTreesExtentByBothRules) {
    EXPECT_TRUE(liesOnGroundWithin(0.0, 90.0, 0.0, 100.0));
    EXPECT_TRUE(liesOnGroundWithin(10.0, 40.0, 0.0, 100.0));  // both rules at their limit
    EXPECT_FALSE(liesOnGroundWithin(10.5, 90.0, 0.0, 100.0)); // the root too high
    EXPECT_FALSE(liesOnGroundWithin(0.0, 29.5, 0.0, 100.0));  // the child too low
    EXPECT_FALSE(liesOnGroundWithin(0.0, 90.0, 5.0, 5.0));    // a tree with no height
    const double nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_FALSE(liesOnGroundWithin(nan, 90.0, 0.0, 100.0));
    EXPECT_FALSE(liesOnGroundWithin(0.0, 90.0, nan, 100.0));
    // No node compared: the largest double and its negation leave no height.
    const double most = std::numeric_limits<double>::max();
    EXPECT_FALSE(liesOnGroundWithin(0.0, 90.0, most, -most));
}

// Root, hips, two legs' feet at height 0 and a head at 100, along -Z: the heights are the
// negated z.
TEST(GroundRoot, UnderAPoseAlongASignedAxis) {
    Skeleton skeleton;
    skeleton.names = {"Root", "Hips", "LeftFoot", "RightFoot", "Head"};
    skeleton.parents = {kNoParent, 0, 1, 1, 1};
    skeleton.isEndSite = {0, 0, 0, 0, 0};
    const std::vector<glm::dvec3> pose = {
        {0, 0, 5}, {0, 0, -50}, {-10, 0, 0}, {10, 0, 0}, {0, 0, -100}};
    EXPECT_TRUE(liesOnGroundUnder(skeleton, pose, 0, 1, {0.0, 0.0, -1.0}));
    // Along +Z the root lies above every other node.
    EXPECT_FALSE(liesOnGroundUnder(skeleton, pose, 0, 1, {0.0, 0.0, 1.0}));
}

} // namespace
} // namespace bvh
