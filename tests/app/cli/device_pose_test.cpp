// DevicePoser's choice of capture joints for a device's bones, where the roles alone find no
// spine: a MakeHuman-like figure whose legs hang from a "Hips" joint beside the spine.
#include "app/cli/device_pose.h"
#include "core/live/unity_humanoid.h"
#include "core/reader/document.h"

#include <algorithm>
#include <gtest/gtest.h>

namespace bvhscope::cli {
namespace {

std::string joint(const std::string& name, const std::string& offset, const std::string& inside) {
    return "JOINT " + name + "\n{\nOFFSET " + offset +
           "\nCHANNELS 3 Zrotation Xrotation Yrotation\n" + inside + "}\n";
}

std::string endSite() {
    return "End Site\n{\nOFFSET 0 1 0\n}\n";
}

// One frame of `channels` zeros: the rest pose.
std::string restRow(std::size_t channels) {
    std::string row = "0";
    for (std::size_t value = 1; value < channels; ++value) {
        row += " 0";
    }
    return row;
}

// Root > Spine1 > Spine2 > (Neck > Head, arms); Root > Hips > legs. Left at +X, in decimetres.
std::string makeHumanLike() {
    std::string arms;
    std::string legs;
    for (const std::string side : {"L", "R"}) {
        const std::string x = side == "L" ? "" : "-";
        arms += joint("Clavicle_" + side, x + "0.5 1 0",
                      joint("UpArm_" + side, x + "1 0 0",
                            joint("LoArm_" + side, x + "3 0 0",
                                  joint("Hand_" + side, x + "2.5 0 0", endSite()))));
        legs += joint(
            "UpLeg_" + side, x + "1 -0.5 0",
            joint("LoLeg_" + side, "0 -4 0",
                  joint("Foot_" + side, "0 -4 0", joint("Toe_" + side, "0 -0.5 1", endSite()))));
    }
    return "HIERARCHY\nROOT Root\n{\nOFFSET 0 9 0\nCHANNELS 6 Xposition Yposition Zposition "
           "Zrotation Xrotation Yrotation\n" +
           joint("Spine1", "0 1 0",
                 joint("Spine2", "0 2 0",
                       joint("Neck", "0 2 0", joint("Head", "0 1 0", endSite())) + arms)) +
           joint("Hips", "0 0 0", legs) + "}\nMOTION\nFrames: 1\nFrame Time: 0.04\n" +
           restRow(6 + 3 * 21) + "\n";
}

TEST(DevicePose, LegsBesideTheSpineHangFromTheJointBothHangFrom) {
    const bvh::Document document = bvh::parseDocument(makeHumanLike());
    ASSERT_TRUE(document.loaded());
    ASSERT_TRUE(document.diagnostics.empty()) << document.diagnostics.front().message;
    std::string error;
    std::optional<DevicePoser> poser = DevicePoser::create(document.skeleton, document.motion,
                                                           DeviceSkeleton::UnityHumanoid, error);
    ASSERT_TRUE(poser) << error;
    const auto bone = [](std::string_view name) { return *bvh::live::unityHumanoidBone(name); };
    EXPECT_TRUE(poser->driven(bone("Spine")));
    EXPECT_TRUE(poser->driven(bone("Chest")));
    EXPECT_TRUE(poser->driven(bone("LeftUpperLeg")));
    // The legs' own "Hips" joint has no bone: Root is the device's hips.
    const std::vector<std::string>& unmapped = poser->unmappedJoints();
    EXPECT_NE(std::find(unmapped.begin(), unmapped.end(), "Hips"), unmapped.end());
    // At rest the left thigh is 1 unit to the left (+X) of Root and half a unit down, whatever
    // the unit the figure's height says.
    const glm::dvec3 thigh = poser->restOffsets()[bone("LeftUpperLeg")];
    EXPECT_GT(thigh.x, 0.0);
    EXPECT_LT(thigh.y, 0.0);
    EXPECT_NEAR(thigh.x, -2.0 * thigh.y, 1e-9);
}

} // namespace
} // namespace bvhscope::cli
