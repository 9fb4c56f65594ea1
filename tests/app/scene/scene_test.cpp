#include "app/scene/scene.h"
#include "app/viewer/io/file_loading.h"
#include "core/reader/document.h"
#include "tests/app/scene/character_in_metres.h"
#include "tests/app/viewer/bundled_sample.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {} // namespace

TEST(Scene, BundledSampleLoadsAsACentimetreYUpFigure) {
    const Character character = test::bundledSample();
    EXPECT_EQ(character.axes.upAxis, bvh::UpAxis::PositiveY);
    EXPECT_EQ(character.axes.unit, bvh::LengthUnit::Centimetre);
    EXPECT_NEAR(character.axes.figureHeightMetres, 1.65, 0.1);
    // The motion bounds stand on the floor and cover the walk.
    EXPECT_NEAR(character.axes.motionBounds.min.y, 0.0f, 0.05f);
    EXPECT_GT(character.axes.motionBounds.size().z, 1.5f);
}

TEST(Scene, ZUpFilesTurnToYUpKeepingHandedness) {
    const glm::dmat4 convert =
        fileToViewerTransform(bvh::UpAxis::PositiveZ, bvh::LengthUnit::Metre);
    const glm::dvec4 up = convert * glm::dvec4(0, 0, 1, 0);
    const glm::dvec4 back = convert * glm::dvec4(0, -1, 0, 0);
    EXPECT_NEAR(up.y, 1.0, 1e-12);
    EXPECT_NEAR(back.z, 1.0, 1e-12); // a Biped file faces -Y; the viewer shows it facing +Z
    EXPECT_NEAR(glm::determinant(glm::dmat3(convert)), 1.0, 1e-12);
    const glm::dmat4 inches = fileToViewerTransform(bvh::UpAxis::PositiveY, bvh::LengthUnit::Inch);
    EXPECT_NEAR((inches * glm::dvec4(1, 0, 0, 0)).x, 0.0254, 1e-12);
}

TEST(Scene, AxisAndUnitOverridesReplaceTheGuess) {
    LoadOutcome outcome = loadCharacterFile(std::string(BVHSCOPE_SOURCE_DIR) +
                                            "/tests/data/seed_character_studio_example.bvh");
    ASSERT_TRUE(outcome.character.has_value());
    EXPECT_EQ(outcome.character->axes.upAxis, outcome.character->clip->summary.restPose.upAxis);
    applyAxes(*outcome.character, UpAxisChoice::PositiveZ, UnitChoice::Metre);
    EXPECT_EQ(outcome.character->axes.upAxis, bvh::UpAxis::PositiveZ);
    EXPECT_EQ(outcome.character->axes.unit, bvh::LengthUnit::Metre);
}

// The bundled walk faces +Z: the framing looks from yaw 0.5 (its front three-quarters), so the
// row runs along that camera's right, (cos 0.5, 0, -sin 0.5). Each figure's start is on the
// first's line across the view, beside the last by its body's reach across the row plus a gap
// (tests/app/scene/several_figures_test.cpp measures the reaches).
TEST(Scene, CharactersStandSideBySideAcrossTheViewWithoutOverlap) {
    Scene scene;
    scene.add(test::bundledSample());
    scene.add(test::bundledSample());
    scene.add(test::bundledSample());
    const glm::vec3 across = scene.rowDirection();
    EXPECT_NEAR(across.x, std::cos(0.5f), 1e-3f);
    EXPECT_NEAR(across.z, -std::sin(0.5f), 1e-3f);
    const glm::vec3 depth(-across.z, 0.0f, across.x); // on the ground, along the view
    const Character& first = scene.characters()[0];
    EXPECT_EQ(first.arrangement.placement, glm::vec3(0.0f));
    const float width =
        first.axes.bodyReach.towards(across) + first.axes.bodyReach.towards(-across);
    EXPECT_GT(width, 0.2f);
    EXPECT_LT(width, 1.2f) << "the walker's width, not the 1.5 m it walks";
    const float gap = kRowGapHeights * static_cast<float>(first.axes.figureHeightMetres);
    for (std::size_t c = 1; c < 3; ++c) {
        const glm::vec3 step = scene.characters()[c].arrangement.placement -
                               scene.characters()[c - 1].arrangement.placement;
        EXPECT_NEAR(glm::dot(step, depth), 0.0f, 1e-4f) << "at the first's depth";
        EXPECT_NEAR(glm::dot(step, across), width + gap, 1e-3f);
    }
    EXPECT_NE(scene.characters()[0].appearance.color, scene.characters()[1].appearance.color);
    scene.remove(0);
    EXPECT_EQ(scene.characters().size(), 2u);
    EXPECT_EQ(scene.characters()[0].arrangement.placement, glm::vec3(0.0f));
}

