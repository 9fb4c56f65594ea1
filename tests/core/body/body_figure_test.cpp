// The figure's volumes (core/body/body_figure.cpp, issue 38): a forearm that keeps a wrist before
// a hand bone that is only a marker, and that hand a hand long; a foot raised in the bind pose
// keeps its sole under its ankle; an unnamed quadruped's neck, head and trunk, its neck and tail
// sized from its barrel; arms and legs, whole or split into bones along one line, that taper
// without a bead at the knee or the elbow.
#include "core/body/body_builder.h"
#include "core/body/body_figure.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_limb_profiles.h"
#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

using test::boneVolume;
using test::nodeNamed;
using test::normalised;

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
    // As thick as a hand that long: the Hand role's cap, 0.025 of the figure (0.35 of 0.09 above).
    EXPECT_NEAR(palm->radiusA, 0.025f, 1e-5f);
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
    // 0.45 times as long as the barrel bone (b0 to b1), wider than a human's neck (0.035).
    const float barrelLength = glm::length(normalised(figure, nodeNamed(skeleton, "b1")) -
                                           normalised(figure, nodeNamed(skeleton, "b0")));
    EXPECT_NEAR(head->radii.x, 0.5f * 0.45f * barrelLength, 1e-5f);
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

TEST(BodyFigureUnnamed, AQuadrupedsNeckAndTailAreSizedFromItsBarrel) {
    // b0 the pelvis, b1 the chest (the barrel between them), b2 and b3 the neck to the skull, b5
    // the tail from the pelvis (test::quadruped).
    const Skeleton skeleton =
        parseDocument(test::creatureFile(test::quadruped(1.0), {}).text).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    const NodeIndex pelvis = nodeNamed(skeleton, "b0");
    const NodeIndex chest = nodeNamed(skeleton, "b1");
    const NodeIndex neck = nodeNamed(skeleton, "b2");
    const NodeIndex skull = nodeNamed(skeleton, "b3");
    const BodyVolume* barrel = boneVolume(figure, pelvis, chest);
    const BodyVolume* neckRoot = boneVolume(figure, chest, neck);
    const BodyVolume* neckTop = boneVolume(figure, neck, skull);
    ASSERT_NE(barrel, nullptr);
    ASSERT_NE(neckRoot, nullptr);
    ASSERT_NE(neckTop, nullptr);
    const float girth = barrel->radiusA;
    // The head 0.45 of the barrel bone long and 0.6 of that high; the neck leaves the barrel
    // 0.45 as thick (or half the head's height) and narrows to 0.75 of the head's half-height
    // at the head, a taper without a step at the joint between its bones.
    const float barrelLength =
        glm::length(test::normalised(figure, chest) - test::normalised(figure, pelvis));
    const float halfHeight = 0.3f * 0.45f * barrelLength;
    EXPECT_NEAR(neckRoot->radiusA, std::max(0.45f * girth, halfHeight), 1e-4f);
    EXPECT_NEAR(neckTop->radiusB, 0.75f * halfHeight, 1e-4f);
    EXPECT_NEAR(neckRoot->radiusB, neckTop->radiusA, 1e-5f);
    EXPECT_GT(neckTop->radiusA, neckTop->radiusB);
    // The head stays wider than the neck it sits on.
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.shape == BodyVolume::Shape::Ellipsoid && volume.joint == skull) {
            EXPECT_GT(std::min(volume.radii.y, volume.radii.z), neckTop->radiusB);
        }
    }
    // The tail leaves the barrel 0.15 as thick and tapers to 0.05 of it at its tip.
    const NodeIndex tail = nodeNamed(skeleton, "b5");
    const BodyVolume* tailRoot = boneVolume(figure, pelvis, tail);
    ASSERT_NE(tailRoot, nullptr);
    EXPECT_NEAR(tailRoot->radiusA, 0.15f * girth, 1e-4f);
    float tip = tailRoot->radiusB;
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.joint == tail && volume.shape == BodyVolume::Shape::RoundCone) {
            tip = volume.radiusB;
        }
    }
    EXPECT_NEAR(tip, 0.05f * girth, 1e-4f);
}

