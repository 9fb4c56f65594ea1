// The skin frames' plan (core/body/body_skin_plan.h): what it works out of a skeleton once (hubs,
// chains, the joints that follow their parents), and the skeletons it keeps every joint's own
// rotation for.
#include "core/body/body_skin_frames.h"
#include "core/body/body_skin_plan.h"
#include "core/body/dual_quaternion.h"
#include "core/reader/document.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/support/rest_positions.h"

#include <cstring>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh {
namespace {

using test::restWorld;

TEST(BodySkinPlan, TheCmuBipedsHubsChainsAndEndSites) {
    // cmuLikeBiped: the hips reach both thighs and the spine through OFFSET-0 joints, Spine1 the
    // neck and both arms: two hubs. From them hang the legs (LHipJoint to ToeBase, 5 joints of one
    // bone each, down to an End Site), the spine (LowerBack, Spine: bounded by Spine1's frame),
    // the neck (Neck, Neck1, Head) and the arms (Shoulder to Hand, 4); the 5 End Sites follow
    // their parents. 2 + 23 + 5 = the 30 nodes, each once.
    const Document document = parseDocument(test::cmuLikeBiped().text());
    const Skeleton& skeleton = document.skeleton;
    ASSERT_EQ(skeleton.nodeCount(), 30u);
    const BodySkinPlan plan = makeBodySkinPlan(skeleton.parents, restWorld(skeleton));
    ASSERT_TRUE(plan.fitted);
    ASSERT_EQ(plan.hubs.size(), 2u);
    EXPECT_EQ(skeleton.names.at(plan.hubs[0].node), "Hips");
    EXPECT_EQ(skeleton.names.at(plan.hubs[1].node), "Spine1");
    EXPECT_TRUE(plan.hubs[0].fits && plan.hubs[1].fits);
    std::vector<std::string> chains;
    std::vector<std::size_t> covered(skeleton.nodeCount(), 0);
    for (const BodySkinHub& hub : plan.hubs) {
        ++covered[hub.node];
    }
    std::size_t followers = 0;
    for (const BodySkinStep& step : plan.steps) {
        if (step.kind != BodySkinStep::Kind::Chain) {
            EXPECT_EQ(step.kind, BodySkinStep::Kind::FollowParent);
            EXPECT_EQ(skeleton.isEndSite.at(step.index), 1) << skeleton.names.at(step.index);
            ++covered[step.index];
            ++followers;
            continue;
        }
        const BodySkinChain& chain = plan.chains[step.index];
        std::string text = skeleton.names.at(plan.links[chain.firstLink].node);
        for (std::uint32_t k = 0; k < chain.linkCount; ++k) {
            ++covered[plan.links[chain.firstLink + k].node];
        }
        text += " " + std::to_string(chain.linkCount) + " to " + skeleton.names.at(chain.end) +
                (chain.bounded ? " bounded" : "");
        chains.push_back(text);
    }
    EXPECT_EQ(followers, 5u);
    EXPECT_EQ(chains,
              (std::vector<std::string>{
                  "LHipJoint 5 to EndSite_LeftToeBase", "RHipJoint 5 to EndSite_RightToeBase",
                  "LowerBack 2 to Spine1 bounded", "Neck 3 to EndSite_Head",
                  "LeftShoulder 4 to EndSite_LeftHand", "RightShoulder 4 to EndSite_RightHand"}));
    EXPECT_EQ(plan.longestChain, 5u);
    EXPECT_EQ(covered, std::vector<std::size_t>(skeleton.nodeCount(), 1u));
}

TEST(BodySkinPlan, ARootWithOneBoneKeepsItsOwnTurnAndHangsTheChainBelow) {
    // Root -> A -> B -> End Site, straight up: the root's bone has no parent frame to hang from
    // (its own turn); A and B are one chain down to the End Site, which follows B.
    test::BvhTextBuilder b;
    const int root = b.add("Root", -1, {0, 0, 0});
    const int a = b.add("A", root, {0, 1, 0});
    const int end = b.add("B", a, {0, 1, 0});
    b.endSite(end, {0, 1, 0});
    const Document document = parseDocument(b.text());
    const BodySkinPlan plan =
        makeBodySkinPlan(document.skeleton.parents, restWorld(document.skeleton));
    ASSERT_TRUE(plan.fitted);
    EXPECT_TRUE(plan.hubs.empty());
    ASSERT_EQ(plan.steps.size(), 3u);
    EXPECT_EQ(plan.steps[0].kind, BodySkinStep::Kind::Own);
    EXPECT_EQ(plan.steps[0].index, 0u);
    EXPECT_EQ(plan.steps[1].kind, BodySkinStep::Kind::Chain);
    EXPECT_EQ(plan.steps[2].kind, BodySkinStep::Kind::FollowParent);
    EXPECT_EQ(plan.steps[2].index, 3u);
    ASSERT_EQ(plan.chains.size(), 1u);
    EXPECT_EQ(plan.chains[0].linkCount, 2u);
    EXPECT_EQ(plan.chains[0].end, 3u);
    EXPECT_FALSE(plan.chains[0].bounded);
    ASSERT_EQ(plan.links.size(), 2u);
    EXPECT_EQ(plan.links[0].node, 1u);
    EXPECT_EQ(plan.links[0].along, 2u);
    EXPECT_EQ(plan.links[0].bindDirection, glm::dvec3(0.0, 1.0, 0.0));
}

// `out` against world · inverse(bind) for its first `count` entries, to the bit.
void expectOwnTransforms(std::span<const RigidTransform> out, std::span<const RigidTransform> world,
                         std::span<const RigidTransform> bind, std::size_t count) {
    for (std::size_t j = 0; j < count; ++j) {
        const RigidTransform own = skinTransform(world[j], bind[j]);
        EXPECT_EQ(std::memcmp(&out[j], &own, sizeof(RigidTransform)), 0) << j;
    }
}

TEST(BodySkinPlan, ParentsThatDoNotFitAndPosesOfAnotherSizeKeepTheJointsOwnRotations) {
    const Document document = parseDocument(test::cmuLikeBipedText());
    const std::vector<RigidTransform> bind = restWorld(document.skeleton);
    std::vector<RigidTransform> world = bind;
    for (RigidTransform& joint : world) { // every joint turned 150 degrees about X, moved
        joint.rotation = glm::dquat(0.2588190451, 0.9659258263, 0.0, 0.0) * joint.rotation;
        joint.translation += glm::dvec3(1.0, 2.0, 3.0);
    }
    const std::size_t n = bind.size();
    BodySkinScratch scratch;
    std::vector<RigidTransform> out(n);
    // No parents (as bvhscope_measure_viewer_tears asks for the own rotations), and a child
    // listed before its parent: every joint its own.
    std::vector<NodeIndex> childFirst = document.skeleton.parents;
    childFirst[1] = 5;
    for (const std::span<const NodeIndex> parents :
         {std::span<const NodeIndex>(), std::span<const NodeIndex>(childFirst)}) {
        const BodySkinPlan plan = makeBodySkinPlan(parents, bind);
        EXPECT_FALSE(plan.fitted);
        EXPECT_EQ(plan.nodeCount(), n);
        bodySkinFrames(plan, world, scratch, out);
        expectOwnTransforms(out, world, bind, n);
    }
    // A pose one node short: its nodes their own, the last entry of `out` left as it was.
    const BodySkinPlan plan = makeBodySkinPlan(document.skeleton.parents, bind);
    const RigidTransform untouched{glm::dvec3(7.0), glm::dquat(0.0, 0.0, 1.0, 0.0)};
    out.back() = untouched;
    bodySkinFrames(plan, std::span<const RigidTransform>(world).first(n - 1), scratch, out);
    expectOwnTransforms(out, world, bind, n - 1);
    EXPECT_EQ(std::memcmp(&out.back(), &untouched, sizeof(RigidTransform)), 0);
}

} // namespace
} // namespace bvh
