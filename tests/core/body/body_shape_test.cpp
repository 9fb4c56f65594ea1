// The body's shape against the skeleton's: volumes blend only with their hierarchy neighbours
// (an arm resting on the torso lifts off it cleanly), radii follow the bones' lengths (a hand or
// an unnamed chain is no balloon), heads show their front and feet rest on the ground.
#include "core/body/body_builder.h"
#include "core/body/body_figure.h"
#include "core/body/body_grid.h"
#include "core/body/body_mesh_checks.h"
#include "core/body/body_skinning.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>
#include <span>

namespace bvh {
namespace {

// The upper arms' axes 18 cm from the spine, their 5.6 cm radius against the torso's 13.7 cm, so
// they overlap it (test::armsDownBiped).
std::string armsDownBipedText(double headEnd = 21.0) {
    return test::armsDownBiped(headEnd).text();
}

std::vector<RigidTransform> worldOf(const Skeleton& skeleton,
                                    std::span<const std::pair<const char*, glm::dquat>> turns) {
    std::vector<RigidTransform> local(skeleton.nodeCount());
    computeRestTransforms(skeleton, local);
    for (const auto& [name, rotation] : turns) {
        local[static_cast<std::size_t>(skeleton.find(name))].rotation = rotation;
    }
    std::vector<RigidTransform> world(local.size());
    computeWorldTransforms(skeleton, local, world);
    return world;
}

struct JointBounds {
    glm::vec3 low{1e30f};
    glm::vec3 high{-1e30f};
};

JointBounds jointBounds(const Skeleton& skeleton) {
    const std::vector<RigidTransform> rest = worldOf(skeleton, {});
    JointBounds bounds;
    for (const RigidTransform& joint : rest) {
        bounds.low = glm::min(bounds.low, glm::vec3(joint.translation));
        bounds.high = glm::max(bounds.high, glm::vec3(joint.translation));
    }
    return bounds;
}

TEST(BodyShape, ArmsRestingOnTheTorsoRiseWithoutTearingIt) {
    const Skeleton skeleton = parseDocument(armsDownBipedText()).skeleton;
    const BodyResult result = buildBody(skeleton, BodyOptions{});
    ASSERT_NE(result.mesh, nullptr) << result.message;
    const BodyMesh& mesh = *result.mesh;
    const auto& level = mesh.levels[0];
    const std::span<const std::uint32_t> indices(mesh.indices.data() + level.firstIndex,
                                                 level.indexCount);
    ASSERT_TRUE(isClosedSurface(indices));

    // Both arms turn 90 degrees at the shoulder, out to the sides.
    const double quarter = std::acos(0.0);
    const std::pair<const char*, glm::dquat> turns[] = {
        {"LeftArm", glm::angleAxis(quarter, glm::dvec3(0, 0, 1))},
        {"RightArm", glm::angleAxis(-quarter, glm::dvec3(0, 0, 1))}};
    const std::vector<RigidTransform> rest = worldOf(skeleton, {});
    const std::vector<RigidTransform> raised = worldOf(skeleton, turns);
    ASSERT_NEAR(raised[static_cast<std::size_t>(skeleton.find("LeftHand"))].translation.x,
                18.0 + 28.0 + 25.0, 1e-6);
    std::vector<glm::vec3> posed;
    skinBody(mesh, skeleton.parents, raised, rest, 1.0f, posed);

    // No triangle edge stretches beyond 4 times its rest length, edges shorter than the grid's
    // cell (183 cm x kBodyCellOfFigure, 2.65 cm: the marching's own scale) counting as one: a
    // sheet between the arm and the chest, 9 cm below the shoulder joint, would stretch to
    // 15 cm and more as the arm rises.
    const float cell = 183.0f * kBodyCellOfFigure;
    std::size_t stretched = 0;
    for (std::size_t t = 0; t < indices.size(); t += 3) {
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t a = indices[t + k];
            const std::uint32_t b = indices[t + (k + 1) % 3];
            const float restLength =
                glm::length(mesh.vertices[a].position - mesh.vertices[b].position);
            const float posedLength = glm::length(posed[a] - posed[b]);
            stretched += posedLength > 4.0f * std::max(restLength, cell) ? 1 : 0;
        }
    }
    EXPECT_EQ(stretched, 0u);
    // The chest's surface (between the armpits' height and the waist, in front of and behind
    // the arms' plane, or between them) stays where it was: nothing of it moves with the arms.
    std::size_t torso = 0;
    for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
        const glm::vec3 p = mesh.vertices[v].position;
        if (p.y > 110.0f && p.y < 130.0f && std::abs(p.x) < 10.0f) {
            ++torso;
            EXPECT_LT(glm::length(posed[v] - p), 0.01f)
                << "vertex " << v << " at " << p.x << ", " << p.y << ", " << p.z;
        }
    }
    EXPECT_GT(torso, 50u);
}

