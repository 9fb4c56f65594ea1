// Corrective leaves on the limbs (core/body/body_limb_helpers.h): Unreal 5's *_correctiveRoot
// bones out to the limbs' surface get no volume; twist bones along a limb, thumbs off a hand and
// the other rigs' leaves keep theirs.
#include "core/body/body_figure.h"
#include "core/body/body_limb_helpers.h"
#include "core/body/body_roles.h"
#include "core/reader/document.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_second_life_rig.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/core/body/body_unreal_rig.h"
#include "tests/support/rest_positions.h"

#include <gtest/gtest.h>
#include <set>
#include <string>

namespace bvh {
namespace {

std::set<std::string> helperLeafNames(const std::string& text) {
    const Document document = parseDocument(text);
    EXPECT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    const std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    std::set<std::string> names;
    for (const NodeIndex node :
         limbHelperLeaves(skeleton, test::restPositions(skeleton), roles, 1e-3)) {
        if (skeleton.isEndSite[static_cast<std::size_t>(node)] == 0) {
            names.insert(skeleton.names[static_cast<std::size_t>(node)]);
        }
    }
    return names;
}

TEST(BodyLimbHelpers, UnrealFivesCorrectiveBonesAreHelperLeaves) {
    std::set<std::string> expected;
    for (const std::string limb : {"upperarm", "lowerarm", "thigh", "calf"}) {
        for (const std::string side : {"l", "r"}) {
            for (const std::string way : {"fwd", "bck", "in", "out"}) {
                expected.insert(limb + "_" + way + "_" + side);
            }
        }
    }
    EXPECT_EQ(helperLeafNames(test::unrealMannequin(test::UnrealMannequin::UE5).text()), expected);
    // UE4's twist bones lie along their limbs.
    EXPECT_TRUE(helperLeafNames(test::unrealMannequin().text()).empty());
}

TEST(BodyLimbHelpers, OtherRigsHaveNone) {
    // CMU's thumb (LThumb, a leaf off the hand), MakeHuman's split arms and thighs, Second
    // Life's wings and hind limbs keep their bones.
    for (const std::string& text :
         {test::mixamoBipedText(), test::cmuLikeBipedText(),
          test::shortSpineBiped(0.4, 0.5, 0.5).text(), test::biovisionBiped().text(),
          test::armsDownBiped().text(), test::secondLifeBento().text(), test::faceRigText(),
          test::pymoLikeBipedText()}) {
        EXPECT_TRUE(helperLeafNames(text).empty()) << text.substr(0, 200);
    }
}

TEST(BodyLimbHelpers, UnrealFivesBodyHasNoVolumeOnTheCorrectiveBones) {
    const Document document =
        parseDocument(test::unrealMannequinWalkText(3, test::UnrealMannequin::UE5));
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    // main's code: a volume on each of the 32, the inner ones off the knees reaching 5.5 cm
    // toward each other and joining the knees (UE5 walk: 99.68 % of edges within 4x with the IK
    // branches left out, 8.7x at worst, on calf_out_l and calf_in_r).
    int onHelpers = 0;
    for (const std::string limb : {"upperarm", "lowerarm", "thigh", "calf"}) {
        for (const std::string side : {"l", "r"}) {
            const NodeIndex root = test::nodeNamed(skeleton, limb + "_correctiveRoot_" + side);
            for (const std::string way : {"fwd", "bck", "in", "out"}) {
                const NodeIndex leaf = test::nodeNamed(skeleton, limb + "_" + way + "_" + side);
                onHelpers += test::boneVolume(figure, root, leaf) != nullptr ? 1 : 0;
            }
        }
    }
    EXPECT_EQ(onHelpers, 0);
}

} // namespace
} // namespace bvh
