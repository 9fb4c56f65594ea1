// Retargeting map files (joint_map_file.h): quoted names with spaces and escapes, comments, "-"
// for no joint, every refusal at its line and column, and a written map that reads back as
// itself.
#include "core/retarget/joint_map_file.h"
#include "core/retarget/rig_roles.h"
#include "tests/core/retarget/retarget_test_rigs.h"

#include <gtest/gtest.h>

namespace bvh {
namespace {

using namespace retarget_test;

TEST(JointMapFile, ReadsQuotedNamesEscapesCommentsAndNoJoint) {
    const JointMapFile file = parseJointMapFile("\xEF\xBB\xBF# a comment\r\n"
                                                "\"Bip01 L Thigh\"\tLeftUpLeg # thigh\r\n"
                                                "  Head\n"
                                                "\"say \\\"hi\\\" \\\\ \\n\" -\n"
                                                "Neck \"-\"\n"
                                                "\n");
    ASSERT_TRUE(file.diagnostics.empty()) << file.diagnostics.front().message;
    ASSERT_EQ(file.entries.size(), 4u);
    EXPECT_EQ(file.entries[0].targetName, "Bip01 L Thigh");
    EXPECT_EQ(file.entries[0].sourceName, "LeftUpLeg");
    EXPECT_EQ(file.entries[0].line, 2u);
    EXPECT_EQ(file.entries[0].targetColumn, 1u);
    EXPECT_EQ(file.entries[0].sourceColumn, 17u);
    EXPECT_EQ(file.entries[1].targetName, "Head"); // one name: the source joint of that name
    EXPECT_EQ(file.entries[1].sourceName, "Head");
    EXPECT_EQ(file.entries[1].sourceColumn, 3u);
    EXPECT_EQ(file.entries[2].targetName, "say \"hi\" \\ \\n"); // only \" and \\ are escapes
    EXPECT_EQ(file.entries[2].sourceName, std::nullopt);
    EXPECT_EQ(file.entries[3].sourceName, "-"); // quoted: a joint named -
}

TEST(JointMapFile, RefusesBrokenLinesAtTheirLineAndColumn) {
    const JointMapFile file = parseJointMapFile("Hips Hips\n"
                                                "  \"Bip01 L Thigh LeftUpLeg\n"
                                                "\"Bip01\"L Thigh\n"
                                                "Bip01 L Thigh LeftUpLeg\n"
                                                "- Hips\n"
                                                "Hips Spine\n");
    ASSERT_EQ(file.diagnostics.size(), 5u);
    const auto expect = [&](std::size_t i, Severity severity, std::uint32_t line,
                            std::uint32_t column, std::string_view start) {
        const Diagnostic& d = file.diagnostics[i];
        EXPECT_EQ(d.severity, severity) << i;
        EXPECT_EQ(d.line, line) << i;
        EXPECT_EQ(d.column, column) << i;
        EXPECT_TRUE(d.message.starts_with(start)) << d.message;
    };
    expect(0, Severity::Error, 2, 3, "unclosed quote");
    expect(1, Severity::Error, 3, 8, "expected a space after the closing quote");
    expect(2, Severity::Error, 4, 9, "expected TARGET SOURCE, found 4 names (quote names");
    expect(3, Severity::Error, 5, 1, "expected a target joint's name");
    expect(4, Severity::Warning, 6, 1, "'Hips' is listed twice; the first line is used");
    ASSERT_EQ(file.entries.size(), 1u);
    EXPECT_EQ(file.entries[0].sourceName, "Hips");
}

TEST(JointMapFile, WritesNamesThatReadBackAsThemselves) {
    for (const std::string name :
         {"Hips", "Bip01 L Thigh", "a\tb", "x#y", "\"", "back\\slash", "-", "", "mixamorig:Hips"}) {
        const std::string line = jointMapName(name) + " " + jointMapName(name + "2");
        const JointMapFile file = parseJointMapFile(line);
        ASSERT_EQ(file.entries.size(), 1u) << line;
        EXPECT_EQ(file.entries[0].targetName, name) << line;
        EXPECT_EQ(file.entries[0].sourceName, name + "2") << line;
    }
    EXPECT_EQ(jointMapName("Bip01 L Thigh"), "\"Bip01 L Thigh\"");
    EXPECT_EQ(jointMapName("a\"b\\c"), "\"a\\\"b\\\\c\"");
}

TEST(JointMapFile, AWrittenMapReadBackGivesTheSameSources) {
    const Figure source = buildFigure({});
    FigureOptions biped;
    biped.names = bipedNames();
    const Figure target = buildFigure(biped);
    JointMap map = matchJointsByRole(findRigRoles(source.skeleton), findRigRoles(target.skeleton));
    const auto forearm = static_cast<std::size_t>(target.skeleton.find("Bip01 L Forearm"));
    map.sourceOf[forearm] = kNoParent; // an edited row: none
    const std::string text = formatJointMapFile(source.skeleton, target.skeleton, map);
    EXPECT_NE(text.find("\"Bip01 L Forearm\"\t-\t# unmatched: keeps its rest rotation\n"),
              std::string::npos)
        << text;

    JointMap readBack;
    readBack.sourceOf.assign(target.skeleton.nodeCount(), 0);
    readBack.why.assign(target.skeleton.nodeCount(), "");
    const std::vector<Diagnostic> problems =
        applyJointMapFile(parseJointMapFile(text), source.skeleton, target.skeleton, readBack);
    EXPECT_TRUE(problems.empty());
    for (std::size_t node = 0; node < target.skeleton.nodeCount(); ++node) {
        if (target.skeleton.isEndSite[node] == 0) {
            EXPECT_EQ(readBack.sourceOf[node], map.sourceOf[node]) << target.skeleton.names[node];
        }
    }
    EXPECT_TRUE(readBack.why[forearm].starts_with("map line ")) << readBack.why[forearm];
}

} // namespace
} // namespace bvh
