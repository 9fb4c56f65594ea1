// Side chains that copy a named limb (core/body/body_limb_copies.h): Bento's hind limbs take the
// legs' roles and are sized as legs; chains that copy no limb keep their roles.
#include "core/body/body_figure.h"
#include "core/body/body_limb_copies.h"
#include "core/body/body_roles.h"
#include "core/reader/document.h"
#include "tests/core/body/body_animal_skeletons.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_second_life_rig.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/core/body/body_unreal_rig.h"
#include "tests/support/rest_positions.h"

#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

std::vector<BoneRole> copiedRoles(const Skeleton& skeleton) {
    std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    takeRolesOfCopiedLimbs(skeleton, test::restPositions(skeleton), roles);
    return roles;
}

TEST(BodyLimbCopies, BentosHindLimbsTakeTheLegsRoles) {
    const Document document = parseDocument(test::secondLifeBento().text());
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    const std::vector<BoneRole> roles = copiedRoles(skeleton);
    for (const std::string side : {"Left", "Right"}) {
        const auto role = [&](const std::string& name) {
            return roles[static_cast<std::size_t>(test::nodeNamed(skeleton, name))];
        };
        EXPECT_EQ(role("mHindLimb1" + side), BoneRole::Thigh) << side;
        EXPECT_EQ(role("mHindLimb2" + side), BoneRole::Shin) << side;
        EXPECT_EQ(role("mHindLimb3" + side), BoneRole::Foot) << side;
        EXPECT_EQ(role("mHindLimb4" + side), BoneRole::Foot) << side;
        // The wings are wings by their names (and copy no arm), the tail copies no limb.
        EXPECT_EQ(role("mWing1" + side), BoneRole::Wing) << side;
    }
    EXPECT_EQ(roles[static_cast<std::size_t>(test::nodeNamed(skeleton, "mTail1"))], BoneRole::Tail);
}

TEST(BodyLimbCopies, OtherRigsKeepTheirRoles) {
    for (const std::string& text :
         {test::mixamoBipedText(), test::cmuLikeBipedText(), test::biovisionBiped().text(),
          test::armsDownBiped().text(), test::secondLifeBiped().text(), test::faceRigText(),
          test::pymoLikeBipedText(), test::handAloneText(), test::carapaceCrab().text(),
          test::namedHorse().text(), test::characterStudioElephant().text(),
          test::unrealMannequin().text(),
          test::unrealMannequin(test::UnrealMannequin::UE5).text()}) {
        const Document document = parseDocument(text);
        ASSERT_TRUE(document.loaded());
        EXPECT_EQ(copiedRoles(document.skeleton), classifyBoneRoles(document.skeleton))
            << text.substr(0, 200);
    }
}

// A CMU-like biped with an unnamed chain off its hips, 20 units behind them, whose first bone
// is the left leg's first (LHipJoint to LeftUpLeg) and whose second is the thigh's or turns
// forward: two bones copied are a leg, one is none.
std::vector<BoneRole> extraChainRoles(bool secondCopied) {
    test::BvhTextBuilder b;
    test::addCmuLikeBiped(b);
    const int first = b.add("extra1", b.indexOf("Hips"), {0.0, 0.0, -20.0});
    const int second = b.add("extra2", first, {1.36, -1.8, 0.84});
    const int third =
        b.add("extra3", second, secondCopied ? glm::dvec3(2.54, -6.98, 0) : glm::dvec3(0, 0, 7.4));
    b.endSite(third, {0.0, -1.0, 0.0});
    const Document document = parseDocument(b.text());
    EXPECT_TRUE(document.loaded());
    std::vector<BoneRole> roles;
    for (const std::string name : {"extra1", "extra2", "extra3"}) {
        roles.push_back(copiedRoles(
            document.skeleton)[static_cast<std::size_t>(test::nodeNamed(document.skeleton, name))]);
    }
    return roles;
}

TEST(BodyLimbCopies, TwoBonesCopiedMakeALegOneMakesNone) {
    EXPECT_EQ(extraChainRoles(true),
              (std::vector{BoneRole::Thigh, BoneRole::Thigh, BoneRole::Shin}));
    EXPECT_EQ(extraChainRoles(false),
              (std::vector{BoneRole::Unknown, BoneRole::Unknown, BoneRole::Unknown}));
}

// The radii (start, end) of the bone from `from` to `to`.
glm::vec2 boneRadii(const Skeleton& skeleton, const BodyFigure& figure, const std::string& from,
                    const std::string& to) {
    const BodyVolume* volume =
        test::boneVolume(figure, test::nodeNamed(skeleton, from), test::nodeNamed(skeleton, to));
    EXPECT_NE(volume, nullptr) << from << " " << to;
    return volume == nullptr ? glm::vec2(0.0f) : glm::vec2(volume->radiusA, volume->radiusB);
}

// Main's hind thigh was 0.025 of the figure's size at its top against the leg's 0.062, its shin
// 0.025 to 0.0084 against 0.037 to 0.025.
TEST(BodyLimbCopies, BentosHindLimbsAreAsThickAsItsLegs) {
    const Document document = parseDocument(test::secondLifeBentoWalkText(13));
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, {});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    for (const std::string side : {"Left", "Right"}) {
        const auto radii = [&](const std::string& from, const std::string& to) {
            return boneRadii(skeleton, figure, from + side, to + side);
        };
        const glm::vec2 thigh = radii("mHip", "mKnee");
        const glm::vec2 shin = radii("mKnee", "mAnkle");
        EXPECT_NEAR(radii("mHindLimb1", "mHindLimb2").x, thigh.x, 0.01f * thigh.x) << side;
        EXPECT_NEAR(radii("mHindLimb1", "mHindLimb2").y, thigh.y, 0.01f * thigh.y) << side;
        EXPECT_NEAR(radii("mHindLimb2", "mHindLimb3").x, shin.x, 0.01f * shin.x) << side;
        EXPECT_NEAR(radii("mHindLimb2", "mHindLimb3").y, shin.y, 0.01f * shin.y) << side;
        // The foot starts as the leg's; without a toe bone it tapers to its End Site.
        const float foot = radii("mAnkle", "mFoot").x;
        EXPECT_NEAR(radii("mHindLimb3", "mHindLimb4").x, foot, 0.01f * foot) << side;
    }
}

} // namespace
} // namespace bvh
