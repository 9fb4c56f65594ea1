// The body look in the scene (app/scene/character_body.h, Scene::buildBodies, Scene::pick):
// builds shared and kept, skin transforms that carry each joint from the rest pose to the pose,
// the selection's colour, and picking against the body's volume.
#include "app/scene/character_body.h"
#include "app/scene/framing.h"
#include "app/scene/scene.h"
#include "core/body/body_skinning.h"
#include "core/body/dual_quaternion.h"
#include "core/reader/document.h"
#include "tests/app/viewer/bundled_sample.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/support/hang_guard.h"

#include <chrono>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>
#include <thread>

using namespace bvhscope;
using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

std::size_t nodeNamed(const Character& character, const std::string& name) {
    const auto& names = character.clip->document.skeleton.names;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i] == name) {
            return i;
        }
    }
    ADD_FAILURE() << "no node " << name;
    return 0;
}

SceneLook bodyLook() {
    SceneLook look;
    look.bodies = true;
    return look;
}

// The bundled walk with its body built (synchronously).
Scene sceneWithBody() {
    Scene scene;
    scene.add(test::bundledSample());
    const std::vector<std::string> fallbacks = requestBodies(scene, BodyBuild::Wait::Yes);
    EXPECT_TRUE(fallbacks.empty()) << fallbacks.front();
    return scene;
}

} // namespace

TEST(CharacterBody, ABuildIsKeptAndSharedByCharactersOfOneClip) {
    Scene scene;
    scene.add(test::bundledSample());
    scene.add(makeCharacter(scene.characters()[0].clip)); // another view of the same file
    applyAxes(scene.characters()[1], UpAxisChoice::Auto, UnitChoice::Auto);
    EXPECT_TRUE(requestBodies(scene, BodyBuild::Wait::Yes).empty());
    const std::shared_ptr<BodyBuild> first = scene.characters()[0].appearance.body;
    ASSERT_TRUE(first && first->ready());
    EXPECT_EQ(scene.characters()[1].appearance.body, first);
    EXPECT_GT(first->mesh()->levels.front().indexCount, 300u);
    requestBodies(scene, BodyBuild::Wait::Yes);
    EXPECT_EQ(scene.characters()[0].appearance.body, first); // nothing changed: kept, not rebuilt
    // Another up axis is another body.
    applyAxes(scene.characters()[0], UpAxisChoice::PositiveZ, UnitChoice::Auto);
    requestBodies(scene, BodyBuild::Wait::Yes);
    EXPECT_NE(scene.characters()[0].appearance.body, first);
    EXPECT_EQ(scene.characters()[1].appearance.body, first);
    EXPECT_FALSE(bodiesBuilding(scene));
}

