// The per-process body builds the heaviest body tests share (body_shared_builds.h): a request for
// exactly what was built gets that build, and any other request, however small its difference,
// a build of its own.
#include "core/reader/document.h"
#include "tests/core/body/body_shared_builds.h"
#include "tests/core/body/body_test_skeletons.h"

#include <gtest/gtest.h>

namespace bvh {
namespace {

TEST(BodySharedBuilds, SkeletonsDifferingInOneBitOrOneNameAreNotTheSame) {
    const Skeleton skeleton = parseDocument(test::cmuLikeBipedText()).skeleton;
    ASSERT_GT(skeleton.nodeCount(), 2u);
    EXPECT_TRUE(test::sameSkeleton(skeleton, Skeleton(skeleton)));
    Skeleton negativeZero = skeleton;
    ASSERT_EQ(negativeZero.offsets[0].x, 0.0); // the root at the origin
    negativeZero.offsets[0].x = -0.0;
    EXPECT_FALSE(test::sameSkeleton(skeleton, negativeZero));
    Skeleton renamed = skeleton;
    renamed.names[1] += "_";
    EXPECT_FALSE(test::sameSkeleton(skeleton, renamed));
    Skeleton reparented = skeleton;
    reparented.parents.back() = 0;
    EXPECT_FALSE(test::sameSkeleton(skeleton, reparented));
    Skeleton shorter = skeleton;
    shorter.offsets.pop_back();
    EXPECT_FALSE(test::sameSkeleton(skeleton, shorter));
}

TEST(BodySharedBuilds, TheSameRequestSharesItsBuildAndAnotherPhaseBuildsAgain) {
    const Skeleton skeleton = parseDocument(test::cmuLikeBipedText()).skeleton;
    const BodyResult first = test::sharedBody(skeleton, BodyOptions{});
    ASSERT_NE(first.mesh, nullptr) << first.message;
    EXPECT_EQ(test::sharedBody(Skeleton(skeleton), BodyOptions{}).mesh, first.mesh);
    BodyOptions shifted;
    shifted.gridPhase = glm::vec3(0.5f, 0.0f, 0.0f);
    const BodyResult other = test::sharedBody(skeleton, shifted);
    ASSERT_NE(other.mesh, nullptr) << other.message;
    EXPECT_NE(other.mesh, first.mesh);
}

} // namespace
} // namespace bvh
