#include "app/scene/figure_radii.h"
#include "app/scene/scene.h"
#include "tests/app/scene/character_in_metres.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <string>

using namespace bvhscope;
using namespace bvhscope::scene;

namespace {

// A face helper joint `name` at `offset` from its parent, aiming 2 cm further ahead.
std::string faceHelperJoint(const std::string& name, const std::string& offset) {
    return "JOINT " + name + "\n{\nOFFSET " + offset +
           "\nCHANNELS 1 Zrotation\nEnd Site\n{\nOFFSET 0 0 0.02\n}\n}\n";
}

// Hips -> Neck (1.5 m) -> Head (0.1 m, turning about Y) with a head-top End Site 0.2 m up and
// five face helpers: a jaw, two eyes and two brows. Frame 0 stands; frame 1 turns the head 90
// degrees about Y.
std::string faceRigText() {
    return "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
           "JOINT Neck\n{\nOFFSET 0 1.5 0\nCHANNELS 1 Zrotation\n"
           "JOINT Head\n{\nOFFSET 0 0.1 0\nCHANNELS 1 Yrotation\n"
           "End Site\n{\nOFFSET 0 0.2 0\n}\n" +
           faceHelperJoint("Jaw", "0 -0.05 0.06") + faceHelperJoint("EyeL", "0.03 0.05 0.08") +
           faceHelperJoint("EyeR", "-0.03 0.05 0.08") + faceHelperJoint("BrowL", "0.04 0.09 0.07") +
           faceHelperJoint("BrowR", "-0.04 0.09 0.07") +
           "}\n}\n}\nMOTION\nFrames: 2\nFrame Time: 0.04\n"
           "0 0 0 0 0 0 0 0 0 0\n"
           "0 0 0 0 90 0 0 0 0 0\n";
}

// Nodes of faceRigText: 0 Hips, 1 Neck, 2 Head, 3 its head top, then each helper and its tip.
constexpr std::size_t kFaceRigHead = 2;

} // namespace

// The head's and its helper joints' rest positions, from the head: (0, 0, 0), the jaw
// (0, -0.05, 0.06), the eyes (+-0.03, 0.05, 0.08), the brows (+-0.04, 0.09, 0.07): a box 0.08 m
// wide, 0.14 m tall and 0.08 m deep. The ball's radius is half its largest side, 0.07 m (within
// 0.03 and 0.045 of the 1.8 m height: 0.054..0.081 m), and its centre the box's, 0.02 m above the
// head and 0.04 m in front of it.
TEST(FigureRadii, AFaceRigsHeadIsABallOverTheBoxOfItsHelpers) {
    const Character character = viewer::test::characterInMetres(faceRigText());
    ASSERT_NEAR(character.axes.figureHeightMetres, 1.8, 1e-6);
    ASSERT_EQ(character.appearance.headBalls.size(), 1u);
    const HeadBall& ball = character.appearance.headBalls.front();
    EXPECT_EQ(ball.head, kFaceRigHead);
    EXPECT_EQ(ball.nodes.size(), 6u); // the head and five helpers; no End Site
    EXPECT_NEAR(ball.radius, 0.07f, 1e-6f);

    Scene scene;
    scene.add(viewer::test::characterInMetres(faceRigText()));
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    std::vector<render::BoneInstance> bones;
    std::vector<render::BoneInstance> joints;
    const SceneLook look{2.0f, {}};
    scene.buildInstances(pose, std::nullopt, look, bones, joints);
    const bvh::Skeleton& skeleton = scene.characters()[0].clip->document.skeleton;
    ASSERT_EQ(joints.size(), skeleton.jointCount() + 1); // every joint, then the ball
    const glm::vec3 head = pose.characters[0].viewerPositions[kFaceRigHead];
    EXPECT_NEAR(glm::distance(joints.back().start, head + glm::vec3(0.0f, 0.02f, 0.04f)), 0.0f,
                1e-5f);
    EXPECT_NEAR(joints.back().radius, 2.0f * 0.07f, 1e-6f); // at the look's thickness
}

// Turned 90 degrees about Y, the helpers' box is (0..0.08, -0.05..0.09, -0.04..0.04) from the
// head: the ball turns with it, its centre now 0.04 m along +X.
TEST(FigureRadii, TheHeadBallTurnsWithTheHead) {
    Scene scene;
    scene.add(viewer::test::characterInMetres(faceRigText()));
    ScenePose pose;
    scene.sample(0.04, bvh::Interpolation::Nearest, false, pose);
    std::vector<render::BoneInstance> bones;
    std::vector<render::BoneInstance> joints;
    scene.buildInstances(pose, std::nullopt, SceneLook{}, bones, joints);
    const glm::vec3 head = pose.characters[0].viewerPositions[kFaceRigHead];
    EXPECT_NEAR(glm::distance(joints.back().start, head + glm::vec3(0.04f, 0.02f, 0.0f)), 0.0f,
                1e-5f);
}