TEST(Scene, InstancesCoverEveryBoneAndJoint) {
    Scene scene;
    scene.add(test::bundledSample());
    scene.add(test::bundledSample());
    ScenePose pose;
    scene.sample(0.5, bvh::Interpolation::Linear, false, pose);
    std::vector<render::BoneInstance> bones;
    std::vector<render::BoneInstance> joints;
    scene.buildInstances(pose, std::nullopt, SceneLook{}, bones, joints);
    const bvh::Skeleton& skeleton = scene.characters()[0].clip->document.skeleton;
    EXPECT_EQ(bones.size(), 2 * (skeleton.nodeCount() - 1));
    EXPECT_EQ(joints.size(), 2 * skeleton.jointCount());
    scene.characters()[1].appearance.visible = false;
    scene.buildInstances(pose, std::nullopt, SceneLook{}, bones, joints);
    EXPECT_EQ(bones.size(), skeleton.nodeCount() - 1);
}

TEST(Scene, PickingAJointPosition) {
    Scene scene;
    scene.add(test::bundledSample());
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    const Character& character = scene.characters()[0];
    const auto head = static_cast<std::size_t>(character.clip->document.skeleton.find("Head"));
    const glm::vec3 target = pose.characters[0].viewerPositions[head];
    const render::Ray ray{target + glm::vec3(0, 0, 5), {0, 0, -1}};
    const auto picked = scene.pick(pose, ray, SceneLook{});
    ASSERT_TRUE(picked.has_value());
    EXPECT_EQ(picked->node, static_cast<bvh::NodeIndex>(head));
    const render::Ray miss{target + glm::vec3(3, 0, 5), {0, 0, -1}};
    EXPECT_FALSE(scene.pick(pose, miss, SceneLook{}).has_value());
}

namespace {

// A straight chain up +Y of `bones` bones of `length` metres, in the rest pose.
std::string chainText(int bones, double length) {
    std::string text = "HIERARCHY\nROOT J0\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition "
                       "Zposition\n";
    for (int i = 1; i < bones; ++i) {
        text += "JOINT J" + std::to_string(i) + "\n{\nOFFSET 0 " + std::to_string(length) +
                " 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n";
    }
    text += "End Site\n{\nOFFSET 0 " + std::to_string(length) + " 0\n}\n";
    for (int i = 0; i < bones; ++i) {
        text += "}\n";
    }
    return text + "MOTION\nFrames: 0\nFrame Time: 0.04\n";
}

} // namespace

TEST(Scene, RadiiFollowTheFigureCappedByTheBonesThatMeet) {
    // Hips -> Spine (0.5 m) -> Hand (0.5 m) -> Finger (0.02 m) -> tip (0.02 m): 1.54 m tall.
    const Character character = test::characterInMetres(
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
        "JOINT Spine\n{\nOFFSET 0 0.5 0\nCHANNELS 1 Zrotation\n"
        "JOINT Hand\n{\nOFFSET 0 0.5 0\nCHANNELS 1 Zrotation\n"
        "JOINT Finger\n{\nOFFSET 0 0.02 0\nCHANNELS 1 Zrotation\n"
        "End Site\n{\nOFFSET 0 0.02 0\n}\n}\n}\n}\n}\nMOTION\nFrames: 0\nFrame Time: 0.04\n");
    const float height = static_cast<float>(character.axes.figureHeightMetres);
    ASSERT_NEAR(height, 1.04f, 1e-4f);
    const SceneLook look{2.0f, {}};
    // Long bones keep the figure's radius; the finger is a quarter of its length thick.
    EXPECT_NEAR(Scene::boneRadius(character, look, 1), 2.0f * 0.014f * height, 1e-6f);
    EXPECT_NEAR(Scene::boneRadius(character, look, 3), 2.0f * 0.25f * 0.02f, 1e-6f);
    EXPECT_NEAR(Scene::boneRadius(character, look, 4), 2.0f * 0.25f * 0.02f, 1e-6f);
    // A joint is at most half as wide as the longest bone meeting there: the hand meets a 0.5 m
    // bone, the finger only 2 cm ones.
    EXPECT_NEAR(Scene::jointRadius(character, look, 2), 2.0f * 0.022f * height, 1e-6f);
    EXPECT_NEAR(Scene::jointRadius(character, look, 3), 2.0f * 0.5f * 0.02f, 1e-6f);
    // The root meets only the spine.
    EXPECT_NEAR(Scene::jointRadius(character, look, 0), 2.0f * 0.022f * height, 1e-6f);
}

