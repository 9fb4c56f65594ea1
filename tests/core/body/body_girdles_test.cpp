// Shoulders, hips and limb ends (issue 38): a deltoid over each shoulder and a hip's mass over
// each hip joint, wider than the limb they start; a forearm that keeps a wrist before a hand
// bone that is only a marker, and that hand a hand long; a foot raised in the bind pose keeps its
// sole under its ankle.
#include "core/body/body_builder.h"
#include "core/body/body_figure.h"
#include "core/body/body_girdles.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/body/body_test_skeletons.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

namespace bvh {
namespace {

NodeIndex nodeNamed(const Skeleton& skeleton, const std::string& name) {
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        if (skeleton.names[i] == name && skeleton.isEndSite[i] == 0) {
            return static_cast<NodeIndex>(i);
        }
    }
    ADD_FAILURE() << "no joint " << name;
    return kNoParent;
}

// The volume of the bone from `from` to `to`.
const BodyVolume* boneVolume(const BodyFigure& figure, NodeIndex from, NodeIndex to) {
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.shape != BodyVolume::Shape::Ellipsoid && volume.joint == from &&
            volume.radiusNode == to) {
            return &volume;
        }
    }
    return nullptr;
}

glm::vec3 normalised(const BodyFigure& figure, NodeIndex node) {
    return glm::vec3(
        (figure.bindWorld[static_cast<std::size_t>(node)].translation - figure.centre) /
        figure.size);
}

TEST(BodyGirdles, ADeltoidIsAnEllipsoidAlongTheArmOverTheShoulder) {
    // Half-length min(0.07, 0.35 * 0.3) = 0.07, radius 0.06, centred 0.35 * 0.07 down the arm.
    const BodyVolume deltoid = makeDeltoid(glm::vec3(0.0f), glm::vec3(0.3f, 0.0f, 0.0f), 1.0f);
    ASSERT_EQ(deltoid.shape, BodyVolume::Shape::Ellipsoid);
    EXPECT_NEAR(deltoid.a.x, 0.35f * 0.07f, 1e-6f);
    EXPECT_NEAR(deltoid.radii.x, 0.07f, 1e-6f);
    EXPECT_NEAR(deltoid.radii.y, 0.06f, 1e-6f);
    EXPECT_NEAR(signedDistance(deltoid, glm::vec3(0.35f * 0.07f, 0.06f, 0.0f)), 0.0f, 1e-6f);
    // A short arm (0.1) keeps a small one: at most 0.035 long and as thick.
    const BodyVolume small = makeDeltoid(glm::vec3(0.0f), glm::vec3(0.1f, 0.0f, 0.0f), 1.0f);
    EXPECT_NEAR(small.radii.x, 0.035f, 1e-6f);
    EXPECT_NEAR(small.radii.y, 0.035f, 1e-6f);
}

TEST(BodyGirdles, AHipsMassSitsBehindTheHipJoint) {
    // Along -Y (a thigh hanging), radius 0.08, 0.25 * 0.08 behind a figure facing +Z.
    const BodyVolume hip = makeHipMass(glm::vec3(0.0f), glm::vec3(0.0f, -0.4f, 0.0f),
                                       glm::vec3(0.0f, 0.0f, 1.0f), 1.0f);
    EXPECT_NEAR(hip.a.z, -0.02f, 1e-6f);
    EXPECT_NEAR(hip.a.y, -0.35f * 0.09f, 1e-6f);
    EXPECT_NEAR(hip.radii.y, 0.08f, 1e-6f);
}

