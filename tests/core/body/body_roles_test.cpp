#include "core/body/body_roles.h"
#include "core/reader/document.h"
#include "tests/core/body/body_second_life_rig.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/core/body/body_unreal_rig.h"

#include <algorithm>
#include <gtest/gtest.h>

namespace bvh {
namespace {

// The role of the bone leaving `name` in the skeleton `text` describes.
class BoneRoles {
public:
    explicit BoneRoles(const std::string& text)
        : document_(parseDocument(text)), roles_(classifyBoneRoles(document_.skeleton)) {}
    BoneRole of(const std::string& name) const {
        const NodeIndex node = document_.skeleton.find(name);
        EXPECT_NE(node, kNoParent) << name;
        return node == kNoParent ? BoneRole::Unknown : roles_[static_cast<std::size_t>(node)];
    }

private:
    Document document_;
    std::vector<BoneRole> roles_;
};

// Biovision's and Motion Analysis's names start each bone at its joint: "LeftHip" is the
// thigh, "LeftShoulder" (after "LeftCollar") the upper arm, "LeftElbow" the forearm.
TEST(BoneRoles, BiovisionJointNamesAreTheBonesTheyStart) {
    const BoneRoles roles(test::biovisionBiped().text());
    EXPECT_EQ(roles.of("Hips"), BoneRole::Trunk);
    EXPECT_EQ(roles.of("LeftHip"), BoneRole::Thigh);
    EXPECT_EQ(roles.of("RightHip"), BoneRole::Thigh);
    EXPECT_EQ(roles.of("LeftKnee"), BoneRole::Shin);
    EXPECT_EQ(roles.of("LeftAnkle"), BoneRole::Foot);
    EXPECT_EQ(roles.of("LeftShoulder"), BoneRole::UpperArm);
    EXPECT_EQ(roles.of("RightShoulder"), BoneRole::UpperArm);
    EXPECT_EQ(roles.of("LeftElbow"), BoneRole::Forearm);
    EXPECT_EQ(roles.of("LeftWrist"), BoneRole::Hand);
}

// Second Life's skeleton: mCollarLeft, mShoulderLeft (the upper arm), mElbowLeft, mWristLeft;
// mHipLeft (the thigh), mKneeLeft, mAnkleLeft under mPelvis.
TEST(BoneRoles, SecondLifeNamesAreTheBonesTheyStart) {
    const BoneRoles roles(test::secondLifeBiped().text());
    EXPECT_EQ(roles.of("mPelvis"), BoneRole::Trunk);
    EXPECT_EQ(roles.of("mCollarLeft"), BoneRole::Shoulder);
    EXPECT_EQ(roles.of("mShoulderLeft"), BoneRole::UpperArm);
    EXPECT_EQ(roles.of("mShoulderRight"), BoneRole::UpperArm);
    EXPECT_EQ(roles.of("mElbowRight"), BoneRole::Forearm);
    EXPECT_EQ(roles.of("mHipLeft"), BoneRole::Thigh);
    EXPECT_EQ(roles.of("mHipRight"), BoneRole::Thigh);
    EXPECT_EQ(roles.of("mKneeRight"), BoneRole::Shin);
}

// Where the shoulder ends at the arm's root (Mixamo, CMU), it stays the shoulder, and a "hip"
// with no side stays the pelvis.
TEST(BoneRoles, MixamoShouldersAndHipsKeepTheirRoles) {
    const BoneRoles roles(test::mixamoBiped(1.0, test::BipedStyle{.prefix = ""}).text());
    EXPECT_EQ(roles.of("Hips"), BoneRole::Trunk);
    EXPECT_EQ(roles.of("LeftShoulder"), BoneRole::Shoulder);
    EXPECT_EQ(roles.of("LeftArm"), BoneRole::UpperArm);
    EXPECT_EQ(roles.of("LeftForeArm"), BoneRole::Forearm);
    EXPECT_EQ(roles.of("LeftUpLeg"), BoneRole::Thigh);
    EXPECT_EQ(roles.of("LeftLeg"), BoneRole::Shin);
}

// The full Second Life Bento skeleton: the classic bones keep a biped's roles, the face's 50-odd
// joints under mHead are face, the fingers fingers, the tail a tail, the wings wings (their root,
// which both leave, the trunk's); hind limbs have no named role (body_limb_copies.h makes them
// legs).
TEST(BoneRoles, SecondLifeBentoIsABipedWithAFaceFingersAndATail) {
    const BoneRoles roles(test::secondLifeBento().text());
    EXPECT_EQ(roles.of("mPelvis"), BoneRole::Trunk);
    EXPECT_EQ(roles.of("mSpine1"), BoneRole::Trunk);
    EXPECT_EQ(roles.of("mSpine2"), BoneRole::Trunk);
    EXPECT_EQ(roles.of("mTorso"), BoneRole::Trunk);
    EXPECT_EQ(roles.of("mChest"), BoneRole::Trunk);
    EXPECT_EQ(roles.of("mNeck"), BoneRole::Neck);
    EXPECT_EQ(roles.of("mHead"), BoneRole::Head);
    for (const std::string side : {"Left", "Right"}) {
        EXPECT_EQ(roles.of("mCollar" + side), BoneRole::Shoulder);
        EXPECT_EQ(roles.of("mShoulder" + side), BoneRole::UpperArm);
        EXPECT_EQ(roles.of("mElbow" + side), BoneRole::Forearm);
        EXPECT_EQ(roles.of("mWrist" + side), BoneRole::Hand);
        EXPECT_EQ(roles.of("mHandThumb1" + side), BoneRole::Finger);
        EXPECT_EQ(roles.of("mHandPinky2" + side), BoneRole::Finger);
        EXPECT_EQ(roles.of("mHip" + side), BoneRole::Thigh);
        EXPECT_EQ(roles.of("mKnee" + side), BoneRole::Shin);
        EXPECT_EQ(roles.of("mAnkle" + side), BoneRole::Foot);
        EXPECT_EQ(roles.of("mFaceEar1" + side), BoneRole::Face);
        EXPECT_EQ(roles.of("mWing1" + side), BoneRole::Wing);
        EXPECT_EQ(roles.of("mWing3" + side), BoneRole::Wing);
        EXPECT_EQ(roles.of("mWing4Fan" + side), BoneRole::Wing);
        EXPECT_EQ(roles.of("mHindLimb2" + side), BoneRole::Unknown);
    }
    EXPECT_EQ(roles.of("mWingsRoot"), BoneRole::Trunk);
    EXPECT_EQ(roles.of("mFaceRoot"), BoneRole::Face);
    EXPECT_EQ(roles.of("mFaceJaw"), BoneRole::Face);
    EXPECT_EQ(roles.of("mFaceTongueBase"), BoneRole::Face);
    EXPECT_EQ(roles.of("mSkull"), BoneRole::Face);
    EXPECT_EQ(roles.of("mTail1"), BoneRole::Tail);
    EXPECT_EQ(roles.of("mTail5"), BoneRole::Tail);
}

// Unreal's mannequin: sides by their "_l" and "_r" suffixes, twist bones their limb's role.
TEST(BoneRoles, UnrealMannequinNamesAreABiped) {
    for (const test::UnrealMannequin kind :
         {test::UnrealMannequin::UE4, test::UnrealMannequin::UE5}) {
        const BoneRoles roles(test::unrealMannequin(kind).text());
        EXPECT_EQ(roles.of("pelvis"), BoneRole::Trunk);
        EXPECT_EQ(roles.of("spine_01"), BoneRole::Trunk);
        EXPECT_EQ(roles.of("neck_01"), BoneRole::Neck);
        EXPECT_EQ(roles.of("head"), BoneRole::Head);
        for (const std::string side : {"l", "r"}) {
            EXPECT_EQ(roles.of("clavicle_" + side), BoneRole::Shoulder);
            EXPECT_EQ(roles.of("upperarm_" + side), BoneRole::UpperArm);
            EXPECT_EQ(roles.of("upperarm_twist_01_" + side), BoneRole::UpperArm);
            EXPECT_EQ(roles.of("lowerarm_" + side), BoneRole::Forearm);
            EXPECT_EQ(roles.of("hand_" + side), BoneRole::Hand);
            EXPECT_EQ(roles.of("thumb_01_" + side), BoneRole::Finger);
            EXPECT_EQ(roles.of("thigh_" + side), BoneRole::Thigh);
            EXPECT_EQ(roles.of("calf_" + side), BoneRole::Shin);
            EXPECT_EQ(roles.of("calf_twist_01_" + side), BoneRole::Shin);
            EXPECT_EQ(roles.of("foot_" + side), BoneRole::Foot);
        }
    }
}

// "wing" starting a word of a name is a wing, whatever the rig's spelling; inside a word ("swing",
// "following", "drawing") it is none, and those names keep the role their other words give.
TEST(BoneRoles, WingsAreNamedByTheWordWing) {
    for (const char* name : {"mWing1Left", "mWing4FanRight", "Wing_L", "wing.R", "LeftWing",
                             "Wings", "L_wing_02", "bat:WingFinger1_L", "WING"}) {
        EXPECT_EQ(roleFromName(name), BoneRole::Wing) << name;
    }
    EXPECT_EQ(roleFromName("Swing"), BoneRole::Unknown);
    EXPECT_EQ(roleFromName("swing_helper"), BoneRole::Unknown);
    EXPECT_EQ(roleFromName("LeftArmSwing"), BoneRole::UpperArm);
    EXPECT_EQ(roleFromName("following_spine"), BoneRole::Trunk);
    EXPECT_EQ(roleFromName("DrawingHand_L"), BoneRole::Hand);
    EXPECT_EQ(roleFromName("BowingHead"), BoneRole::Head);
}

// Roles of the corpus' spellings are unchanged by the wing rule: no joint of the bundled walk,
// the generated bipeds or the Unreal mannequins is a wing.
TEST(BoneRoles, NoWingsWhereNoNameSaysWing) {
    for (const std::string& text : {test::biovisionBiped().text(), test::secondLifeBiped().text(),
                                    test::mixamoBiped(1.0, test::BipedStyle{.prefix = ""}).text(),
                                    test::unrealMannequin(test::UnrealMannequin::UE5).text()}) {
        const Document document = parseDocument(text);
        const std::vector<BoneRole> roles = classifyBoneRoles(document.skeleton);
        EXPECT_EQ(std::count(roles.begin(), roles.end(), BoneRole::Wing), 0);
    }
}

} // namespace
} // namespace bvh