TEST(BodyShape, AHandAloneStaysWithinAFewCentimetresOfItsJoints) {
    const Skeleton skeleton = parseDocument(test::handAloneText()).skeleton;
    const BodyResult result = buildBody(skeleton, BodyOptions{});
    ASSERT_NE(result.mesh, nullptr) << result.message;
    const JointBounds joints = jointBounds(skeleton);
    // The hand lies flat in y = 0 (the thumb 1 cm below): a palm about 2.5 cm thick, fingers
    // 1.5 cm, so the body reaches 2.5 cm past its joints at most.
    for (int axis = 0; axis < 3; ++axis) {
        EXPECT_GT(result.mesh->boundsMin[axis], joints.low[axis] - 2.5f) << axis;
        EXPECT_LT(result.mesh->boundsMax[axis], joints.high[axis] + 2.5f) << axis;
    }
    // And it is a hand, not a stick: the palm spreads across the knuckles (z from -3.5 to 1.8).
    EXPECT_LT(result.mesh->boundsMin.z, -3.5f);
    EXPECT_GT(result.mesh->boundsMax.z, 1.8f);
}

TEST(BodyShape, AnUnnamedChainAndALoneRootAreThinAsTheirBones) {
    // fairmotion's sinusoidal chain (5, 5 and 3 units) and a lone "Root" with diagonal
    // children (raz's abstract tree): radii an eighth of a bone's length, not the figure's.
    test::BvhTextBuilder chain;
    const int base = chain.add("base", -1, {0, 0, 0});
    const int child1 = chain.add("child1", base, {0, 5, 0});
    const int child2 = chain.add("child2", child1, {-5, 0, 0});
    const int child3 = chain.add("child3", child2, {0, 3, 0});
    chain.endSite(child3, {0, 3, 0});
    test::BvhTextBuilder tree;
    const int root = tree.add("Root", -1, {1, 2, 3});
    const int a = tree.add("Child1", root, {10, 10, 10});
    tree.endSite(a, {10, 10, 10});
    const int b = tree.add("Child2", root, {20, 20, 20});
    const int b1 = tree.add("Child21", b, {21, 21, 21});
    tree.endSite(b1, {21, 21, 21});
    for (const std::string& text : {chain.text(), tree.text()}) {
        const Skeleton skeleton = parseDocument(text).skeleton;
        const BodyResult result = buildBody(skeleton, BodyOptions{});
        ASSERT_NE(result.mesh, nullptr) << result.message;
        const std::vector<RigidTransform> rest = worldOf(skeleton, {});
        float shortest = 1e30f;
        for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
            const NodeIndex parent = skeleton.parents[i];
            if (parent == kNoParent) {
                continue;
            }
            const float length = static_cast<float>(glm::length(
                rest[i].translation - rest[static_cast<std::size_t>(parent)].translation));
            shortest = std::min(shortest, length);
            EXPECT_LE(result.mesh->nodeRadii[i], 0.13f * length) << skeleton.names[i];
        }
        const JointBounds joints = jointBounds(skeleton);
        for (int axis = 0; axis < 3; ++axis) {
            EXPECT_GT(result.mesh->boundsMin[axis], joints.low[axis] - 0.3f * shortest);
            EXPECT_LT(result.mesh->boundsMax[axis], joints.high[axis] + 0.3f * shortest);
        }
    }
}