// On a Mixamo-style biped: each upper arm and thigh gets an ellipsoid of its own at its root,
// thicker than the limb's cone starts, moving with the limb.
TEST(BodyGirdles, EveryBipedsShouldersAndHipsGetShapesWiderThanTheLimb) {
    const Skeleton skeleton = parseDocument(test::mixamoBipedText()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    for (const std::string side : {"Left", "Right"}) {
        for (const bool arm : {true, false}) {
            const NodeIndex root =
                nodeNamed(skeleton, "mixamorig:" + side + (arm ? "Arm" : "UpLeg"));
            const NodeIndex next =
                nodeNamed(skeleton, "mixamorig:" + side + (arm ? "ForeArm" : "Leg"));
            const BodyVolume* limb = boneVolume(figure, root, next);
            ASSERT_NE(limb, nullptr) << side << arm;
            const BodyVolume* shape = nullptr;
            for (const BodyVolume& volume : figure.volumes) {
                if (volume.shape == BodyVolume::Shape::Ellipsoid && volume.radiusNode == root) {
                    shape = &volume;
                }
            }
            ASSERT_NE(shape, nullptr) << side << (arm ? " shoulder" : " hip") << ": no shape";
            EXPECT_GT(std::min(shape->radii.y, shape->radii.z), limb->radiusA);
            EXPECT_LT(glm::length(shape->a - normalised(figure, root)), shape->radii.x);
            EXPECT_EQ(shape->joint, root);
        }
    }
}

TEST(BodyFigureEnds, AForearmKeepsAWristBeforeAMarkerHand) {
    // The hands' End Sites a centimetre below the wrists (Bandai Namco's).
    const Skeleton skeleton = parseDocument(test::armsDownBiped(21.0, 1.0).text()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    const NodeIndex forearm = nodeNamed(skeleton, "LeftForeArm");
    const NodeIndex hand = nodeNamed(skeleton, "LeftHand");
    const BodyVolume* lower = boneVolume(figure, forearm, hand);
    ASSERT_NE(lower, nullptr);
    EXPECT_GE(lower->radiusB, 0.59f * lower->radiusA);
    const BodyVolume* palm = nullptr;
    for (const BodyVolume& volume : figure.volumes) {
        palm = volume.joint == hand ? &volume : palm;
    }
    ASSERT_NE(palm, nullptr);
    // A hand 0.09 of the figure's height long, along the marker (down).
    EXPECT_NEAR(glm::length(palm->b - palm->a), 0.09f, 1e-4f);
    EXPECT_LT(palm->b.y, palm->a.y);
}

// Standing on the right foot, the left thigh held forward level, the shin hanging: the left
// ankle 51 cm above the ground. The foot's End Sites lie straight below the ankles, so each foot
// gets a sole.
std::string oneFootRaisedText() {
    test::BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 100, 0});
    const int spine = b.add("Spine", hips, {0, 25, 0});
    const int chest = b.add("Chest", spine, {0, 20, 0});
    const int neck = b.add("Neck", chest, {0, 17, 0});
    const int head = b.add("Head", neck, {0, 10, 2});
    b.endSite(head, {0, 21, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Left" : "Right";
        const int shoulder = b.add(prefix + "Shoulder", chest, {side * 6, 10, 0});
        const int arm = b.add(prefix + "Arm", shoulder, {side * 12, 0, 0});
        const int forearm = b.add(prefix + "ForeArm", arm, {side * 28, 0, 0});
        const int hand = b.add(prefix + "Hand", forearm, {side * 25, 0, 0});
        b.endSite(hand, {side * 18, 0, 0});
        const int upLeg = b.add(prefix + "UpLeg", hips, {side * 9, -6, 0});
        const int leg =
            b.add(prefix + "Leg", upLeg, side > 0 ? glm::dvec3(0, 0, 44) : glm::dvec3(0, -44, 0));
        const int foot = b.add(prefix + "Foot", leg, {0, -42, 0});
        b.endSite(foot, {0, -7, 0});
    }
    return b.text();
}

TEST(BodyFigureEnds, ARaisedFootKeepsItsSoleUnderItsAnkle) {
    const Skeleton skeleton = parseDocument(oneFootRaisedText()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    for (const std::string side : {"Left", "Right"}) {
        const NodeIndex foot = nodeNamed(skeleton, side + "Foot");
        const glm::vec3 ankle = normalised(figure, foot);
        std::size_t soles = 0;
        for (const BodyVolume& volume : figure.volumes) {
            if (volume.joint != foot) {
                continue;
            }
            ++soles;
            // No deeper than an ankle is tall (0.05), forward by a foot's length (0.09).
            EXPECT_LT(glm::length(volume.a - ankle), 0.06f) << side;
            EXPECT_LT(glm::length(volume.b - ankle), 0.11f) << side;
        }
        EXPECT_GE(soles, 1u) << side;
    }
}

// test::crab: a body 35 above the ground, eight legs leaving it to knees 70 to each side (spread
// 90 along Z), 240 wide in all (the figure's size).
TEST(BodyGirdles, ACrabGetsAFlattenedShellOverItsLegRootsAndEvenLegs) {
    const Skeleton skeleton = parseDocument(test::creatureFile(test::crab(0.5), {}).text).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    std::vector<const BodyVolume*> shells;
    std::vector<const BodyVolume*> legs;
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.shape == BodyVolume::Shape::Ellipsoid && volume.joint == 0) {
            shells.push_back(&volume);
        } else if (volume.joint == 0) {
            legs.push_back(&volume);
        }
    }
    ASSERT_EQ(shells.size(), 1u);
    ASSERT_EQ(legs.size(), 8u); // the eyes' bone lies in the shell
    const BodyVolume& shell = *shells[0];
    // Flattened: its vertical semi-axis (the third, along +Y) well under its two horizontal ones.
    EXPECT_NEAR(std::abs(shell.axes[1][2]), 1.0f, 1e-4f); // axes[column][row]
    EXPECT_LT(shell.radii.z, 0.7f * std::min(shell.radii.x, shell.radii.y));
    // Reaching about half way (0.55) to the knees across: 0.55 * 70 / 240 of the figure.
    EXPECT_NEAR(std::max(shell.radii.x, shell.radii.y), 0.55f * 70.0f / 240.0f, 0.02f);
    // Every leg as thick as the others, and far thinner than a trunk (0.082 of the figure).
    for (const BodyVolume* leg : legs) {
        EXPECT_FLOAT_EQ(leg->radiusA, legs[0]->radiusA);
        EXPECT_FLOAT_EQ(leg->radiusB, legs[0]->radiusB);
        EXPECT_EQ(leg->shape, BodyVolume::Shape::RoundCone);
        EXPECT_LT(leg->radiusA, 0.05f);
    }
}

