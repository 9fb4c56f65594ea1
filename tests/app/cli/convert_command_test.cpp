#include "app/cli/command_line.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/app/cli/cli_test_support.h"

namespace bvhscope::cli {
namespace {

using test::entriesIn;
using test::run;
using test::TemporaryDirectory;

bvh::Document load(const std::filesystem::path& path) {
    return bvh::loadDocument(path);
}

TEST(ConvertCommand, WritesAnIdenticalFileWithNoOptions) {
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", test::kChainBvh);
    const std::string output = (directory.path() / "out.bvh").string();
    const auto result = run(runConvert, {input, output});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_NE(result.out.find("wrote " + output + ": 2 joints, 2 frames at 2 fps"),
              std::string::npos)
        << result.out;
    const bvh::Document before = load(input);
    const bvh::Document after = load(output);
    ASSERT_TRUE(after.loaded());
    EXPECT_EQ(before.skeleton.offsets, after.skeleton.offsets);
    EXPECT_EQ(before.motion.values, after.motion.values);
}

TEST(ConvertCommand, AppliesTrimScaleUpAxisAndRename) {
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", test::kChainBvh);
    const std::string mnm = directory.write("names.mnm", "Hips\nChest Spine\n");
    const std::string output = (directory.path() / "out.bvh").string();
    const auto result = run(
        runConvert, {input, output, "--frames", "1:", "--scale", "2", "--up", "z", "--mnm", mnm});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_NE(result.out.find("frames 1 to 1 kept"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("up axis +Y (guessed) -> +Z"), std::string::npos) << result.out;
    const bvh::Document after = load(output);
    ASSERT_TRUE(after.loaded());
    EXPECT_EQ(after.motion.frameCount, 1u);
    EXPECT_NE(after.skeleton.find("Chest"), bvh::kNoParent);
    // Spine's OFFSET (1, 2, 3) scaled by 2, then Y-up (x, y, z) -> Z-up (x, -z, y).
    EXPECT_EQ(after.skeleton.offsets[1], glm::dvec3(2.0, -6.0, 4.0));
}

TEST(ConvertCommand, ReportsJointsTheNameMapDoesNotCover) {
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", test::kChainBvh);
    const std::string mnm = directory.write("names.mnm", "Pelvis Hips\n");
    const auto result =
        run(runConvert, {input, (directory.path() / "out.bvh").string(), "--mnm", mnm});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_NE(
        result.err.find("warning: 1 joint has no entry in " + mnm + " and keep their names: Spine"),
        std::string::npos)
        << result.err;
    EXPECT_NE(load(directory.path() / "out.bvh").skeleton.find("Pelvis"), bvh::kNoParent);
}

TEST(ConvertCommand, InPlaceHoldsTheRootAndOverwriteIsSeparate) {
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	End Site
	{
		OFFSET 0 100 0
	}
}
MOTION
Frames: 3
Frame Time: 0.5
0 90 0 0 0 0
5 95 10 0 0 0
10 90 20 0 0 0
)");
    // --in-place is the root-motion change; it does not allow writing over IN.
    auto result = run(runConvert, {input, input, "--in-place"});
    EXPECT_EQ(result.status, kExitUsage);
    EXPECT_NE(result.err.find("is the input file; refusing to write over it"), std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find("--overwrite"), std::string::npos);
    EXPECT_EQ(load(input).motion.values[6], 5.0f) << "the input is untouched";

    result = run(runConvert, {input, input, "--in-place", "--overwrite"});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    const bvh::Document after = load(input);
    EXPECT_EQ(after.motion.values,
              (std::vector<float>{0, 90, 0, 0, 0, 0, 0, 95, 0, 0, 0, 0, 0, 90, 0, 0, 0, 0}));
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(directory.path()),
                            std::filesystem::directory_iterator()),
              1);
}

