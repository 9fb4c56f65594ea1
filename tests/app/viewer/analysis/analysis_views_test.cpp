// The analysis views without a window: the fps override, A/B compare (placement, colours,
// numbers), the rest-pose toggle, the selected joint's curves, the animation's up axis, and
// export with an override.
#include "app/scene/start_alignment.h"
#include "app/viewer/analysis/analysis_views.h"
#include "app/viewer/io/export.h"
#include "app/viewer/io/file_loading.h"
#include "core/reader/document.h"
#include "tests/app/viewer/bundled_sample.h"

#include <cmath>
#include <filesystem>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace bvhscope;
using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

// The sample with every frame's root X channel moved by `centimetres`.
Character shiftedSample(float centimetres) {
    bvh::Document document = test::bundledSample().clip->document;
    const auto x = document.skeleton.channelBegin[0]; // Hips: Xposition first
    EXPECT_EQ(document.skeleton.channels[x], bvh::ChannelType::Xposition);
    for (std::uint32_t f = 0; f < document.motion.frameCount; ++f) {
        document.motion.values[std::size_t{f} * document.motion.channelCount + x] += centimetres;
    }
    return makeCharacter("shifted.bvh", "", std::move(document));
}

void expectSameColor(const glm::vec4& a, const glm::vec4& b) {
    EXPECT_NEAR(glm::distance(a, b), 0.0f, 1e-6f);
}

// [SECTION] fps override

TEST(FpsOverride, RetimesPlaybackWithoutTouchingTheFile) {
    Character character = test::bundledSample();
    const double fileFrameTime = character.clip->document.motion.frameTime;
    const std::uint32_t frames = character.clip->document.motion.frameCount;
    EXPECT_EQ(frameTimeInUse(character), fileFrameTime);

    ASSERT_TRUE(setFramesPerSecondOverride(character, 60.0));
    EXPECT_DOUBLE_EQ(frameTimeInUse(character), 1.0 / 60.0);
    EXPECT_DOUBLE_EQ(playableDuration(character), (frames - 1) / 60.0);
    EXPECT_EQ(frameAt(character, 0.5), 30u);
    EXPECT_EQ(character.clip->document.motion.frameTime, fileFrameTime) << "the file is untouched";

    // Frame 10 at 60 fps is the pose the file shows at its own frame 10.
    CharacterPose overridden;
    samplePose(character, 10.0 / 60.0, bvh::Interpolation::Linear, overridden);
    const Character reference = test::bundledSample();
    CharacterPose referencePose;
    samplePose(reference, 10.0 * fileFrameTime, bvh::Interpolation::Linear, referencePose);
    for (std::size_t i = 0; i < overridden.viewerPositions.size(); ++i) {
        EXPECT_NEAR(glm::distance(overridden.viewerPositions[i], referencePose.viewerPositions[i]),
                    0.0f, 1e-5f);
    }

    for (const double refused : {0.0, -30.0, std::nan(""), 1e6}) {
        EXPECT_FALSE(setFramesPerSecondOverride(character, refused)) << refused;
    }
    EXPECT_EQ(*character.playRate.framesPerSecondOverride, 60.0)
        << "a refused rate changes nothing";
    ASSERT_TRUE(setFramesPerSecondOverride(character, std::nullopt));
    EXPECT_EQ(frameTimeInUse(character), fileFrameTime);
}

TEST(FpsOverride, TheTimelineKeepsItsFrameAndTakesTheNewLength) {
    Scene scene;
    scene.add(test::bundledSample());
    Playback playback;
    playback.setClip(scene.duration(), scene.frameTime());
    playback.seekFrame(20);
    ASSERT_TRUE(applyFramesPerSecondOverride(scene, playback, 0, 60.0));
    EXPECT_EQ(playback.frame(), 20);
    EXPECT_DOUBLE_EQ(playback.time(), 20.0 / 60.0);
    EXPECT_DOUBLE_EQ(playback.duration(), 65.0 / 60.0);
    EXPECT_DOUBLE_EQ(scene.frameTime(), 1.0 / 60.0);
    EXPECT_FALSE(applyFramesPerSecondOverride(scene, playback, 0, -1.0));
    EXPECT_FALSE(applyFramesPerSecondOverride(scene, playback, 3, 25.0)) << "no such file";
}