// test::quadruped, an elephant with no anatomical names: b0 (pelvis) to b1 (chest) is its
// barrel, b1 to b2 to b3 its neck, b3 its skull, the bone from b3 to the End Site its trunk, and
// b7 to b18 its legs (three nodes each: hip, foot, End Site).
TEST(BodyFigureUnnamed, AQuadrupedGetsAHeadOnItsNeckAndATrunkApartFromItsLegs) {
    const Skeleton skeleton =
        parseDocument(test::creatureFile(test::quadruped(1.0), {}).text).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    const NodeIndex skull = nodeNamed(skeleton, "b3");
    const BodyVolume* head = nullptr;
    for (const BodyVolume& volume : figure.volumes) {
        head =
            volume.shape == BodyVolume::Shape::Ellipsoid && volume.joint == skull ? &volume : head;
    }
    ASSERT_NE(head, nullptr);
    // 1.3 times the barrel's 0.11 long, wider than the neck (0.035).
    EXPECT_NEAR(head->radii.x, 0.55f * 1.3f * 0.11f, 1e-5f);
    EXPECT_GT(head->radii.y, 1.5f * 0.035f);
    const BodyResult body = buildBody(skeleton, BodyOptions{});
    ASSERT_NE(body.mesh, nullptr) << body.message;
    // A leg's bones move from its hip and foot nodes (b7, b8, b10, b11...): no vertex of the head
    // or the trunk follows them.
    std::vector<NodeIndex> legs;
    for (const int hip : {7, 10, 13, 16}) {
        legs.push_back(nodeNamed(skeleton, "b" + std::to_string(hip)));
        legs.push_back(nodeNamed(skeleton, "b" + std::to_string(hip + 1)));
    }
    std::size_t trunkVertices = 0;
    for (const BodyVertex& vertex : body.mesh->vertices) {
        bool onTrunk = false;
        for (std::size_t k = 0; k < 4; ++k) {
            onTrunk = onTrunk || (vertex.weights[k] > 0.0f && vertex.joints[k] == skull);
        }
        if (!onTrunk) {
            continue;
        }
        ++trunkVertices;
        for (std::size_t k = 0; k < 4; ++k) {
            if (vertex.weights[k] > 0.0f) {
                EXPECT_EQ(
                    std::find(legs.begin(), legs.end(), static_cast<NodeIndex>(vertex.joints[k])),
                    legs.end())
                    << "a head or trunk vertex weighted to a leg's node " << vertex.joints[k];
            }
        }
    }
    EXPECT_GT(trunkVertices, 100u);
}

} // namespace
} // namespace bvh
