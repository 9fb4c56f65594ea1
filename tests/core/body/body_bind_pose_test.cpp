// The pose a body is bound in (core/body/body_bind_pose.h): the rest pose where the animation
// agrees with it, else the frame closest to the rest pose's shape; and a body bound there holds
// together at every frame of a clip whose rest pose lies along +X while the motion stands in +Y
// (Bandai Namco's and LAFAN1's case), under the viewer's dual quaternions.
#include "core/analysis/rest_animation_agreement.h"
#include "core/body/body_bind_pose.h"
#include "core/body/body_builder.h"
#include "core/body/body_roles.h"
#include "core/body/body_skinning.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/reader/document.h"
#include "tests/core/body/body_stretch.h"
#include "tests/core/body/body_test_skeletons.h"
#include "tests/support/rest_positions.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

namespace bvh {
namespace {

constexpr int kBindTestWalkFrames = 61;

struct AnalysedClip {
    Document document;
    TranslationMode translation = TranslationMode::Additive;
    RestAnimationAgreement agreement;
};

AnalysedClip analysedClip(const std::string& text) {
    AnalysedClip clip{parseDocument(text), {}, {}};
    clip.translation =
        resolveTranslationMode(TranslationMode::Auto, clip.document.skeleton, clip.document.motion);
    clip.agreement =
        compareRestWithAnimation(clip.document.skeleton, clip.document.motion, clip.translation,
                                 analyzeRestPose(clip.document.skeleton));
    return clip;
}

std::vector<RigidTransform> bindTestWorldAt(const AnalysedClip& clip, std::uint32_t frame) {
    const ForwardKinematicsPlan plan(clip.document.skeleton, clip.translation);
    std::vector<RigidTransform> world(clip.document.skeleton.nodeCount());
    plan.computeWorldTransformsOfRow(clip.document.motion.frame(frame), world);
    return world;
}

TEST(BodyBindPose, TheFrameClosestToTheRestShapeIsMeasuredOnTheLimbsNotTheWholeFigure) {
    const AnalysedClip clip = analysedClip(test::lyingBipedWalkText(kBindTestWalkFrames));
    ASSERT_TRUE(clip.document.loaded());
    // Frame 25 has the arms 15 degrees from the T-pose and every other limb straight; the hips'
    // quarter turn that stands the figure up is the same in every frame and counts for none.
    EXPECT_EQ(
        frameClosestToRestShape(clip.document.skeleton, clip.document.motion, clip.translation),
        std::optional<std::size_t>(25));
}

TEST(BodyBindPose, ALyingRestPoseIsBoundInTheFrameClosestToItsShape) {
    const AnalysedClip clip = analysedClip(test::lyingBipedWalkText(kBindTestWalkFrames));
    ASSERT_TRUE(clip.agreement.upDisagrees) << "the walk stands in +Y, its rest pose lies in +X";
    const BodyBindPose pose = chooseBodyBindPose(clip.document.skeleton, clip.document.motion,
                                                 clip.translation, clip.agreement);
    ASSERT_EQ(pose.frame, std::optional<std::size_t>(25));
    const std::vector<RigidTransform> expected = bindTestWorldAt(clip, 25);
    ASSERT_EQ(pose.world.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_NEAR(glm::length(pose.world[i].translation - expected[i].translation), 0.0, 1e-9);
    }
}

TEST(BodyBindPose, ARestPoseTheAnimationAgreesWithIsTheBindPose) {
    const AnalysedClip clip = analysedClip(test::mixamoBipedText());
    ASSERT_FALSE(clip.agreement.disagrees());
    const BodyBindPose pose = chooseBodyBindPose(clip.document.skeleton, clip.document.motion,
                                                 clip.translation, clip.agreement);
    EXPECT_FALSE(pose.frame.has_value());
    std::vector<RigidTransform> local(clip.document.skeleton.nodeCount());
    std::vector<RigidTransform> rest(local.size());
    computeRestTransforms(clip.document.skeleton, local);
    computeWorldTransforms(clip.document.skeleton, local, rest);
    ASSERT_EQ(pose.world.size(), rest.size());
    for (std::size_t i = 0; i < rest.size(); ++i) {
        EXPECT_EQ(pose.world[i].translation, rest[i].translation);
    }
}

// MakeHuman's Blender export: position channels on joints below the root. A leg whose shin
// the motion makes `shinInMotion` long where its OFFSET says 40 (a 100-tall figure).
std::string resizedShinText(double shinInMotion) {
    return "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n"
           "  CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
           "  JOINT Spine\n  {\n    OFFSET 0 10 0\n    CHANNELS 3 Zrotation Xrotation Yrotation\n"
           "    End Site\n    {\n      OFFSET 0 40 0\n    }\n  }\n"
           "  JOINT Knee\n  {\n    OFFSET 0 -10 0\n"
           "    CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
           "    End Site\n    {\n      OFFSET 0 -40 0\n    }\n  }\n}\n"
           "MOTION\nFrames: 2\nFrame Time: 0.04\n"
           "0 50 0 0 0 0 0 0 0 0 " +
           std::to_string(-shinInMotion) + " 0 0 0 0\n" + "0 50 0 0 0 0 0 0 0 0 " +
           std::to_string(-shinInMotion) + " 0 0 20 0\n";
}

TEST(BodyBindPose, AMotionThatResizesBonesIsBoundInAFrame) {
    // The knee's position channel puts it 30 below the hips in the motion, 10 at rest: 20 of a
    // 60-tall rest figure, over kResizedBone.
    const AnalysedClip resized = analysedClip(resizedShinText(30.0));
    const BodyBindPose pose = chooseBodyBindPose(resized.document.skeleton, resized.document.motion,
                                                 resized.translation, resized.agreement);
    ASSERT_TRUE(pose.frame.has_value());
    EXPECT_EQ(*pose.frame, 0u); // frame 1 bends the knee: farther from the rest pose's shape
    // The knee (node 3) as far below the hips as the motion puts it: 30, or 40 where the file's
    // translations read as added to the OFFSETs.
    EXPECT_GE(pose.world[0].translation.y - pose.world[3].translation.y, 30.0 - 1e-9);
    // Repeating the OFFSET keeps the rest pose.
    const AnalysedClip same = analysedClip(resizedShinText(10.0));
    EXPECT_FALSE(chooseBodyBindPose(same.document.skeleton, same.document.motion, same.translation,
                                    same.agreement)
                     .frame.has_value());
}

TEST(BodyBindPose, NoFramesMeansTheRestPose) {
    AnalysedClip clip = analysedClip(test::mixamoBipedText());
    clip.document.motion = Motion{};
    clip.agreement.measured = true;
    clip.agreement.upDisagrees = true; // even so: no frame to bind in
    const BodyBindPose pose = chooseBodyBindPose(clip.document.skeleton, clip.document.motion,
                                                 clip.translation, clip.agreement);
    EXPECT_FALSE(pose.frame.has_value());
    EXPECT_EQ(pose.world.size(), clip.document.skeleton.nodeCount());
}

// The share of the body's triangle edges within 4x their bind length at the clip's first,
// middle and last frame, skinned as the viewer skins (dual quaternions), for a body bound in
// `bind`.
double worstHeldEdgeShare(const AnalysedClip& clip, const std::vector<RigidTransform>& bind) {
    BodyOptions options;
    options.bindWorld = bind;
    options.maxSamples = std::size_t{1} << 18;
    const BodyResult body = buildBody(clip.document.skeleton, options);
    EXPECT_NE(body.mesh, nullptr) << body.message;
    if (body.mesh == nullptr) {
        return 0.0;
    }
    const BodyMesh& mesh = *body.mesh;
    EXPECT_EQ(mesh.bindWorld.size(), clip.document.skeleton.nodeCount());
    std::vector<glm::vec3> unposed;
    skinBody(mesh, clip.document.skeleton.parents, mesh.bindWorld, mesh.bindWorld, 1.0f, unposed);
    const std::vector<glm::dvec3> bindPositions(unposed.begin(), unposed.end());
    const auto& level = mesh.levels.front();
    const std::span<const std::uint32_t> indices(mesh.indices.data() + level.firstIndex,
                                                 level.indexCount);
    double worst = 1.0;
    for (const std::uint32_t frame : {0u, kBindTestWalkFrames / 2u, kBindTestWalkFrames - 1u}) {
        std::vector<glm::vec3> posed;
        skinBody(mesh, clip.document.skeleton.parents, bindTestWorldAt(clip, frame), mesh.bindWorld,
                 1.0f, posed);
        const std::vector<glm::dvec3> posedPositions(posed.begin(), posed.end());
        const test::EdgeStretch stretch =
            test::measureEdgeStretch(bindPositions, posedPositions, indices, 4.0, 1e-3);
        worst = std::min(worst, stretch.heldShare());
    }
    return worst;
}

TEST(BodyBindPose, ABodyBoundWhereTheMotionAgreesHoldsAtEveryFrame) {
    const AnalysedClip clip = analysedClip(test::lyingBipedWalkText(kBindTestWalkFrames));
    const BodyBindPose pose = chooseBodyBindPose(clip.document.skeleton, clip.document.motion,
                                                 clip.translation, clip.agreement);
    EXPECT_GE(worstHeldEdgeShare(clip, pose.world), 0.999);
}

using test::restWorld;

// test::armsDownBiped over kBindTestWalkFrames frames, its upper arms raised sideways by
// raise(f) degrees at frame f.
template <typename Raise>
std::vector<test::BvhTextBuilder::Frame> armsRaisedRows(const test::BvhTextBuilder& b,
                                                        Raise raise) {
    std::vector<test::BvhTextBuilder::Frame> rows(kBindTestWalkFrames);
    for (int f = 0; f < kBindTestWalkFrames; ++f) {
        test::BvhTextBuilder::Frame& row = rows[static_cast<std::size_t>(f)];
        row.rootPosition = {0.0, 100.0, 0.0};
        row.rotations.assign(64, glm::dvec3(0.0));
        row.rotations[static_cast<std::size_t>(b.indexOf("LeftArm"))] = {raise(f), 0.0, 0.0};
        row.rotations[static_cast<std::size_t>(b.indexOf("RightArm"))] = {-raise(f), 0.0, 0.0};
    }
    return rows;
}

// Raised by 70 * sin(pi * f / 60) degrees: hanging against the trunk (its rest pose) at the
// first and last frame, furthest from it at frame 30.
std::vector<test::BvhTextBuilder::Frame> armsRaisingRows(const test::BvhTextBuilder& b) {
    return armsRaisedRows(
        b, [](int f) { return 70.0 * std::sin(3.14159265358979 * f / (kBindTestWalkFrames - 1)); });
}

std::string armsRaisingText() {
    const test::BvhTextBuilder b = test::armsDownBiped();
    return b.text(armsRaisingRows(b));
}

TEST(BodyBindPose, ArmClearanceIsTheNearestElbowOrWristToTheTrunksBones) {
    const AnalysedClip clip = analysedClip(armsRaisingText());
    ASSERT_TRUE(clip.document.loaded());
    std::vector<RigidTransform> local(clip.document.skeleton.nodeCount());
    std::vector<RigidTransform> rest(local.size());
    computeRestTransforms(clip.document.skeleton, local);
    computeWorldTransforms(clip.document.skeleton, local, rest);
    // The wrist at (18, 92) to the thigh, from (9, 94) straight down: 9 cm, of the figure's
    // 182 cm (from the feet's End Sites at y = 1 to the head's at 183).
    EXPECT_NEAR(armClearance(clip.document.skeleton, rest), 9.0 / 182.0, 1e-9);
    EXPECT_LT(armClearance(clip.document.skeleton, rest), kArmsAgainstTrunk);
}

// armsDownBiped under a still root (Bandai Namco's joint_Root, no position channels) `hipsAway`
// in front of the hips and 100 below them, as a take that walks away from it leaves it.
std::vector<RigidTransform> armsDownUnderAStillRoot(double hipsAway, Skeleton& skeleton) {
    test::BvhTextBuilder b;
    const int root = b.add("joint_Root", -1, {0, 0, 0});
    const test::BvhTextBuilder body = test::armsDownBiped();
    const AnalysedClip bodyClip = analysedClip(body.text());
    const Skeleton& bodySkeleton = bodyClip.document.skeleton;
    std::vector<int> index(bodySkeleton.nodeCount(), -1);
    for (std::size_t i = 0; i < bodySkeleton.nodeCount(); ++i) {
        const NodeIndex parent = bodySkeleton.parents[i];
        glm::dvec3 offset = bodySkeleton.offsets[i];
        if (parent == kNoParent) {
            offset.z += hipsAway;
        }
        const int under = parent == kNoParent ? root : index[static_cast<std::size_t>(parent)];
        if (bodySkeleton.isEndSite[i] != 0) {
            b.endSite(under, offset);
        } else {
            index[i] = b.add(bodySkeleton.names[i], under, offset);
        }
    }
    skeleton = parseDocument(b.text()).skeleton;
    return restWorld(skeleton);
}

TEST(BodyBindPose, AStillRootFarFromTheFigureDoesNotSizeIt) {
    Skeleton near;
    Skeleton far;
    const std::vector<RigidTransform> nearWorld = armsDownUnderAStillRoot(0.0, near);
    const std::vector<RigidTransform> farWorld = armsDownUnderAStillRoot(300.0, far);
    // The wrist 9 cm from the thigh of a figure 182 cm tall (ArmClearanceIsTheNearest...), with
    // the root 300 cm away as with it under the hips: sized by the root and measured to its
    // link to the hips, a fifth of that.
    EXPECT_NEAR(armClearance(near, nearWorld), 9.0 / 182.0, 1e-9);
    EXPECT_NEAR(armClearance(far, farWorld), 9.0 / 182.0, 1e-9);
    EXPECT_NEAR(kneeClearance(far, farWorld), kneeClearance(near, nearWorld), 1e-9);
}

TEST(BodyBindPose, ArmClearanceCountsTheThighsWhateverTheirJointsAreNamed) {
    // Biovision names the thigh's joint "LeftHip" (the bone it starts); Mixamo "LeftUpLeg". A
    // hand hanging against either thigh fuses with the hips all the same: test::biovisionBiped's
    // wrist at (19, 92) lies 9 cm from the thigh, from (10, 95) down, and sqrt(90) cm from the
    // hips' bone to it; of the figure's 176 cm (y = 1 to 177).
    const Skeleton skeleton =
        parseDocument(test::biovisionBiped(test::RestArms::Down).text()).skeleton;
    ASSERT_EQ(classifyBoneRoles(skeleton)[static_cast<std::size_t>(skeleton.find("LeftHip"))],
              BoneRole::Thigh);
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> rest(local.size());
    computeRestTransforms(skeleton, local);
    computeWorldTransforms(skeleton, local, rest);
    EXPECT_NEAR(armClearance(skeleton, rest), 9.0 / 176.0, 1e-9);
}

TEST(BodyBindPose, ArmsHangingAgainstTheTrunkAreBoundInTheFrameThatFreesThem) {
    const AnalysedClip clip = analysedClip(armsRaisingText());
    ASSERT_FALSE(clip.agreement.disagrees());
    const BodyBindPose pose = chooseBodyBindPose(clip.document.skeleton, clip.document.motion,
                                                 clip.translation, clip.agreement);
    ASSERT_EQ(pose.frame, std::optional<std::size_t>(30));
    const std::vector<RigidTransform> expected = bindTestWorldAt(clip, 30);
    ASSERT_EQ(pose.world.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_NEAR(glm::length(pose.world[i].translation - expected[i].translation), 0.0, 1e-9);
    }
}

// The same rest pose and motion, the rest pose read as lying along another axis than the motion
// (CMU's arms-down rest pose written lying along X, as Bandai Namco's and LAFAN1's lie): the
// frame closest to its shape (frame 0) hangs the arms as the rest pose does, and a body bound
// there tore when the arms rose; the motion frees them most at frame 30, as where it agrees.
TEST(BodyBindPose, ArmsHangingInARestPoseTheMotionDisagreesWithAreBoundWhereTheMotionFreesThem) {
    AnalysedClip clip = analysedClip(armsRaisingText());
    clip.agreement.measured = true;
    clip.agreement.upDisagrees = true;
    ASSERT_EQ(
        frameClosestToRestShape(clip.document.skeleton, clip.document.motion, clip.translation),
        std::optional<std::size_t>(0));
    const BodyBindPose pose = chooseBodyBindPose(clip.document.skeleton, clip.document.motion,
                                                 clip.translation, clip.agreement);
    EXPECT_EQ(pose.frame, std::optional<std::size_t>(30));
}

// A walk holds out in every frame the arms its rest pose hugs to the trunk, and swings them:
// raised by 25 + 5 cos(2 pi f / 60) degrees, least (20) at frame 30, most (30) at frames 0 and
// 60. The frame closest to the rest pose's shape, 30, holds them clear of the trunk, and the
// swing frees them less than kRaisedNotSwung times more: bound there, not where they swing out
// furthest (frame 0 before).
TEST(BodyBindPose, ArmsTheMotionHoldsOutInEveryFrameAreBoundNearestTheRestShape) {
    const test::BvhTextBuilder b = test::armsDownBiped();
    const AnalysedClip clip = analysedClip(b.text(armsRaisedRows(b, [](int f) {
        return 25.0 + 5.0 * std::cos(2.0 * 3.14159265358979 * f / (kBindTestWalkFrames - 1));
    })));
    ASSERT_FALSE(clip.agreement.disagrees());
    const Skeleton& skeleton = clip.document.skeleton;
    ASSERT_LT(armClearance(skeleton, restWorld(skeleton)), kArmsAgainstTrunk);
    const BodyBindPose pose =
        chooseBodyBindPose(skeleton, clip.document.motion, clip.translation, clip.agreement);
    EXPECT_EQ(pose.frame, std::optional<std::size_t>(30));
    EXPECT_GE(armClearance(skeleton, pose.world), kArmsAgainstTrunk);
    EXPECT_LT(armClearance(skeleton, pose.world), armClearance(skeleton, bindTestWorldAt(clip, 0)));
    EXPECT_GE(worstHeldEdgeShare(clip, pose.world), 0.999);
}

TEST(BodyBindPose, ArmsBoundWhereTheyStandClearHoldWhenTheyHangAgain) {
    const AnalysedClip clip = analysedClip(armsRaisingText());
    const BodyBindPose pose = chooseBodyBindPose(clip.document.skeleton, clip.document.motion,
                                                 clip.translation, clip.agreement);
    EXPECT_GE(worstHeldEdgeShare(clip, pose.world), 0.999);
}

// test::mixamoBiped without fingers (a T-pose rest) under `frames` copies of one pose with the
// upper arms 50 degrees down: an A-pose, as MakeHuman's pose files hold under their own rest pose.
// `lift` raises the arms back by that much in the last frame.
std::string stillArmsDownText(int frames, double lift = 0.0) {
    const test::BvhTextBuilder b = test::mixamoBiped(1.0, {.prefix = "", .fingers = false});
    const auto left = static_cast<std::size_t>(b.indexOf("LeftArm"));
    const auto right = static_cast<std::size_t>(b.indexOf("RightArm"));
    std::vector<test::BvhTextBuilder::Frame> rows(static_cast<std::size_t>(frames));
    for (std::size_t f = 0; f < rows.size(); ++f) {
        const double down = 50.0 - (f + 1 == rows.size() ? lift : 0.0);
        rows[f].rootPosition = {0.0, 100.0, 0.0};
        rows[f].rotations.assign(std::max(left, right) + 1, glm::dvec3(0.0));
        rows[f].rotations[left] = {-down, 0.0, 0.0};
        rows[f].rotations[right] = {down, 0.0, 0.0};
    }
    return b.text(rows);
}

// How far the body bound in `bind` moves its farthest vertex when posed at `frame`, file units.
double largestSkinMove(const AnalysedClip& clip, const std::vector<RigidTransform>& bind,
                       std::uint32_t frame) {
    BodyOptions options;
    options.bindWorld = bind;
    options.maxSamples = std::size_t{1} << 18;
    const BodyResult body = buildBody(clip.document.skeleton, options);
    EXPECT_NE(body.mesh, nullptr) << body.message;
    if (body.mesh == nullptr) {
        return 0.0;
    }
    std::vector<glm::vec3> unposed;
    skinBody(*body.mesh, clip.document.skeleton.parents, body.mesh->bindWorld, body.mesh->bindWorld,
             1.0f, unposed);
    std::vector<glm::vec3> posed;
    skinBody(*body.mesh, clip.document.skeleton.parents, bindTestWorldAt(clip, frame),
             body.mesh->bindWorld, 1.0f, posed);
    double largest = 0.0;
    for (std::size_t i = 0; i < posed.size() && i < unposed.size(); ++i) {
        largest = std::max(largest, static_cast<double>(glm::length(posed[i] - unposed[i])));
    }
    return largest;
}

TEST(BodyBindPose, AMotionHoldingOnePoseIsBoundInIt) {
    // Made in the T-pose and skinned into the A-pose, the skin between the chest and the arms
    // moved by the arms' swing (MakeHuman's pose files crumpled there); made in the frame, the
    // body is shown as it was made: no vertex moves (a float's rounding on a 180 cm figure).
    for (const int frames : {1, 3}) {
        const AnalysedClip clip = analysedClip(stillArmsDownText(frames));
        ASSERT_FALSE(clip.agreement.disagrees());
        const BodyBindPose pose = chooseBodyBindPose(clip.document.skeleton, clip.document.motion,
                                                     clip.translation, clip.agreement);
        ASSERT_EQ(pose.frame, std::optional<std::size_t>(0)) << frames << " frames";
        EXPECT_LT(largestSkinMove(clip, pose.world, 0), 1e-3) << frames << " frames";
    }
    // The measure sees the swing: bound in the rest pose, the hands move by tens of centimetres.
    const AnalysedClip clip = analysedClip(stillArmsDownText(1));
    const BodyBindPose rest =
        chooseBodyBindPose(clip.document.skeleton, Motion{}, clip.translation, clip.agreement);
    EXPECT_GT(largestSkinMove(clip, rest.world, 0), 10.0);
}

TEST(BodyBindPose, AMotionThatMovesOrHasNoNumberIsNotHeldAsOnePose) {
    // Its last frame lifts the arms 10 degrees: a motion, bound at rest where its arms stand
    // clear (as ARestPoseTheAnimationAgreesWithIsTheBindPose).
    const AnalysedClip moving = analysedClip(stillArmsDownText(3, 10.0));
    EXPECT_FALSE(chooseBodyBindPose(moving.document.skeleton, moving.document.motion,
                                    moving.translation, moving.agreement)
                     .frame.has_value());
    // A pose with a NaN channel is no pose to make a body in.
    AnalysedClip broken = analysedClip(stillArmsDownText(1));
    ASSERT_FALSE(broken.document.motion.values.empty());
    broken.document.motion.values[1] = std::numeric_limits<float>::quiet_NaN();
    EXPECT_FALSE(chooseBodyBindPose(broken.document.skeleton, broken.document.motion,
                                    broken.translation, broken.agreement)
                     .frame.has_value());
}

// A rest pose standing upright but crumpled, as Rokoko's turned upright: every limb hangs
// straight down from where it starts, the shoulders sunk to the knees' height and both legs
// along one line. Hips at y = 100, the head's End Site at 182, the feet's at 1: 181 tall. The
// upper arms hang at x = +-9 from y = 55, the elbows at 27 and the wrists at 7; the legs run
// from (0, 94) to the knees at (0, 50) and the ankles at (0, 8). Over kBindTestWalkFrames
// frames the shoulders swing the arms out by 60 * sin(pi * f / 60) degrees and the thighs
// part by 10 * sin(pi * f / 60) degrees each: the rest pose at the first and last frame.
test::BvhTextBuilder crumpledBiped() {
    test::BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 100, 0});
    const int spine = b.add("Spine", hips, {0, 10, 0});
    const int spine1 = b.add("Spine1", spine, {0, 12, 0});
    const int spine2 = b.add("Spine2", spine1, {0, 13, 0});
    const int neck = b.add("Neck", spine2, {0, 17, 0});
    const int head = b.add("Head", neck, {0, 10, 0});
    b.endSite(head, {0, 20, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Left" : "Right";
        const int shoulder = b.add(prefix + "Shoulder", spine2, {side * 9, -70, 0});
        const int arm = b.add(prefix + "Arm", shoulder, {0, -10, 0});
        const int forearm = b.add(prefix + "ForeArm", arm, {0, -28, 0});
        const int hand = b.add(prefix + "Hand", forearm, {0, -20, 0});
        b.endSite(hand, {0, -5, 0});
        const int upLeg = b.add(prefix + "UpLeg", hips, {0, -6, 0});
        const int leg = b.add(prefix + "Leg", upLeg, {0, -44, 0});
        const int foot = b.add(prefix + "Foot", leg, {0, -42, 0});
        b.endSite(foot, {0, -7, 5});
    }
    return b;
}

std::string crumpledUnfoldingText() {
    const test::BvhTextBuilder b = crumpledBiped();
    std::vector<test::BvhTextBuilder::Frame> rows(kBindTestWalkFrames);
    for (int f = 0; f < kBindTestWalkFrames; ++f) {
        const double wave = std::sin(3.14159265358979 * f / (kBindTestWalkFrames - 1));
        test::BvhTextBuilder::Frame& row = rows[static_cast<std::size_t>(f)];
        row.rootPosition = {0.0, 100.0, 0.0};
        row.rotations.assign(32, glm::dvec3(0.0));
        for (const double side : {1.0, -1.0}) {
            const std::string prefix = side > 0 ? "Left" : "Right";
            row.rotations[static_cast<std::size_t>(b.indexOf(prefix + "Shoulder"))] = {
                side * 60.0 * wave, 0.0, 0.0};
            row.rotations[static_cast<std::size_t>(b.indexOf(prefix + "UpLeg"))] = {
                side * 10.0 * wave, 0.0, 0.0};
        }
    }
    return b.text(rows);
}

TEST(BodyBindPose, ACrumpledRestPoseLaysTheElbowsOnTheShinsAndOneLegInTheOther) {
    const AnalysedClip clip = analysedClip(crumpledUnfoldingText());
    ASSERT_TRUE(clip.document.loaded());
    const std::vector<RigidTransform> rest = restWorld(clip.document.skeleton);
    // The elbow at (9, 27) lies 9 from the shin's line x = 0; the wrist at (9, 7), sqrt(82) from
    // the ankle at (0, 8). Each knee lies on the other thigh.
    EXPECT_NEAR(armClearance(clip.document.skeleton, rest), 9.0 / 181.0, 1e-9);
    EXPECT_NEAR(legClearance(clip.document.skeleton, rest), 0.0, 1e-9);
    EXPECT_TRUE(limbsAgainstEachOther(clip.document.skeleton, rest));
    // A T-pose standing with its legs apart is clear.
    const Skeleton tpose = parseDocument(test::mixamoBipedText()).skeleton;
    EXPECT_FALSE(limbsAgainstEachOther(tpose, restWorld(tpose)));
}

TEST(BodyBindPose, ACrumpledRestPoseIsBoundWhereTheMotionUnfoldsIt) {
    const AnalysedClip clip = analysedClip(crumpledUnfoldingText());
    ASSERT_FALSE(clip.agreement.disagrees()) << "it stands in +Y, in centimetres, as its motion";
    const BodyBindPose pose = chooseBodyBindPose(clip.document.skeleton, clip.document.motion,
                                                 clip.translation, clip.agreement);
    // Frame 30 swings the arms farthest from the shins and parts the legs most.
    ASSERT_EQ(pose.frame, std::optional<std::size_t>(30));
    EXPECT_GE(worstHeldEdgeShare(clip, pose.world), 0.999);
}

// test::armsDownBiped (its hands against the thighs at rest) over kBindTestWalkFrames frames that
// raise the arms overhead by 150 * sin(pi * f / 60) degrees, and, where they pass the T-pose and
// stand clearest of the trunk (frames 6 to 18 and 42 to 54), swing the left thigh 24 degrees
// across, its knee onto the right thigh (the left hip at x = 9, the knee 44 below it at
// x = 9 - 44 sin 24 = -8.9, the right thigh at x = -9): a kick across under raised arms.
std::string armsOverheadLegsCrossingText() {
    const test::BvhTextBuilder b = test::armsDownBiped();
    std::vector<test::BvhTextBuilder::Frame> rows(kBindTestWalkFrames);
    for (int f = 0; f < kBindTestWalkFrames; ++f) {
        const double raise = 150.0 * std::sin(3.14159265358979 * f / (kBindTestWalkFrames - 1));
        test::BvhTextBuilder::Frame& row = rows[static_cast<std::size_t>(f)];
        row.rootPosition = {0.0, 100.0, 0.0};
        row.rotations.assign(64, glm::dvec3(0.0));
        row.rotations[static_cast<std::size_t>(b.indexOf("LeftArm"))] = {raise, 0.0, 0.0};
        row.rotations[static_cast<std::size_t>(b.indexOf("RightArm"))] = {-raise, 0.0, 0.0};
        if ((f >= 6 && f <= 18) || (f >= 42 && f <= 54)) {
            row.rotations[static_cast<std::size_t>(b.indexOf("LeftUpLeg"))] = {-24.0, 0.0, 0.0};
        }
    }
    return b.text(rows);
}

TEST(BodyBindPose, HandsOnTheHipsAreBoundWhereTheArmsRiseAndTheLegsStandApart) {
    const AnalysedClip clip = analysedClip(armsOverheadLegsCrossingText());
    ASSERT_FALSE(clip.agreement.disagrees());
    const BodyBindPose pose = chooseBodyBindPose(clip.document.skeleton, clip.document.motion,
                                                 clip.translation, clip.agreement);
    ASSERT_TRUE(pose.frame.has_value());
    // The crossed frames lay the left knee on the right thigh; the arms stand clearest at frame
    // 12 (88 degrees), where a bind pose measured on the arms alone was taken.
    EXPECT_LT(legClearance(clip.document.skeleton, bindTestWorldAt(clip, 12)), kLegsTogether);
    EXPECT_TRUE(*pose.frame < 6 || (*pose.frame > 18 && *pose.frame < 42) || *pose.frame > 54)
        << "bound at frame " << *pose.frame;
    EXPECT_GE(legClearance(clip.document.skeleton, pose.world), kLegsTogether);
    EXPECT_GT(armClearance(clip.document.skeleton, pose.world),
              armClearance(clip.document.skeleton, restWorld(clip.document.skeleton)));
    EXPECT_GE(worstHeldEdgeShare(clip, pose.world), 0.999);
}

// armsRaisingText's arms, the left thigh raised forward 176 degrees from hanging and 12 in while
// the arms stand clearest of the trunk (frames 24 to 36), the shin folded back 150: the left knee
// at the chest, on the spine's plane, the thigh along the belly: a jumping jack's kick.
std::string armsRaisingKneeUpText() {
    const test::BvhTextBuilder b = test::armsDownBiped();
    std::vector<test::BvhTextBuilder::Frame> rows = armsRaisingRows(b);
    for (std::size_t f = 24; f <= 36; ++f) {
        rows[f].rotations[static_cast<std::size_t>(b.indexOf("LeftUpLeg"))] = {12.0, -176.0, 0.0};
        rows[f].rotations[static_cast<std::size_t>(b.indexOf("LeftLeg"))] = {0.0, 150.0, 0.0};
    }
    return b.text(rows);
}

TEST(BodyBindPose, KneeClearanceIsTheNearestKneeToTheTrunksBones) {
    const AnalysedClip clip = analysedClip(armsRaisingKneeUpText());
    ASSERT_TRUE(clip.document.loaded());
    const Skeleton& skeleton = clip.document.skeleton;
    const std::vector<RigidTransform> world = bindTestWorldAt(clip, 30);
    const auto at = [&](const char* name) {
        return world[static_cast<std::size_t>(skeleton.find(name))].translation;
    };
    // The raised knee, measured from the joints themselves: the nearest trunk bone is the spine
    // the knee stands in front of, once the thigh runs along the belly.
    const glm::dvec3 knee = at("LeftLeg");
    // Turned 176 degrees forward and 12 in, the thigh's 44 cm put the knee 44 cos 4 cos 12 = 42.93
    // cm above the hip joint, within 2 cm of the spine's plane and 4 cm before it.
    EXPECT_GT(knee.y - at("LeftUpLeg").y, 42.9);
    EXPECT_LT(std::abs(knee.x), 2.0);
    EXPECT_LT(std::abs(knee.z), 4.0);
    EXPECT_LT(kneeClearance(skeleton, world), kKneesAgainstTrunk);
    // Hanging, the knee stands a thigh's length below the hips: far clear.
    EXPECT_GT(kneeClearance(skeleton, bindTestWorldAt(clip, 10)), 4.0 * kKneesAgainstTrunk);
}

TEST(BodyBindPose, AKneeRaisedToTheChestIsNotBoundWhereTheArmsStandClearest) {
    const AnalysedClip clip = analysedClip(armsRaisingKneeUpText());
    ASSERT_FALSE(clip.agreement.disagrees());
    const Skeleton& skeleton = clip.document.skeleton;
    const BodyBindPose pose =
        chooseBodyBindPose(skeleton, clip.document.motion, clip.translation, clip.agreement);
    ASSERT_TRUE(pose.frame.has_value());
    // Measured on the arms alone, frame 30 (70 degrees) was taken, its thigh along the belly.
    EXPECT_GT(armClearance(skeleton, bindTestWorldAt(clip, 30)),
              armClearance(skeleton, bindTestWorldAt(clip, 23)));
    EXPECT_TRUE(*pose.frame < 24 || *pose.frame > 36) << "bound at frame " << *pose.frame;
    EXPECT_GE(kneeClearance(skeleton, pose.world), kKneesAgainstTrunk);
    // Of the frames whose knees hang, the one whose arms stand clearest: 65 degrees at frames 23
    // and 37.
    EXPECT_NEAR(armClearance(skeleton, pose.world),
                armClearance(skeleton, bindTestWorldAt(clip, 23)), 1e-9);
    // The raised frames tear wherever the body is bound; bound among them, the hanging frames
    // tear as well.
    EXPECT_GT(worstHeldEdgeShare(clip, pose.world),
              worstHeldEdgeShare(clip, bindTestWorldAt(clip, 30)));
}

} // namespace
} // namespace bvh