TEST(FpsOverride, SurvivesTheEndOfALoad) {
    Character character = test::bundledSample();
    character.playRate.framesPerSecondOverride = 25.0;
    finishLoadingCharacter(character, test::bundledSample().clip->document);
    EXPECT_EQ(character.playRate.framesPerSecondOverride, 25.0);
}

TEST(FpsOverride, ExportWritesTheFilesFrameTimeUnlessAsked) {
    Character character = test::bundledSample();
    ASSERT_TRUE(setFramesPerSecondOverride(character, 60.0));
    Playback playback;
    playback.setClip(playableDuration(character), frameTimeInUse(character));
    playback.setRange(0.0, 0.5); // 0.5 s at 60 fps: frames 0 to 30
    ExportSettings settings = defaultExportSettings(character, playback);
    EXPECT_EQ(settings.firstFrame, 0);
    EXPECT_EQ(settings.lastFrame, 30);

    const std::filesystem::path directory =
        std::filesystem::temp_directory_path() / ("bvhscope-fps-" + std::to_string(getpid()));
    std::filesystem::create_directories(directory);
    settings.targetPath = (directory / "file_rate.bvh").string();
    ASSERT_TRUE(exportCharacter(character, settings).ok);
    const bvh::Document fileRate = bvh::loadDocument(settings.targetPath);
    EXPECT_NEAR(fileRate.motion.frameTime, character.clip->document.motion.frameTime, 1e-9);
    EXPECT_EQ(fileRate.motion.frameCount, 31u);

    settings.targetPath = (directory / "override_rate.bvh").string();
    settings.useFramesPerSecondOverride = true;
    const ExportOutcome outcome = exportCharacter(character, settings);
    ASSERT_TRUE(outcome.ok);
    const bvh::Document overrideRate = bvh::loadDocument(settings.targetPath);
    EXPECT_NEAR(overrideRate.motion.frameTime, 1.0 / 60.0, 1e-9);
    std::filesystem::remove_all(directory);
}

// [SECTION] A/B compare

TEST(Compare, TheSameFileTwiceDiffersByNothingAndIsPaintedGreen) {
    Scene scene;
    scene.add(test::bundledSample());
    scene.add(test::bundledSample());
    ASSERT_GT(scene.characters()[1].arrangement.placement.x, 0.5f) << "side by side at first";
    AnalysisViews views;
    views.compare.enabled = true;
    ScenePose pose;
    scene.sample(0.7, bvh::Interpolation::Linear, false, pose);
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    const CompareView& compare = views.compare;
    ASSERT_TRUE(compare.active) << compare.inactiveReason;
    const Character& a = scene.characters()[0];
    const Character& b = scene.characters()[1];
    EXPECT_EQ(compare.matching.pairs.size(), a.clip->document.skeleton.nodeCount());
    EXPECT_EQ(compare.now.max, 0.0);
    ASSERT_TRUE(compare.clip.has_value());
    EXPECT_EQ(compare.clip->max, 0.0);
    // Overlay: B stands where A does, and its bones are all the ramp's green.
    EXPECT_EQ(b.arrangement.placement, a.arrangement.placement);
    const std::vector<glm::vec3>& aPositions = pose.characters[0].viewerPositions;
    const std::vector<glm::vec3>& bPositions = pose.characters[1].viewerPositions;
    ASSERT_EQ(bPositions.size(), aPositions.size());
    for (std::size_t i = 0; i < aPositions.size(); ++i) {
        EXPECT_EQ(bPositions[i], aPositions[i]);
    }
    ASSERT_EQ(b.comparePaint.nodeColors.size(), b.clip->document.skeleton.nodeCount());
    for (const glm::vec4& color : b.comparePaint.nodeColors) {
        expectSameColor(color, differenceColor(0.0, 1.0));
    }
    EXPECT_TRUE(a.comparePaint.nodeColors.empty());

    // Side by side again, then off: B moves back and loses its colours.
    views.compare.layout = CompareLayout::SideBySide;
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    EXPECT_GT(scene.characters()[1].arrangement.placement.x, 0.5f);
    EXPECT_EQ(views.compare.now.max, 0.0) << "placement is not a difference";
    views.compare.enabled = false;
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    EXPECT_TRUE(scene.characters()[1].comparePaint.nodeColors.empty());
}