TEST(BodyShape, AHorizontalHeadHasASnoutAlongIt) {
    // A quadruped's head along +Z from its neck, 20 cm to the End Site at z = 100, no names
    // that say which way the figure faces beyond the head's own direction.
    test::BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 80, 0});
    const int spine = b.add("Spine", hips, {0, 0, 50});
    const int neck = b.add("Neck", spine, {0, 10, 15});
    const int head = b.add("Head", neck, {0, 5, 15});
    b.endSite(head, {0, 0, 20});
    for (const double side : {1.0, -1.0}) {
        for (const int at : {hips, spine}) {
            const int leg =
                b.add((side > 0 ? "L" : "R") + std::string(at == hips ? "Hind" : "Fore") + "Leg",
                      at, {side * 12, -35, 0});
            b.endSite(leg, {0, -45, 0});
        }
    }
    const BodyResult result = buildBody(parseDocument(b.text()).skeleton, BodyOptions{});
    ASSERT_NE(result.mesh, nullptr) << result.message;
    // A ball-shaped skull, its semi-axis along the head 0.55 of the head's 20 cm from the bone's
    // middle at z = 90, would end by z = 101; the snout reaches on past the End Site.
    EXPECT_GT(result.mesh->boundsMax.z, 103.0f);
}

TEST(BodyShape, AHeadEndSiteAFewMillimetresLongStillMakesAHeadOfHeadSize) {
    // Bandai Namco's and LAFAN1's head End Site is about a centimetre long: it says where the
    // skull points, not its size. The figure is 162 cm tall (its feet's End Sites at y = 1), so
    // the default head is 0.12 of it, 19.4 cm, from the head joint at y = 162: the skull's
    // semi-axis 0.55 of it from its centre 9.7 cm up reaches y = 182.4. A head sized by the 1 cm
    // bone (clamped to 0.07 of the figure, 11.3 cm) would end at y = 174, a spike on the neck.
    const BodyResult result =
        buildBody(parseDocument(armsDownBipedText(1.0)).skeleton, BodyOptions{});
    ASSERT_NE(result.mesh, nullptr) << result.message;
    EXPECT_GT(result.mesh->boundsMax.y, 179.0f);
    EXPECT_LT(result.mesh->boundsMax.y, 186.0f);
}

TEST(BodyShape, ABipedLookingDownKeepsItsHeadWithoutASnout) {
    // A biped bound in a frame where it looks down (body_bind_pose.h): its head bone points
    // forward, but the head stands above the hips, so it is a head with a nose, not a snout
    // reaching on past the head's End Site (at z = 22).
    test::BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 100, 0});
    const int spine = b.add("Spine", hips, {0, 30, 0});
    const int neck = b.add("Neck", spine, {0, 25, 0});
    const int head = b.add("Head", neck, {0, 10, 2});
    b.endSite(head, {0, 0, 20});
    for (const double side : {1.0, -1.0}) {
        const int upLeg = b.add(side > 0 ? "LeftUpLeg" : "RightUpLeg", hips, {side * 9, -6, 0});
        const int leg = b.add(side > 0 ? "LeftLeg" : "RightLeg", upLeg, {0, -44, 0});
        b.endSite(leg, {0, -48, 0});
        const int arm = b.add(side > 0 ? "LeftArm" : "RightArm", spine, {side * 18, 20, 0});
        b.endSite(arm, {side * 5, -50, 0});
    }
    const BodyResult result = buildBody(parseDocument(b.text()).skeleton, BodyOptions{});
    ASSERT_NE(result.mesh, nullptr) << result.message;
    EXPECT_LT(result.mesh->boundsMax.z, 22.0f);
}

TEST(BodyShape, AnUnnamedQuadrupedHasABarrelBody) {
    // The elephant-like creature (unnamed bones; 200 tall, its pelvis at z = 0 and its chest at
    // z = 150, both 150 up): the bone between them carries four legs, a neck and a tail, so it
    // is a barrel, not a stick between the legs: over 50 thick halfway (16 before).
    const test::CreatureFile file =
        test::creatureFile(test::quadruped(1.0), test::CreatureFileOptions{});
    const BodyResult result = buildBody(parseDocument(file.text).skeleton, BodyOptions{});
    ASSERT_NE(result.mesh, nullptr) << result.message;
    // Where the triangles' edges cross the plane z = 75 near the middle (a barrel of one
    // radius may keep no vertex there once simplified).
    float low = 1e9f;
    float high = -1e9f;
    const std::vector<std::uint32_t>& indices = result.mesh->indices;
    for (std::size_t k = 0; k < indices.size(); ++k) {
        const glm::vec3 a = result.mesh->vertices[indices[k]].position;
        const glm::vec3 b = result.mesh->vertices[indices[k % 3 == 2 ? k - 2 : k + 1]].position;
        if ((a.z - 75.0f) * (b.z - 75.0f) > 0.0f || a.z == b.z) {
            continue;
        }
        const glm::vec3 at = a + (b - a) * ((75.0f - a.z) / (b.z - a.z));
        if (std::abs(at.x) < 20.0f) {
            low = std::min(low, at.y);
            high = std::max(high, at.y);
        }
    }
    EXPECT_GT(high - low, 50.0f);
}