// S_j = World_j * inverse(BindWorld_j) takes joint j's bind position to its posed one; in the
// bind pose every skin transform is the identity. The bundled walk's rest pose hangs its arms
// against the trunk, so its body is bound in a frame of the walk (body_bind_pose.h), not there.
TEST(CharacterBody, SkinDualQuaternionsCarryEveryJointFromRestToPose) {
    Scene scene = sceneWithBody();
    const Character& character = scene.characters()[0];
    const std::vector<bvh::RigidTransform>& rest = character.appearance.body->bindWorld();
    ScenePose pose;
    scene.sample(0.5, bvh::Interpolation::Linear, false, pose);
    std::vector<BodyInstance> bodies;
    scene.buildBodies(pose, std::nullopt, bodyLook(), bodies);
    ASSERT_EQ(bodies.size(), 1u);
    const BodyInstance& body = bodies[0];
    ASSERT_EQ(body.skin.size(), rest.size());
    const auto& world = pose.characters[0].world;
    float largestMove = 0.0f;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const glm::vec3 moved =
            render::transformPoint(body.skin[i], glm::vec3(rest[i].translation));
        const glm::vec3 expected(world[i].translation);
        EXPECT_LT(glm::distance(moved, expected), 1e-3f * (1.0f + glm::length(expected)))
            << character.clip->document.skeleton.names[i];
        largestMove =
            std::max(largestMove, glm::distance(expected, glm::vec3(rest[i].translation)));
    }
    EXPECT_GT(largestMove, 1.0f); // the walk has moved away from the rest pose (centimetres)
    // The model matrix is the character's conversion into the viewer: the posed root lands
    // where the scene's viewer positions say.
    const glm::vec3 root = glm::vec3(body.model * glm::vec4(glm::vec3(world[0].translation), 1.0f));
    EXPECT_LT(glm::distance(root, pose.characters[0].viewerPositions[0]), 1e-3f);

    scene.sampleRest(pose);
    pose.characters[0].world = rest;
    scene.buildBodies(pose, std::nullopt, bodyLook(), bodies);
    ASSERT_EQ(bodies.size(), 1u);
    for (const render::SkinDualQuaternion& skin : bodies[0].skin) {
        EXPECT_NEAR(std::abs(skin.real.w), 1.0f, 1e-5f);
        EXPECT_LT(glm::length(glm::vec3(skin.dual)) + std::abs(skin.dual.w), 1e-3f);
    }
}

TEST(CharacterBody, TheSelectedJointsBonesTakeTheSelectionColourAndNoCapsulesAreBuilt) {
    Scene scene = sceneWithBody();
    const Character& character = scene.characters()[0];
    const std::size_t knee = nodeNamed(character, "LeftLeg");
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    const SceneLook look = bodyLook();
    std::vector<BodyInstance> bodies;
    scene.buildBodies(pose, Selection{0, static_cast<bvh::NodeIndex>(knee)}, look, bodies);
    ASSERT_EQ(bodies.size(), 1u);
    for (std::size_t i = 0; i < bodies[0].colors.size(); ++i) {
        EXPECT_EQ(bodies[0].colors[i], i == knee ? look.selectionColor : character.appearance.color)
            << i;
    }
    std::vector<render::BoneInstance> bones;
    std::vector<render::BoneInstance> joints;
    scene.buildInstances(pose, std::nullopt, look, bones, joints);
    EXPECT_TRUE(bones.empty()); // the sample has no static root: nothing but the body
    EXPECT_TRUE(joints.empty());
    // Without the body look the same scene is capsules again.
    scene.buildInstances(pose, std::nullopt, SceneLook{}, bones, joints);
    EXPECT_EQ(bones.size(), character.clip->document.skeleton.nodeCount() - 1);
    scene.buildBodies(pose, std::nullopt, SceneLook{}, bodies);
    EXPECT_TRUE(bodies.empty());
}

// A ray passing the middle of the left thigh, from the figure's left, at a distance between the
// thin capsule's pick radius and the body's: the capsule look misses, the body look picks the
// thigh (the hip joint, whose bone it is).
TEST(CharacterBody, ClickingTheBodyPicksTheBoneWhoseVolumeIsHit) {
    Scene scene = sceneWithBody();
    const Character& character = scene.characters()[0];
    ScenePose pose;
    scene.sampleRest(pose);
    const std::vector<glm::vec3>& positions = pose.characters[0].viewerPositions;
    const std::size_t hip = nodeNamed(character, "LeftUpLeg");
    const std::size_t knee = nodeNamed(character, "LeftLeg");
    const std::size_t otherHip = nodeNamed(character, "RightUpLeg");
    glm::vec3 outward = positions[hip] - positions[otherHip];
    outward.y = 0.0f;
    outward = glm::normalize(outward);
    const glm::vec3 along = glm::normalize(positions[knee] - positions[hip]);
    const glm::vec3 side = glm::normalize(glm::cross(along, outward));
    const glm::vec3 middle = 0.5f * (positions[hip] + positions[knee]);

    const SceneLook capsules;
    const float capsuleReach = 1.6f * Scene::boneRadius(character, capsules) +
                               0.2f * 1.6f * Scene::jointRadius(character, capsules);
    const std::vector<float> radii = Scene::bodyRadii(character, bodyLook());
    ASSERT_EQ(radii.size(), character.clip->document.skeleton.nodeCount());
    const float bodyReach = radii[knee];
    ASSERT_GT(bodyReach, 1.3f * capsuleReach) << "a thigh is thicker than its capsule";
    const float offset = 0.5f * (capsuleReach + bodyReach);
    const render::Ray ray{middle + 3.0f * outward + offset * side, -outward};

    EXPECT_FALSE(scene.pick(pose, ray, capsules).has_value());
    const std::optional<Selection> picked = scene.pick(pose, ray, bodyLook());
    ASSERT_TRUE(picked.has_value());
    EXPECT_EQ(picked->node, static_cast<bvh::NodeIndex>(hip));
    // Thinner bodies are thinner to the mouse too.
    SceneLook thin = bodyLook();
    thin.thickness = 0.5f * capsuleReach / bodyReach;
    EXPECT_FALSE(scene.pick(pose, ray, thin).has_value());
}