// A click on the ball selects the head. From the figure's left, the ray through the ball's
// centre passes 0.05 m from the left eye's joint, nearer the eye along it and within a joint's
// generous pick radius (1.6 x 0.022 x 1.8 m): hidden by the ball, it is not hit.
TEST(FigureRadii, AClickOnTheHeadBallSelectsTheHead) {
    Scene scene;
    scene.add(viewer::test::characterInMetres(faceRigText()));
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    const glm::vec3 centre =
        pose.characters[0].viewerPositions[kFaceRigHead] + glm::vec3(0.0f, 0.02f, 0.04f);
    const render::Ray throughTheEye{centre + glm::vec3(5, 0, 0), {-1, 0, 0}};
    const auto picked = scene.pick(pose, throughTheEye, SceneLook{});
    ASSERT_TRUE(picked.has_value());
    EXPECT_EQ(picked->node, static_cast<bvh::NodeIndex>(kFaceRigHead));
    // From the front, the ray through the left eye passes 0.041 m from the left brow, a bead
    // beside the ball (0.086 m from its centre): within a joint's generous radius, but the face's
    // joints are hit where their beads are (1.6 x 0.005 x 1.8 m), and the ball takes it. A ray
    // through the brow itself still selects the brow.
    const glm::vec3 head = pose.characters[0].viewerPositions[kFaceRigHead];
    const glm::vec3 eye = head + glm::vec3(0.03f, 0.05f, 0.08f);
    const auto fromTheFront = scene.pick(pose, {eye + glm::vec3(0, 0, 5), {0, 0, -1}}, SceneLook{});
    ASSERT_TRUE(fromTheFront.has_value());
    EXPECT_EQ(fromTheFront->node, static_cast<bvh::NodeIndex>(kFaceRigHead));
    const glm::vec3 brow = pose.characters[0].viewerPositions[10]; // BrowL
    const auto onTheBrow = scene.pick(pose, {brow + glm::vec3(0, 0, 5), {0, 0, -1}}, SceneLook{});
    ASSERT_TRUE(onTheBrow.has_value());
    EXPECT_EQ(onTheBrow->node, 10);
    // Selected, the ball takes the selection colour.
    std::vector<render::BoneInstance> bones;
    std::vector<render::BoneInstance> joints;
    const SceneLook look;
    scene.buildInstances(pose, picked, look, bones, joints);
    EXPECT_EQ(joints.back().color, look.selectionColor);
    // So it does when the eye inside it is chosen (in the joint tree, say), and not for the neck.
    scene.buildInstances(pose, Selection{0, 6}, look, bones, joints);
    EXPECT_EQ(joints.back().color, look.selectionColor);
    scene.buildInstances(pose, Selection{0, 1}, look, bones, joints);
    EXPECT_EQ(joints.back().color, scene.characters()[0].appearance.color);
}

// Three helpers (a jaw with a lip and an eye) are a head the bones already show: no ball.
TEST(FigureRadii, AJawAndAnEyeAreNoFaceRig) {
    const Character character = viewer::test::characterInMetres(
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
        "JOINT Neck\n{\nOFFSET 0 1.5 0\nCHANNELS 1 Zrotation\n"
        "JOINT Head\n{\nOFFSET 0 0.1 0\nCHANNELS 1 Zrotation\n"
        "End Site\n{\nOFFSET 0 0.2 0\n}\n"
        "JOINT Jaw\n{\nOFFSET 0 0 0.1\nCHANNELS 1 Zrotation\n" +
        faceHelperJoint("Lip", "0 0 0.05") + "}\n" + faceHelperJoint("Eye", "0.03 0.05 0.06") +
        "}\n}\n}\nMOTION\nFrames: 0\nFrame Time: 0.04\n");
    EXPECT_TRUE(character.appearance.headBalls.empty());
}

// Helpers spread 0.6 m across a 1.8 m figure (a fan of face joints far wider than a head): the
// ball stops at 0.045 of the height, 0.081 m; packed into 2 cm it is 0.03 of it, 0.054 m.
TEST(FigureRadii, TheHeadBallsRadiusStaysWithinAHeadsSize) {
    const auto rigWithHelpersApart = [](double apart) {
        const std::string x = std::to_string(apart / 2.0);
        return viewer::test::characterInMetres(
            "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
            "JOINT Neck\n{\nOFFSET 0 1.5 0\nCHANNELS 1 Zrotation\n"
            "JOINT Head\n{\nOFFSET 0 0.1 0\nCHANNELS 1 Yrotation\n"
            "End Site\n{\nOFFSET 0 0.2 0\n}\n" +
            faceHelperJoint("A", x + " 0.01 0.01") + faceHelperJoint("B", "-" + x + " 0.01 0.01") +
            faceHelperJoint("C", x + " 0.02 0.01") + faceHelperJoint("D", "-" + x + " 0.02 0.01") +
            "}\n}\n}\nMOTION\nFrames: 0\nFrame Time: 0.04\n");
    };
    const Character wide = rigWithHelpersApart(0.6);
    ASSERT_EQ(wide.appearance.headBalls.size(), 1u);
    EXPECT_NEAR(wide.appearance.headBalls.front().radius, 0.045f * 1.8f, 1e-5f);
    const Character packed = rigWithHelpersApart(0.02);
    ASSERT_EQ(packed.appearance.headBalls.size(), 1u);
    EXPECT_NEAR(packed.appearance.headBalls.front().radius, 0.03f * 1.8f, 1e-5f);
}
