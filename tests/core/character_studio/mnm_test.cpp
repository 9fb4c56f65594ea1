#include "core/character_studio/mnm.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"
#include "core/writer/writer.h"
#include "tests/core/test_support.h"
#include "tests/support/scratch_directory.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

// Seed 001's listing, with Windows line ends and a blank line as the seed has them.
constexpr const char* kSeedMnm = "Hips\r\n\r\nLeftHip lfemur\r\nLeftKnee ltibia\r\n"
                                 "LeftAnkle lfoot\r\nRightHip rfemur\r\nRightKnee rtibia\r\n"
                                 "RightAnkle rfoot\r\nChest upperback\r\nchest2 thorax\r\n"
                                 "LeftCollar lshoulderjoint\r\nLeftShoulder lhumerus\r\n"
                                 "LeftElbow lradius\r\nLeftWrist lwrist\r\n"
                                 "RightCollar rshoulderjoint\r\nRightShoulder rhumerus\r\n"
                                 "RightElbow rradius\r\nRightWrist rwrist\r\nhead head\r\n"
                                 "neck neck\r\n";

TEST(ParseMnm, ReadsBothColumnsAndIdentityLines) {
    const MnmFile mnm = parseMnm(kSeedMnm);
    EXPECT_TRUE(mnm.diagnostics.empty());
    ASSERT_EQ(mnm.entries.size(), 19u);
    EXPECT_EQ(mnm.entries[0].bipedName, "Hips");
    EXPECT_EQ(mnm.entries[0].customName, "Hips");
    EXPECT_EQ(mnm.entries[1].bipedName, "LeftHip");
    EXPECT_EQ(mnm.entries[1].customName, "lfemur");
    EXPECT_EQ(mnm.entries[1].line, 3u);
    EXPECT_EQ(mnm.entries[1].bipedColumn, 1u);
    EXPECT_EQ(mnm.entries[1].customColumn, 9u);
    EXPECT_EQ(mnm.entries[0].customColumn, 1u) << "one-name lines: both columns are that name";
}

TEST(ParseMnm, WarnsAboutExtraColumnsAndRepeatsWithTheirPlace) {
    const MnmFile mnm = parseMnm("LeftHip lfemur\nLeftKnee ltibia extra\n\tRightHip  lfemur\n");
    ASSERT_EQ(mnm.entries.size(), 1u);
    ASSERT_EQ(mnm.diagnostics.size(), 2u);
    EXPECT_EQ(mnm.diagnostics[0].severity, Severity::Warning);
    EXPECT_EQ(mnm.diagnostics[0].line, 2u);
    EXPECT_EQ(mnm.diagnostics[0].column, 17u);
    EXPECT_EQ(mnm.diagnostics[1].line, 3u);
    EXPECT_EQ(mnm.diagnostics[1].column, 12u);
}

TEST(LoadMnm, AMissingFileIsAnErrorAtLineZero) {
    const MnmFile mnm = loadMnm("/nonexistent/biped.mnm");
    ASSERT_EQ(mnm.diagnostics.size(), 1u);
    EXPECT_EQ(mnm.diagnostics[0].severity, Severity::Error);
    EXPECT_EQ(mnm.diagnostics[0].line, 0u);
    EXPECT_EQ(mnm.diagnostics[0].message,
              "cannot read the name map '/nonexistent/biped.mnm': no such file");
}

using LoadMnmFile = test::ScratchDirectoryTest;

TEST_F(LoadMnmFile, AMapLargerThanAnyNameMapIsRefusedUnread) {
    // A sparse gigabyte: reading it whole cost 6.3 GB, and it was taken as an empty map.
    const std::filesystem::path path = directory_ / "huge.mnm";
    { std::ofstream(path) << "Bip01 Pelvis\tHips\n"; }
    std::filesystem::resize_file(path, std::uintmax_t{1} << 30);
    const MnmFile mnm = loadMnm(path);
    ASSERT_EQ(mnm.diagnostics.size(), 1u);
    EXPECT_EQ(mnm.diagnostics[0].severity, Severity::Error);
    EXPECT_EQ(mnm.diagnostics[0].message, "cannot read the name map '" + utf8FromPath(path) +
                                              "': it is 1073741824 bytes, more than the " +
                                              std::to_string(kLargestMnmBytes) +
                                              " such a file may be");
    EXPECT_TRUE(mnm.entries.empty());
}