TEST(Compare, AShiftedTakeDiffersByTheShiftInMetres) {
    Scene scene;
    scene.add(test::bundledSample());
    scene.add(shiftedSample(10.0f)); // 10 cm
    AnalysisViews views;
    views.compare.enabled = true;
    ScenePose pose;
    scene.sample(1.0, bvh::Interpolation::Linear, false, pose);
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    const CompareView& compare = views.compare;
    ASSERT_TRUE(compare.active);
    for (const double distance : compare.distanceOfNodeB) {
        EXPECT_NEAR(distance, 0.10, 1e-5);
    }
    EXPECT_NEAR(compare.now.mean, 0.10, 1e-5);
    ASSERT_TRUE(compare.clip.has_value());
    EXPECT_NEAR(compare.clip->meanOfMeans, 0.10, 1e-5);
    // Red at 10 % of B's height (1.65 m): 10 cm is 61 % of the way, past yellow.
    const Character& b = scene.characters()[1];
    EXPECT_NEAR(compare.redAtMetres, 0.1 * b.axes.figureHeightMetres, 1e-12);
    expectSameColor(b.comparePaint.nodeColors[0], differenceColor(0.10, compare.redAtMetres));
    EXPECT_GT(b.comparePaint.nodeColors[0].r, b.comparePaint.nodeColors[0].g);

    views.compare.relativeToRoot = true;
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    EXPECT_NEAR(views.compare.now.max, 0.0, 1e-6);
}

TEST(Compare, UnrelatedSkeletonsAreRefusedWithAReason) {
    Scene scene;
    scene.add(test::bundledSample());
    scene.add(makeCharacter("other.bvh", "",
                            bvh::parseDocument("HIERARCHY\nROOT Pelvis\n{\nOFFSET 0 0 0\n"
                                               "CHANNELS 0\nJOINT Tail\n{\nOFFSET 0 0 -1\n"
                                               "CHANNELS 0\n}\n}\n")));
    AnalysisViews views;
    views.compare.enabled = true;
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Linear, false, pose);
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    EXPECT_FALSE(views.compare.active);
    EXPECT_NE(views.compare.inactiveReason.find("joint names match"), std::string::npos);
    EXPECT_TRUE(scene.characters()[1].comparePaint.nodeColors.empty());
}

TEST(Compare, RemovingAFileKeepsThePairOrEndsIt) {
    AnalysisViews views;
    views.compare.enabled = true;
    views.compare.a = 0;
    views.compare.b = 2;
    onCharacterRemoved(views, 1);
    EXPECT_TRUE(views.compare.enabled);
    EXPECT_EQ(views.compare.b, 1u);
    onCharacterRemoved(views, 0);
    EXPECT_FALSE(views.compare.enabled);
}

TEST(Compare, TheRampGoesGreenYellowRed) {
    expectSameColor(differenceColor(0.0, 0.2), {0.25f, 0.85f, 0.35f, 1.0f});
    expectSameColor(differenceColor(0.1, 0.2), {0.95f, 0.85f, 0.20f, 1.0f});
    expectSameColor(differenceColor(0.2, 0.2), {0.95f, 0.25f, 0.20f, 1.0f});
    expectSameColor(differenceColor(5.0, 0.2), {0.95f, 0.25f, 0.20f, 1.0f});
    EXPECT_EQ(formatMetres(0.0042), "4.2 mm");
    EXPECT_EQ(formatMetres(0.123), "12.3 cm");
    EXPECT_EQ(formatMetres(1.5), "1.50 m");
}

