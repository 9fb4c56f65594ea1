// Quadrupeds and many-legged rigs shaped like the animal (core/body/body_figure_unnamed.cpp,
// issue 38): an unnamed quadruped's barrel as deep as its legs allow, a head of a head's size
// for its body's length on a neck, a trunk that stays apart from its legs and the ground, legs
// that taper; a crab's and a spider's shell spanning their legs' roots, legs as thick as their
// length makes them, claws thicker. On generated rigs (body_animal_skeletons.h,
// creature_clips.h), whose joints are placed in centimetres in the comments below.
#include "core/body/body_figure.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/body/body_animal_skeletons.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh {
namespace {

using test::nodeNamed;
using test::normalised;

std::string quadrupedText() {
    return test::creatureFile(test::quadruped(1.0), {}).text;
}

// test::crab with no names: node i is "n<i>" (the body n0, its legs' first joints n3, n6 ... n24).
std::string unnamedCrabText() {
    test::Creature crab = test::crab(0.5);
    for (std::size_t i = 0; i < crab.nodes.size(); ++i) {
        crab.nodes[i].name = crab.nodes[i].endSite ? crab.nodes[i].name : "n" + std::to_string(i);
    }
    return test::creatureFile(crab, {}).text;
}

const BodyVolume* ellipsoidAt(const BodyFigure& figure, NodeIndex joint) {
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.shape == BodyVolume::Shape::Ellipsoid && volume.joint == joint) {
            return &volume;
        }
    }
    return nullptr;
}

// The round cones of the chain of single bones that starts with the bone to `first`, in order.
std::vector<const BodyVolume*> chainVolumes(const Skeleton& skeleton, const BodyFigure& figure,
                                            NodeIndex first) {
    std::vector<const BodyVolume*> chain;
    for (NodeIndex node = first; node != kNoParent;) {
        const BodyVolume* bone = test::boneVolume(figure, skeleton.parents[node], node);
        if (bone != nullptr) {
            chain.push_back(bone);
        }
        NodeIndex next = kNoParent;
        for (std::size_t c = static_cast<std::size_t>(node) + 1; c < skeleton.nodeCount(); ++c) {
            next = skeleton.parents[c] == node ? static_cast<NodeIndex>(c) : next;
        }
        node = next;
    }
    return chain;
}

// The body's depth (up and down) and width (across, along X) through `centre` (normalised).
struct Girth {
    float depth;
    float width;
};

Girth girthAt(const test::PlannedFigure& planned, const glm::vec3& centre) {
    return {test::surfaceReach(planned, centre, {0, 1, 0}) +
                test::surfaceReach(planned, centre, {0, -1, 0}),
            test::surfaceReach(planned, centre, {1, 0, 0}) +
                test::surfaceReach(planned, centre, {-1, 0, 0})};
}

// test::quadruped (an elephant 300 long): b0 the pelvis (0, 150, 0), b1 the chest (0, 155, 150),
// the front hips 140 up. test::unnamedElephant: j0 the pelvis (0, 190, 0), j1 the chest
// (0, 200, 150), the front hips 150 up. A barrel about three quarters as deep as the front legs
// are long (a thin tube before: 66 of 140), about as wide as deep.
TEST(BodyFigureUnnamed, AQuadrupedsBarrelIsAsDeepAsItsLegsAreLong) {
    struct Case {
        std::string text;
        const char* pelvis;
        const char* chest;
        float frontLeg; // the front hips' height, centimetres
    };
    for (const Case& rig : {Case{quadrupedText(), "b0", "b1", 140.0f},
                            Case{test::unnamedElephant().text(), "j0", "j1", 150.0f}}) {
        const test::PlannedFigure planned = test::planFigure(rig.text);
        const NodeIndex pelvis = nodeNamed(planned.skeleton, rig.pelvis);
        const NodeIndex chest = nodeNamed(planned.skeleton, rig.chest);
        const glm::vec3 middle =
            0.5f * (normalised(planned.figure, pelvis) + normalised(planned.figure, chest));
        const Girth girth = girthAt(planned, middle);
        const float leg = rig.frontLeg / static_cast<float>(planned.figure.size);
        EXPECT_GT(girth.depth, 0.6f * leg) << rig.pelvis;
        EXPECT_LT(girth.depth, 1.1f * leg) << rig.pelvis;
        EXPECT_GT(girth.width, 0.8f * girth.depth) << rig.pelvis;
    }
}

