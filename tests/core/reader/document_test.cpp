// Layouts real exporters write, each of which must load (see document.h).
#include "core/reader/document.h"
#include "tests/core/test_support.h"
#include "tests/support/bvh_texts.h"

#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

using test::describeDiagnostics;
using test::findDiagnostic;

using test::kTwoJointBvh;

void expectTidyContent(const Document& document) {
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    const Skeleton& skeleton = document.skeleton;
    ASSERT_EQ(skeleton.nodeCount(), 3u);
    EXPECT_EQ(skeleton.names[0], "Hips");
    EXPECT_EQ(skeleton.names[1], "Spine");
    EXPECT_EQ(skeleton.names[2], "EndSite_Spine");
    EXPECT_EQ(skeleton.parents[0], kNoParent);
    EXPECT_EQ(skeleton.parents[1], 0);
    EXPECT_EQ(skeleton.parents[2], 1);
    EXPECT_EQ(skeleton.isEndSite[2], 1);
    EXPECT_EQ(skeleton.offsets[0], glm::dvec3(1, 2, 3));
    EXPECT_EQ(skeleton.offsets[2], glm::dvec3(0, 5, 0));
    EXPECT_EQ(skeleton.totalChannels(), 9u);
    EXPECT_EQ(skeleton.channelBegin[1], 6u);
    EXPECT_EQ(skeleton.rotationOrder(0), "ZXY");
    const Motion& motion = document.motion;
    ASSERT_EQ(motion.frameCount, 2u);
    EXPECT_EQ(motion.channelCount, 9u);
    EXPECT_DOUBLE_EQ(motion.frameTime, 0.033333);
    EXPECT_FALSE(motion.frameTimeAssumed);
    EXPECT_EQ(motion.frame(1)[0], 10.0f);
    EXPECT_EQ(motion.frame(1)[8], 90.0f);
}

TEST(Document, ReadsTheTidyLayout) {
    Document document = parseDocument(kTwoJointBvh);
    expectTidyContent(document);
    EXPECT_TRUE(document.diagnostics.empty()) << describeDiagnostics(document);
}

std::string replaceAll(std::string text, std::string_view from, std::string_view to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

TEST(Document, LineEndingsDoNotMatterCrlfOrLoneCr) {
    expectTidyContent(parseDocument(replaceAll(std::string(kTwoJointBvh), "\n", "\r\n")));
    expectTidyContent(parseDocument(replaceAll(std::string(kTwoJointBvh), "\n", "\r")));
}

TEST(Document, ByteOrderMarkIsIgnored) {
    expectTidyContent(parseDocument("\xEF\xBB\xBF" + std::string(kTwoJointBvh)));
}

TEST(Document, KeywordsAreCaseInsensitive) {
    std::string shouting = R"(hierarchy
root Hips
{
	offset 1 2 3
	channels 6 XPOSITION yposition Zposition zrotation Xrotation YROTATION
	joint Spine
	{
		Offset 0 10 0
		Channels 3 Zrotation Xrotation Yrotation
		end site
		{
			OFFSET 0 5 0
		}
	}
}
motion
FRAMES: 2
frame time: 0.033333
1 2 3 4 5 6 7 8 9
10 20 30 40 50 60 70 80 90
)";
    expectTidyContent(parseDocument(shouting));
}

TEST(Document, BracesOnKeywordLinesAndSpacesForTabs) {
    // Character Studio's spec puts '}' after OFFSET values; other writers put '{' after names.
    std::string compact =
        "HIERARCHY ROOT Hips {\n OFFSET 1 2 3\n CHANNELS 6 Xposition Yposition Zposition "
        "Zrotation Xrotation Yrotation\n JOINT Spine{ OFFSET 0 10 0\n CHANNELS 3 Zrotation "
        "Xrotation Yrotation\n End Site { OFFSET 0 5 0 } } }\nMOTION\nFrames:\t2\nFrame "
        "Time:   0.033333\n1\t2 3  4 5 6 7 8 9\n  10 20 30 40 50 60 70 80 90  \n";
    Document document = parseDocument(compact);
    expectTidyContent(document);
    EXPECT_TRUE(document.diagnostics.empty()) << describeDiagnostics(document);
}

TEST(Document, JointNamesKeepSpacesAndPunctuation) {
    Document document =
        parseDocument("HIERARCHY\nROOT mixamorig:Hips\n{\nOFFSET 0 0 0\nCHANNELS 0\n"
                      "JOINT upperleg01.R\n{\nOFFSET 0 -1 0\nCHANNELS 0\n"
                      "JOINT Left Fore-Arm \t{\nOFFSET 0 -1 0\nCHANNELS 0\n}\n}\n}\n"
                      "MOTION\nFrames: 0\nFrame Time: 0.1\n");
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    ASSERT_EQ(document.skeleton.nodeCount(), 3u);
    EXPECT_EQ(document.skeleton.names[0], "mixamorig:Hips");
    EXPECT_EQ(document.skeleton.names[1], "upperleg01.R");
    EXPECT_EQ(document.skeleton.names[2], "Left Fore-Arm");
}

TEST(Document, SeveralRootsEachStartAHierarchy) {
    Document document = parseDocument(R"(HIERARCHY
ROOT A
{
	OFFSET 0 0 0
	CHANNELS 3 Xposition Yposition Zposition
	End Site
	{
		OFFSET 0 1 0
	}
}
ROOT B
{
	OFFSET 5 0 0
	CHANNELS 1 Yrotation
}
MOTION
Frames: 1
Frame Time: 0.5
1 2 3 45
)");
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    const Skeleton& skeleton = document.skeleton;
    ASSERT_EQ(skeleton.nodeCount(), 3u);
    EXPECT_EQ(skeleton.roots(), (std::vector<NodeIndex>{0, 2}));
    EXPECT_EQ(skeleton.channelBegin[2], 3u);
    EXPECT_EQ(skeleton.channelCount[2], 1u);
    EXPECT_EQ(document.motion.frame(0)[3], 45.0f);
}