// A figure of hips, spine, head and legs (cm, Y up: left legs at +X, so it faces +Z unturned)
// whose hips start at (x, 90, z) turned `yawDegrees` about Y and step 10 cm ahead in frame 1.
Character turnedWalker(const std::string& name, double x, double z, double yawDegrees) {
    const double yaw = yawDegrees * 3.14159265358979323846 / 180.0;
    // Ahead: +Z turned by the yaw about Y (BVH's Yrotation: +Z towards +X).
    const double aheadX = 10.0 * std::sin(yaw);
    const double aheadZ = 10.0 * std::cos(yaw);
    char motion[256];
    std::snprintf(motion, sizeof motion,
                  "MOTION\nFrames: 2\nFrame Time: 0.5\n%g 90 %g %g 0 0 0 0 0 0 0 0 0 0 0 0 0 0 "
                  "0\n%g 90 %g %g 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n",
                  x, z, yawDegrees, x + aheadX, z + aheadZ, yawDegrees);
    const std::string leg = "{\n OFFSET %s 0 0\n CHANNELS 3 Zrotation Xrotation Yrotation\n"
                            " JOINT %sFoot\n {\n  OFFSET 0 -80 0\n  CHANNELS 3 Zrotation "
                            "Xrotation Yrotation\n  End Site\n  {\n   OFFSET 0 0 12\n  }\n }\n}\n";
    auto legOf = [&](const char* side, const char* offset) {
        char text[400];
        std::snprintf(text, sizeof text, leg.c_str(), offset, side);
        return std::string("JOINT ") + side + "UpLeg\n" + text;
    };
    const std::string text =
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition "
        "Yrotation Xrotation Zrotation\nJOINT Spine\n{\n OFFSET 0 20 0\n CHANNELS 3 Zrotation "
        "Xrotation Yrotation\n End Site\n {\n  OFFSET 0 60 0\n }\n}\n" +
        legOf("Left", "10") + legOf("Right", "-10") + "}\n" + motion;
    return makeCharacter(name, "", bvh::parseDocument(text));
}

TEST(Compare, AlignStartPutsBothFirstFramesOnOnePointAndHeading) {
    Scene scene;
    scene.add(turnedWalker("a.bvh", 100.0, 0.0, 0.0));  // at (1, 0) m facing +Z
    scene.add(turnedWalker("b.bvh", 0.0, 300.0, 90.0)); // at (0, 3) m facing +X
    // Hand-derived: A's front is left x up = +X x +Y = +Z (heading 0); B's left leg, turned
    // 90 degrees about Y, points to -Z, so its front is -Z x +Y = +X (heading 90 degrees).
    ASSERT_TRUE(startHeading(scene.characters()[0]).has_value());
    ASSERT_TRUE(startHeading(scene.characters()[1]).has_value());
    EXPECT_NEAR(*startHeading(scene.characters()[0]), 0.0f, 1e-5f);
    EXPECT_NEAR(*startHeading(scene.characters()[1]), 1.5707963f, 1e-5f);

    AnalysisViews views;
    views.compare.enabled = true;
    views.compare.alignStart = true;
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Linear, false, pose);
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    ASSERT_TRUE(views.compare.active);
    const Character& b = scene.characters()[1];
    EXPECT_NEAR(b.arrangement.heading, -1.5707963f,
                1e-5f); // a quarter turn clockwise seen from above
    // Frame 0: B's hips on A's, its left leg to A's side (+X), so every joint coincides.
    const std::vector<glm::vec3>& hipsA = pose.characters[0].viewerPositions;
    const std::vector<glm::vec3>& hipsB = pose.characters[1].viewerPositions;
    for (std::size_t node = 0; node < hipsA.size(); ++node) {
        EXPECT_NEAR(glm::distance(hipsA[node], hipsB[node]), 0.0f, 1e-4f) << node;
    }
    EXPECT_NEAR(hipsB[0].x - scene.characters()[0].arrangement.placement.x, 1.0f, 1e-5f);
    EXPECT_NEAR(views.compare.now.max, 0.0, 1e-5);
    // Frame 1: each stepped 10 cm ahead of itself, so they still coincide, and the whole clip
    // differs by nothing.
    scene.sample(0.5, bvh::Interpolation::Linear, false, pose);
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    EXPECT_NEAR(
        glm::distance(pose.characters[0].viewerPositions[0], pose.characters[1].viewerPositions[0]),
        0.0f, 1e-4f);
    EXPECT_NEAR(views.compare.now.max, 0.0, 1e-5);
    ASSERT_TRUE(views.compare.clip.has_value());
    EXPECT_NEAR(views.compare.clip->meanOfMeans, 0.0, 1e-5);

    // Without it, B is where its file puts it: 3.16 m from A's hips ((1, 0) to (0, 3)).
    views.compare.alignStart = false;
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    EXPECT_EQ(scene.characters()[1].arrangement.heading, 0.0f);
    scene.sample(0.0, bvh::Interpolation::Linear, false, pose);
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    EXPECT_NEAR(views.compare.now.distances[0], std::sqrt(10.0), 1e-4);
    // Compare off: no character stays turned.
    views.compare.alignStart = true;
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    views.compare.enabled = false;
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    EXPECT_EQ(scene.characters()[1].arrangement.heading, 0.0f);
}