TEST(BodyFigure, SiblingBonesToOnePointInsideTheTrunkMakeNoVolumeAndWhatLeavesItJoins) {
    // MakeHuman's root has three bones to one point (pelvis.L, pelvis.R, spine05): three
    // coincident volumes sank the smooth union there (a bulge), and the spine and each thigh
    // blended with one of them only (a fold where the others met them). One volume for the three
    // stood out behind the hips (ABoneAcrossTheTrunkBehindTheSpinesBaseMakesNoButtockOfItsOwn).
    const Skeleton skeleton = parseDocument(test::shortSpineBiped().text()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    const NodeIndex root = test::nodeNamed(skeleton, "root");
    std::vector<const BodyVolume*> fromRoot;
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.joint == root && volume.shape != BodyVolume::Shape::Ellipsoid) {
            fromRoot.push_back(&volume);
        }
    }
    // Those bones lie inside the trunk (crossesInsideTrunk): none makes a volume. The bones
    // from that point on (the spine's first, each pelvis bone to its thigh) make one each, and
    // blend with each other.
    EXPECT_TRUE(fromRoot.empty());
    std::vector<const BodyVolume*> fromPelvis;
    for (const char* name : {"spine04", "upperleg01.L", "upperleg01.R"}) {
        const NodeIndex node = test::nodeNamed(skeleton, name);
        const auto bone = std::find_if(
            figure.volumes.begin(), figure.volumes.end(), [&](const BodyVolume& volume) {
                return volume.radiusNode == node && volume.shape != BodyVolume::Shape::Ellipsoid;
            });
        ASSERT_NE(bone, figure.volumes.end()) << name;
        fromPelvis.push_back(&*bone);
    }
    EXPECT_TRUE(areHierarchyNeighbours(*fromPelvis[0], *fromPelvis[1]));
    EXPECT_TRUE(areHierarchyNeighbours(*fromPelvis[0], *fromPelvis[2]));
}

// How far behind the plane z = `z` the body reaches at its farthest over heights `low` to `high`
// (file units), through the line x = 0, z = `z`.
float farthestBehind(const test::PlannedFigure& planned, double low, double high, double z) {
    const float gap = kBodyGapInCells * planned.grid.cell;
    float farthest = 0.0f;
    for (int step = 0; step <= 32; ++step) {
        const double y = low + (high - low) * step / 32.0;
        const glm::vec3 centre((glm::dvec3(0.0, y, z) - planned.figure.centre) /
                               planned.figure.size);
        const float behind = test::firstExit(planned.figure, planned.all, gap, centre,
                                             glm::vec3(0.0f, 0.0f, -1.0f), 0.4f);
        farthest = std::max(farthest, behind * static_cast<float>(planned.figure.size));
    }
    return farthest;
}

TEST(BodyFigure, ABoneAcrossTheTrunkBehindTheSpinesBaseMakesNoButtockOfItsOwn) {
    // MakeHuman's root lies 7.9 cm behind its spine's base (spine05 at z = 7.9, the toes towards
    // +z). Its bones to the pelvis, sized as the trunk and lying backwards, stood out behind the
    // hips as a ball (from behind, a nappy): the hips reached 20.8 cm behind the spine's base,
    // farther back than the chest's back (20.4 cm, through spine01 at z = 4.7). A person's
    // buttocks are about as far back as the shoulder blades, not beyond them (18.2 cm now).
    const test::PlannedFigure planned = test::planFigure(test::shortSpineBiped().text());
    const float hips = farthestBehind(planned, 89.0, 105.0, 7.9);
    const float chest = farthestBehind(planned, 118.0, 132.0, 4.7) + (7.9f - 4.7f);
    RecordProperty("hips behind the spine's base (cm)", std::to_string(hips));
    RecordProperty("chest's back behind the spine's base (cm)", std::to_string(chest));
    EXPECT_LT(hips, chest) << hips << " cm behind the spine's base, the chest " << chest;
}