// The head on the skull joint (b3; the elephant's j3, above its trunk), 0.45 of the barrel
// bone's length long and longer than it is high: a head, not a ball as large as the chest (0.31
// of the barrel's length and 1.2 times as long as high before; the elephant's head sat at its
// trunk's end).
TEST(BodyFigureUnnamed, AQuadrupedsHeadIsSizedByItsBodysLength) {
    struct Case {
        std::string text;
        const char* pelvis;
        const char* chest;
        const char* skull;
    };
    for (const Case& rig : {Case{quadrupedText(), "b0", "b1", "b3"},
                            Case{test::unnamedElephant().text(), "j0", "j1", "j3"}}) {
        const Skeleton skeleton = parseDocument(rig.text).skeleton;
        const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
        ASSERT_TRUE(figure.problem.empty()) << figure.problem;
        const BodyVolume* head = ellipsoidAt(figure, nodeNamed(skeleton, rig.skull));
        ASSERT_NE(head, nullptr) << rig.skull;
        const float body = glm::length(normalised(figure, nodeNamed(skeleton, rig.chest)) -
                                       normalised(figure, nodeNamed(skeleton, rig.pelvis)));
        EXPECT_GT(2.0f * head->radii.x, 0.4f * body) << rig.skull;
        EXPECT_LT(2.0f * head->radii.x, 0.6f * body) << rig.skull;
        EXPECT_GT(head->radii.x, 1.5f * std::max(head->radii.y, head->radii.z)) << rig.skull;
    }
}

// The elephant's trunk hangs from its skull (0, 240, 205) through (0, 110, 230) to its tip
// (0, 45, 230); its front legs stand at x = +-35, z = 150. Half way between the trunk and the
// left front leg, and half way down from the trunk's tip to the ground, lie outside the body
// (a bar from the trunk to a leg and the ground before). The trunk is thin: a third of the
// barrel's radius or less where it leaves the head.
TEST(BodyFigureUnnamed, AnElephantsTrunkStaysApartFromItsLegsAndTheGround) {
    const test::PlannedFigure planned = test::planFigure(test::unnamedElephant().text());
    EXPECT_GT(test::fieldAtCentimetres(planned, {17.5f, 110.0f, 190.0f}), 0.0f);
    EXPECT_GT(test::fieldAtCentimetres(planned, {0.0f, 22.0f, 230.0f}), 0.0f);
    const Skeleton& skeleton = planned.skeleton;
    const BodyVolume* barrel =
        test::boneVolume(planned.figure, nodeNamed(skeleton, "j0"), nodeNamed(skeleton, "j1"));
    const BodyVolume* trunk =
        test::boneVolume(planned.figure, nodeNamed(skeleton, "j3"), nodeNamed(skeleton, "j4"));
    ASSERT_NE(barrel, nullptr);
    ASSERT_NE(trunk, nullptr);
    EXPECT_LT(trunk->radiusA, barrel->radiusA / 3.0f);
    EXPECT_LT(trunk->radiusB, trunk->radiusA);
}

// test::quadruped's legs (b7 to b18: hip, foot, End Site, from the pelvis or the chest) and the
// elephant's (three bones each): each thickest at the top and tapering bone by bone to the foot
// (a thin bone from the pelvis to the hip under a spindle before), all four alike.
TEST(BodyFigureUnnamed, AQuadrupedsLegsTaperAndMatch) {
    struct Case {
        std::string text;
        std::vector<std::string> legs; // each leg's first joint
    };
    for (const Case& rig : {Case{quadrupedText(), {"b7", "b10", "b13", "b16"}},
                            Case{test::unnamedElephant().text(), {"j11", "j14", "j17", "j20"}}}) {
        const Skeleton skeleton = parseDocument(rig.text).skeleton;
        const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
        ASSERT_TRUE(figure.problem.empty()) << figure.problem;
        std::vector<float> tops;
        for (const std::string& first : rig.legs) {
            const std::vector<const BodyVolume*> leg =
                chainVolumes(skeleton, figure, nodeNamed(skeleton, first));
            ASSERT_GE(leg.size(), 2u) << first;
            EXPECT_GT(leg.front()->radiusA, 1.6f * leg.back()->radiusB) << first;
            for (std::size_t k = 0; k < leg.size(); ++k) { // thickest at the top
                EXPECT_GE(leg[k]->radiusA, leg[k]->radiusB) << first << " bone " << k;
                if (k + 1 < leg.size()) {
                    EXPECT_GE(leg[k]->radiusB + 1e-6f, leg[k + 1]->radiusA) << first << " " << k;
                }
            }
            tops.push_back(leg.front()->radiusA);
        }
        EXPECT_LT(*std::max_element(tops.begin(), tops.end()),
                  1.2f * *std::min_element(tops.begin(), tops.end()));
    }
}

// Where a leg leaves the barrel the body is one piece: test::quadruped's front left leg (its hip
// b7 at (30, 140, 150), 10 below the chest and inside the barrel) has no crease round its top.
// On lines straight up its sides, 0.6 of its radius off its axis (ahead, behind and outside),
// from 40 below the hip into the barrel, every point lies inside the body; a gap kept between the
// barrel and the leg's bone below the hip (not neighbours) cut a notch there before.
TEST(BodyFigureUnnamed, AQuadrupedsLegLeavesItsBarrelWithoutACrease) {
    const test::PlannedFigure planned = test::planFigure(quadrupedText());
    const NodeIndex hip = nodeNamed(planned.skeleton, "b7");
    const BodyVolume* leg =
        test::boneVolume(planned.figure, hip, nodeNamed(planned.skeleton, "b8"));
    ASSERT_NE(leg, nullptr);
    const glm::vec3 top = normalised(planned.figure, hip);
    const float gap = kBodyGapInCells * planned.grid.cell;
    const float below = 40.0f / static_cast<float>(planned.figure.size);
    for (const glm::vec3 side : {glm::vec3(1, 0, 0), glm::vec3(0, 0, 1), glm::vec3(0, 0, -1)}) {
        float most = -1.0f;
        for (int step = 0; step <= 100; ++step) {
            const glm::vec3 p =
                top + side * (0.6f * leg->radiusA) +
                glm::vec3(0, 1, 0) * (below * (0.01f * static_cast<float>(step) - 1.0f) * 1.5f);
            most = std::max(
                most, bodyDistance(planned.figure.volumes, planned.all, p, kBodyFarOutside, gap));
        }
        EXPECT_LT(most, 0.0f) << side.x << " " << side.z;
    }
}