// A static root (bvh::Stance::staticRoots: a never-moving root at the origin, here 5 m behind the
// walker) gets no body on its link: the builder is told to leave that bone out, the link stays
// dashed, and a click on the link's middle picks nothing.
TEST(CharacterBody, AStaticRootsLinkGetsNoBody) {
    Scene scene;
    const bvh::test::Creature walker =
        bvh::test::withStaticRoot(bvh::test::biped(140.0), glm::dvec3(0, 0, -500));
    scene.add(makeCharacter("creature.bvh", "",
                            bvh::parseDocument(bvh::test::creatureFile(walker, {}).text)));
    const Character& character = scene.characters()[0];
    ASSERT_EQ(character.axes.stance.staticRoots.size(), 1u);
    const bvh::BodyOptions options = bodyOptionsFor(character);
    ASSERT_EQ(options.excludedBones.size(), 1u);
    const std::size_t link = static_cast<std::size_t>(options.excludedBones[0]);
    EXPECT_EQ(character.clip->document.skeleton.parents[link],
              character.axes.stance.staticRoots[0]);
    EXPECT_TRUE(requestBodies(scene, BodyBuild::Wait::Yes).empty());
    ASSERT_TRUE(character.appearance.body && character.appearance.body->ready());
    EXPECT_EQ(character.appearance.body->mesh()->nodeRadii[link], 0.0f);

    ScenePose pose;
    scene.sample(3.5, bvh::Interpolation::Nearest, false, pose);
    std::vector<render::BoneInstance> bones;
    std::vector<render::BoneInstance> joints;
    SceneLook dashedLinks = bodyLook();
    dashedLinks.staticLinks = StaticLinkStyle::Dashed; // hidden by default (issue 42)
    scene.buildInstances(pose, std::nullopt, dashedLinks, bones, joints);
    EXPECT_GT(bones.size(), 10u) << "the link is drawn as dashes";
    EXPECT_TRUE(joints.empty());
    const glm::vec3 from = pose.characters[0].viewerPositions[character.axes.stance.staticRoots[0]];
    const glm::vec3 to = pose.characters[0].viewerPositions[link];
    const glm::vec3 middle = 0.5f * (from + to);
    const render::Ray down{middle + glm::vec3(0.0f, 3.0f, 0.0f), glm::vec3(0.0f, -1.0f, 0.0f)};
    EXPECT_FALSE(scene.pick(pose, down, bodyLook()).has_value());
}

