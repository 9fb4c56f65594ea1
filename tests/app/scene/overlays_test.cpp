// The analysis overlays the viewer and `bvhscope render` draw, computed without GL: trails,
// ghosts and foot contact markers, checked against the character's own sampled poses.
#include "app/scene/character_body.h"
#include "app/scene/overlays.h"
#include "app/viewer/io/file_loading.h"
#include "app/viewer/io/settings_store.h"
#include "core/reader/document.h"
#include "render/math/grid_layout.h"
#include "tests/app/scene/ghost_options.h"
#include "tests/app/viewer/bundled_sample.h"
#include "tests/support/bvh_texts.h"
#include "tests/support/rest_positions.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <string>

using namespace bvhscope;
using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

// Viewer-space positions of every node of the scene's character `index` at a whole frame.
std::vector<glm::vec3> poseAt(const Scene& scene, std::size_t index, std::uint32_t frame) {
    Character copy = makeCharacter("copy", "", scene.characters()[index].clip->document);
    copy.arrangement.placement = scene.characters()[index].arrangement.placement;
    copy.arrangement.inPlace =
        scene.characters()[index].arrangement.inPlace; // several figures: shown in place
    CharacterPose pose;
    samplePose(copy, frame * copy.clip->document.motion.frameTime, bvh::Interpolation::Nearest,
               pose);
    return pose.viewerPositions;
}

double timeOf(const Scene& scene, std::uint32_t frame) {
    return frame * scene.frameTime();
}

// The scene sampled at `timeSeconds`, as the viewer samples it before building overlays.
ScenePose sampledAt(const Scene& scene, double timeSeconds) {
    ScenePose pose;
    scene.sample(timeSeconds, bvh::Interpolation::Nearest, false, pose);
    return pose;
}

void expectNear(const glm::vec3& actual, const glm::vec3& expected) {
    EXPECT_NEAR(actual.x, expected.x, 1e-4f);
    EXPECT_NEAR(actual.y, expected.y, 1e-4f);
    EXPECT_NEAR(actual.z, expected.z, 1e-4f);
}

// [SECTION] Trails

TEST(Overlays, TheTrailIsTheRootsPathOverTheWindowFadingWithTime) {
    Scene scene;
    scene.add(test::bundledSample());
    OverlayOptions options;
    options.trails = true;
    options.trailFrames = 4;
    const ScenePose pose = sampledAt(scene, timeOf(scene, 20));
    SceneOverlays overlays;
    OverlayBuilder builder;
    builder.build(scene, pose, std::nullopt, options, SceneLook{}, timeOf(scene, 20), overlays);
    // Frames 16 to 24: eight segments, each from one frame's root to the next frame's.
    ASSERT_EQ(overlays.trails.size(), 8u);
    for (std::uint32_t k = 0; k < 8; ++k) {
        expectNear(overlays.trails[k].start, poseAt(scene, 0, 16 + k)[0]);
        expectNear(overlays.trails[k].end, poseAt(scene, 0, 17 + k)[0]);
    }
    const glm::vec4 color = scene.characters()[0].appearance.color;
    // Opaque at the current frame, a tenth at the window's ends; the future half is lighter.
    EXPECT_FLOAT_EQ(overlays.trails[3].endColor.a, 1.0f);
    EXPECT_FLOAT_EQ(overlays.trails[0].startColor.a, 0.1f);
    EXPECT_FLOAT_EQ(overlays.trails[7].endColor.a, 0.1f);
    EXPECT_FLOAT_EQ(overlays.trails[2].startColor.a, 0.55f); // two frames of four away
    EXPECT_FLOAT_EQ(overlays.trails[0].startColor.g, color.g);
    EXPECT_GT(overlays.trails[7].endColor.g, color.g);
    EXPECT_TRUE(overlays.ghostBones.empty());
    EXPECT_TRUE(overlays.contactMarkers.empty());
}

TEST(Overlays, TheTrailWindowStopsAtTheClipsEnds) {
    Scene scene;
    scene.add(test::bundledSample());
    const std::uint32_t last = scene.characters()[0].clip->document.motion.frameCount - 1;
    OverlayOptions options;
    options.trails = true;
    options.trailFrames = 10;
    SceneOverlays overlays;
    OverlayBuilder builder;
    builder.build(scene, sampledAt(scene, timeOf(scene, 2)), std::nullopt, options, SceneLook{},
                  timeOf(scene, 2), overlays);
    EXPECT_EQ(overlays.trails.size(), 12u); // frames 0 to 12
    builder.build(scene, sampledAt(scene, timeOf(scene, last)), std::nullopt, options, SceneLook{},
                  timeOf(scene, last), overlays);
    EXPECT_EQ(overlays.trails.size(), 10u); // frames last-10 to last
}

