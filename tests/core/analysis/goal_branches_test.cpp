// Branches of IK goals (core/analysis/goal_branches.h): Unreal's ik_foot_root and ik_hand_root
// chains, which reach the feet and hands by a shortcut from the root at the ground's origin, are
// found from the rest pose whatever the names; no other rig has any outside the head. The stance
// holds them for the viewer (tests/app/scene/framing_test.cpp) and the body finds the same.
#include "core/analysis/goal_branches.h"
#include "core/analysis/stance.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/body/body_second_life_rig.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/core/body/body_unreal_rig.h"

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

TEST(GoalBranches, UnrealsIkBonesAreGoalBranchesAndNothingElse) {
    const std::set<std::string> ik = {"ik_foot_root", "ik_foot_l", "ik_foot_r", "ik_hand_root",
                                      "ik_hand_gun",  "ik_hand_l", "ik_hand_r"};
    EXPECT_EQ(goalNames(test::unrealMannequin().text()), ik);
    EXPECT_EQ(goalNames(test::unrealMannequin(test::UnrealMannequin::UE5).text()), ik);
}

TEST(GoalBranches, OtherRigsHaveNoGoalsOutsideTheHead) {
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

// Found once, with the clip's stance (where its static roots are): the viewer reads them there.
TEST(GoalBranches, TheStanceHoldsThemWhateverTheUpAxisChosen) {
    const Document document = parseDocument(test::unrealMannequinWalkText(13));
    ASSERT_TRUE(document.loaded());
    const std::vector<NodeIndex> goals = goalBranchNodes(document.skeleton);
    ASSERT_EQ(goals.size(), 11u); // 7 joints, 4 End Sites
    const RestPoseAnalysis rest = analyzeRestPose(document.skeleton);
    for (const std::optional<UpAxis> up :
         {std::optional<UpAxis>(), std::optional(UpAxis::PositiveZ)}) {
        const Stance stance =
            analyzeStance(document.skeleton, document.motion, TranslationMode::Absolute, rest, up);
        EXPECT_EQ(stance.goalBranches, goals);
    }
    const Document mixamo = parseDocument(test::mixamoBipedText());
    EXPECT_TRUE(analyzeStance(mixamo.skeleton, mixamo.motion, TranslationMode::Absolute,
                              analyzeRestPose(mixamo.skeleton))
                    .goalBranches.empty());
}

} // namespace
} // namespace bvh