// A many-legged body's legs (named, or unnamed chains to the ground: the unnamed crab's were
// sized by the figure's leaves before), each as thick as its length makes it (at most 0.05 of it:
// test::crab's were planks 0.06 of their length thick, the carapace crab's unnamed coxae thinner
// than its named femurs) and within 20 % of each other; the carapace crab's claws thicker than its
// legs.
TEST(BodyFigureUnnamed, ManyLeggedBodiesHaveEvenLegsAndThickerClaws) {
    struct Case {
        std::string text;
        std::vector<std::string> legs;
    };
    const std::vector<Case> rigs = {
        {test::creatureFile(test::crab(0.5), {}).text,
         {"leg0_knee", "leg1_knee", "leg2_knee", "leg3_knee", "leg4_knee", "leg5_knee", "leg6_knee",
          "leg7_knee"}},
        {test::carapaceCrab().text(),
         {"LeftLeg1", "LeftLeg2", "LeftLeg3", "LeftLeg4", "RightLeg1", "RightLeg2", "RightLeg3",
          "RightLeg4"}},
        {test::spider().text(),
         {"leg_l1", "leg_l2", "leg_l3", "leg_l4", "leg_r1", "leg_r2", "leg_r3", "leg_r4"}},
        {unnamedCrabText(), {"n3", "n6", "n9", "n12", "n15", "n18", "n21", "n24"}},
    };
    for (const Case& rig : rigs) {
        const Skeleton skeleton = parseDocument(rig.text).skeleton;
        const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
        ASSERT_TRUE(figure.problem.empty()) << figure.problem;
        std::vector<float> thickest;
        for (const std::string& first : rig.legs) {
            const std::vector<const BodyVolume*> leg =
                chainVolumes(skeleton, figure, nodeNamed(skeleton, first));
            ASSERT_GE(leg.size(), 2u) << first;
            float run = 0.0f;
            float radius = 0.0f;
            for (const BodyVolume* bone : leg) {
                run += glm::length(bone->b - bone->a);
                radius = std::max({radius, bone->radiusA, bone->radiusB});
            }
            EXPECT_LT(radius, 0.05f * run) << first;
            thickest.push_back(radius);
        }
        const float most = *std::max_element(thickest.begin(), thickest.end());
        EXPECT_LT(most, 1.2f * *std::min_element(thickest.begin(), thickest.end()))
            << rig.legs.front();
        if (rig.legs.front() == "LeftLeg1") {
            for (const char* claw : {"LeftClaw", "RightClaw"}) {
                const std::vector<const BodyVolume*> bones =
                    chainVolumes(skeleton, figure, nodeNamed(skeleton, claw));
                ASSERT_FALSE(bones.empty()) << claw;
                EXPECT_GT(bones.front()->radiusA, 1.4f * most) << claw;
            }
        }
    }
}

// The carapace crab's legs leave its root 22 to each side, at z from -21 to 15; the spider's 4
// to each side of legs about 64 long; the unnamed crab's 70 (no shell at all before). Each shell
// spans its legs' roots (the crab's reached half way to them before) and a spider's is at least a
// quarter of its legs' length wide each side; flattened, under half as thick as it is long.
TEST(BodyFigureUnnamed, AShellSpansItsLegsRoots) {
    struct Case {
        std::string text;
        const char* hub;
        float halfWidth; // centimetres
    };
    for (const Case& rig :
         {Case{test::carapaceCrab().text(), "Carapace", 22.0f},
          Case{test::spider().text(), "Body", 15.0f}, Case{unnamedCrabText(), "n0", 70.0f}}) {
        const Skeleton skeleton = parseDocument(rig.text).skeleton;
        const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
        ASSERT_TRUE(figure.problem.empty()) << figure.problem;
        const BodyVolume* shell = ellipsoidAt(figure, nodeNamed(skeleton, rig.hub));
        ASSERT_NE(shell, nullptr) << rig.hub;
        const float size = static_cast<float>(figure.size);
        EXPECT_GE(std::max(shell->radii.x, shell->radii.y) * size, rig.halfWidth) << rig.hub;
        EXPECT_LT(shell->radii.z, 0.5f * std::min(shell->radii.x, shell->radii.y)) << rig.hub;
    }
}

} // namespace
} // namespace bvh
