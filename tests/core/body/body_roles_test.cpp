#include "core/body/body_roles.h"
#include "core/reader/document.h"
#include "tests/core/body/body_test_skeletons.h"

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

} // namespace
} // namespace bvh