TEST(Overlays, TheTrailFollowsTheSelectedJointOrANamedOne) {
    Scene scene;
    scene.add(test::bundledSample());
    scene.add(test::bundledSample());
    const bvh::Skeleton& skeleton = scene.characters()[0].clip->document.skeleton;
    const bvh::NodeIndex hand = skeleton.find("LeftHand");
    ASSERT_NE(hand, bvh::kNoParent);
    OverlayOptions options;
    options.trails = true;
    options.trailFrames = 2;
    SceneOverlays overlays;
    OverlayBuilder builder;
    // No selection: every character's root.
    builder.build(scene, sampledAt(scene, timeOf(scene, 10)), std::nullopt, options, SceneLook{},
                  timeOf(scene, 10), overlays);
    ASSERT_EQ(overlays.trails.size(), 8u);
    expectNear(overlays.trails[4].start, poseAt(scene, 1, 8)[0]);
    // The second character's hand selected: its path only.
    builder.build(scene, sampledAt(scene, timeOf(scene, 10)), Selection{1, hand}, options,
                  SceneLook{}, timeOf(scene, 10), overlays);
    ASSERT_EQ(overlays.trails.size(), 4u);
    expectNear(overlays.trails[0].start, poseAt(scene, 1, 8)[static_cast<std::size_t>(hand)]);
    // A joint by name: in every character that has it, whatever is selected.
    options.trailJoint = "LeftHand";
    builder.build(scene, sampledAt(scene, timeOf(scene, 10)), Selection{1, 0}, options, SceneLook{},
                  timeOf(scene, 10), overlays);
    ASSERT_EQ(overlays.trails.size(), 8u);
    expectNear(overlays.trails[0].start, poseAt(scene, 0, 8)[static_cast<std::size_t>(hand)]);
    options.trailJoint = "NoSuchJoint";
    builder.build(scene, sampledAt(scene, timeOf(scene, 10)), std::nullopt, options, SceneLook{},
                  timeOf(scene, 10), overlays);
    EXPECT_TRUE(overlays.trails.empty());
}

// [SECTION] Ghosts

TEST(Overlays, GhostsArePosesEveryStepEitherSideFadingOutwards) {
    Scene scene;
    scene.add(test::bundledSample());
    const Character& character = scene.characters()[0];
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const OverlayOptions options = test::ghostsEvery(5, 2, 0.4f);
    SceneOverlays overlays;
    OverlayBuilder builder;
    builder.build(scene, sampledAt(scene, timeOf(scene, 20)), std::nullopt, options, SceneLook{},
                  timeOf(scene, 20), overlays);
    const std::size_t bonesPerPose = skeleton.nodeCount() - 1;
    const std::size_t jointsPerPose = skeleton.jointCount();
    ASSERT_EQ(overlays.ghostBones.size(), 4 * bonesPerPose);
    ASSERT_EQ(overlays.ghostJoints.size(), 4 * jointsPerPose);
    // Order: 15, 25 (the nearest pair, 0.4 opaque), then 10, 30 (0.2).
    const std::uint32_t frames[] = {15, 25, 10, 30};
    const float alphas[] = {0.4f, 0.4f, 0.2f, 0.2f};
    for (std::size_t ghost = 0; ghost < 4; ++ghost) {
        const std::vector<glm::vec3> pose = poseAt(scene, 0, frames[ghost]);
        const render::BoneInstance& root = overlays.ghostJoints[ghost * jointsPerPose];
        expectNear(root.start, pose[0]);
        EXPECT_FLOAT_EQ(root.color.a, alphas[ghost]) << "ghost at frame " << frames[ghost];
        EXPECT_FLOAT_EQ(root.radius, Scene::jointRadius(character, SceneLook{}));
        const render::BoneInstance& firstBone = overlays.ghostBones[ghost * bonesPerPose];
        expectNear(firstBone.start, pose[static_cast<std::size_t>(skeleton.parents[1])]);
        expectNear(firstBone.end, pose[1]);
    }
    EXPECT_FLOAT_EQ(overlays.ghostJoints[0].color.r,
                    character.appearance.color.r); // past: its colour
    // Near the clip's start the past ghosts that would fall before frame 0 are left out.
    builder.build(scene, sampledAt(scene, timeOf(scene, 7)), std::nullopt, options, SceneLook{},
                  timeOf(scene, 7), overlays);
    EXPECT_EQ(overlays.ghostJoints.size(), 3 * jointsPerPose); // 2, 12 and 17
}