TEST(Scene, AFaceRigsHelpersAreBeadsOnThreadsAndTheHeadTopKeepsTheFiguresSize) {
    // Hips -> Neck (1.5 m) -> Head (0.1 m) -> HeadTop (0.2 m, along the neck) -> End Site, and
    // under the head a jaw with a lip (0.1 m forward, 0.05 m more) and an eye (0.08 m) aiming
    // 0.5 m ahead: 1.81 m tall.
    const Character character = test::characterInMetres(
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
        "JOINT Neck\n{\nOFFSET 0 1.5 0\nCHANNELS 1 Zrotation\n"
        "JOINT Head\n{\nOFFSET 0 0.1 0\nCHANNELS 1 Zrotation\n"
        "JOINT HeadTop\n{\nOFFSET 0 0.2 0\nCHANNELS 1 Zrotation\n"
        "End Site\n{\nOFFSET 0 0.01 0\n}\n}\n"
        "JOINT Jaw\n{\nOFFSET 0 0 0.1\nCHANNELS 1 Zrotation\n"
        "JOINT Lip\n{\nOFFSET 0 0 0.05\nCHANNELS 1 Zrotation\n"
        "End Site\n{\nOFFSET 0 0 0.01\n}\n}\n}\n"
        "JOINT Eye\n{\nOFFSET 0.03 0.05 0.06\nCHANNELS 1 Zrotation\n"
        "End Site\n{\nOFFSET 0 0 0.5\n}\n}\n}\n}\n}\nMOTION\nFrames: 0\nFrame Time: 0.04\n");
    const float height = static_cast<float>(character.axes.figureHeightMetres);
    ASSERT_NEAR(height, 1.81f, 1e-4f);
    const SceneLook look{1.0f, {}};
    // Nodes: 0 Hips, 1 Neck, 2 Head, 3 HeadTop, 4 its End Site, 5 Jaw, 6 Lip, 7 its End Site,
    // 8 Eye, 9 its End Site. The head's continuation (HeadTop, a chain along the neck) keeps the
    // figure's radius; the bone to the head is the neck's, untouched.
    EXPECT_NEAR(Scene::boneRadius(character, look, 3), 0.014f * height, 1e-6f);
    EXPECT_NEAR(Scene::jointRadius(character, look, 3), 0.022f * height, 1e-6f);
    EXPECT_NEAR(Scene::jointRadius(character, look, 2), 0.022f * height, 1e-6f);
    // The jaw, the lip, the eye and their tips are beads (0.005 of the height) on threads
    // (0.0025); without the rule the jaw's bone was 0.25 x 0.1 m thick and its joint 0.05 m.
    for (const std::size_t helper : {5u, 6u, 8u}) {
        EXPECT_NEAR(Scene::boneRadius(character, look, helper), 0.0025f * height, 1e-6f) << helper;
        EXPECT_NEAR(Scene::jointRadius(character, look, helper), 0.005f * height, 1e-6f) << helper;
    }
    // Already thinner than a thread (a 1 cm tip: a quarter of it), it stays so; the eye's aim,
    // an End Site 0.5 m ahead (past a fifth of the height from the head), is a thread too.
    EXPECT_NEAR(Scene::boneRadius(character, look, 7), 0.25f * 0.01f, 1e-6f);
    EXPECT_NEAR(Scene::boneRadius(character, look, 9), 0.0025f * height, 1e-6f);
}

TEST(Scene, AFigureHungBelowAJointNamedHeadKeepsItsLimbs) {
    // A root named Head with two 0.8 m legs below it (a creature's head carrying its body):
    // every joint is farther from the head than a fifth of the figure's height, so none is a
    // face helper, and the legs keep the figure's size.
    const Character character = test::characterInMetres(
        "HIERARCHY\nROOT Head\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
        "JOINT LeftLeg\n{\nOFFSET 0.1 -0.8 0\nCHANNELS 1 Zrotation\n"
        "JOINT LeftFoot\n{\nOFFSET 0 -0.8 0\nCHANNELS 1 Zrotation\n"
        "End Site\n{\nOFFSET 0 0 0.2\n}\n}\n}\n"
        "JOINT RightLeg\n{\nOFFSET -0.1 -0.8 0\nCHANNELS 1 Zrotation\n"
        "JOINT RightFoot\n{\nOFFSET 0 -0.8 0\nCHANNELS 1 Zrotation\n"
        "End Site\n{\nOFFSET 0 0 0.2\n}\n}\n}\n}\nMOTION\nFrames: 0\nFrame Time: 0.04\n");
    const float height = static_cast<float>(character.axes.figureHeightMetres);
    ASSERT_GT(height, 1.5f);
    const SceneLook look{1.0f, {}};
    for (const std::size_t node : {1u, 2u, 4u, 5u}) {
        EXPECT_NEAR(Scene::boneRadius(character, look, node), 0.014f * height, 1e-6f) << node;
        EXPECT_NEAR(Scene::jointRadius(character, look, node), 0.022f * height, 1e-6f) << node;
    }
}

