#include "core/analysis/joint_side.h"
#include "core/model/ascii_case.h"

#include <gtest/gtest.h>
#include <string>
#include <utility>
#include <vector>

namespace bvh {
namespace {

// Each name with the side its spelling says: the capture tools' words, leading and trailing
// marks, lone letters between separators (the last one ending the name), namespaces that are not
// read, and names that only begin with the letter.
const std::vector<std::pair<std::string, Side>>& spellings() {
    static const std::vector<std::pair<std::string, Side>> kSpellings = {
        {"LeftArm", Side::Left},
        {"left_arm", Side::Left},
        {"RightUpLeg", Side::Right},
        {"lShldr", Side::Left},
        {"rShin", Side::Right},
        {"LHipJoint", Side::Left},
        {"l_hip", Side::Left},
        {"upperleg01.L", Side::Left},
        {"Arm_L", Side::Left},
        {"Hand-R", Side::Right},
        {"Bip01 L Thigh", Side::Left},
        {"Bip01_R_Calf", Side::Right},
        {"Bip01 R", Side::Right}, // the lone letter ends the name: no separator after it
        {"L", Side::Left},        // too short for a mark, a word of its own
        {"mixamorig:LeftHand", Side::Left},
        {"rig|Hand_R", Side::Right},
        {"a:b|L_Foot", Side::Left}, // the base name follows the last mark of either kind
        {"Left:Spine", Side::None}, // a namespace says nothing of the joint
        {"lowerback", Side::None},
        {"LowerBack", Side::None},
        {"LSPINE", Side::None}, // capitals after the L: a word, not a mark
        {"Spine", Side::None},
        {"Bip01 Spine1", Side::None},
        {"", Side::None},
    };
    return kSpellings;
}

TEST(JointSide, CaptureToolsSpellingsOfLeftAndRight) {
    for (const auto& [name, side] : spellings()) {
        EXPECT_EQ(sideOf(name), side) << name;
    }
}

TEST(JointSide, AFoldedNameGivesTheSameSide) {
    for (const auto& [name, side] : spellings()) {
        EXPECT_EQ(sideOfFolded(name, asciiLowercase(name)), side) << name;
    }
}

TEST(JointSide, TheBaseNameDropsTheNamespace) {
    EXPECT_EQ(jointBaseName("mixamorig:LeftArm"), "LeftArm");
    EXPECT_EQ(jointBaseName("a:b|Hand"), "Hand");
    EXPECT_EQ(jointBaseName("Hips"), "Hips");
    EXPECT_EQ(jointBaseName("Hips:"), "");
}

} // namespace
} // namespace bvh