TEST(ConvertCommand, ResamplesAndReordersRotations) {
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", test::kChainBvh);
    const std::string output = (directory.path() / "out.bvh").string();
    const auto result = run(runConvert, {input, output, "--fps", "4", "--rotation-order", "xyz"});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    const bvh::Document after = load(output);
    ASSERT_TRUE(after.loaded());
    EXPECT_EQ(after.motion.frameCount, 3u); // 0.5 s at 4 fps
    EXPECT_EQ(after.skeleton.rotationOrder(0), "XYZ");
    EXPECT_DOUBLE_EQ(after.motion.frameTime, 0.25);
}

TEST(ConvertCommand, FailuresLeaveNoOutput) {
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", test::kChainBvh);
    const std::string output = (directory.path() / "missing" / "out.bvh").string();
    auto result = run(runConvert, {input, output});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_NE(result.err.find(output + ": error: cannot create a temporary file"),
              std::string::npos)
        << result.err;
    result = run(runConvert, {input, (directory.path() / "out.bvh").string(), "--frames", "7:"});
    EXPECT_EQ(result.status, kExitUsage); // the range rule of every subcommand
    result = run(runConvert, {(directory.path() / "nope.bvh").string(),
                              (directory.path() / "out.bvh").string()});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(directory.path()),
                            std::filesystem::directory_iterator()),
              1);
}

TEST(ConvertCommand, ANameMapWithANameBvhCannotHoldFailsAtItsPlaceAndWritesNothing) {
    // The audit's case: "Hi{ps" was written, the file did not load, and convert said 0.
    struct Case {
        std::string map;     // renames Spine (kChainBvh's second joint)
        std::string located; // "LINE:COLUMN" of the bad name
        std::string why;
    };
    const std::vector<Case> cases = {
        {"Hips\nHi{ps Spine\n", "2:1", "cannot contain '{'"},
        {"Hips\nHi}ps Spine\n", "2:1", "cannot contain '}'"},
        {"Hips\n  {   Spine\n", "2:3", "cannot contain '{'"},
        {"Hips\nA\x01"
         "B Spine\n",
         "2:1", "control characters"},
        {"Hips\n\tLeft\x1B[0mHip Spine\n", "2:2", "control characters"},
        {"Hips\r\n\r\nHi\x7Fps Spine\r\n", "3:1", "control characters"},
    };
    for (const Case& bad : cases) {
        SCOPED_TRACE(bad.map);
        TemporaryDirectory directory;
        const std::string input = directory.write("in.bvh", test::kChainBvh);
        const std::string mnm = directory.write("names.mnm", bad.map);
        const std::string output = (directory.path() / "out.bvh").string();
        const auto result = run(runConvert, {input, output, "--mnm", mnm});
        EXPECT_EQ(result.status, kExitFileError);
        EXPECT_NE(
            result.err.find(mnm + ":" + bad.located + ": error: cannot rename joint 'Spine' to"),
            std::string::npos)
            << result.err;
        EXPECT_NE(result.err.find(bad.why), std::string::npos) << result.err;
        EXPECT_FALSE(std::filesystem::exists(output));
        EXPECT_EQ(entriesIn(directory.path()), 2u) << "IN and the map, no temporary file";
    }
}

TEST(ConvertCommand, NamesSpelledLikeKeywordsAreWrittenAndReadBack) {
    // MakeHuman writes "ROOT Root"; a name map may well say "End" or "Motion".
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", test::kChainBvh);
    const std::string mnm = directory.write("names.mnm", "Root Hips\nEnd Spine\n");
    const std::string output = (directory.path() / "out.bvh").string();
    const auto result = run(runConvert, {input, output, "--mnm", mnm});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    const bvh::Document after = load(output);
    ASSERT_TRUE(after.loaded());
    EXPECT_EQ(after.skeleton.names, (std::vector<std::string>{"Root", "End", "EndSite_End"}));
}

TEST(ConvertCommand, AReversedNameMapIsCheckedTheSameWay) {
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", test::kChainBvh);
    const std::string mnm = directory.write("names.mnm", "Spine Sp}ine\n");
    const std::string output = (directory.path() / "out.bvh").string();
    const auto result = run(runConvert, {input, output, "--mnm", mnm, "--reverse"});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_NE(result.err.find(mnm + ":1:7: error: cannot rename joint 'Spine' to 'Sp}ine'"),
              std::string::npos)
        << result.err;
    EXPECT_EQ(entriesIn(directory.path()), 2u);
}