TEST(Document, PositionChannelsOnAnyJointAndAnyChannelOrder) {
    Document document = parseDocument(R"(HIERARCHY
ROOT Root
{
	OFFSET 0 0 0
	CHANNELS 6 Zrotation Yrotation Xrotation Xposition Yposition Zposition
	JOINT Child
	{
		OFFSET 0 1 0
		CHANNELS 6 Yposition Xrotation Zposition Yrotation Xposition Zrotation
	}
}
MOTION
Frames: 1
Frame Time: 0.1
1 2 3 4 5 6 7 8 9 10 11 12
)");
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    EXPECT_EQ(document.skeleton.rotationOrder(0), "ZYX");
    EXPECT_EQ(document.skeleton.rotationOrder(1), "XYZ");
    EXPECT_TRUE(document.skeleton.hasPositionChannels(1));
    const auto channels = document.skeleton.channelsOf(1);
    EXPECT_EQ(channels[0], ChannelType::Yposition);
    EXPECT_EQ(channels[5], ChannelType::Zrotation);
}

TEST(Document, UnknownChannelConsumesItsValueWithAWarning) {
    Document document = parseDocument(R"(HIERARCHY
ROOT Root
{
	OFFSET 0 0 0
	CHANNELS 4 Xposition Xscale Yposition Zposition
	JOINT Child
	{
		OFFSET 0 1 0
		CHANNELS 1 Zrotation
	}
}
MOTION
Frames: 1
Frame Time: 0.1
1 99 2 3 45
)");
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    const Diagnostic* warning = findDiagnostic(document, Severity::Warning, "'Xscale'");
    ASSERT_NE(warning, nullptr) << describeDiagnostics(document);
    EXPECT_EQ(warning->line, 5u);
    EXPECT_EQ(warning->column, 23u);
    EXPECT_EQ(document.skeleton.channels[1], ChannelType::Unknown);
    EXPECT_EQ(document.skeleton.channelNames[1], "Xscale");
    // The Zrotation of Child is still the fifth column: nothing shifted.
    EXPECT_EQ(document.motion.frame(0)[4], 45.0f);
}

TEST(Document, NoLineLengthLimit) {
    // 40 000 joints in a chain: one motion row of 120 000 values (about 600 kB on one line).
    std::string text = "HIERARCHY\n";
    constexpr int kJoints = 40000;
    for (int i = 0; i < kJoints; ++i) {
        text += (i == 0 ? "ROOT J" : "JOINT J") + std::to_string(i) +
                "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
    }
    text.append(kJoints, '}');
    text += "\nMOTION\nFrames: 1\nFrame Time: 0.1\n";
    for (int i = 0; i < kJoints * 3; ++i) {
        text += "1.5 ";
    }
    text += "\n";
    Document document = parseDocument(text);
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    EXPECT_EQ(document.skeleton.nodeCount(), std::size_t{kJoints});
    EXPECT_EQ(document.skeleton.parents.back(), kJoints - 2);
    EXPECT_EQ(document.motion.frameCount, 1u);
    EXPECT_EQ(document.motion.values.back(), 1.5f);
    EXPECT_TRUE(document.diagnostics.empty()) << describeDiagnostics(document);
}

TEST(Document, DeepNestingDoesNotOverflowTheStack) {
    std::string text = "HIERARCHY\n";
    constexpr int kDepth = 100000;
    for (int i = 0; i < kDepth; ++i) {
        text += (i == 0 ? "ROOT J" : "JOINT J") + std::to_string(i) + "{OFFSET 0 1 0 CHANNELS 0\n";
    }
    text.append(kDepth, '}');
    Document document = parseDocument(text);
    EXPECT_TRUE(document.loaded());
    EXPECT_EQ(document.skeleton.nodeCount(), std::size_t{kDepth});
}

TEST(Document, MissingMotionSectionGivesRestPoseWithWarning) {
    Document document =
        parseDocument("HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Xrotation "
                      "Yrotation\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\n");
    ASSERT_TRUE(document.loaded()) << describeDiagnostics(document);
    EXPECT_FALSE(document.hasMotionSection);
    EXPECT_EQ(document.motion.frameCount, 0u);
    EXPECT_EQ(document.motion.channelCount, 3u);
    const Diagnostic* warning = findDiagnostic(document, Severity::Warning, "no MOTION");
    ASSERT_NE(warning, nullptr);
    EXPECT_EQ(warning->line, 11u);
}

TEST(Document, LoadDocumentReportsMissingFileAsError) {
    Document document = loadDocument("/nonexistent/dir/walk.bvh");
    EXPECT_FALSE(document.loaded());
    ASSERT_EQ(document.diagnostics.size(), 1u);
    EXPECT_EQ(document.diagnostics[0].line, 0u);
    EXPECT_NE(document.diagnostics[0].message.find("cannot open"), std::string::npos);
}

TEST(Document, LoadDocumentRefusesADirectory) {
    Document document = loadDocument(BVHSCOPE_SOURCE_DIR);
    EXPECT_FALSE(document.loaded());
    EXPECT_NE(findDiagnostic(document, Severity::Error, "directory"), nullptr);
}

} // namespace
} // namespace bvh