// The front of the body's surface between two heights (centimetres): its largest z there.
float frontBetween(const BodyMesh& mesh, float low, float high) {
    float front = -1e9f;
    for (const BodyVertex& vertex : mesh.vertices) {
        if (vertex.position.y > low && vertex.position.y < high) {
            front = std::max(front, vertex.position.z);
        }
    }
    return front;
}

TEST(BodyShape, BreastHelperJointsStayInsideTheChest) {
    // MakeHuman's breast.L and breast.R: short bones from the chest reaching 14 cm forward of
    // the spine, which poked out of it as two stubs; inside the chest's mass they add nothing.
    test::BvhTextBuilder plain = test::mixamoBiped();
    test::BvhTextBuilder withBreasts = test::mixamoBiped();
    const int chest = withBreasts.indexOf("mixamorig:Spine2");
    for (const double side : {1.0, -1.0}) {
        const int breast =
            withBreasts.add(side > 0 ? "breast.L" : "breast.R", chest, {side * 9, 2, 10});
        withBreasts.endSite(breast, {0, 0, 4});
    }
    const BodyResult before = buildBody(parseDocument(plain.text()).skeleton, BodyOptions{});
    const BodyResult after = buildBody(parseDocument(withBreasts.text()).skeleton, BodyOptions{});
    ASSERT_NE(before.mesh, nullptr) << before.message;
    ASSERT_NE(after.mesh, nullptr) << after.message;
    // Spine2 stands 122 cm up; the breasts at 124 cm.
    EXPECT_LT(frontBetween(*after.mesh, 115.0f, 135.0f),
              frontBetween(*before.mesh, 115.0f, 135.0f) + 1.0f);
}

TEST(BodyShape, APalmReachesAlongMetacarpalsToTheFingersRoots) {
    // MakeHuman's hand: metacarpals from the wrist to each finger's root 9 cm on, fingers beyond
    // (along -X). The palm spans the metacarpals: 6 cm across or more halfway along them, not
    // a mitten of separate sticks or a ball at the wrist.
    test::BvhTextBuilder b;
    const int wrist = b.add("wrist.R", -1, {0, 0, 0});
    const double spread[4] = {2.5, 0.8, -0.9, -2.6};
    for (int f = 0; f < 4; ++f) {
        const int metacarpal =
            b.add("metacarpal" + std::to_string(f + 1) + ".R", wrist, {-0.5, 0, 0.3 * spread[f]});
        int finger = b.add("finger" + std::to_string(f + 2) + "-1.R", metacarpal,
                           {-8.5, 0, 0.7 * spread[f]});
        for (int k = 2; k <= 3; ++k) {
            finger = b.add("finger" + std::to_string(f + 2) + "-" + std::to_string(k) + ".R",
                           finger, {-3, 0, 0});
        }
        b.endSite(finger, {-2, 0, 0});
    }
    const BodyResult result = buildBody(parseDocument(b.text()).skeleton, BodyOptions{});
    ASSERT_NE(result.mesh, nullptr) << result.message;
    float low = 1e9f;
    float high = -1e9f;
    for (const BodyVertex& vertex : result.mesh->vertices) {
        if (std::abs(vertex.position.x + 4.5f) < 0.5f) {
            low = std::min(low, vertex.position.z);
            high = std::max(high, vertex.position.z);
        }
    }
    EXPECT_GT(high - low, 6.0f);
}