// The body `character` has at a whole frame (Scene::poseBody of that frame's world transforms).
BodyInstance bodyAt(const Character& character, std::uint32_t frame, const SceneLook& look) {
    const std::vector<bvh::RigidTransform> world = bvh::test::frameWorld(
        character.clip->document.skeleton, character.clip->document.motion.frame(frame),
        character.clip->translation);
    BodyInstance body;
    EXPECT_TRUE(Scene::poseBody(character, world, look, body));
    return body;
}

TEST(Overlays, BodyGhostsAreTheBodiesOfTheirFramesInTheGhostColours) {
    // The walk drawn as a body: ghosts are translucent bodies, not bones. Built at frame 20,
    // then 7 (one ghost fewer: its instance is dropped), then 20 again (posed into the kept
    // instances and one new): each time the bodies of the ghosts' frames.
    Scene scene;
    scene.add(test::bundledSample());
    ASSERT_TRUE(requestBodies(scene, BodyBuild::Wait::Yes).empty());
    const Character& character = scene.characters()[0];
    const SceneLook look = test::bodiesLook();
    const OverlayOptions options = test::ghostsEvery(5, 2, 0.4f);
    SceneOverlays overlays;
    OverlayBuilder builder;
    const auto expectGhosts = [&](std::uint32_t shown, const std::vector<std::uint32_t>& frames,
                                  const std::vector<float>& alphas) {
        builder.build(scene, sampledAt(scene, timeOf(scene, shown)), std::nullopt, options, look,
                      timeOf(scene, shown), overlays);
        EXPECT_TRUE(overlays.ghostBones.empty());
        ASSERT_EQ(overlays.ghostBodies.size(), frames.size()) << "at frame " << shown;
        for (std::size_t ghost = 0; ghost < frames.size(); ++ghost) {
            const BodyInstance expected = bodyAt(character, frames[ghost], look);
            const BodyInstance& body = overlays.ghostBodies[ghost];
            EXPECT_EQ(body.mesh, expected.mesh);
            ASSERT_EQ(body.skin.size(), expected.skin.size());
            for (std::size_t node = 0; node < body.skin.size(); ++node) {
                EXPECT_EQ(body.skin[node].real, expected.skin[node].real) << frames[ghost];
                EXPECT_EQ(body.skin[node].dual, expected.skin[node].dual) << frames[ghost];
            }
            ASSERT_EQ(body.colors.size(), body.skin.size());
            EXPECT_FLOAT_EQ(body.colors[0].a, alphas[ghost]) << "ghost at frame " << frames[ghost];
            EXPECT_TRUE(std::ranges::all_of(
                body.colors, [&](const glm::vec4& color) { return color == body.colors[0]; }));
        }
    };
    // Order: 15, 25 (the nearest pair, 0.4 opaque), then 10, 30 (0.2).
    expectGhosts(20, {15, 25, 10, 30}, {0.4f, 0.4f, 0.2f, 0.2f});
    expectGhosts(7, {2, 12, 17}, {0.4f, 0.4f, 0.2f});
    expectGhosts(20, {15, 25, 10, 30}, {0.4f, 0.4f, 0.2f, 0.2f});
}

