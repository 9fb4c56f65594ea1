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

// One arm and one leg per side, named by `names`: {pelvis, spine, collar, shoulder, elbow,
// wrist, hip, knee, ankle}, with "%s" where the side's word goes.
std::string armsAndLegs(const std::vector<std::string>& names, const std::string& left,
                        const std::string& right) {
    test::BvhTextBuilder b;
    const auto sided = [](const std::string& pattern, const std::string& side) {
        std::string name = pattern;
        name.replace(name.find("%s"), 2, side);
        return name;
    };
    const int pelvis = b.add(names[0], -1, {0.0, 100.0, 0.0});
    const int spine = b.add(names[1], pelvis, {0.0, 10.0, 0.0});
    for (const auto& [side, x] : {std::pair{left, 1.0}, std::pair{right, -1.0}}) {
        const int collar = b.add(sided(names[2], side), spine, {x * 3.0, 30.0, 0.0});
        const int shoulder = b.add(sided(names[3], side), collar, {x * 15.0, 0.0, 0.0});
        const int elbow = b.add(sided(names[4], side), shoulder, {x * 28.0, 0.0, 0.0});
        const int wrist = b.add(sided(names[5], side), elbow, {x * 25.0, 0.0, 0.0});
        b.endSite(wrist, {x * 8.0, 0.0, 0.0});
        const int hip = b.add(sided(names[6], side), pelvis, {x * 10.0, 0.0, 0.0});
        const int knee = b.add(sided(names[7], side), hip, {0.0, -45.0, 0.0});
        const int ankle = b.add(sided(names[8], side), knee, {0.0, -45.0, 0.0});
        b.endSite(ankle, {0.0, -8.0, 12.0});
    }
    return b.text();
}

// Biovision's and Motion Analysis's names start each bone at its joint: "LeftHip" is the
// thigh, "LeftShoulder" (after "LeftCollar") the upper arm, "LeftElbow" the forearm.
TEST(BoneRoles, BiovisionJointNamesAreTheBonesTheyStart) {
    const BoneRoles roles(armsAndLegs({"Hips", "Chest", "%sCollar", "%sShoulder", "%sElbow",
                                       "%sWrist", "%sHip", "%sKnee", "%sAnkle"},
                                      "Left", "Right"));
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
    const BoneRoles roles(armsAndLegs({"mPelvis", "mTorso", "mCollar%s", "mShoulder%s", "mElbow%s",
                                       "mWrist%s", "mHip%s", "mKnee%s", "mAnkle%s"},
                                      "Left", "Right"));
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
    const BoneRoles roles(armsAndLegs({"Hips", "Spine", "%sShoulder", "%sArm", "%sForeArm",
                                       "%sHand", "%sUpLeg", "%sLeg", "%sFoot"},
                                      "Left", "Right"));
    EXPECT_EQ(roles.of("Hips"), BoneRole::Trunk);
    EXPECT_EQ(roles.of("LeftShoulder"), BoneRole::Shoulder);
    EXPECT_EQ(roles.of("LeftArm"), BoneRole::UpperArm);
    EXPECT_EQ(roles.of("LeftForeArm"), BoneRole::Forearm);
    EXPECT_EQ(roles.of("LeftUpLeg"), BoneRole::Thigh);
    EXPECT_EQ(roles.of("LeftLeg"), BoneRole::Shin);
}

} // namespace
} // namespace bvh
