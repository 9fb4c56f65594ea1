// File > Export without a window: what is shown (range, up axis, unit) maps to the convert
// options, and an export read back with core has the positions the viewer drew.
#include "app/viewer/io/export.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/app/viewer/io/export_test_support.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <unistd.h>

namespace bvhscope::viewer {
namespace {

using namespace export_test;

std::vector<glm::dvec3> worldPositions(const bvh::Document& document, std::uint32_t frame) {
    const bvh::Skeleton& skeleton = document.skeleton;
    std::vector<bvh::RigidTransform> local(skeleton.nodeCount());
    std::vector<bvh::RigidTransform> world(skeleton.nodeCount());
    const bvh::TranslationMode mode =
        bvh::resolveTranslationMode(bvh::TranslationMode::Auto, skeleton, document.motion);
    bvh::computeLocalTransforms(skeleton, document.motion.frame(frame), mode, local);
    bvh::computeWorldTransforms(skeleton, local, world);
    std::vector<glm::dvec3> positions;
    for (const bvh::RigidTransform& node : world) {
        positions.push_back(node.translation);
    }
    return positions;
}

// A clip that is only a name and a path (what the export path is made from).
std::shared_ptr<const scene::Clip> namedClip(std::string displayName, std::string sourcePath) {
    scene::Clip clip;
    clip.displayName = std::move(displayName);
    clip.sourcePath = std::move(sourcePath);
    return std::make_shared<const scene::Clip>(std::move(clip));
}

void expectNear(const glm::dvec3& actual, const glm::dvec3& expected) {
    EXPECT_NEAR(actual.x, expected.x, 1e-5) << "x";
    EXPECT_NEAR(actual.y, expected.y, 1e-5) << "y";
    EXPECT_NEAR(actual.z, expected.z, 1e-5) << "z";
}

TEST(Export, DefaultPathIsBesideTheSourceAndNeverTheInput) {
    TemporaryDirectory directory;
    scene::Character character;
    character.clip = namedClip("walk.bvh", (directory.path() / "walk.bvh").string());
    EXPECT_EQ(defaultExportPath(character), (directory.path() / "walk_export.bvh").string());
    character.clip = namedClip("walk.bvh", ""); // the bundled sample
    EXPECT_EQ(defaultExportPath(character), "walk_export.bvh");
}

// HOME set for this process ("" removes it), on POSIX and on Windows (MinGW has no setenv).
void setHome(const std::string& value) {
#ifdef _WIN32
    _putenv_s("HOME", value.c_str());
#else
    if (value.empty()) {
        unsetenv("HOME");
    } else {
        setenv("HOME", value.c_str(), 1);
    }
#endif
}

// Issue 42: a desktop export starts in the folder its kind was last written to, else the home
// folder; never in a library being browsed.
TEST(Export, StartsInTheKindsLastFolderElseHomeNeverInTheLibrary) {
    TemporaryDirectory home;
    TemporaryDirectory last;
    const char* savedHome = std::getenv("HOME");
    const std::string saved = savedHome != nullptr ? savedHome : "";
    setHome(home.path().string());
    EXPECT_EQ(startingExportFolder(last.path().string()), last.path());
    EXPECT_EQ(startingExportFolder(""), home.path());
    EXPECT_EQ(startingExportFolder((last.path() / "gone").string()), home.path());
    EXPECT_EQ(startingExportFolder("relative/folder"), home.path());
    // The last folder is inside the library browsed now: home instead.
    std::filesystem::create_directories(last.path() / "takes");
    EXPECT_EQ(startingExportFolder((last.path() / "takes").string(), last.path()), home.path());
    EXPECT_EQ(startingExportFolder(last.path().string(), last.path() / "takes"), last.path());
    scene::Character character;
    character.clip = namedClip("walk.bvh", "/library/takes/walk.bvh");
    EXPECT_EQ(exportPathIn(home.path(), character, ".glb"),
              (home.path() / "walk_export.glb").string());
    setHome(saved);
}

TEST(Export, DefaultPathLeavesADirectoryThatCannotBeWritten) {
    scene::Character character;
    character.clip = namedClip("walk.bvh", "/no/such/archive/mount/walk.bvh");
    EXPECT_EQ(defaultExportPath(character),
              (std::filesystem::current_path() / "walk_export.bvh").string());
}

TEST(Export, TheDefaultsKeepTheFilesAxesAndScale) {
    TemporaryDirectory directory;
    const scene::Character character = openZUp(directory.write("walk.bvh", kZUpCentimetres));
    scene::Playback playback = timelineFor(character);
    playback.setRange(0.1, 0.3);
    const ExportSettings settings = defaultExportSettings(character, playback);
    EXPECT_EQ(settings.axis, ExportAxis::AsInFile);
    EXPECT_EQ(settings.scale, ExportScale::AsInFile);
    const bvh::ConversionRequest request = exportConversionRequest(character, settings);
    ASSERT_TRUE(request.frames.has_value()) << "the range, in the file's own frames";
    EXPECT_EQ(request.frames->first, 1);
    EXPECT_EQ(request.frames->last, 3);
    EXPECT_FALSE(request.up);
    EXPECT_FALSE(request.scale);
    EXPECT_FALSE(request.ground);
}

TEST(Export, WhatIsShownMapsToTrimUpAxisAndScale) {
    TemporaryDirectory directory;
    const scene::Character character = openZUp(directory.write("walk.bvh", kZUpCentimetres));
    scene::Playback playback = timelineFor(character);
    playback.setRange(0.1, 0.3); // timeline in/out: frames 1 to 3

    ExportSettings settings = defaultExportSettings(character, playback);
    settings.axis = ExportAxis::AsShown;
    settings.scale = ExportScale::AsShown;
    EXPECT_EQ(settings.targetPath, (directory.path() / "walk_export.bvh").string());
    EXPECT_EQ(settings.firstFrame, 1);
    EXPECT_EQ(settings.lastFrame, 3);
    EXPECT_FALSE(settings.overwriteInput);
    EXPECT_DOUBLE_EQ(settings.framesPerSecond, 10.0);

    const bvh::ConversionRequest request = exportConversionRequest(character, settings);
    ASSERT_TRUE(request.frames.has_value()); // --frames 1:3
    EXPECT_EQ(request.frames->first, 1);
    EXPECT_EQ(request.frames->last, 3);
    EXPECT_EQ(request.fromUp, bvh::UpAxis::PositiveZ); // --from-up z --up y
    EXPECT_EQ(request.up, bvh::UpAxis::PositiveY);
    ASSERT_TRUE(request.scale.has_value()); // --scale 0.01: centimetres shown as metres
    EXPECT_DOUBLE_EQ(*request.scale, 0.01);
    EXPECT_FALSE(request.framesPerSecond);
    EXPECT_FALSE(request.rotationOrder);
    EXPECT_FALSE(request.mnmPath);
    EXPECT_FALSE(request.inPlace);
    EXPECT_EQ(request.translation, character.clip->translation);
}

TEST(Export, AsInFileAndTheWholeClipMeanNoConversion) {
    TemporaryDirectory directory;
    const scene::Character character = openZUp(directory.write("walk.bvh", kZUpCentimetres));
    ExportSettings settings = defaultExportSettings(character, timelineFor(character));
    EXPECT_EQ(settings.firstFrame, 0);
    EXPECT_EQ(settings.lastFrame, 4);
    settings.axis = ExportAxis::AsInFile;
    settings.scale = ExportScale::AsInFile;
    bvh::ConversionRequest request = exportConversionRequest(character, settings);
    EXPECT_FALSE(request.frames);
    EXPECT_FALSE(request.up);
    EXPECT_FALSE(request.scale);

    settings.scale = ExportScale::Factor;
    settings.scaleFactor = 2.5;
    settings.resample = true;
    settings.framesPerSecond = 30.0;
    settings.rotationOrder = bvh::parseEulerOrder("XYZ");
    settings.inPlace = true;
    settings.mnmPath = "names.mnm";
    settings.reverseMnm = true;
    request = exportConversionRequest(character, settings);
    EXPECT_EQ(request.scale, 2.5);
    EXPECT_EQ(request.framesPerSecond, 30.0);
    EXPECT_EQ(request.rotationOrder, bvh::parseEulerOrder("XYZ"));
    EXPECT_TRUE(request.inPlace);
    EXPECT_EQ(request.fromUp, bvh::UpAxis::PositiveZ); // in-place works across the shown up
    EXPECT_EQ(request.mnmPath, "names.mnm");
    EXPECT_TRUE(request.reverseMnm);
}

TEST(Export, AYUpMetreFileAsShownIsUnchanged) {
    TemporaryDirectory directory;
    bvh::Document document = bvh::loadDocument(directory.write("y.bvh", kZUpCentimetres));
    ASSERT_TRUE(document.loaded());
    scene::Character character =
        scene::makeCharacter("y.bvh", (directory.path() / "y.bvh").string(), std::move(document));
    scene::applyAxes(character, scene::UpAxisChoice::PositiveY, scene::UnitChoice::Metre);
    ExportSettings settings = defaultExportSettings(character, timelineFor(character));
    settings.axis = ExportAxis::AsShown;
    settings.scale = ExportScale::AsShown;
    const bvh::ConversionRequest request = exportConversionRequest(character, settings);
    EXPECT_FALSE(request.frames);
    EXPECT_FALSE(request.up);
    EXPECT_FALSE(request.scale);
}

TEST(Export, WritesTheRangeAsShownAndLeavesTheInputAlone) {
    TemporaryDirectory directory;
    const std::string input = directory.write("walk.bvh", kZUpCentimetres);
    const std::string before = readBytes(input);
    const scene::Character character = openZUp(input);
    scene::Playback playback = timelineFor(character);
    playback.setRange(0.1, 0.3);

    ExportSettings settings = defaultExportSettings(character, playback);
    settings.axis = ExportAxis::AsShown;
    settings.scale = ExportScale::AsShown;
    const ExportOutcome outcome = exportCharacter(character, settings);
    ASSERT_TRUE(outcome.ok) << (outcome.lines.empty() ? "" : outcome.lines.back());
    EXPECT_EQ(outcome.framesWritten, 3u);
    EXPECT_EQ(outcome.jointsWritten, 2u);
    EXPECT_EQ(readBytes(input), before);
    EXPECT_EQ(character.clip->document.motion.frameCount, 5u);

    const bvh::Document exported = bvh::loadDocument(outcome.targetPath);
    ASSERT_TRUE(exported.loaded());
    ASSERT_EQ(exported.motion.frameCount, 3u);
    EXPECT_DOUBLE_EQ(exported.motion.frameTime, 0.1);
    // Exported frame k is file frame k + 1, Y up ((x, y, z) -> (x, z, -y)) in metres, on the
    // ground as shown (the hips, its lowest node, hold it 0.9 m up in the file): Hips at
    // (0.1 (k + 1), 0, 0), Head at (0.1 k, 1.7, 0), its End Site at (0.1 k, 1.8, 0).
    for (std::uint32_t k = 0; k < 3; ++k) {
        SCOPED_TRACE("exported frame " + std::to_string(k));
        const std::vector<glm::dvec3> positions = worldPositions(exported, k);
        ASSERT_EQ(positions.size(), 3u);
        expectNear(positions[0], {0.1 * (k + 1), 0.0, 0.0});
        expectNear(positions[1], {0.1 * k, 1.7, 0.0});
        expectNear(positions[2], {0.1 * k, 1.8, 0.0});
    }
}

TEST(Export, RefusesTheInputFileUnlessAskedAndReportsWhy) {
    TemporaryDirectory directory;
    const std::string input = directory.write("walk.bvh", kZUpCentimetres);
    const std::string before = readBytes(input);
    const scene::Character character = openZUp(input);
    ExportSettings settings = defaultExportSettings(character, timelineFor(character));
    settings.targetPath = input;
    const ExportOutcome refused = exportCharacter(character, settings);
    EXPECT_FALSE(refused.ok);
    ASSERT_FALSE(refused.lines.empty());
    EXPECT_NE(refused.lines.back().find(input + ": error: refusing to overwrite the input"),
              std::string::npos)
        << refused.lines.back();
    EXPECT_EQ(readBytes(input), before);

    settings.overwriteInput = true;
    settings.axis = ExportAxis::AsShown; // as in the file, the bytes would come out the same
    EXPECT_TRUE(exportCharacter(character, settings).ok);
    EXPECT_NE(readBytes(input), before);
}

TEST(Export, ALiveStreamIsNotExportedButPointsToRecord) {
    TemporaryDirectory directory;
    const std::string input = directory.write("walk.bvh", kZUpCentimetres);
    scene::Character character = openZUp(input);
    // What app/viewer/live gives a stream's character: frames in a window, none in the clip.
    character.liveFeed.frames = std::make_shared<scene::LiveFrames>(9, 0.1, 10.0);
    ExportSettings settings = defaultExportSettings(character, timelineFor(character));
    settings.targetPath = (std::filesystem::path(input).parent_path() / "take.bvh").string();
    const ExportOutcome refused = exportCharacter(character, settings);
    EXPECT_FALSE(refused.ok);
    ASSERT_FALSE(refused.lines.empty());
    EXPECT_NE(refused.lines.back().find("save its takes with Record"), std::string::npos)
        << refused.lines.back();
    EXPECT_FALSE(std::filesystem::exists(settings.targetPath));
}

TEST(Export, AConversionErrorIsReportedWithTheFileName) {
    TemporaryDirectory directory;
    const std::string input = directory.write("walk.bvh", kZUpCentimetres);
    const scene::Character character = openZUp(input);
    ExportSettings settings = defaultExportSettings(character, timelineFor(character));
    settings.mnmPath = (directory.path() / "missing.mnm").string();
    const ExportOutcome outcome = exportCharacter(character, settings);
    EXPECT_FALSE(outcome.ok);
    ASSERT_FALSE(outcome.lines.empty());
    EXPECT_EQ(outcome.lines.back().rfind(settings.mnmPath + ":", 0), 0u) << outcome.lines.back();
    EXPECT_FALSE(std::filesystem::exists(settings.targetPath));
}

} // namespace
} // namespace bvhscope::viewer
