// The skin frames (core/body/body_skin_frames.h): a take that rolls its spine's bones far about
// their own axes and undoes the roll in the chest (a network's output on the CMU skeleton:
// dme_video_style_raw turns LowerBack, Spine and Spine1 99-121 degrees from the rest pose) is
// skinned by the turns its joints' positions show, and a rigid capture keeps its own rotations.
#include "core/body/body_builder.h"
#include "core/body/body_skin_frames.h"
#include "core/body/body_skinning.h"
#include "core/reader/document.h"
#include "tests/core/body/body_stretch.h"
#include "tests/core/body/body_test_skeletons.h"

#include <cmath>
#include <cstring>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <gtest/gtest.h>
#include <numbers>

namespace bvh {
namespace {

constexpr int kRolledFrames = 12;

// The CMU-like biped standing, every frame rolling LowerBack and Spine `roll` degrees each about
// the spine (Y) and Spine1 back by both, so that the chest and everything above it face as at
// rest, with the left collar raised 35 degrees, the arms swinging 20 degrees over the clip and
// the forearms turned `forearmTwist` degrees about themselves.
std::string rolledSpineText(double roll, double forearmTwist = 0.0) {
    const test::BvhTextBuilder biped = test::cmuLikeBiped();
    const auto at = [&biped](const char* name) {
        return static_cast<std::size_t>(biped.indexOf(name));
    };
    std::vector<test::BvhTextBuilder::Frame> frames(kRolledFrames);
    for (int f = 0; f < kRolledFrames; ++f) {
        const double swing = 20.0 * std::sin(2.0 * std::numbers::pi * f / kRolledFrames);
        test::BvhTextBuilder::Frame& frame = frames[static_cast<std::size_t>(f)];
        frame.rootPosition = {0.0, 17.0, 0.0};
        frame.rotations.assign(64, glm::dvec3(0.0));
        frame.rotations[at("LowerBack")] = {0.0, 0.0, roll};
        frame.rotations[at("Spine")] = {0.0, 0.0, roll};
        frame.rotations[at("Spine1")] = {0.0, 0.0, -2.0 * roll};
        frame.rotations[at("LeftShoulder")] = {35.0, 0.0, 0.0};
        frame.rotations[at("LeftArm")] = {-30.0 + swing, 0.0, 0.0};
        frame.rotations[at("RightArm")] = {30.0 - swing, 0.0, 0.0};
        frame.rotations[at("LeftForeArm")] = {0.0, forearmTwist, 0.0};
        frame.rotations[at("RightForeArm")] = {0.0, -forearmTwist, 0.0};
    }
    return biped.text(frames);
}

struct RolledTear {
    std::size_t mostFlipped = 0; // triangles turned over, in the worst frame
    std::size_t mostOver4x = 0;  // edges past 4x their bind length, in the worst frame
    double worstRatio = 0.0;     // the longest edge over its bind length, in any frame
};

// The body bound in the rest pose, skinned as the viewer skins it (bodySkinTransforms,
// skinVertex) at every frame: edges past 4x and triangles turned over (test::flippedTriangles).
RolledTear rolledTear(const Document& document) {
    const BodyResult body = buildBody(document.skeleton, BodyOptions{});
    RolledTear tear;
    EXPECT_NE(body.mesh, nullptr) << body.message;
    if (body.mesh == nullptr) {
        return tear;
    }
    const BodyMesh& mesh = *body.mesh;
    const std::span<const std::uint32_t> indices = test::finestTriangles(mesh);
    const std::vector<glm::dvec3> bind = test::bindPositions(mesh);
    std::vector<DualQuaternion> skin;
    std::vector<glm::dvec3> posed(mesh.vertices.size());
    for (std::uint32_t frame = 0; frame < document.motion.frameCount; ++frame) {
        bodySkinTransforms(document.skeleton.parents, test::worldAtFrame(document, frame),
                           mesh.bindWorld, skin);
        for (std::size_t v = 0; v < posed.size(); ++v) {
            posed[v] = skinVertex(mesh.vertices[v], skin, 1.0f);
        }
        const std::size_t flipped = test::flippedTriangles(mesh, indices, bind, posed, skin);
        const test::EdgeStretch stretch = test::measureEdgeStretch(bind, posed, indices, 4.0, 1e-3);
        tear.mostFlipped = std::max(tear.mostFlipped, flipped);
        tear.mostOver4x = std::max(tear.mostOver4x, stretch.stretched);
        tear.worstRatio = std::max(tear.worstRatio, stretch.worstRatio);
    }
    return tear;
}

TEST(BodySkinFrames, ASpineRolledFarAboutItsBonesDoesNotTearTheChest) {
    // 100 degrees each way: Spine 160 degrees from Hips, Spine1 200 back. Skinned by each
    // joint's own rotation (main before the skin frames) the worst frame stretched 402 edges
    // past 4x, worst 14.3x, 265 triangles turned over, where neighbouring vertices blended the
    // spine on opposite hemispheres. By the skin frames: 0 edges, worst 1.88x, 14 turned over.
    const RolledTear tear = rolledTear(parseDocument(rolledSpineText(100.0)));
    EXPECT_EQ(tear.mostOver4x, 0u) << tear.worstRatio << " " << tear.mostFlipped;
    EXPECT_LT(tear.worstRatio, 2.5) << tear.mostFlipped;
    EXPECT_LT(tear.mostFlipped, 30u);
}

// Every node's skin transform at every frame, by the skin frames and by its own rotation.
void expectOwnRotations(const Document& document) {
    const BodyResult body = buildBody(document.skeleton, BodyOptions{});
    ASSERT_NE(body.mesh, nullptr) << body.message;
    std::vector<RigidTransform> frames;
    for (std::uint32_t frame = 0; frame < document.motion.frameCount; ++frame) {
        const std::vector<RigidTransform> world = test::worldAtFrame(document, frame);
        bodySkinFrames(document.skeleton.parents, world, body.mesh->bindWorld, frames);
        ASSERT_EQ(frames.size(), world.size());
        for (std::size_t j = 0; j < frames.size(); ++j) {
            const RigidTransform own = skinTransform(world[j], body.mesh->bindWorld[j]);
            EXPECT_EQ(std::memcmp(&frames[j], &own, sizeof(RigidTransform)), 0)
                << document.skeleton.names[j] << " at frame " << frame;
        }
    }
}

TEST(BodySkinFrames, ARigidCaptureKeepsEveryJointsOwnRotationToTheBit) {
    // The spine rolled 30 degrees each way and the forearms turned 60 about themselves (a real
    // forearm's twist, which the hand carries on): twists that step less than kRealTwistStep.
    expectOwnRotations(parseDocument(rolledSpineText(30.0, 60.0)));
    expectOwnRotations(parseDocument(rolledSpineText(-30.0, -70.0)));
}

TEST(BodySkinFrames, ARollTheChestUndoesIsSpreadAlongTheSpine) {
    // Rolled 100 degrees each way, the chest faces as at rest: the skin frames of LowerBack and
    // Spine turn at most a third of the 200 degrees between Spine and Spine1 about the spine
    // (spread from the hips' frame to the chest's), where their own rotations stand 100 and
    // 200 degrees from the hips'.
    const Document document = parseDocument(rolledSpineText(100.0));
    const BodyResult body = buildBody(document.skeleton, BodyOptions{});
    ASSERT_NE(body.mesh, nullptr) << body.message;
    const std::vector<RigidTransform> world = test::worldAtFrame(document, 0);
    std::vector<RigidTransform> frames;
    bodySkinFrames(document.skeleton.parents, world, body.mesh->bindWorld, frames);
    const auto turn = [&](const char* a, const char* b) {
        const glm::dquat qa = frames[static_cast<std::size_t>(document.skeleton.find(a))].rotation;
        const glm::dquat qb = frames[static_cast<std::size_t>(document.skeleton.find(b))].rotation;
        return glm::degrees(2.0 * std::acos(std::min(1.0, std::abs(glm::dot(qa, qb)))));
    };
    EXPECT_LT(turn("Hips", "LowerBack"), 20.0);
    EXPECT_LT(turn("LowerBack", "Spine"), 20.0);
    EXPECT_LT(turn("Spine", "Spine1"), 20.0);
    EXPECT_LT(turn("Hips", "Spine1"), 1.0);
}

TEST(BodySkinFrames, AKeptPlanGivesThePlanMadeEachTimesFramesToTheBit) {
    // One plan and one scratch, as the viewer keeps them, through the frames of two takes on one
    // skeleton in turn: the spine rolled 100 degrees with the forearms turned 170 (twists spread,
    // an End Site's twist dropped) and a rigid one (every joint its own). What one pose leaves in
    // the scratch changes nothing of the next: each equals the frames of a plan made for it alone.
    const Document rolled = parseDocument(rolledSpineText(100.0, 170.0));
    const Document rigid = parseDocument(rolledSpineText(30.0, 60.0));
    const BodyResult body = buildBody(rolled.skeleton, BodyOptions{});
    ASSERT_NE(body.mesh, nullptr) << body.message;
    const std::vector<RigidTransform>& bind = body.mesh->bindWorld;
    const BodySkinPlan plan = makeBodySkinPlan(rolled.skeleton.parents, bind);
    BodySkinScratch scratch;
    std::vector<RigidTransform> kept(bind.size());
    std::vector<RigidTransform> fresh;
    std::size_t turned = 0; // nodes whose frame is not their own rotation, over the rolled take
    for (std::uint32_t frame = 0; frame < rolled.motion.frameCount; ++frame) {
        for (const Document* document : {&rolled, &rigid}) {
            const std::vector<RigidTransform> world = test::worldAtFrame(*document, frame);
            bodySkinFrames(plan, world, scratch, kept);
            bodySkinFrames(document->skeleton.parents, world, bind, fresh);
            ASSERT_EQ(fresh.size(), kept.size());
            for (std::size_t j = 0; j < kept.size(); ++j) {
                EXPECT_EQ(std::memcmp(&kept[j], &fresh[j], sizeof(RigidTransform)), 0)
                    << rolled.skeleton.names[j] << " at frame " << frame;
                const RigidTransform own = skinTransform(world[j], bind[j]);
                const bool isOwn = std::memcmp(&kept[j], &own, sizeof(RigidTransform)) == 0;
                turned += document == &rolled && !isOwn ? 1 : 0;
            }
        }
    }
    // The spine, the forearms and what hangs from them, in each of the 12 frames.
    EXPECT_GE(turned, 12u * 5u);
}

} // namespace
} // namespace bvh