TEST(Scene, JoinedBonesAreContinuousAndReachEveryTip) {
    // 1000 bones of 1 mm: seen from 10 m with 1 mm per metre of distance visible, segments
    // join until they are about a centimetre long.
    Scene scene;
    scene.add(test::characterInMetres(chainText(1000, 0.001)));
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    const std::vector<glm::vec3>& positions = pose.characters.front().viewerPositions;
    const glm::vec3 root = positions.front();
    const glm::vec3 tip = positions.back();
    ASSERT_NEAR(glm::distance(root, tip), 1.0f, 1e-4f);

    std::vector<render::BoneInstance> all;
    std::vector<render::BoneInstance> joints;
    scene.buildInstances(pose, std::nullopt, SceneLook{}, all, joints);
    EXPECT_EQ(all.size(), 1000u);
    EXPECT_EQ(joints.size(), 1000u);

    const glm::vec3 eye = root + glm::vec3(10.0f, 0.5f, 0.0f);
    std::vector<render::BoneInstance> joined;
    scene.buildInstances(pose, std::nullopt, SceneLook{}, joined, joints,
                         Scene::Detail{eye, 0.001f});
    EXPECT_TRUE(joints.empty());
    ASSERT_GE(joined.size(), 80u);
    ASSERT_LE(joined.size(), 110u);
    EXPECT_EQ(joined.front().start, root);
    EXPECT_EQ(joined.back().end, tip);
    for (std::size_t i = 1; i < joined.size(); ++i) {
        EXPECT_EQ(joined[i].start, joined[i - 1].end) << "a gap before segment " << i;
    }
    for (std::size_t i = 0; i + 1 < joined.size(); ++i) {
        const float length = glm::distance(joined[i].start, joined[i].end);
        EXPECT_GE(length, 0.001f * glm::distance(eye, joined[i].end) - 1e-6f);
    }
}

TEST(Scene, JoinedBonesKeepEveryBranchTip) {
    // Two short arms from one root: each arm's tip is reached, from the root.
    Scene scene;
    scene.add(test::characterInMetres(
        "HIERARCHY\nROOT Root\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
        "JOINT Left\n{\nOFFSET -0.001 0 0\nCHANNELS 1 Zrotation\n"
        "End Site\n{\nOFFSET -0.001 0 0\n}\n}\n"
        "JOINT Right\n{\nOFFSET 0.001 0 0\nCHANNELS 1 Zrotation\n"
        "End Site\n{\nOFFSET 0.001 0 0\n}\n}\n}\nMOTION\nFrames: 0\nFrame Time: 0.04\n"));
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    const std::vector<glm::vec3>& positions = pose.characters.front().viewerPositions;
    std::vector<render::BoneInstance> joined;
    std::vector<render::BoneInstance> joints;
    scene.buildInstances(pose, std::nullopt, SceneLook{}, joined, joints,
                         Scene::Detail{glm::vec3(0.0f, 0.0f, 10.0f), 0.01f});
    ASSERT_EQ(joined.size(), 2u); // each arm is one segment, root to tip
    EXPECT_EQ(joined[0].start, positions[0]);
    EXPECT_EQ(joined[0].end, positions[2]);
    EXPECT_EQ(joined[1].start, positions[0]);
    EXPECT_EQ(joined[1].end, positions[4]);
}