// A skeleton the builder refuses (more nodes than it makes bodies for) keeps capsules, and the
// reason comes back once, however many characters share the build and however often it is asked.
TEST(CharacterBody, AFallbackIsReportedOnceAndKeepsCapsules) {
    std::string text = "HIERARCHY\nROOT J0\n{\nOFFSET 0 0 0\n"
                       "CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n";
    const std::size_t joints = bvh::kDefaultBodyMaxNodes + 10;
    for (std::size_t i = 1; i < joints; ++i) {
        text += "JOINT J" + std::to_string(i) +
                "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation "
                "Yrotation\n";
    }
    text += "End Site\n{\nOFFSET 0 1 0\n}\n";
    for (std::size_t i = 0; i < joints; ++i) {
        text += "}\n";
    }
    text += "MOTION\nFrames: 1\nFrame Time: 0.033333\n";
    for (std::size_t c = 0; c < 6 + 3 * (joints - 1); ++c) {
        text += "0 ";
    }
    text += "\n";
    Scene scene;
    scene.add(makeCharacter("chain.bvh", "", bvh::parseDocument(text)));
    scene.add(makeCharacter(scene.characters()[0].clip));
    applyAxes(scene.characters()[1], UpAxisChoice::Auto, UnitChoice::Auto);
    const std::vector<std::string> first = requestBodies(scene, BodyBuild::Wait::Yes);
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(first[0].rfind("chain.bvh: ", 0), 0u) << first[0];
    EXPECT_TRUE(requestBodies(scene, BodyBuild::Wait::Yes).empty());
    EXPECT_EQ(scene.characters()[0].appearance.body->state(), BodyBuild::State::Fallback);
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    std::vector<BodyInstance> bodies;
    scene.buildBodies(pose, std::nullopt, bodyLook(), bodies);
    EXPECT_TRUE(bodies.empty());
    std::vector<render::BoneInstance> bones;
    std::vector<render::BoneInstance> shownJoints;
    scene.buildInstances(pose, std::nullopt, bodyLook(), bones, shownJoints);
    EXPECT_EQ(bones.size(), 2 * joints); // each character's bones, End Site's included, as capsules
}

// Off the UI thread: the build starts Building and ends Ready on its own thread; a file closed
// while its body is being built drops the build, which stops and is joined, never crashes.
TEST(CharacterBody, ABackgroundBuildFinishesOrIsDroppedCleanly) {
    Scene scene;
    scene.add(test::bundledSample());
    requestBodies(scene, BodyBuild::Wait::No);
    const std::shared_ptr<BodyBuild> build = scene.characters()[0].appearance.body;
    ASSERT_TRUE(build);
    const auto start = std::chrono::steady_clock::now();
    while (bodiesBuilding(scene) &&
           std::chrono::steady_clock::now() - start < bvh::test::kHangGuard) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    EXPECT_TRUE(build->ready()) << build->message();

    for (int k = 0; k < 5; ++k) { // closed at once, again and again
        Scene closing;
        closing.add(test::bundledSample());
        requestBodies(closing, BodyBuild::Wait::No);
        closing.remove(0);
        EXPECT_FALSE(bodiesBuilding(closing));
    }
}

namespace {

// The generated walk whose rest pose lies along +X while it stands in +Y (Bandai Namco's and
// LAFAN1's case), with its body built.
Scene lyingWalkWithBody() {
    Scene scene;
    scene.add(
        makeCharacter("lying.bvh", "", bvh::parseDocument(bvh::test::lyingBipedWalkText(61))));
    const std::vector<std::string> fallbacks = requestBodies(scene, BodyBuild::Wait::Yes);
    EXPECT_TRUE(fallbacks.empty()) << fallbacks.front();
    return scene;
}

} // namespace