TEST(BodyShape, ALimbSplitInTwoBonesIsAsThickAsAWholeOne) {
    // MakeHuman's thighs are upperleg01 and upperleg02, half as long each: the thigh is as thick
    // as a one-bone thigh, not half as thick, and tapers once over its whole length rather than
    // once per bone (a string of beads).
    struct Thigh {
        float atHip = 0.0f, atMiddle = 0.0f, atKnee = 0.0f;
        float secondStart = 0.0f; // where the second bone of a split thigh starts
    };
    const auto legs = [](bool split) {
        test::BvhTextBuilder b;
        const int hips = b.add("Hips", -1, {0, 100, 0});
        const int spine = b.add("Spine", hips, {0, 30, 0});
        const int neck = b.add("Neck", spine, {0, 25, 0});
        b.endSite(b.add("Head", neck, {0, 10, 0}), {0, 22, 0});
        for (const double side : {1.0, -1.0}) {
            const std::string s = side > 0 ? ".L" : ".R";
            int knee = b.add("upperleg01" + s, hips, {side * 10, -5, 0});
            if (split) {
                knee = b.add("upperleg02" + s, knee, {0, -22, 0});
            }
            const int shin = b.add("lowerleg01" + s, knee, {0, split ? -22.0 : -44.0, 0});
            b.endSite(b.add("foot" + s, shin, {0, -44, 0}), {0, -4, 12});
        }
        const Skeleton skeleton = parseDocument(b.text()).skeleton;
        const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
        const auto node = [&](const char* name) {
            return static_cast<NodeIndex>(
                std::find(skeleton.names.begin(), skeleton.names.end(), name) -
                skeleton.names.begin());
        };
        // The thigh's round cones, from the hip joint (upperleg01.L) down to lowerleg01.L.
        Thigh thigh;
        for (const BodyVolume& volume : figure.volumes) {
            if (volume.shape != BodyVolume::Shape::RoundCone) {
                continue;
            }
            if (volume.joint == node("upperleg01.L")) {
                thigh.atHip = volume.radiusA;
                thigh.atMiddle = volume.radiusB;
            }
            if (volume.radiusNode == node("lowerleg01.L")) {
                thigh.atKnee = volume.radiusB;
                thigh.secondStart = volume.radiusA;
            }
        }
        return thigh;
    };
    const Thigh whole = legs(false);
    const Thigh split = legs(true);
    EXPECT_GT(whole.atHip, 0.04f);
    EXPECT_NEAR(split.atHip, whole.atHip, 1e-5f);
    EXPECT_NEAR(split.atKnee, whole.atKnee, 1e-5f);
    // Where upperleg02 starts, the split thigh is between its hip's and knee's radii.
    EXPECT_LT(split.atMiddle, split.atHip - 1e-4f);
    EXPECT_GT(split.atMiddle, split.atKnee + 1e-4f);
    // ... and upperleg02 goes on from there: no bead.
    EXPECT_NEAR(split.secondStart, split.atMiddle, 1e-5f);
}

TEST(BodyShape, ArmsAreAsThickAsAPersonsAtTheShoulderAndElbow) {
    // test::mixamoBiped spans 187.2 cm across its fingertips (its largest extent). An arm's
    // radius at its top is 0.25 of the upper arm's 28 cm (7 cm), under the cap of 0.042 of the
    // figure; at the elbow, where the forearm is fullest, kElbowShare (0.97) of the forearm's
    // 0.22 of its 25 cm (5.5 cm): 5.335 cm.
    const Skeleton skeleton = parseDocument(test::mixamoBipedText()).skeleton;
    const BodyResult result = buildBody(skeleton, BodyOptions{});
    ASSERT_NE(result.mesh, nullptr) << result.message;
    const auto radiusOfBoneTo = [&](const char* name) {
        return result.mesh->nodeRadii[static_cast<std::size_t>(skeleton.find(name))];
    };
    EXPECT_NEAR(radiusOfBoneTo("mixamorig:LeftForeArm"), 7.0f, 0.01f);
    EXPECT_NEAR(radiusOfBoneTo("mixamorig:LeftHand"), 5.335f, 0.01f);
}

TEST(BodyShape, FeetRestOnTheGroundInsteadOfSinkingIntoIt) {
    const Skeleton skeleton = parseDocument(armsDownBipedText()).skeleton;
    const BodyResult result = buildBody(skeleton, BodyOptions{});
    ASSERT_NE(result.mesh, nullptr) << result.message;
    // The lowest joints, the feet's End Sites, are at y = 1 cm (100 - 6 - 44 - 42 - 7): the
    // soles reach down to them, within half a grid cell (about 1.3 cm here), not below.
    EXPECT_GT(result.mesh->boundsMin.y, 1.0f - 1.0f);
    EXPECT_LT(result.mesh->boundsMin.y, 1.0f + 2.0f);
}

} // namespace
} // namespace bvh
