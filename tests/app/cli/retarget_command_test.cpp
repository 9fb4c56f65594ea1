// bvhscope retarget (issue 40): OUT is TARGET's hierarchy with SOURCE's frames, the map it uses,
// and every refusal with its exit status and message.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "app/options/option_help.h"
#include "app/options/option_table.h"
#include "core/reader/document.h"
#include "core/writer/writer.h"
#include "tests/app/cli/cli_test_support.h"
#include "tests/core/retarget/retarget_test_rigs.h"

#include <fstream>
#include <glm/geometric.hpp>
#include <iterator>

namespace bvhscope::cli {
namespace {

using namespace bvh::retarget_test;
using test::run;
using test::TemporaryDirectory;

std::string fileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct RetargetFiles {
    TemporaryDirectory directory;
    Figure source = buildFigure({});
    Figure target;
    std::string sourcePath;
    std::string targetPath;
    std::string output;

    explicit RetargetFiles(const FigureOptions& targetOptions)
        : target(buildFigure(targetOptions)) {
        sourcePath =
            directory.write("take.bvh", bvh::formatBvh(source.skeleton, figureMotion(source, 30)));
        targetPath =
            directory.write("rig.bvh", bvh::formatBvh(target.skeleton, figureMotion(target, 0)));
        output = (directory.path() / "out.bvh").string();
    }
};

FigureOptions bandaiNamcoRig(double scale = 1.0) {
    FigureOptions options;
    options.names = bandaiNamcoNames();
    options.reverseChildren = true;
    options.rotationOrder = "YXZ";
    options.scale = scale;
    return options;
}

TEST(RetargetCommand, WritesTheTargetsHierarchyWithTheSourcesFramesAtItsSize) {
    RetargetFiles files(bandaiNamcoRig(1.3));
    // Feet free: the positions are then exactly the source's at 1.3 times the size.
    const auto result = run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "-o",
                                          files.output, "--feet", "free"});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_NE(result.out.find("(21 joints matched, root travel x1.3)"), std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("wrote " + files.output + ": 21 joints, 30 frames at 30 fps"),
              std::string::npos)
        << result.out;
    const bvh::Document source = bvh::loadDocument(files.sourcePath);
    const bvh::Document out = bvh::loadDocument(files.output);
    ASSERT_TRUE(out.loaded());
    EXPECT_EQ(out.skeleton.names, files.target.skeleton.names);
    EXPECT_EQ(out.skeleton.channels, files.target.skeleton.channels);
    EXPECT_EQ(out.motion.frameCount, 30u);
    EXPECT_DOUBLE_EQ(out.motion.frameTime, source.motion.frameTime);
    Figure written = files.target;
    written.skeleton = out.skeleton;
    for (std::uint32_t f = 0; f < out.motion.frameCount; ++f) {
        const auto expected = figurePositions(files.source, source.motion, f);
        const auto actual = figurePositions(written, out.motion, f);
        for (std::size_t j = 0; j < kFigureJoints; ++j) {
            EXPECT_LT(glm::length(expected[j] * 1.3 - actual[j]), 0.01) << "frame " << f;
        }
    }
}

TEST(RetargetCommand, PrintsTheMapWithEachMatchsRole) {
    RetargetFiles files(bandaiNamcoRig());
    const auto result =
        run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "--print-map"});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_NE(result.out.find("Hips\tmixamorig:Hips\t# hips\n"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("UpperLeg_L\tmixamorig:LeftUpLeg\t# left thigh\n"), std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("Chest\tmixamorig:Spine1\t# spine 0.43\n"), std::string::npos)
        << result.out;
    EXPECT_FALSE(std::filesystem::exists(files.output));
}

// The printed map is a --map file: fed back, it retargets to the same bytes, Character Studio's
// names with spaces included (quoted); an edited line changes the result.
TEST(RetargetCommand, ThePrintedMapReadBackRetargetsToTheSameBytes) {
    FigureOptions biped;
    biped.names = bipedNames();
    RetargetFiles files(biped);
    const auto printed =
        run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "--print-map"});
    ASSERT_EQ(printed.status, kExitOk) << printed.err;
    EXPECT_NE(printed.out.find("\"Bip01 L Thigh\"\tmixamorig:LeftUpLeg\t# left thigh\n"),
              std::string::npos)
        << printed.out;
    const std::string map = files.directory.write("printed.map", printed.out);
    const std::string mapped = (files.directory.path() / "mapped.bvh").string();
    const auto automatic =
        run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "-o", files.output});
    const auto fromMap = run(
        runRetarget, {files.sourcePath, "--onto", files.targetPath, "--map", map, "-o", mapped});
    ASSERT_EQ(automatic.status, kExitOk) << automatic.err;
    ASSERT_EQ(fromMap.status, kExitOk) << fromMap.err;
    EXPECT_EQ(fileBytes(mapped), fileBytes(files.output));

    // The left forearm driven by nothing: it keeps its rest rotation, so the output differs.
    std::string edited = printed.out;
    const std::string forearm = "\"Bip01 L Forearm\"\tmixamorig:LeftForeArm";
    ASSERT_NE(edited.find(forearm), std::string::npos);
    edited.replace(edited.find(forearm), forearm.size(), "\"Bip01 L Forearm\" -");
    const std::string editedMap = files.directory.write("edited.map", edited);
    const auto fromEdited = run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "--map",
                                              editedMap, "-o", mapped});
    ASSERT_EQ(fromEdited.status, kExitOk) << fromEdited.err;
    EXPECT_NE(fileBytes(mapped), fileBytes(files.output));
}