// The viewer, `render`, thumbnails and the page bind the body where the motion agrees: a rest
// pose lying along +X is not a pose of the walk, so the body is bound in the walk's frame 25 (its
// pose closest to the rest pose's shape), the same pose convert --body's inverse binds undo.
TEST(CharacterBody, ABodyIsBoundInAFrameWhenTheRestPoseLiesAlongAnotherAxis) {
    Scene scene = lyingWalkWithBody();
    const Character& character = scene.characters()[0];
    ASSERT_TRUE(character.appearance.body && character.appearance.body->ready());
    ASSERT_TRUE(character.clip->restAnimation.upDisagrees);
    const std::vector<bvh::RigidTransform>& bind = character.appearance.body->bindWorld();
    EXPECT_EQ(bind.size(), character.appearance.body->mesh()->bindWorld.size());
    ScenePose pose;
    scene.sample(25 * character.clip->document.motion.frameTime, bvh::Interpolation::Nearest, false,
                 pose);
    const auto& world = pose.characters[0].world;
    ASSERT_EQ(world.size(), bind.size());
    for (std::size_t i = 0; i < bind.size(); ++i) {
        EXPECT_LT(glm::distance(world[i].translation, bind[i].translation), 1e-6)
            << character.clip->document.skeleton.names[i];
    }
    // Bound in frame 25, every skin transform there is the identity.
    std::vector<BodyInstance> bodies;
    scene.buildBodies(pose, std::nullopt, bodyLook(), bodies);
    ASSERT_EQ(bodies.size(), 1u);
    for (const render::SkinDualQuaternion& skin : bodies[0].skin) {
        EXPECT_NEAR(std::abs(skin.real.w), 1.0f, 1e-5f);
        EXPECT_LT(glm::length(glm::vec3(skin.dual)), 1e-4f);
    }
}

// Framing fits the body, not only the joints: every vertex of the posed body (skinned on the CPU
// as body.vert does) lands inside the share of the picture framing fills, the head's top, the
// hands and the feet's soles included.
TEST(CharacterBody, FramingHoldsTheWholeBodyNotOnlyItsJoints) {
    Scene scene = lyingWalkWithBody();
    const Character& character = scene.characters()[0];
    ScenePose pose;
    scene.sample(1.0, bvh::Interpolation::Nearest, false, pose);
    render::OrbitCamera camera;
    const glm::vec2 viewport(1280.0f, 720.0f);
    frameFigures(camera, scene, pose, viewport.x / viewport.y, true);
    const bvh::BodyMesh& mesh = *character.appearance.body->mesh();
    std::vector<glm::vec3> skinned;
    bvh::skinBody(mesh, character.clip->document.skeleton.parents, pose.characters[0].world,
                  mesh.bindWorld, 1.0f, skinned);
    const glm::mat4 model = glm::translate(glm::mat4(1.0f), character.arrangement.placement) *
                            glm::mat4(character.axes.fileToViewer);
    float highest = 0.0f;
    for (const glm::vec3& vertex : skinned) {
        const auto pixel =
            render::projectToPixel(camera, viewport, glm::vec3(model * glm::vec4(vertex, 1.0f)));
        ASSERT_TRUE(pixel.has_value());
        // Within the share of the view framing fills (kFramedFill), as the joints are.
        const glm::vec2 fromCentre = glm::abs(*pixel - 0.5f * viewport) / (0.5f * viewport);
        EXPECT_LE(fromCentre.x, kFramedFill + 1e-3f);
        EXPECT_LE(fromCentre.y, kFramedFill + 1e-3f);
        highest = std::max(highest, viewport.y - pixel->y);
    }
    EXPECT_GT(highest, 0.5f * viewport.y); // and it still fills the view
    // Without a body, no outline; with it, the finest level's vertices (the drawn surface).
    std::vector<glm::vec3> outline;
    bvh::BodySkinScratch scratch;
    bodyOutline(Character{}, pose.characters[0].world, scratch, outline);
    EXPECT_TRUE(outline.empty());
    bodyOutline(character, pose.characters[0].world, scratch, outline);
    EXPECT_EQ(outline.size(), mesh.outlineVertices.size());
    EXPECT_GT(outline.size(), 100u);
    EXPECT_LE(outline.size(), mesh.vertices.size());
}
