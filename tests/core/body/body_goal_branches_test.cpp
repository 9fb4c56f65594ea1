// Branches of IK goals (core/body/body_goal_branches.h): Unreal's ik_foot_root and ik_hand_root
// chains, which reach the feet and hands by a shortcut from the root at the ground's origin, get
// no volume; the figures of every other rig keep all their bones.
#include "core/body/body_builder.h"
#include "core/body/body_figure.h"
#include "core/body/body_goal_branches.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_second_life_rig.h"
#include "tests/core/body/body_stretch.h"
#include "tests/core/body/body_stretch_ensemble.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/core/body/body_unreal_rig.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <set>
#include <string>

namespace bvh {
namespace {

// The names of goalBranchNodes' joints (End Sites aside).
std::set<std::string> goalNames(const std::string& text) {
    const Document document = parseDocument(text);
    EXPECT_TRUE(document.loaded());
    std::set<std::string> names;
    for (const NodeIndex node : goalBranchNodes(document.skeleton)) {
        if (document.skeleton.isEndSite[static_cast<std::size_t>(node)] == 0) {
            names.insert(document.skeleton.names[static_cast<std::size_t>(node)]);
        }
    }
    return names;
}

TEST(BodyGoalBranches, UnrealsIkBonesAreGoalBranchesAndNothingElse) {
    const std::set<std::string> ik = {"ik_foot_root", "ik_foot_l", "ik_foot_r", "ik_hand_root",
                                      "ik_hand_gun",  "ik_hand_l", "ik_hand_r"};
    EXPECT_EQ(goalNames(test::unrealMannequin().text()), ik);
    EXPECT_EQ(goalNames(test::unrealMannequin(test::UnrealMannequin::UE5).text()), ik);
}

TEST(BodyGoalBranches, OtherRigsHaveNoGoalsOutsideTheHead) {
    for (const std::string& text :
         {test::mixamoBipedText(), test::cmuLikeBipedText(), test::shortSpineBiped(0.4).text(),
          test::biovisionBiped().text(), test::secondLifeBiped().text(), test::faceRigText(),
          test::handAloneText(), test::pymoLikeBipedText(),
          test::creatureFile(test::quadruped(1.0), {}).text,
          test::creatureFile(test::crab(0.5), {}).text}) {
        EXPECT_TRUE(goalNames(text).empty()) << text.substr(0, 200);
    }
    // Bento's eyes lie where its face's mFaceEyeAlt joints are, one bone deeper: goals, under the
    // head, where the face has no volume of its own anyway. Its wings' mWing4 and mWing4Fan
    // share a place through as many bones: no goals.
    EXPECT_EQ(goalNames(test::secondLifeBento().text()),
              (std::set<std::string>{"mEyeLeft", "mEyeRight"}));
}

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
