// What posing a body's skin frames allocates with a kept plan (core/body/body_skin_plan.h):
// built into allocation_tests, whose operator new counts allocations on demand
// (tests/support/failing_allocator.h). The viewer poses every body every frame
// (Scene::poseBody); with the plan and scratch it keeps, a frame allocates nothing.
#include "core/body/body_skin_frames.h"
#include "core/body/body_skin_plan.h"
#include "core/body/body_skinning.h"
#include "core/reader/document.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/support/failing_allocator.h"

#include <gtest/gtest.h>
#include <vector>

namespace bvh {
namespace {

// The world transforms of `skeleton` with every channel at `value` (degrees; file units for
// positions).
std::vector<RigidTransform> worldWithChannelsAt(const Skeleton& skeleton, float value) {
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(skeleton.nodeCount());
    const std::vector<float> row(skeleton.totalChannels(), value);
    computeLocalTransforms(skeleton, row, TranslationMode::Absolute, local);
    computeWorldTransforms(skeleton, local, world);
    return world;
}

TEST(BodySkinPlanAllocation, PosingWithAKeptPlanAndScratchAllocatesNothing) {
    // The 65-joint Mixamo-style biped bound at rest, posed with every channel at 20 and at 110
    // degrees (twists far apart: frames spread along chains) in turn, after one evaluation has
    // sized the scratch: the frames, the dual quaternions (bodySkinTransforms) and a skinned
    // mesh's worth of work allocate nothing. The same through a plan made per call (the
    // convenience overload) does, which shows the count sees these allocations.
    const Document document = parseDocument(test::mixamoBipedText());
    const Skeleton& skeleton = document.skeleton;
    const std::vector<RigidTransform> bind = worldWithChannelsAt(skeleton, 0.0f);
    const std::vector<RigidTransform> walked = worldWithChannelsAt(skeleton, 20.0f);
    const std::vector<RigidTransform> twisted = worldWithChannelsAt(skeleton, 110.0f);
    const BodySkinPlan plan = makeBodySkinPlan(skeleton.parents, bind);
    ASSERT_TRUE(plan.fitted);
    BodySkinScratch scratch;
    std::vector<RigidTransform> frames(bind.size());
    std::vector<DualQuaternion> skin;
    bodySkinFrames(plan, twisted, scratch, frames);
    bodySkinTransforms(plan, twisted, scratch, skin);

    test::countAllocations(1);
    for (int repeat = 0; repeat < 3; ++repeat) {
        for (const std::vector<RigidTransform>* world : {&walked, &twisted}) {
            bodySkinFrames(plan, *world, scratch, frames);
            bodySkinTransforms(plan, *world, scratch, skin);
        }
    }
    const std::size_t kept = test::countedAllocations();
    test::countAllocations(1);
    bodySkinFrames(skeleton.parents, walked, bind, frames);
    const std::size_t perCall = test::countedAllocations();
    test::disarmAllocationFailure();
    EXPECT_EQ(kept, 0u);
    EXPECT_GT(perCall, 0u);
    EXPECT_EQ(skin.size(), bind.size());
}

} // namespace
} // namespace bvh