// Issue 38: the paused viewer redraws for every step of an orbit, and each draw builds the
// overlays again. A body ghost is skinned only when its frame, its figure or the SceneOverlays
// it goes into change: main skinned all four ghosts on every build (12 passes for the three
// builds at frame 20, here 4).
TEST(Overlays, BodyGhostsAreSkinnedOnlyWhenTheirFrameOrFigureChanges) {
    Scene scene;
    scene.add(test::bundledSample());
    ASSERT_TRUE(requestBodies(scene, BodyBuild::Wait::Yes).empty());
    SceneLook look = test::bodiesLook();
    OverlayOptions options = test::ghostsEvery(5, 2);
    SceneOverlays overlays;
    OverlayBuilder builder;
    const auto buildAt = [&](std::uint32_t shown, SceneOverlays& out) {
        builder.build(scene, sampledAt(scene, timeOf(scene, shown)), std::nullopt, options, look,
                      timeOf(scene, shown), out);
    };
    buildAt(20, overlays); // ghosts at 15, 25, 10, 30
    EXPECT_EQ(builder.ghostSkinPasses(), 4u);
    buildAt(20, overlays);
    buildAt(20, overlays);
    EXPECT_EQ(builder.ghostSkinPasses(), 4u) << "paused: nothing changed";
    look.selectionColor = glm::vec4(1.0f); // a look that does not reach a ghost's skin
    buildAt(20, overlays);
    EXPECT_EQ(builder.ghostSkinPasses(), 4u);
    buildAt(21, overlays); // the next frame: every ghost's frame moved
    EXPECT_EQ(builder.ghostSkinPasses(), 8u);
    options.ghostStep = 10; // the options: ghosts at 11, 31 (slots 0, 1), 1, 41 (slots 2, 3)
    buildAt(21, overlays);
    EXPECT_EQ(builder.ghostSkinPasses(), 12u);
    SceneOverlays other; // another SceneOverlays: its instances hold no skin yet
    buildAt(21, other);
    EXPECT_EQ(builder.ghostSkinPasses(), 16u);
    // The figure: the same file as a new clip (a reload) is skinned again.
    scene.characters()[0].clip = std::make_shared<const Clip>(*scene.characters()[0].clip);
    buildAt(21, other);
    EXPECT_EQ(builder.ghostSkinPasses(), 20u);
    // The skins kept are the ones a fresh builder computes.
    OverlayBuilder fresh;
    SceneOverlays expected;
    fresh.build(scene, sampledAt(scene, timeOf(scene, 21)), std::nullopt, options, look,
                timeOf(scene, 21), expected);
    ASSERT_EQ(other.ghostBodies.size(), expected.ghostBodies.size());
    for (std::size_t ghost = 0; ghost < expected.ghostBodies.size(); ++ghost) {
        ASSERT_EQ(other.ghostBodies[ghost].skin.size(), expected.ghostBodies[ghost].skin.size());
        for (std::size_t node = 0; node < expected.ghostBodies[ghost].skin.size(); ++node) {
            EXPECT_EQ(other.ghostBodies[ghost].skin[node].real,
                      expected.ghostBodies[ghost].skin[node].real);
            EXPECT_EQ(other.ghostBodies[ghost].skin[node].dual,
                      expected.ghostBodies[ghost].skin[node].dual);
        }
    }
}

// [SECTION] Foot contacts

// Hips 90 cm up with two feet on the floor and a head (a 170 cm figure). Frames 0-9 the hips
// slide 1 cm per frame along X at 30 fps (30 cm/s: both feet slide); frames 10-19 stand still.
std::string slideThenStand() {
    std::string text =
        std::string(bvh::test::kFeetAndHeadHierarchy) + "Frames: 20\nFrame Time: 0.0333333333\n";
    for (int frame = 0; frame < 20; ++frame) {
        text += std::to_string(std::min(frame, 9)) + " 90 0\n";
    }
    return text;
}