// A limb split into bones along one line is one run from its first joint (BodyVolume::
// runStartJoint): MakeHuman's upperleg02, upperarm02 and lowerarm02 continue the bone before them.
// A knee or an elbow (another role) and a bone across the pelvis to the thigh start their own.
TEST(BodyFigureRuns, BonesAlongOneLineOfOneLimbShareTheRunsStart) {
    const Skeleton skeleton = parseDocument(test::shortSpineBiped(0.2, 0.3, 0.5).text()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    const auto volume = [&](const std::string& from, const std::string& to) {
        const BodyVolume* found =
            boneVolume(figure, nodeNamed(skeleton, from), nodeNamed(skeleton, to));
        EXPECT_NE(found, nullptr) << from << " to " << to;
        return found == nullptr ? BodyVolume{} : *found;
    };
    const BodyVolume thigh = volume("upperleg01.L", "upperleg02.L");
    const BodyVolume thighRest = volume("upperleg02.L", "lowerleg01.L");
    EXPECT_NE(thighRest.startJoint, thigh.startJoint);
    EXPECT_EQ(runStart(thighRest), thigh.startJoint);
    EXPECT_EQ(runStart(thigh), thigh.startJoint);
    const BodyVolume shin = volume("lowerleg01.L", "foot.L");
    EXPECT_EQ(runStart(shin), shin.startJoint);
    const BodyVolume arm = volume("upperarm01.R", "upperarm02.R");
    EXPECT_EQ(runStart(volume("upperarm02.R", "lowerarm01.R")), arm.startJoint);
    const BodyVolume forearm = volume("lowerarm01.R", "lowerarm02.R");
    EXPECT_EQ(runStart(forearm), forearm.startJoint);
    EXPECT_EQ(runStart(volume("lowerarm02.R", "wrist.R")), forearm.startJoint);
}

// A MakeHuman-like biped's left arm and leg, whole and split into bones along one line
// (upperarm02, lowerarm02, upperleg02), straight at rest: measured every 2 mm round each bone's
// line (body_limb_profiles.h), an arm only narrows from the middle of its upper arm (below the
// deltoid) through the elbow to the wrist, a leg from the middle of its thigh (below the hip's
// mass) through the knee to the ankle (up to where the hand's and the foot's volumes begin), one
// tapering limb. Before limbs61, the thigh ended 50 mm thick against the shin's 56.5 mm start: a
// collar rising 3.2 mm (3.6 split) before the knee; before limbs68, the forearm and the shin each
// bulged below a joint pinched to the upper limb's thin end (the shin rose 9 mm from the knee to
// the calf, a ring round the calf where the bulge's two cones met), a string of beads.
//
// The thigh tapers from kThighFullTo of its run, steeper than from its top, and its round cone
// meets the knee's sphere 0.55 mm under the shin's start (the bound was 0.5 mm): a person's
// knee is no thinner than the thigh above it. 0.6 mm still fails both the collar and the beads.
TEST(BodyFigureRuns, ArmsAndLegsWholeOrSplitTaperWithoutBeads) {
    constexpr float kTolerance = 0.6f; // mm
    struct Limb {
        const char* top;
        const char* joint;
        const char* end;
        float lowerLast; // of the lower bone's way, before the hand or foot
    };
    const Limb limbs[] = {{"upperarm01.L", "lowerarm01.L", "wrist.L", 0.75f},
                          {"upperleg01.L", "lowerleg01.L", "foot.L", 0.85f}};
    for (const glm::dvec3 split :
         {glm::dvec3(0.0), glm::dvec3(0.3, 0.45, 0.5), glm::dvec3(0.2, 0.3, 0.5)}) {
        const test::PlannedFigure planned =
            test::planFigure(test::shortSpineBiped(split.x, split.y, split.z).text());
        for (const Limb& limb : limbs) {
            SCOPED_TRACE(std::string(limb.top) + ", split " + std::to_string(split.x) + " " +
                         std::to_string(split.y) + " " + std::to_string(split.z));
            std::vector<float> radii =
                test::limbRadiiMillimetres(planned, limb.top, limb.joint, 0.5f, 1.0f);
            const std::vector<float> lower =
                test::limbRadiiMillimetres(planned, limb.joint, limb.end, 0.0f, limb.lowerLast);
            radii.insert(radii.end(), lower.begin(), lower.end());
            EXPECT_LT(test::largestRise(radii), kTolerance);
        }
    }
}

} // namespace
} // namespace bvh