TEST(ScenePose, PosesSampledFromOneConstSceneAreIndependent) {
    // A root with position channels only, at OFFSET 0 (additive and absolute translation agree),
    // and an End Site 1 m above it. Frames every 0.5 s: the root at (0 1 0), (2 1 0), (4 1 -2).
    Character character = test::characterInMetres(
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
        "End Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: 3\nFrame Time: 0.5\n"
        "0 1 0\n2 1 0\n4 1 -2\n");
    // Shown as in the file (no ground lift), Y up and metres: viewer positions are the file's.
    character.axes.showAsInFile = true;
    applyAxes(character, UpAxisChoice::PositiveY, UnitChoice::Metre);
    Scene owned;
    owned.add(std::move(character));
    ASSERT_EQ(owned.characters()[0].arrangement.placement, glm::vec3(0.0f)); // the first stays put
    const Scene& scene = owned; // sampling only reads the scene

    const auto expectAt = [](const std::vector<glm::vec3>& positions, const glm::vec3& root,
                             const char* what) {
        ASSERT_EQ(positions.size(), 2u) << what;
        EXPECT_NEAR(positions[0].x, root.x, 1e-6f) << what;
        EXPECT_NEAR(positions[0].y, root.y, 1e-6f) << what;
        EXPECT_NEAR(positions[0].z, root.z, 1e-6f) << what;
        EXPECT_NEAR(positions[1].x, root.x, 1e-6f) << what; // the End Site, 1 m above
        EXPECT_NEAR(positions[1].y, root.y + 1.0f, 1e-6f) << what;
        EXPECT_NEAR(positions[1].z, root.z, 1e-6f) << what;
    };

    EXPECT_EQ(scene.positionsIn(ScenePose{}, 0), nullptr); // nothing sampled yet

    ScenePose first;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, first); // frame 0
    ASSERT_NE(scene.positionsIn(first, 0), nullptr);
    expectAt(*scene.positionsIn(first, 0), {0.0f, 1.0f, 0.0f}, "first at 0 s");
    const std::vector<glm::vec3> firstPositions = first.characters[0].viewerPositions;

    // Halfway between frame 1 (2 1 0) and frame 2 (4 1 -2).
    ScenePose second;
    scene.sample(0.75, bvh::Interpolation::Linear, false, second);
    ASSERT_NE(scene.positionsIn(second, 0), nullptr);
    expectAt(*scene.positionsIn(second, 0), {3.0f, 1.0f, -1.0f}, "second at 0.75 s");
    expectAt(first.characters[0].viewerPositions, {0.0f, 1.0f, 0.0f}, "first after second");
    EXPECT_EQ(first.characters[0].viewerPositions, firstPositions);
    EXPECT_EQ(first.characters[0].world[0].translation, glm::dvec3(0.0, 1.0, 0.0));

    // Sampling the second again, at the last frame, still leaves the first alone.
    scene.sample(1.0, bvh::Interpolation::Nearest, false, second);
    expectAt(second.characters[0].viewerPositions, {4.0f, 1.0f, -2.0f}, "second at 1 s");
    expectAt(first.characters[0].viewerPositions, {0.0f, 1.0f, 0.0f}, "first after resample");
}

namespace {

TEST(ScenePalette, TwelveFilesGetTwelveDistinguishableColours) {
    Scene scene;
    for (std::size_t i = 0; i < kCharacterPaletteSize + 1; ++i) {
        scene.add(test::bundledSample());
    }
    const auto& characters = scene.characters();
    for (std::size_t i = 0; i < kCharacterPaletteSize; ++i) {
        for (std::size_t j = i + 1; j < kCharacterPaletteSize; ++j) {
            // Apart by at least 0.25 in RGB: told apart at a glance on the dark background.
            EXPECT_GT(glm::distance(glm::vec3(characters[i].appearance.color),
                                    glm::vec3(characters[j].appearance.color)),
                      0.25f)
                << i << " and " << j;
        }
    }
    EXPECT_EQ(characters[kCharacterPaletteSize].appearance.color,
              characters[0].appearance.color); // then again
}

TEST(SceneUndo, ATakenCharacterGoesBackWhereItWasWithItsColour) {
    Scene scene;
    for (int i = 0; i < 3; ++i) {
        Character character = test::bundledSample();
        Clip named = *character.clip;
        named.displayName = "file" + std::to_string(i);
        character.clip = std::make_shared<const Clip>(std::move(named));
        scene.add(std::move(character));
    }
    const glm::vec4 colour = scene.characters()[1].appearance.color;
    const float placement = scene.characters()[2].arrangement.placement.x;
    Character taken = scene.take(1);
    ASSERT_EQ(scene.characters().size(), 2u);
    EXPECT_EQ(scene.characters()[1].clip->displayName, "file2");
    EXPECT_LT(scene.characters()[1].arrangement.placement.x, placement) << "moved into the gap";
    scene.insert(1, std::move(taken));
    ASSERT_EQ(scene.characters().size(), 3u);
    EXPECT_EQ(scene.characters()[1].clip->displayName, "file1");
    EXPECT_EQ(scene.characters()[1].appearance.color, colour);
    EXPECT_FLOAT_EQ(scene.characters()[2].arrangement.placement.x, placement);
}

} // namespace