TEST(Overlays, ContactMarkersSitOnTheGroundUnderTheFeetAndWarnOfSlides) {
    Scene scene;
    scene.add(makeCharacter("slide.bvh", "", bvh::parseDocument(slideThenStand())));
    const Character& character = scene.characters()[0];
    ASSERT_EQ(character.axes.unit, bvh::LengthUnit::Centimetre);
    OverlayOptions options;
    options.footContacts = true;
    SceneOverlays overlays;
    OverlayBuilder builder;
    const float ground = render::gridForBounds(scene.motionBounds()).groundHeight;
    const float radius = 0.045f * static_cast<float>(character.axes.figureHeightMetres);

    // Frame 4: sliding (30 cm/s over the 17 cm/s threshold).
    ScenePose pose;
    scene.sample(timeOf(scene, 4), bvh::Interpolation::Nearest, false, pose);
    builder.build(scene, pose, std::nullopt, options, SceneLook{}, timeOf(scene, 4), overlays);
    ASSERT_EQ(overlays.contactMarkers.size(), 2u);
    for (const render::GroundDisc& marker : overlays.contactMarkers) {
        EXPECT_EQ(marker.color, kSlideColor);
        EXPECT_FLOAT_EQ(marker.radius, 1.3f * radius);
        EXPECT_FLOAT_EQ(marker.center.y, ground);
    }
    const glm::vec3 leftFoot = pose.characters[0].viewerPositions[1];
    EXPECT_FLOAT_EQ(overlays.contactMarkers[0].center.x, leftFoot.x);
    EXPECT_FLOAT_EQ(overlays.contactMarkers[0].center.z, leftFoot.z);

    // Frame 15: planted.
    scene.sample(timeOf(scene, 15), bvh::Interpolation::Nearest, false, pose);
    builder.build(scene, pose, std::nullopt, options, SceneLook{}, timeOf(scene, 15), overlays);
    ASSERT_EQ(overlays.contactMarkers.size(), 2u);
    EXPECT_EQ(overlays.contactMarkers[0].color, kContactColor);
    EXPECT_FLOAT_EQ(overlays.contactMarkers[0].radius, radius);

    // The analysis is kept between frames, and redone when the thresholds change.
    const CharacterFootContacts* first = builder.footContacts(character, options.contactThresholds);
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(builder.footContacts(character, options.contactThresholds), first);
    EXPECT_EQ(first->analysis.feet[0].slidingFrames, 9u); // frames 0-8
    bvh::FootContactThresholds lenient;
    lenient.slideSpeed = 1.0; // 170 cm/s
    const CharacterFootContacts* second = builder.footContacts(character, lenient);
    ASSERT_NE(second, nullptr);
    EXPECT_EQ(second->analysis.feet[0].slidingFrames, 0u);
}

// A const builder's readers see what was analysed, never start an analysis themselves.
TEST(Overlays, KeptFootContactsAreOnlyThoseAlreadyAnalysed) {
    Scene scene;
    scene.add(makeCharacter("slide.bvh", "", bvh::parseDocument(slideThenStand())));
    const Character& character = scene.characters()[0];
    OverlayBuilder builder;
    const bvh::FootContactThresholds thresholds;
    const OverlayBuilder& reader = builder;
    EXPECT_EQ(reader.keptFootContacts(character, thresholds), nullptr);
    EXPECT_EQ(reader.keptFootContacts(character, thresholds), nullptr) << "still not analysed";
    const CharacterFootContacts* analysed = builder.footContacts(character, thresholds);
    ASSERT_NE(analysed, nullptr);
    EXPECT_EQ(reader.keptFootContacts(character, thresholds), analysed);
    bvh::FootContactThresholds lenient;
    lenient.slideSpeed = 1.0;
    EXPECT_EQ(reader.keptFootContacts(character, lenient), nullptr) << "other thresholds";
}

// [SECTION] Settings

TEST(Overlays, SettingsPersistAndReachTheOptions) {
    ViewerSettings settings;
    settings.showTrails = true;
    settings.trailFrames = 90;
    settings.showGhosts = true;
    settings.ghostCount = 4;
    settings.ghostStep = 8;
    settings.ghostOpacity = 0.5f;
    settings.showFootContacts = true;
    settings.footSlideSpeed = 0.2f;
    const ViewerSettings read = parseSettings(serializeSettings(settings));
    const OverlayOptions options = overlayOptions(read);
    EXPECT_TRUE(options.trails);
    EXPECT_EQ(options.trailFrames, 90);
    EXPECT_TRUE(options.ghosts);
    EXPECT_EQ(options.ghostCount, 4);
    EXPECT_EQ(options.ghostStep, 8);
    EXPECT_FLOAT_EQ(options.ghostOpacity, 0.5f);
    EXPECT_TRUE(options.footContacts);
    EXPECT_FLOAT_EQ(static_cast<float>(options.contactThresholds.slideSpeed), 0.2f);
    // Out-of-range values are clamped, as every setting is.
    const ViewerSettings clamped = parseSettings("trail_frames = 0\nghost_count = 500\n");
    EXPECT_EQ(clamped.trailFrames, 1);
    EXPECT_EQ(clamped.ghostCount, 50); // one range with render --ghosts (issue 43)
    // Off by default: a new user sees the plain skeleton.
    const OverlayOptions defaults = overlayOptions(ViewerSettings{});
    EXPECT_FALSE(defaults.trails || defaults.ghosts || defaults.footContacts);
}

} // namespace
