// Branches of IK goals (core/analysis/goal_branches.h, which tests which joints they are):
// Unreal's ik_foot_root and ik_hand_root chains, which reach the feet and hands by a shortcut
// from the root at the ground's origin, get no volume.
#include "core/body/body_builder.h"
#include "core/body/body_figure.h"
#include "core/reader/document.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_stretch.h"
#include "tests/core/body/body_stretch_ensemble.h"
#include "tests/core/body/body_unreal_rig.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <vector>

namespace bvh {
namespace {

TEST(BodyGoalBranches, UnrealsBodyHasNoVolumeOnTheIkBonesNorTheRootsLink) {
    const Document document = parseDocument(test::unrealMannequinWalkText(3));
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    std::size_t onIk = 0;
    for (const BodyVolume& volume : figure.volumes) {
        const auto joint = static_cast<std::size_t>(volume.joint);
        onIk += volume.joint != kNoParent && skeleton.names[joint].rfind("ik_", 0) == 0 ? 1 : 0;
    }
    // main's code: 9 volumes on them (bars from the floor to the hands and from hand to hand,
    // a sole on the floor) and a trunk from the floor to the pelvis.
    EXPECT_EQ(onIk, 0u);
    EXPECT_EQ(test::boneVolume(figure, test::nodeNamed(skeleton, "root"),
                               test::nodeNamed(skeleton, "pelvis")),
              nullptr);
}

TEST(BodyGoalBranches, UnrealWalksHoldUnderLinearBlendingAtEveryGridPhase) {
    // Its IK bones unkeyed (still) while the hands walk: on main's code the least share of
    // edges within 4x over the ten phases was 98.67 % (UE4) and 98.78 % (UE5), and a hand
    // weighted to ik_hand_l stretched the UE5 walk's edges 17.6x (convert --body at phase 0).
    // UE5's corrective bones are left out too (body_limb_helpers.h): without them 99.68 %.
    for (const test::UnrealMannequin kind :
         {test::UnrealMannequin::UE4, test::UnrealMannequin::UE5}) {
        const Document document = parseDocument(test::unrealMannequinWalkText(13, kind));
        ASSERT_TRUE(document.loaded());
        const std::vector<double> held =
            test::overGridPhases(document.skeleton, [&](const BodyResult& body) {
                return body.mesh == nullptr
                           ? 0.0
                           : test::linearStretchOverFrames(document, *body.mesh).leastHeld;
            });
        EXPECT_GE(*std::min_element(held.begin(), held.end()), 0.999)
            << (kind == test::UnrealMannequin::UE4 ? "UE4" : "UE5");
    }
}

} // namespace
} // namespace bvh
