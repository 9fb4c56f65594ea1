// `bvhscope convert IN OUT.glb|OUT.gltf`: the options plumbing, the axis and unit decision and the
// refusals. What the file holds is tested in tests/core/gltf; here the .gltf's JSON is read.
#include "app/cli/command_line.h"
#include "tests/app/cli/cli_test_support.h"

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace bvhscope::cli {
namespace {

using test::run;
using test::TemporaryDirectory;

// A figure standing along +Z in centimetres (170 cm from the feet to the head's end), its
// anatomy named, so `info` and the viewer decide +Z up and cm.
constexpr std::string_view kZUpFigure = R"(HIERARCHY
ROOT Hips
{
  OFFSET 0 0 95
  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
  JOINT LeftUpLeg
  {
    OFFSET 10 0 0
    CHANNELS 3 Zrotation Xrotation Yrotation
    JOINT LeftFoot
    {
      OFFSET 0 0 -90
      CHANNELS 3 Zrotation Xrotation Yrotation
      End Site
      {
        OFFSET 0 -5 -5
      }
    }
  }
  JOINT RightUpLeg
  {
    OFFSET -10 0 0
    CHANNELS 3 Zrotation Xrotation Yrotation
    JOINT RightFoot
    {
      OFFSET 0 0 -90
      CHANNELS 3 Zrotation Xrotation Yrotation
      End Site
      {
        OFFSET 0 -5 -5
      }
    }
  }
  JOINT Spine
  {
    OFFSET 0 0 10
    CHANNELS 3 Zrotation Xrotation Yrotation
    JOINT Head
    {
      OFFSET 0 0 55
      CHANNELS 3 Zrotation Xrotation Yrotation
      End Site
      {
        OFFSET 0 0 10
      }
    }
  }
}
MOTION
Frames: 4
Frame Time: 0.5
0 0 95 0 0 0 10 0 0 -10 0 0 -10 0 0 10 0 0 0 0 0 0 0 0
0 -5 95 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 0 0 3 0
0 -10 95 0 0 0 -10 0 0 10 0 0 10 0 0 -10 0 0 0 4 0 0 6 0
0 -15 95 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 0 0 3 0
)";

void expectNear(const nlohmann::json& vector, double x, double y, double z) {
    ASSERT_EQ(vector.size(), 3u) << vector;
    EXPECT_NEAR(vector[0].get<double>(), x, 1e-9) << vector;
    EXPECT_NEAR(vector[1].get<double>(), y, 1e-9) << vector;
    EXPECT_NEAR(vector[2].get<double>(), z, 1e-9) << vector;
}

nlohmann::json readJson(const std::filesystem::path& path) {
    std::ifstream file(path);
    return nlohmann::json::parse(file, nullptr, false);
}

TEST(ConvertGltf, StandsAZUpCentimetreFigureUpInMetres) {
    TemporaryDirectory directory;
    const std::string input = directory.write("figure.bvh", kZUpFigure);
    const std::string output = directory.pathText("figure.gltf");
    const auto result = run(runConvert, {input, output});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_NE(result.out.find("glTF from up +Z (anatomy), unit cm"), std::string::npos)
        << result.out;
    const nlohmann::json gltf = readJson(output);
    ASSERT_FALSE(gltf.is_discarded());
    EXPECT_EQ(gltf["asset"]["extras"]["sourceUpAxis"], "+Z");
    EXPECT_DOUBLE_EQ(gltf["asset"]["extras"]["metresPerSourceUnit"].get<double>(), 0.01);
    // Hips' OFFSET (0, 0, 95) cm is (0, 0.95, 0) m; LeftFoot's End Site (0, -5, -5) cm is
    // (0, -0.05, 0.05): file -Y (the figure's back, as it faces -Y) becomes glTF +Z.
    EXPECT_EQ(gltf["nodes"][0]["name"], "Hips");
    expectNear(gltf["nodes"][0]["translation"], 0.0, 0.95, 0.0);
    EXPECT_EQ(gltf["nodes"][3]["name"], "EndSite_LeftFoot");
    expectNear(gltf["nodes"][3]["translation"], 0.0, -0.05, 0.05);
    EXPECT_EQ(gltf["accessors"][0]["count"], 4);
    EXPECT_EQ(gltf["animations"][0]["samplers"][0]["interpolation"], "LINEAR");
    EXPECT_EQ(
        std::string(gltf["buffers"][0]["uri"]).rfind("data:application/octet-stream;base64,", 0),
        0u);
}

TEST(ConvertGltf, ConvertOptionsApplyBeforeTheExport) {
    TemporaryDirectory directory;
    const std::string input = directory.write("figure.bvh", kZUpFigure);
    const std::string output = directory.pathText("figure.gltf");
    // Frames 1 to 3 resampled from 2 to 4 fps (5 frames), scaled to metres, read as metres,
    // held between keys.
    const auto result =
        run(runConvert, {input, output, "--frames", "1:3", "--fps", "4", "--scale", "0.01",
                         "--unit", "m", "--interpolation", "step", "--in-place"});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    const nlohmann::json gltf = readJson(output);
    EXPECT_EQ(gltf["accessors"][0]["count"], 5);
    EXPECT_DOUBLE_EQ(gltf["accessors"][0]["max"][0].get<double>(), 1.0);
    EXPECT_DOUBLE_EQ(gltf["asset"]["extras"]["metresPerSourceUnit"].get<double>(), 1.0);
    expectNear(gltf["nodes"][0]["translation"], 0.0, 0.95, 0.0);
    EXPECT_EQ(gltf["animations"][0]["samplers"][0]["interpolation"], "STEP");
    // --in-place kept the root's horizontal place: its translation never moves, one key.
    const auto& samplers = gltf["animations"][0]["samplers"];
    const int translationOutput = samplers[1]["output"];
    EXPECT_EQ(gltf["accessors"][translationOutput]["count"], 1);
}

TEST(ConvertGltf, FromUpOverridesTheDecidedAxis) {
    TemporaryDirectory directory;
    const std::string input = directory.write("figure.bvh", kZUpFigure);
    const std::string output = directory.pathText("figure.glb");
    const auto result = run(runConvert, {input, output, "--from-up", "y"});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_NE(result.out.find("glTF from up +Y (--from-up)"), std::string::npos) << result.out;
    std::ifstream file(output, std::ios::binary);
    char magic[4] = {};
    file.read(magic, 4);
    EXPECT_EQ(std::string_view(magic, 4), "glTF");
}

TEST(ConvertGltf, GltfOptionsNeedAGltfOutput) {
    TemporaryDirectory directory;
    const std::string input = directory.write("figure.bvh", kZUpFigure);
    auto result = run(runConvert, {input, directory.pathText("out.bvh"), "--unit", "cm"});
    EXPECT_EQ(result.status, kExitUsage);
    EXPECT_NE(result.err.find("--unit applies to glTF output only"), std::string::npos);
    result = run(runConvert, {input, directory.pathText("out.glb"), "--interpolation", "cubic"});
    EXPECT_EQ(result.status, kExitUsage);
    EXPECT_NE(result.err.find("--interpolation must be linear or step, not 'cubic'"),
              std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(directory.path() / "out.glb"));
}

TEST(ConvertGltf, BodyAddsASkinnedMeshNode) {
    TemporaryDirectory directory;
    const std::string input = directory.write("figure.bvh", kZUpFigure);
    const std::string output = directory.pathText("figure.gltf");
    const auto result = run(runConvert, {input, output, "--body"});
    ASSERT_EQ(result.status, kExitOk) << result.err;
    EXPECT_NE(result.out.find("a body of "), std::string::npos) << result.out;
    const nlohmann::json gltf = readJson(output);
    ASSERT_FALSE(gltf.is_discarded());
    // Ten nodes of the file (End Sites included), then the body: a scene root with the mesh and
    // a skin over them all.
    ASSERT_EQ(gltf["nodes"].size(), 11u);
    EXPECT_EQ(gltf["nodes"][10]["name"], "body");
    EXPECT_EQ(gltf["nodes"][10]["skin"], 0);
    EXPECT_FALSE(gltf["nodes"][10].contains("translation"));
    EXPECT_EQ(gltf["scenes"][0]["nodes"], nlohmann::json({0, 10}));
    EXPECT_EQ(gltf["skins"][0]["joints"].size(), 10u);
    const nlohmann::json& attributes = gltf["meshes"][0]["primitives"][0]["attributes"];
    for (const char* attribute : {"POSITION", "NORMAL", "JOINTS_0", "WEIGHTS_0"}) {
        EXPECT_TRUE(attributes.contains(attribute)) << attribute;
    }
    EXPECT_EQ(gltf["accessors"][attributes["JOINTS_0"].get<int>()]["componentType"], 5123);
    // The figure stands 1.7 m tall in glTF's +Y (its feet's End Sites at 0).
    const nlohmann::json& position = gltf["accessors"][attributes["POSITION"].get<int>()];
    EXPECT_NEAR(position["max"][1].get<double>(), 1.7, 0.1);
    EXPECT_NEAR(position["min"][1].get<double>(), 0.0, 0.08);

    auto bvhOut = run(runConvert, {input, directory.pathText("out.bvh"), "--body"});
    EXPECT_EQ(bvhOut.status, kExitUsage);
    EXPECT_NE(bvhOut.err.find("--body applies to glTF output only"), std::string::npos);
}

TEST(ConvertGltf, BodyGridPhaseMovesTheBodysSamplesOnly) {
    // --body-grid-phase (for tools/sweep_body.py): whole cells leave the file as it was, a share
    // of one changes the body's vertices; it needs --body and three numbers.
    TemporaryDirectory directory;
    const std::string input = directory.write("figure.bvh", kZUpFigure);
    const auto bytesOf = [&](const std::string& name, std::vector<std::string> extra) {
        std::vector<std::string> arguments{input, directory.pathText(name), "--body"};
        arguments.insert(arguments.end(), extra.begin(), extra.end());
        const auto result = run(runConvert, arguments);
        EXPECT_EQ(result.status, kExitOk) << result.err;
        std::ifstream file(directory.path() / name, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(file), {});
    };
    const std::string still = bytesOf("still.glb", {});
    EXPECT_EQ(bytesOf("whole.glb", {"--body-grid-phase", "1,-2,0"}), still);
    EXPECT_NE(bytesOf("half.glb", {"--body-grid-phase", "0.5,0,0"}), still);
    for (const char* bad : {"0.5,0", "0.5,0,0,1", "x,0,0", "nan,0,0"}) {
        const auto result =
            run(runConvert, {input, directory.pathText("bad.glb"), "--body-grid-phase", bad});
        EXPECT_EQ(result.status, kExitUsage) << bad;
        EXPECT_NE(result.err.find("--body-grid-phase"), std::string::npos) << result.err;
    }
}

TEST(ConvertGltf, NeverWritesOverTheInput) {
    // A BVH file whose name ends in .glb: OUT = IN is refused before anything is read.
    TemporaryDirectory directory;
    const std::string input = directory.write("capture.glb", kZUpFigure);
    const auto result = run(runConvert, {input, input});
    EXPECT_EQ(result.status, kExitUsage);
    std::ifstream file(input);
    const std::string kept{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    EXPECT_EQ(kept, kZUpFigure);
}

TEST(ConvertGltf, AnUnwritableOutputLeavesNothing) {
    TemporaryDirectory directory;
    const std::string input = directory.write("figure.bvh", kZUpFigure);
    const auto result = run(runConvert, {input, directory.pathText("missing/out.glb")});
    EXPECT_EQ(result.status, kExitFileError);
    EXPECT_FALSE(result.err.empty());
    EXPECT_FALSE(std::filesystem::exists(directory.path() / "missing"));
}

} // namespace
} // namespace bvhscope::cli
