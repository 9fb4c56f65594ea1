// `bvhscope check --biped` (app/cli/check_biped.cpp, reached through check_command.cpp).
#include "app/cli/command_line.h"
#include "tests/app/cli/cli_test_support.h"

#include <fstream>
#include <sstream>
#include <utility>

namespace bvhscope::cli {
namespace {

using test::run;
using test::TemporaryDirectory;

// Biped's hierarchy in 3ds Max's axes: upright along +Z, facing -Y, left on +X, arms and legs
// down. Biped's import expects the file's own axes to be Y-up (seed 001's example), so this
// stands on its back.
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
Frames: 1
Frame Time: 0.033333
0 0 40 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
)";

std::string seedExampleFile() {
    return std::string(BVHSCOPE_SOURCE_DIR) + "/tests/data/seed_character_studio_example.bvh";
}

TEST(CheckBipedCommand, TheSeedsOwnExampleMatchesAndExitsZero) {
    // The audit's case: seed 001's "Example Biped-supported BVH File" was reported as
    // "neutral pose differs", exit status 1.
    const std::string file = seedExampleFile();
    const auto result = run(runCheck, {"--biped", file});
    EXPECT_EQ(result.status, kExitOk) << result.out << result.err;
    EXPECT_NE(result.out.find(file + ": Biped hierarchy matches\n"), std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find(file + ": Biped neutral pose matches (upright along +Y, left side "
                                     "on +X, facing +Z; Biped, in BVH axes: upright along +Y, "
                                     "left side on +X, facing +Z)\n"),
              std::string::npos)
        << result.out;
    EXPECT_EQ(result.err, "") << "only the load's warnings, and check --biped prints errors only";
}

TEST(CheckBipedCommand, BipedsPoseInMaxsAxesDiffersAndNamesTheCure) {
    TemporaryDirectory directory;
    const std::string file = directory.write("biped_zup.bvh", kZUpBiped);
    auto result = run(runCheck, {"--biped", file});
    EXPECT_EQ(result.status, kExitFileError) << result.out << result.err;
    EXPECT_NE(result.out.find(file + ": Biped hierarchy matches"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find(file + ": Biped neutral pose differs (upright along +Z, left side "
                                     "on +X, facing -Y;"),
              std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("    the right arm points along -Z; Biped's arms hang down along "
                              "-Y, palms against the thighs\n"),
              std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("  this is Biped's neutral pose with +Z up: `bvhscope convert --up "
                              "y` re-expresses it in BVH's axes\n"),
              std::string::npos)
        << result.out;

    // The cure the report names does cure it.
    const std::string converted = (directory.path() / "biped_yup.bvh").string();
    const auto conversion = run(runConvert, {file, converted, "--up", "y"});
    ASSERT_EQ(conversion.status, kExitOk) << conversion.err;
    result = run(runCheck, {"--biped", converted});
    EXPECT_EQ(result.status, kExitOk) << result.out;
    EXPECT_NE(result.out.find("Biped neutral pose matches (upright along +Y"), std::string::npos)
        << result.out;
}

TEST(CheckBipedCommand, ATPoseDiffersWithNoCure) {
    TemporaryDirectory directory;
    std::string text;
    {
        std::ifstream in(seedExampleFile(), std::ios::binary);
        std::ostringstream bytes;
        bytes << in.rdbuf();
        text = bytes.str();
    }
    // The left arm straight out along +X: LeftElbow and LeftWrist OFFSETs turned to +X.
    for (const auto& [from, to] :
         {std::pair<std::string, std::string>{"OFFSET 0.000000 -12.080000 0.000000",
                                              "OFFSET 12.080000 0.000000 0.000000"},
          {"OFFSET 0.000000 -9.820000 0.000000", "OFFSET 9.820000 0.000000 0.000000"}}) {
        const std::size_t at = text.find(from);
        ASSERT_NE(at, std::string::npos) << from;
        text.replace(at, from.size(), to);
    }
    const std::string file = directory.write("tpose.bvh", text);
    const auto result = run(runCheck, {"--biped", file});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_NE(result.out.find(file + ": Biped neutral pose differs"), std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("    the left arm points along +X;"), std::string::npos)
        << result.out;
    EXPECT_EQ(result.out.find("the right arm"), std::string::npos) << result.out;
    EXPECT_EQ(result.out.find("re-expresses"), std::string::npos) << result.out;
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
    EXPECT_NE(result.err.find(": error:"), std::string::npos) << result.err;
}

TEST(CheckBipedCommand, HelpMentionsIt) {
    EXPECT_NE(run(runCheck, {"--help"}).out.find("--biped"), std::string::npos);
}

} // namespace
} // namespace bvhscope::cli