TEST(RetargetCommand, ReportsAnUnclosedQuoteAndAQuotedNameThatIsNoJoint) {
    FigureOptions biped;
    biped.names = bipedNames();
    RetargetFiles files(biped);
    const std::string map = files.directory.write(
        "names.map", "\"Bip01 L Thigh mixamorig:LeftUpLeg\n\"Bip01 L Thig\" mixamorig:Hips\n");
    const auto result = run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "--map",
                                          map, "-o", files.output});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_NE(result.err.find(map + ":1:1: error: unclosed quote"), std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find(map + ":2:1: error: no joint 'Bip01 L Thig' in the target skeleton"),
              std::string::npos)
        << result.err;
    EXPECT_FALSE(std::filesystem::exists(files.output));
}

TEST(RetargetCommand, KeepsTheFramesAsked) {
    RetargetFiles files(bandaiNamcoRig());
    const auto result = run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "-o",
                                          files.output, "--frames", "10:19"});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_EQ(bvh::loadDocument(files.output).motion.frameCount, 10u);
    const auto past = run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "-o",
                                        files.output, "--frames", "10:99"});
    EXPECT_EQ(past.status, kExitUsage);
}

TEST(RetargetCommand, RefusesToWriteOverItsInputs) {
    RetargetFiles files(bandaiNamcoRig());
    const std::string map = files.directory.write("names.map", "Hips mixamorig:Hips\n");
    const std::string before = fileBytes(files.sourcePath);
    for (const std::string& output : {files.sourcePath, files.targetPath, map}) {
        const auto result = run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "--map",
                                              map, "-o", output});
        EXPECT_EQ(result.status, kExitUsage) << output;
        EXPECT_NE(result.err.find("refusing to write over it"), std::string::npos) << result.err;
    }
    EXPECT_EQ(fileBytes(files.sourcePath), before);
    const auto source =
        run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "-o", files.sourcePath});
    EXPECT_NE(source.err.find("pass --overwrite"), std::string::npos) << source.err;
}

TEST(RetargetCommand, ReportsAMapNamingAMissingJointAtItsLineAndColumn) {
    RetargetFiles files(bandaiNamcoRig());
    const std::string map =
        files.directory.write("names.map", "Hips mixamorig:Hips\n  Nope mixamorig:Spine\n");
    const auto result = run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "--map",
                                          map, "-o", files.output});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_NE(result.err.find(map + ":2:3: error: no joint 'Nope' in the target skeleton"),
              std::string::npos)
        << result.err;
    EXPECT_FALSE(std::filesystem::exists(files.output));
}

TEST(RetargetCommand, RefusesAPairWithoutHipsNamingTheRolesOnBothSides) {
    FigureOptions unnamed;
    for (std::size_t j = 0; j < kFigureJoints; ++j) {
        unnamed.names[j] = "bone" + std::to_string(j);
    }
    RetargetFiles files(unnamed);
    const auto result =
        run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "-o", files.output});
    EXPECT_EQ(result.status, kExitUsage);
    EXPECT_NE(result.err.find("no hips matched; roles found in the source: hips, spine, neck, "
                              "head, clavicle, upper arm, forearm, hand, thigh, shin, foot, "
                              "toes; in the target: none"),
              std::string::npos)
        << result.err;
    EXPECT_FALSE(std::filesystem::exists(files.output));
}

TEST(RetargetCommand, WritesGltfThroughTheExport) {
    RetargetFiles files(bandaiNamcoRig());
    const std::string output = (files.directory.path() / "out.glb").string();
    const auto result =
        run(runRetarget, {files.sourcePath, "--onto", files.targetPath, "-o", output});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_EQ(fileBytes(output).substr(0, 4), "glTF");
}

TEST(RetargetCommand, HelpListsEveryRetargetOptionOfTheOptionsTable) {
    const auto result = run(runRetarget, {"--help"});
    ASSERT_EQ(result.status, kExitOk);
    int listed = 0;
    for (const options::Option* option : options::kAllOptions) {
        if ((option->commands & options::kRetarget) != 0) {
            EXPECT_NE(result.out.find(options::helpEntry(*option)), std::string::npos)
                << option->name;
            ++listed;
        }
    }
    EXPECT_EQ(listed, 4);
}

TEST(RetargetCommand, NeedsATargetAndAnOutput) {
    EXPECT_EQ(run(runRetarget, {"take.bvh", "-o", "out.bvh"}).status, kExitUsage);
    const auto feet =
        run(runRetarget, {"take.bvh", "--onto", "rig.bvh", "-o", "out.bvh", "--feet", "stuck"});
    EXPECT_EQ(feet.status, kExitUsage);
    EXPECT_NE(feet.err.find("--feet takes lock or free, not 'stuck'"), std::string::npos)
        << feet.err;
    EXPECT_EQ(run(runRetarget, {"take.bvh", "--onto", "rig.bvh"}).status, kExitUsage);
}

} // namespace
} // namespace bvhscope::cli