// [SECTION] Rest pose, curves, the animation's up axis

TEST(RestPose, TheToggleShowsTheOffsets) {
    Scene scene;
    scene.add(test::bundledSample());
    AnalysisViews views;
    views.showRestPose = true;
    // With the toggle on, the live view samples the rest pose instead of the animation, and
    // the analysis views keep it.
    ScenePose pose;
    scene.sampleRest(pose);
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    const Character& character = scene.characters()[0];
    const std::vector<glm::vec3>& positions = pose.characters[0].viewerPositions;
    ASSERT_EQ(positions.size(), character.clip->document.skeleton.nodeCount());
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    // Every node at the sum of its ancestors' OFFSETs (cm), in metres.
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        glm::dvec3 expected(0.0);
        for (bvh::NodeIndex node = static_cast<bvh::NodeIndex>(i); node != bvh::kNoParent;
             node = skeleton.parents[static_cast<std::size_t>(node)]) {
            expected += skeleton.offsets[static_cast<std::size_t>(node)];
        }
        const glm::vec3 viewer = glm::vec3(expected * 0.01) + character.arrangement.placement;
        EXPECT_NEAR(glm::distance(positions[i], viewer), 0.0f, 1e-5f) << skeleton.names[i];
    }
}

TEST(Curves, TheSelectedJointsChannelsAndEvents) {
    // A joint whose Z wraps at frame 3.
    Scene scene;
    scene.add(makeCharacter(
        "wrap.bvh", "",
        bvh::parseDocument("HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition "
                           "Yposition Zposition\nJOINT Arm\n{\nOFFSET 0 10 0\nCHANNELS 3 Zrotation "
                           "Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 5 0\n}\n}\n}\nMOTION\n"
                           "Frames: 5\nFrame Time: 0.04\n0 0 0 170 0 0\n0 0 0 175 0 0\n"
                           "0 0 0 179 0 0\n0 0 0 -178 0 0\n0 0 0 -175 0 0\n")));
    AnalysisViews views;
    const Selection arm{0, 1};
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Linear, false, pose);
    updateAnalysisViews(views, scene, pose, arm, bvh::Interpolation::Linear);
    ASSERT_EQ(views.curves.series.size(), 3u);
    EXPECT_EQ(views.curves.frameCount, 5u);
    EXPECT_EQ(views.curves.series[0].values[3], -178.0f);
    ASSERT_EQ(views.curves.events.size(), 1u);
    EXPECT_EQ(views.curves.events[0].frame, 3u);
    EXPECT_EQ(views.curves.events[0].kind, bvh::ChannelEventKind::Wrap);

    updateAnalysisViews(views, scene, pose, Selection{0, 2}, bvh::Interpolation::Linear);
    EXPECT_TRUE(views.curves.series.empty()) << "an End Site has no channels";
    updateAnalysisViews(views, scene, pose, std::nullopt, bvh::Interpolation::Linear);
    EXPECT_FALSE(views.curves.selection.has_value());
}

TEST(AnimationUp, AutoStandsTheFigureAsTheAnimationDoes) {
    // OFFSETs along +Z (head up Z), but the root's X rotation of -90 stands it up in +Y in
    // every frame.
    std::string text = "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition "
                       "Zposition Zrotation Xrotation Yrotation\nJOINT Head\n{\nOFFSET 0 0 70\n"
                       "CHANNELS 0\n}\nJOINT LeftFoot\n{\nOFFSET 0 0 -90\nCHANNELS 0\n}\n}\n"
                       "MOTION\nFrames: 10\nFrame Time: 0.04\n";
    for (int f = 0; f < 10; ++f) {
        text += "0 90 " + std::to_string(f) + " 0 -90 0\n";
    }
    Character character = makeCharacter("lying.bvh", "", bvh::parseDocument(text));
    EXPECT_EQ(character.clip->summary.restPose.upAxis, bvh::UpAxis::PositiveZ);
    EXPECT_TRUE(character.clip->restAnimation.upDisagrees);
    EXPECT_EQ(character.axes.upAxis, bvh::UpAxis::PositiveY);
    applyAxes(character, UpAxisChoice::PositiveZ, UnitChoice::Auto);
    EXPECT_EQ(character.axes.upAxis, bvh::UpAxis::PositiveZ) << "an explicit choice wins";
}

} // namespace