constexpr const char* kCustomFile = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT lfemur
	{
		OFFSET 3 0 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		JOINT LTIBIA
		{
			OFFSET 0 -18 0
			CHANNELS 3 Zrotation Xrotation Yrotation
			End Site
			{
				OFFSET 0 -18 0
			}
		}
	}
	JOINT tail
	{
		OFFSET 0 0 -5
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 0 -5
		}
	}
}
MOTION
Frames: 1
Frame Time: 0.1
0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
)";

TEST(MapJointNames, CustomNamesBecomeBipedsAndTheRestIsReported) {
    const Document document = parseDocument(kCustomFile);
    ASSERT_TRUE(document.loaded());
    const JointNameMapping mapping =
        mapJointNames(parseMnm(kSeedMnm), document.skeleton, MnmDirection::CustomToBiped);
    EXPECT_EQ(mapping.renames.at("lfemur"), "LeftHip");
    EXPECT_EQ(mapping.renames.at("LTIBIA"), "LeftKnee") << "names match without case";
    EXPECT_FALSE(mapping.renames.contains("Hips")) << "identity entries rename nothing";
    EXPECT_EQ(mapping.mapped, (std::vector<std::string>{"Hips", "lfemur", "LTIBIA"}));
    EXPECT_EQ(mapping.unmapped, std::vector<std::string>{"tail"});
    EXPECT_EQ(mapping.unused.size(), 16u);
}

TEST(MapJointNames, ReverseMapsBipedNamesToCustomOnes) {
    const Document document = parseDocument(R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 3 Zrotation Xrotation Yrotation
	JOINT LeftHip
	{
		OFFSET 3 0 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 -18 0
		}
	}
}
MOTION
Frames: 0
Frame Time: 0.1
)");
    ASSERT_TRUE(document.loaded());
    const JointNameMapping mapping =
        mapJointNames(parseMnm(kSeedMnm), document.skeleton, MnmDirection::BipedToCustom);
    EXPECT_EQ(mapping.renames.at("LeftHip"), "lfemur");
    EXPECT_TRUE(mapping.unmapped.empty());
}

TEST(MapJointNames, ANewNameABvhFileCannotHoldIsAnErrorAtItsPlaceInTheMap) {
    const Document document = parseDocument(kCustomFile);
    ASSERT_TRUE(document.loaded());
    const MnmFile mnm = parseMnm("Hips\n\tHi{ps lfemur\nLeft\x01Knee  LTIBIA\nTail tail\n");
    const JointNameMapping toBiped =
        mapJointNames(mnm, document.skeleton, MnmDirection::CustomToBiped);
    ASSERT_EQ(toBiped.diagnostics.size(), 2u);
    EXPECT_EQ(toBiped.diagnostics[0].severity, Severity::Error);
    EXPECT_EQ(toBiped.diagnostics[0].line, 2u);
    EXPECT_EQ(toBiped.diagnostics[0].column, 2u);
    EXPECT_EQ(toBiped.diagnostics[0].message,
              "cannot rename joint 'lfemur' to 'Hi{ps': " + jointNameProblem("Hi{ps"));
    EXPECT_EQ(toBiped.diagnostics[1].line, 3u);
    EXPECT_EQ(toBiped.diagnostics[1].column, 1u);
    EXPECT_NE(toBiped.diagnostics[1].message.find("'LTIBIA' to 'Left\\x01Knee'"), std::string::npos)
        << toBiped.diagnostics[1].message;
    EXPECT_EQ(toBiped.renames.size(), 1u) << "only tail -> Tail is left to do";
    EXPECT_EQ(toBiped.renames.at("tail"), "Tail");

    // The other direction renames to the right column, which holds good names here.
    EXPECT_TRUE(
        mapJointNames(mnm, document.skeleton, MnmDirection::BipedToCustom).diagnostics.empty());
}

} // namespace
} // namespace bvh
