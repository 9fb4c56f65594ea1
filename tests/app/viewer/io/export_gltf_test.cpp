// File > Export glTF without a window: a Z-up centimetre character exported through the viewer's
// export function to .glb and .gltf, read back with tinygltf (tests/core/gltf/gltf_reading.h),
// stands as the viewer shows it (Y up, metres, on the ground); the input is never written over.
#include "app/viewer/io/export.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/app/viewer/io/export_test_support.h"
#include "tests/core/gltf/gltf_reading.h"
#include "tests/support/rest_positions.h"

#include <filesystem>
#include <fstream>
#include <glm/vec4.hpp>
#include <gtest/gtest.h>
#include <sstream>

namespace bvhscope::viewer {
namespace {

// The capture is export_test_support.h's: Z up, centimetres, 0.9 m off the ground (the hips are
// its lowest node, so the viewer lifts it by 0.9 m). Hips travel +10 cm along X per frame and are
// turned 90 degrees about Z; Head sits 10 cm along Y and 170 cm up, which the turn takes to
// (-10, 0, 170); its End Site 10 cm above. As shown at frame k (Y up: (x, y, z) -> (x, z, -y),
// metres, lifted): Hips (0.1 k, 0, 0), Head (0.1 k - 0.1, 1.7, 0), End Site (0.1 k - 0.1, 1.8, 0).
using namespace export_test;

// Where the viewer draws node `node` at `frame`: core's world position through fileToViewer
// (turned, scaled, and lifted onto the ground by groundLiftMetres along Y).
glm::dvec3 shownPosition(const scene::Character& character, std::uint32_t frame, std::size_t node) {
    const std::vector<bvh::RigidTransform> world = bvh::test::frameWorld(
        character.clip->document.skeleton, character.clip->document.motion.frame(frame),
        character.clip->translation);
    return glm::dvec3(character.axes.fileToViewer * glm::dvec4(world[node].translation, 1.0));
}

void expectNear(const glm::dvec3& actual, const glm::dvec3& expected) {
    EXPECT_NEAR(actual.x, expected.x, 1e-5) << "x";
    EXPECT_NEAR(actual.y, expected.y, 1e-5) << "y";
    EXPECT_NEAR(actual.z, expected.z, 1e-5) << "z";
}

TEST(ExportGltf, DefaultsAreAGlbBesideTheCaptureAsShown) {
    TemporaryDirectory directory;
    const std::string input = directory.write("walk.bvh", kZUpCentimetres);
    const scene::Character character = openZUp(input);
    const ExportSettings settings =
        defaultExportSettings(character, timelineFor(character), ExportFormat::Gltf);
    EXPECT_EQ(settings.format, ExportFormat::Gltf);
    EXPECT_EQ(std::filesystem::path(settings.targetPath), directory.path() / "walk_export.glb");
    EXPECT_EQ(settings.scale, ExportScale::AsShown);
    EXPECT_EQ(settings.interpolation, bvh::GltfInterpolation::Linear);
    // No axis change or scale in the conversion: the glTF writer turns and scales; ground as
    // shown.
    const bvh::ConversionRequest request = exportConversionRequest(character, settings);
    EXPECT_FALSE(request.up.has_value());
    EXPECT_FALSE(request.scale.has_value());
    EXPECT_TRUE(request.ground);
}

// Issue 42: the dialog's Body mesh, as `convert --body`: the file holds a skinned mesh.
TEST(ExportGltf, ABodyMeshIsWrittenWhenAskedFor) {
    TemporaryDirectory directory;
    const std::string input = directory.write("walk.bvh", kZUpCentimetres);
    const scene::Character character = openZUp(input);
    ExportSettings settings =
        defaultExportSettings(character, timelineFor(character), ExportFormat::Gltf);
    settings.targetPath = (directory.path() / "plain.gltf").string();
    ASSERT_TRUE(exportCharacter(character, settings).ok);
    settings.body = true;
    settings.targetPath = (directory.path() / "body.gltf").string();
    const ExportOutcome outcome = exportCharacter(character, settings);
    ASSERT_TRUE(outcome.ok) << (outcome.lines.empty() ? "" : outcome.lines.back());
    const std::string plain = readBytes((directory.path() / "plain.gltf").string());
    const std::string withBody = readBytes(settings.targetPath);
    EXPECT_EQ(plain.find("\"skins\""), std::string::npos);
    EXPECT_NE(withBody.find("\"meshes\""), std::string::npos);
    EXPECT_NE(withBody.find("\"skins\""), std::string::npos);
    EXPECT_GT(withBody.size(), plain.size());
    EXPECT_NE(outcome.lines.back().find("with a body mesh"), std::string::npos)
        << outcome.lines.back();
}

TEST(ExportGltf, GlbAndGltfStandAsTheViewerShowsIt) {
    TemporaryDirectory directory;
    const std::string input = directory.write("walk.bvh", kZUpCentimetres);
    const std::string before = readBytes(input);
    const scene::Character character = openZUp(input);
    ASSERT_NEAR(character.axes.groundLiftMetres, -0.9, 1e-9);
    for (const char* name : {"walk.glb", "walk.gltf"}) {
        SCOPED_TRACE(name);
        ExportSettings settings =
            defaultExportSettings(character, timelineFor(character), ExportFormat::Gltf);
        settings.targetPath = (directory.path() / name).string();
        const ExportOutcome outcome = exportCharacter(character, settings);
        ASSERT_TRUE(outcome.ok) << (outcome.lines.empty() ? "" : outcome.lines.back());
        EXPECT_EQ(outcome.framesWritten, 5u);
        EXPECT_EQ(outcome.jointsWritten, 2u);

        tinygltf::Model model;
        std::string error;
        ASSERT_TRUE(bvh::test::readGltf(settings.targetPath, model, error)) << error;
        ASSERT_EQ(model.nodes.size(), 3u);
        EXPECT_EQ(model.nodes[0].name, "Hips");
        EXPECT_EQ(model.nodes[1].name, "Head");
        EXPECT_EQ(model.nodes[2].name, "EndSite_Head");
        // Frame 2 (0.2 s): the End Site at (0.1, 1.8, 0), as the viewer draws it.
        const std::vector<glm::dvec3> positions = bvh::test::gltfWorldPositions(model, 0.2);
        ASSERT_EQ(positions.size(), 3u);
        expectNear(positions[2], {0.1, 1.8, 0.0});
        expectNear(positions[2], shownPosition(character, 2, 2));
        expectNear(positions[0], shownPosition(character, 2, 0));
    }
    EXPECT_EQ(readBytes(input), before);
}

TEST(ExportGltf, AFactorScalesTheFigureAsShownAndStepKeysAreKept) {
    TemporaryDirectory directory;
    const std::string input = directory.write("walk.bvh", kZUpCentimetres);
    const scene::Character character = openZUp(input);
    ExportSettings settings =
        defaultExportSettings(character, timelineFor(character), ExportFormat::Gltf);
    settings.scale = ExportScale::Factor;
    settings.scaleFactor = 2.0;
    settings.interpolation = bvh::GltfInterpolation::Step;
    ASSERT_TRUE(exportCharacter(character, settings).ok);
    tinygltf::Model model;
    std::string error;
    ASSERT_TRUE(bvh::test::readGltf(settings.targetPath, model, error)) << error;
    ASSERT_FALSE(model.animations.empty());
    for (const tinygltf::AnimationSampler& sampler : model.animations[0].samplers) {
        EXPECT_EQ(sampler.interpolation, "STEP");
    }
    // Twice the size shown: the End Site at frame 2 is at (0.2, 3.6, 0); halfway to frame 3 a
    // step key still holds frame 2.
    expectNear(bvh::test::gltfWorldPositions(model, 0.25)[2], {0.2, 3.6, 0.0});
}

TEST(ExportGltf, NeverWritesOverTheInputEvenWhenOverwritingIsTicked) {
    TemporaryDirectory directory;
    const std::string input = directory.write("walk.gltf", kZUpCentimetres);
    const std::string before = readBytes(input);
    const scene::Character character = openZUp(input);
    ExportSettings settings =
        defaultExportSettings(character, timelineFor(character), ExportFormat::Gltf);
    settings.targetPath = input;
    settings.overwriteInput = true; // a BVH-only option: glTF in its place would lose the capture
    const ExportOutcome refused = exportCharacter(character, settings);
    EXPECT_FALSE(refused.ok);
    ASSERT_FALSE(refused.lines.empty());
    EXPECT_NE(refused.lines.back().find("the input file"), std::string::npos)
        << refused.lines.back();
    EXPECT_EQ(readBytes(input), before);
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry :
         std::filesystem::directory_iterator(directory.path())) {
        ++files;
    }
    EXPECT_EQ(files, 1u); // no temporary file left beside it
}

TEST(ExportGltf, ANameThatIsNotGlbOrGltfIsRefused) {
    TemporaryDirectory directory;
    const std::string input = directory.write("walk.bvh", kZUpCentimetres);
    const scene::Character character = openZUp(input);
    ExportSettings settings =
        defaultExportSettings(character, timelineFor(character), ExportFormat::Gltf);
    settings.targetPath = (directory.path() / "walk_export.bvh").string();
    const ExportOutcome refused = exportCharacter(character, settings);
    EXPECT_FALSE(refused.ok);
    ASSERT_FALSE(refused.lines.empty());
    EXPECT_NE(refused.lines.back().find(".glb"), std::string::npos) << refused.lines.back();
    EXPECT_FALSE(std::filesystem::exists(settings.targetPath));
}

} // namespace
} // namespace bvhscope::viewer
