// `bvhscope check --biped` (app/cli/check_biped.cpp, reached through check_command.cpp).
#include "app/cli/command_line.h"
#include "cli_test_support.h"

namespace bvhscope::cli {
namespace {

using test::run;
using test::TemporaryDirectory;

// Biped's hierarchy, upright along +Z, facing -Y, left on +X, arms and legs down.
constexpr const char* kZUpBiped = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 40
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT LeftHip { OFFSET 3 0 0 CHANNELS 3 Zrotation Xrotation Yrotation
		JOINT LeftKnee { OFFSET 0 0 -18 CHANNELS 3 Zrotation Xrotation Yrotation
			JOINT LeftAnkle { OFFSET 0 0 -18 CHANNELS 3 Zrotation Xrotation Yrotation
				End Site { OFFSET 0 0 -3 } } } }
	JOINT RightHip { OFFSET -3 0 0 CHANNELS 3 Zrotation Xrotation Yrotation
		JOINT RightKnee { OFFSET 0 0 -18 CHANNELS 3 Zrotation Xrotation Yrotation
			JOINT RightAnkle { OFFSET 0 0 -18 CHANNELS 3 Zrotation Xrotation Yrotation
				End Site { OFFSET 0 0 -3 } } } }
	JOINT Chest { OFFSET 0 0 5 CHANNELS 3 Zrotation Xrotation Yrotation
		JOINT LeftCollar { OFFSET 1 -2 15 CHANNELS 3 Zrotation Xrotation Yrotation
			JOINT LeftShoulder { OFFSET 6 0 0 CHANNELS 3 Zrotation Xrotation Yrotation
				JOINT LeftElbow { OFFSET 0 0 -12 CHANNELS 3 Zrotation Xrotation Yrotation
					JOINT LeftWrist { OFFSET 0 0 -10 CHANNELS 3 Zrotation Xrotation Yrotation
						End Site { OFFSET 0 0 -7 } } } } }
		JOINT RightCollar { OFFSET -1 -2 15 CHANNELS 3 Zrotation Xrotation Yrotation
			JOINT RightShoulder { OFFSET -6 0 0 CHANNELS 3 Zrotation Xrotation Yrotation
				JOINT RightElbow { OFFSET 0 0 -12 CHANNELS 3 Zrotation Xrotation Yrotation
					JOINT RightWrist { OFFSET 0 0 -10 CHANNELS 3 Zrotation Xrotation Yrotation
						End Site { OFFSET 0 0 -7 } } } } }
		JOINT Neck { OFFSET 0 0 17 CHANNELS 3 Zrotation Xrotation Yrotation
			JOINT Head { OFFSET 0 0 5 CHANNELS 3 Zrotation Xrotation Yrotation
				End Site { OFFSET 0 0 4 } } } }
}
MOTION
Frames: 0
Frame Time: 0.033333
)";

TEST(CheckBipedCommand, AMatchingFileExitsZero) {
    TemporaryDirectory directory;
    const std::string file = directory.write("biped.bvh", kZUpBiped);
    const auto result = run(runCheck, {"--biped", file});
    EXPECT_EQ(result.status, kExitOk) << result.out << result.err;
    EXPECT_NE(result.out.find(file + ": Biped hierarchy matches"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find(file + ": Biped neutral pose matches (upright along +Z, left side "
                                     "on +X, facing -Y"),
              std::string::npos)
        << result.out;
}

TEST(CheckBipedCommand, AMismatchListsWhatIsMissingAndExitsOne) {
    TemporaryDirectory directory;
    const std::string file = directory.write("chain.bvh", test::kChainBvh);
    const auto result = run(runCheck, {file, "--biped"});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_NE(result.out.find("Biped hierarchy does not match"), std::string::npos);
    EXPECT_NE(result.out.find("  missing:\n    LeftHip (LeftUpLeg)\n"), std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("extra (Biped ignores their channels):\n    Spine\n"),
              std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("neutral pose cannot be checked"), std::string::npos);
}

TEST(CheckBipedCommand, AFileThatDoesNotLoadIsAnError) {
    TemporaryDirectory directory;
    const auto result = run(runCheck, {"--biped", (directory.path() / "none.bvh").string()});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_NE(result.err.find(":0:0: error:"), std::string::npos) << result.err;
}

TEST(CheckBipedCommand, HelpMentionsIt) {
    EXPECT_NE(run(runCheck, {"--help"}).out.find("--biped"), std::string::npos);
}

} // namespace
} // namespace bvhscope::cli