TEST(ConvertCommand, AnInputNameNoOtherReaderReadsIsRefusedNotWritten) {
    // bvhscope reads "Hi}ps" (the rest of the line), but a file carrying it would break every
    // token-based reader: convert names the joint, exits 1 and writes nothing.
    TemporaryDirectory directory;
    const std::string input = directory.write(
        "in.bvh", "HIERARCHY\nROOT Hi}ps\n{\nOFFSET 0 0 0\nCHANNELS 0\n}\nMOTION\nFrames: 0\n"
                  "Frame Time: 0.1\n");
    const std::string output = (directory.path() / "out.bvh").string();
    const auto result = run(runConvert, {input, output});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_NE(result.err.find(output + ": error: joint 'Hi}ps' (node 0) cannot be written"),
              std::string::npos)
        << result.err;
    EXPECT_EQ(entriesIn(directory.path()), 1u);
}

TEST(ConvertCommand, BadCommandLinesAreUsageErrors) {
    for (const std::vector<std::string>& arguments :
         std::vector<std::vector<std::string>>{{"only-one.bvh"},
                                               {"a.bvh", "b.bvh", "--up", "x"},
                                               {"a.bvh", "b.bvh", "--scale", "-1"},
                                               {"a.bvh", "b.bvh", "--fps", "fast"},
                                               {"a.bvh", "b.bvh", "--rotation-order", "XXY"},
                                               {"a.bvh", "b.bvh", "--reverse"},
                                               {"a.bvh", "b.bvh", "--frames", "5:2"},
                                               {"a.bvh", "b.bvh", "--bogus"}}) {
        EXPECT_EQ(run(runConvert, arguments).status, kExitUsage) << arguments.back();
    }
}

// `convert in.bvh .glb` wrote BVH text into a hidden file named .glb: the path library takes a
// name that starts with a dot for a stem with no extension. Such a name is refused before
// anything is read, whatever its case and folder.
TEST(ConvertCommand, AnOutputNamedOnlyAnExtensionIsRefusedBeforeAnythingIsWritten) {
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", test::kChainBvh);
    for (const std::string name : {".glb", ".gltf", ".bvh", ".GLB"}) {
        const std::string output = (directory.path() / name).string();
        const auto result = run(runConvert, {input, output});
        EXPECT_EQ(result.status, kExitUsage) << name;
        EXPECT_EQ(result.out, "") << name;
        EXPECT_NE(result.err.find("bvhscope convert: OUT '" + output +
                                  "' is only an extension; name the file, such as walk" + name),
                  std::string::npos)
            << result.err;
        EXPECT_EQ(entriesIn(directory.path()), 1u) << name << ": only in.bvh";
    }
    // A hidden file with a name of its own is a name: BVH, as any name without .glb or .gltf.
    const std::string hidden = (directory.path() / ".walk").string();
    ASSERT_EQ(run(runConvert, {input, hidden}).status, kExitOk);
    EXPECT_TRUE(load(hidden).loaded());
    // And the extension decides, in any case.
    const std::string upper = (directory.path() / "walk.GLB").string();
    ASSERT_EQ(run(runConvert, {input, upper}).status, kExitOk);
    std::ifstream glb(upper, std::ios::binary);
    char magic[4] = {};
    glb.read(magic, 4);
    EXPECT_EQ(std::string(magic, 4), "glTF");
}

TEST(ConvertCommand, HelpVersionAndDispatch) {
    auto result = run(runConvert, {"--help"});
    EXPECT_EQ(result.status, kExitOk);
    EXPECT_NE(result.out.find("--overwrite"), std::string::npos);
    EXPECT_NE(result.out.find("--in-place"), std::string::npos);
    result = run(runConvert, {"--version"});
    EXPECT_EQ(result.out, "bvhscope " + std::string(versionString()) + "\n");
    result = run(runSubcommand, {"convert", "--help"});
    EXPECT_EQ(result.status, kExitOk);
}

} // namespace
} // namespace bvhscope::cli
