// Weights smoothed along the surface (core/body/body_weights.h): a step of weights between two
// bones spreads over the edges around it, vertices a sliver apart end with the same weights, and
// weights never reach a part of the mesh no edge leads to; blends far from the joint their bones
// turn about spread over more edges.
#include "core/body/body_builder.h"
#include "core/body/body_weights.h"
#include "core/reader/document.h"
#include "tests/core/body/body_shared_builds.h"
#include "tests/core/body/body_stretch.h"
#include "tests/core/body/body_stretch_ensemble.h"
#include "tests/core/body/body_stretch_phases.h"
#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <gtest/gtest.h>
#include <span>
#include <string>
#include <vector>

namespace bvh {
namespace {

// A strip of quads along X (two triangles each), vertices at x = 0..columns-1, y = 0 and 1; the
// left half moved by joint 1, the right half by joint 2. With `island`, one more triangle far
// away, moved by joint 3 and connected to nothing.
BodyMesh stepStrip(int columns, bool island) {
    BodyMesh mesh;
    for (int x = 0; x < columns; ++x) {
        for (int y = 0; y < 2; ++y) {
            BodyVertex vertex;
            vertex.position = glm::vec3(static_cast<float>(x), static_cast<float>(y), 0.0f);
            vertex.joints[0] = x < columns / 2 ? 1 : 2;
            vertex.weights[0] = 1.0f;
            mesh.vertices.push_back(vertex);
        }
    }
    for (std::uint32_t x = 0; x + 1 < static_cast<std::uint32_t>(columns); ++x) {
        const std::uint32_t a = 2 * x, b = 2 * x + 1, c = 2 * x + 2, d = 2 * x + 3;
        mesh.indices.insert(mesh.indices.end(), {a, c, b, b, c, d});
    }
    if (island) {
        const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
        for (int k = 0; k < 3; ++k) {
            BodyVertex vertex;
            vertex.position = glm::vec3(100.0f + static_cast<float>(k), 0.0f, 0.0f);
            vertex.joints[0] = 3;
            vertex.weights[0] = 1.0f;
            mesh.vertices.push_back(vertex);
        }
        mesh.indices.insert(mesh.indices.end(), {first, first + 1, first + 2});
    }
    return mesh;
}

float weightOf(const BodyVertex& vertex, std::uint16_t joint) {
    for (std::size_t k = 0; k < 4; ++k) {
        if (vertex.joints[k] == joint) {
            return vertex.weights[k];
        }
    }
    return 0.0f;
}

TEST(BodyWeights, AStepOfWeightsSpreadsOverTheEdgesAroundIt) {
    BodyMesh mesh = stepStrip(20, false);
    smoothBodyWeights(mesh, mesh.indices, 8);
    // Along the strip, joint 2's weight rises from 0 at the left end to 1 at the right, without
    // a jump of more than a third between neighbouring columns (it was one jump of 1).
    float previous = weightOf(mesh.vertices[0], 2);
    EXPECT_LT(previous, 0.01f);
    for (std::size_t x = 1; x < 20; ++x) {
        const float weight = weightOf(mesh.vertices[2 * x], 2);
        EXPECT_GE(weight, previous - 1e-6f) << x;
        EXPECT_LT(weight - previous, 0.34f) << x;
        previous = weight;
    }
    EXPECT_GT(previous, 0.99f);
    for (const BodyVertex& vertex : mesh.vertices) {
        EXPECT_NEAR(vertex.weights[0] + vertex.weights[1] + vertex.weights[2] + vertex.weights[3],
                    1.0f, 1e-5f);
        EXPECT_GE(vertex.weights[0], vertex.weights[1]);
    }
}

// BVH has no unit: a skeleton with OFFSETs of 1e-30 (or 1e20) loads, and its body's edges square
// below (above) the float range. Smoothed at those sizes the strip's weights are the unit strip's;
// its edges measured 0 (infinity) there, every share became NaN and every vertex kept no weight.
TEST(BodyWeights, AStripScaledFarBelowOrAboveTheFloatSquaresSmoothsAsAtUnitScale) {
    BodyMesh unit = stepStrip(20, false);
    smoothBodyWeights(unit, unit.indices, 8);
    for (const float scale : {1e-30f, 1e20f}) {
        BodyMesh scaled = stepStrip(20, false);
        for (BodyVertex& vertex : scaled.vertices) {
            vertex.position *= scale;
        }
        smoothBodyWeights(scaled, scaled.indices, 8);
        for (std::size_t v = 0; v < unit.vertices.size(); ++v) {
            for (const std::uint16_t joint : {1, 2}) {
                EXPECT_NEAR(weightOf(scaled.vertices[v], joint), weightOf(unit.vertices[v], joint),
                            1e-5f)
                    << "scale " << scale << ", vertex " << v;
            }
        }
    }
}

TEST(BodyWeights, WeightsNeverReachAPartNoEdgeLeadsTo) {
    BodyMesh mesh = stepStrip(6, true);
    smoothBodyWeights(mesh, mesh.indices, 8);
    for (std::size_t v = 0; v < 12; ++v) {
        EXPECT_EQ(weightOf(mesh.vertices[v], 3), 0.0f) << v;
    }
    for (std::size_t v = 12; v < 15; ++v) {
        EXPECT_EQ(weightOf(mesh.vertices[v], 3), 1.0f) << v;
    }
}

TEST(BodyWeights, VerticesCloseTogetherEndWithNearlyTheSameWeights) {
    BodyMesh mesh = stepStrip(10, false);
    // Column 5's vertices a hundredth of a unit from column 4's: the step lies on a short edge.
    for (std::size_t x = 5; x < 10; ++x) {
        mesh.vertices[2 * x].position.x -= 0.99f;
        mesh.vertices[2 * x + 1].position.x -= 0.99f;
    }
    smoothBodyWeights(mesh, mesh.indices, 8);
    // A hundredth of the mean edge: welded, the same weights exactly (up to rounding), so the
    // edge never stretches.
    for (const std::uint16_t joint : {1, 2}) {
        EXPECT_NEAR(weightOf(mesh.vertices[8], joint), weightOf(mesh.vertices[10], joint), 1e-6f);
        EXPECT_NEAR(weightOf(mesh.vertices[9], joint), weightOf(mesh.vertices[11], joint), 1e-6f);
    }
}

// The largest change of joint 2's weight between neighbouring columns of a stepStrip.
float steepestStep(const BodyMesh& mesh, std::size_t columns) {
    float steepest = 0.0f;
    for (std::size_t x = 1; x < columns; ++x) {
        steepest = std::max(steepest, std::abs(weightOf(mesh.vertices[2 * x], 2) -
                                               weightOf(mesh.vertices[2 * x - 2], 2)));
    }
    return steepest;
}

// stepStrip(40)'s joints 1 and 2 bound at (`pivotX`, 0, 0) with radius `radius` (node 0 is the
// root), joint 2 under joint 1 where `related`, else beside it under the root.
struct FarBlendStrip {
    BodyMesh mesh;
    std::vector<NodeIndex> parents;
};

FarBlendStrip farBlendStrip(bool related, float pivotX, float radius) {
    FarBlendStrip strip{stepStrip(40, false), {kNoParent, 0, related ? 1 : 0}};
    strip.mesh.bindWorld.assign(3, RigidTransform{});
    strip.mesh.nodeRadii.assign(3, radius);
    for (RigidTransform& joint : strip.mesh.bindWorld) {
        joint.translation = glm::dvec3(pivotX, 0.0, 0.0);
    }
    return strip;
}

TEST(BodyWeights, ABlendFarFromItsJointSpreadsOverMoreEdges) {
    // Joints 1 and 2 beside each other (an elbow and the hips it rested on): 20 rounds where 8
    // stop, so the steepest step between columns falls from 0.24 to 0.16: under linear blending
    // the edges there stretch two thirds as much.
    FarBlendStrip plain = farBlendStrip(false, 20.0f, 1.0f);
    smoothBodyWeights(plain.mesh, plain.mesh.indices, 8);
    FarBlendStrip far = farBlendStrip(false, 20.0f, 1.0f);
    const FarBlendSmoothing wide{far.parents, 2.5f, 20, {}, {}, {}, 0, 0, {}};
    smoothBodyWeights(far.mesh, far.mesh.indices, 8, &wide);
    EXPECT_GT(steepestStep(plain.mesh, 40), 0.22f);
    EXPECT_LT(steepestStep(far.mesh, 40), 0.17f);
    // Still from 0 at one end to 1 at the other.
    EXPECT_LT(weightOf(far.mesh.vertices[0], 2), 0.01f);
    EXPECT_GT(weightOf(far.mesh.vertices[78], 2), 0.99f);
    // Joint 2 under joint 1, the step 30 units from where they turn, 10 radii: as far.
    FarBlendStrip child = farBlendStrip(true, 50.0f, 1.0f);
    smoothBodyWeights(child.mesh, child.mesh.indices, 8, &wide);
    EXPECT_LT(steepestStep(child.mesh, 40), 0.17f);
}

TEST(BodyWeights, ABlendNearItsJointOrOnHeldVerticesStopsAfterTheFirstRounds) {
    FarBlendStrip plain = farBlendStrip(true, 20.0f, 10.0f);
    smoothBodyWeights(plain.mesh, plain.mesh.indices, 8);
    // Joint 2 under joint 1, turning at the step, whose whole spread lies within 2.5 radii.
    FarBlendStrip near = farBlendStrip(true, 20.0f, 10.0f);
    const FarBlendSmoothing wide{near.parents, 2.5f, 20, {}, {}, {}, 0, 0, {}};
    smoothBodyWeights(near.mesh, near.mesh.indices, 8, &wide);
    // Beside each other, but every vertex held (on fingers thickened to the grid).
    FarBlendStrip held = farBlendStrip(false, 20.0f, 1.0f);
    const std::vector<std::uint8_t> all(held.mesh.vertices.size(), 1);
    const FarBlendSmoothing holding{held.parents, 2.5f, 20, all, {}, {}, 0, 0, {}};
    smoothBodyWeights(held.mesh, held.mesh.indices, 8, &holding);
    for (std::size_t v = 0; v < plain.mesh.vertices.size(); ++v) {
        EXPECT_EQ(weightOf(near.mesh.vertices[v], 2), weightOf(plain.mesh.vertices[v], 2)) << v;
        EXPECT_EQ(weightOf(held.mesh.vertices[v], 2), weightOf(plain.mesh.vertices[v], 2)) << v;
    }
}

// The vertices of a body's other pieces, which no triangle being smoothed reaches (a hand's while
// the figure's are smoothed, the figure's while a hand's are): each round gives such a vertex its
// own weights again, the 4 strongest, in descending order, normalised, until a round no longer
// changes them (smoothBodyWeights then skips it). Weights of 0.2 and 0.1 take two rounds: the
// first divides them by their float sum (0.3 and a hair) to 0.66666663 and 0.33333331, a float
// below 2/3 and 1/3 each, which sum under 1; the second to the floats nearest 2/3 and 1/3, which
// sum to 1. Skipped from the start, the vertex kept the first round's (the last weld's).
TEST(BodyWeights, AVertexNoSmoothedTriangleReachesIsNormalisedUntilARoundChangesItNoMore) {
    FarBlendStrip strip = farBlendStrip(false, 20.0f, 1.0f);
    const std::size_t first = strip.mesh.vertices.size();
    // Joints 1 and 2 beside each other, 180 units (180 radii) from where they turn: a far blend.
    const auto isolated = [&](std::array<std::uint16_t, 4> joints, std::array<float, 4> weights) {
        BodyVertex vertex;
        vertex.position = glm::vec3(200.0f, 0.0f, 0.0f);
        vertex.joints = joints;
        vertex.weights = weights;
        strip.mesh.vertices.push_back(vertex);
    };
    isolated({1, 2, 0, 0}, {0.2f, 0.1f, 0.0f, 0.0f});
    isolated({1, 2, 0, 0}, {1.0f, 3.0f, 0.0f, 0.0f}); // ascending, summing to 4
    isolated({2, 1, 0, 0}, {1.0f, 0.0f, 0.0f, 0.0f}); // naming a joint without weight
    const FarBlendSmoothing wide{strip.parents, 2.5f, 20, {}, {}, {}, 0, 0, {}};
    smoothBodyWeights(strip.mesh, strip.mesh.indices, 8, &wide);
    const auto expectWeights = [&](std::size_t v, std::array<std::uint16_t, 4> joints,
                                   std::array<float, 4> weights) {
        EXPECT_EQ(strip.mesh.vertices[first + v].joints, joints) << v;
        EXPECT_EQ(strip.mesh.vertices[first + v].weights, weights) << v;
    };
    expectWeights(0, {1, 2, 0, 0}, {2.0f / 3.0f, 1.0f / 3.0f, 0.0f, 0.0f});
    expectWeights(1, {2, 1, 0, 0}, {0.75f, 0.25f, 0.0f, 0.0f});
    expectWeights(2, {2, 0, 0, 0}, {1.0f, 0.0f, 0.0f, 0.0f}); // an unused slot names joint 0
}

// A strip of quads along X as stepStrip's, cut into bands `widths` columns wide, weighted
// wholly by joints 1, 2, ... in turn.
BodyMesh bandStrip(std::span<const int> widths) {
    int columns = 0;
    for (const int width : widths) {
        columns += width;
    }
    BodyMesh mesh = stepStrip(columns, false);
    std::size_t v = 0;
    for (std::size_t band = 0; band < widths.size(); ++band) {
        for (int k = 0; k < 2 * widths[band]; ++k, ++v) {
            mesh.vertices[v].joints[0] = static_cast<std::uint16_t>(band + 1);
        }
    }
    return mesh;
}

// Where along a chain of joints 1..`joints` a vertex lies by its weights: the weighted mean of
// its joints' numbers. Under linear blending a vertex on a chain of short bones, turned a little
// at each joint, moves as the chain does there; the largest change of it between neighbouring
// columns of a bandStrip is where the strip stretches most.
float steepestChainStep(const BodyMesh& mesh, std::size_t columns, std::uint16_t joints) {
    const auto along = [&](const BodyVertex& vertex) {
        float mean = 0.0f;
        for (std::uint16_t joint = 1; joint <= joints; ++joint) {
            mean += static_cast<float>(joint) * weightOf(vertex, joint);
        }
        return mean;
    };
    float steepest = 0.0f;
    for (std::size_t x = 1; x < columns; ++x) {
        for (std::size_t y = 0; y < 2; ++y) {
            steepest = std::max(steepest, std::abs(along(mesh.vertices[2 * x + y]) -
                                                   along(mesh.vertices[2 * x - 2 + y])));
        }
    }
    return steepest;
}

TEST(BodyWeights, AJointBeyondTheFourStrongestGivesItsWeightToItsChainNeighbour) {
    // One chain banded along the strip as Perception Neuron's trunk is: a pelvis 8 columns long,
    // four spine bones of 2, a chest of 8. Smoothed 8 rounds, a vertex's ring sums five or more
    // of them and keeps 4. Dropped and renormalised, the kept set switched across an edge and the
    // vertex's place along the chain jumped there; the dropped joint's weight folded into its
    // kept chain neighbour, which turns almost as it does, it moves less.
    const std::vector<int> widths = {8, 2, 2, 2, 2, 8};
    const std::size_t columns = 24;
    std::vector<NodeIndex> chain = {kNoParent};
    std::vector<NodeIndex> siblings = {kNoParent};
    for (NodeIndex joint = 1; joint <= 6; ++joint) {
        chain.push_back(joint - 1);
        siblings.push_back(0);
    }
    BodyMesh plain = bandStrip(widths);
    smoothBodyWeights(plain, plain.indices, 8);
    BodyMesh folded = bandStrip(widths);
    const FarBlendSmoothing along{chain, 2.5f, 8, {}, {}, {}, 0, 0, {}};
    smoothBodyWeights(folded, folded.indices, 8, &along);
    const float plainStep = steepestChainStep(plain, columns, 6);
    const float foldedStep = steepestChainStep(folded, columns, 6);
    // Measured: the steepest step falls from 0.547 to 0.520 of a joint (on main, where both
    // renormalised, they were equal).
    EXPECT_GT(plainStep, 0.54f);
    EXPECT_LT(foldedStep, 0.525f);
    // Bones beside each other under one root (limbs from the pelvis) lie on no one line: their
    // weights are dropped as before.
    BodyMesh beside = bandStrip(widths);
    const FarBlendSmoothing apart{siblings, 2.5f, 8, {}, {}, {}, 0, 0, {}};
    smoothBodyWeights(beside, beside.indices, 8, &apart);
    for (std::size_t v = 0; v < plain.vertices.size(); ++v) {
        for (std::uint16_t joint = 1; joint <= 6; ++joint) {
            EXPECT_EQ(weightOf(beside.vertices[v], joint), weightOf(plain.vertices[v], joint))
                << v << " " << joint;
        }
    }
}

TEST(BodyWeights, ASpineOfTrunkBonesKeepsItsEndsAndSharesADroppedMiddleBoneBetweenItsNeighbours) {
    // The strip of AJointBeyondTheFourStrongest... with its six joints trunk bones (a spine):
    // a vertex's ring sums five or six of them, and the middle bones dropped are shared by the
    // kept ones on either side, so its place along the chain does not jump where the kept set
    // changes.
    const std::vector<int> widths = {8, 2, 2, 2, 2, 8};
    const std::size_t columns = 24;
    std::vector<NodeIndex> chain = {kNoParent};
    for (NodeIndex joint = 1; joint <= 6; ++joint) {
        chain.push_back(joint - 1);
    }
    const std::vector<std::uint8_t> trunk(chain.size(), 1);
    BodyMesh folded = bandStrip(widths);
    const FarBlendSmoothing along{chain, 2.5f, 8, {}, {}, {}, 0, 0, {}};
    smoothBodyWeights(folded, folded.indices, 8, &along);
    BodyMesh spine = bandStrip(widths);
    const FarBlendSmoothing alongTrunk{chain, 2.5f, 8, {}, trunk, {}, 0, 0, {}};
    smoothBodyWeights(spine, spine.indices, 8, &alongTrunk);
    const float foldedStep = steepestChainStep(folded, columns, 6);
    const float spineStep = steepestChainStep(spine, columns, 6);
    // Measured: 0.520 of a joint folded into one chain neighbour (the steepest step, where the
    // kept set changes), 0.4995 shared between the two.
    EXPECT_GT(foldedStep, 0.515f);
    EXPECT_LT(spineStep, 0.505f);
}

// A Perception Neuron-like biped (Hips and four spine bones over 44 cm, arms out along X) over
// `frames` frames: each spine joint bent forward, sideways and twisted up to 12 degrees, in
// turn and together, as a dancer's trunk moves.
std::string manySpineBonesText(int frames) {
    test::BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 100, 0});
    int parent = hips;
    for (const char* name : {"Spine", "Spine1", "Spine2", "Spine3"}) {
        parent = b.add(name, parent, {0, 11, 0});
    }
    const int neck = b.add("Neck", parent, {0, 12, 0});
    const int head = b.add("Head", neck, {0, 10, 2});
    b.endSite(head, {0, 20, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string prefix = side > 0 ? "Left" : "Right";
        const int shoulder = b.add(prefix + "Shoulder", parent, {side * 5, 8, 0});
        const int arm = b.add(prefix + "Arm", shoulder, {side * 13, 0, 0});
        const int forearm = b.add(prefix + "ForeArm", arm, {side * 28, 0, 0});
        const int hand = b.add(prefix + "Hand", forearm, {side * 25, 0, 0});
        b.endSite(hand, {side * 18, 0, 0});
        const int upLeg = b.add(prefix + "UpLeg", hips, {side * 9, -6, 0});
        const int leg = b.add(prefix + "Leg", upLeg, {0, -44, 0});
        const int foot = b.add(prefix + "Foot", leg, {0, -42, -1});
        b.endSite(foot, {0, -7, 13});
    }
    std::vector<test::BvhTextBuilder::Frame> rows(static_cast<std::size_t>(frames));
    for (int f = 0; f < frames; ++f) {
        const double phase = 2.0 * 3.14159265358979 * f / std::max(frames - 1, 1);
        test::BvhTextBuilder::Frame& row = rows[static_cast<std::size_t>(f)];
        row.rootPosition = {0.0, 95.0, 0.0};
        row.rotations.assign(static_cast<std::size_t>(b.indexOf("RightFoot")) + 1, glm::dvec3(0.0));
        for (int k = 0; k < 4; ++k) {
            const std::string name = k == 0 ? "Spine" : "Spine" + std::to_string(k);
            const double at = phase + 0.8 * k;
            // Z, X, Y degrees (BvhTextBuilder's channels).
            row.rotations[static_cast<std::size_t>(b.indexOf(name))] = {
                12.0 * std::sin(at), 12.0 * std::cos(at), 12.0 * std::sin(2.0 * at)};
        }
    }
    return b.text(rows);
}

// Under linear blending (glTF viewers), as issue 38's outside check poses `convert --body`, at
// every phase of the sampling grid (an unseen capture's extent lands it at any).
TEST(BodyWeights, ManyShortSpineBonesBentAndTwistedHoldUnderLinearBlending) {
    constexpr int kFrames = 24;
    const Document document = parseDocument(manySpineBonesText(kFrames));
    ASSERT_TRUE(document.loaded());
    const std::vector<test::ClipStretch> stretches = test::linearStretchOverGridPhases(document);
    // Measured at phase 0: 2.08x at worst; 2.29x where a joint dropped from a vertex's 4
    // strongest was renormalised away (the kept set switching from {Hips .. Spine2} to
    // {Spine .. Spine3} across an edge of the flank). At 25 degrees: 3.57x, and 3.66x
    // renormalised. The renormalisation itself is guarded by
    // AJointBeyondTheFourStrongestGivesItsWeightToItsChainNeighbour.
    // The bound is on the worst over test::kGridPhases, the stretch being the weights' (no sheet,
    // no sliver): 1.89x to 2.36x. Without the short edges' rounds (body_builder.cpp's
    // kShortEdgeRounds), 2.04x to 2.83x (at half a cell along y; 2.24x at phase 0): the flank's
    // short edges at the chest kept the first rounds' steps of weight.
    double worst = 0.0;
    for (std::size_t k = 0; k < stretches.size(); ++k) {
        EXPECT_GT(stretches[k].leastHeld, 0.999) << "at grid phase " << k;
        worst = std::max(worst, stretches[k].worst);
    }
    EXPECT_LT(worst, 2.45);
}

// `b` (a biped whose joints' names start with `prefix`, its hips `hipsHeight` above the ground)
// over `frames` frames: each thigh swings 100 degrees forward and 60 out and back, the left
// half a cycle after the right, and each upper arm 150 degrees up overhead with its thigh, as
// kicks and raised arms take a limb far from where the bind pose holds it.
std::string farSwingText(const test::BvhTextBuilder& b, const std::string& prefix,
                         double hipsHeight, int frames) {
    std::vector<test::BvhTextBuilder::Frame> rows(static_cast<std::size_t>(frames));
    const int last = std::max(b.indexOf(prefix + "RightUpLeg"), b.indexOf(prefix + "RightArm"));
    for (int f = 0; f < frames; ++f) {
        const double phase = 2.0 * 3.14159265358979 * f / std::max(frames - 1, 1);
        test::BvhTextBuilder::Frame& row = rows[static_cast<std::size_t>(f)];
        row.rootPosition = {0.0, hipsHeight, 0.0};
        row.rotations.assign(static_cast<std::size_t>(last) + 1, glm::dvec3(0.0));
        for (const double side : {1.0, -1.0}) {
            const std::string name = prefix + (side > 0 ? "Left" : "Right");
            const double swing =
                0.5 * (1.0 - std::cos(phase + (side > 0 ? 3.14159265358979 : 0.0)));
            // Z, X, Y degrees (BvhTextBuilder's channels): -X swings a thigh forward (+Z), Z of
            // the side's sign swings a thigh out and an upper arm up.
            row.rotations[static_cast<std::size_t>(b.indexOf(name + "UpLeg"))] = {
                side * 60.0 * swing, -100.0 * swing, 0.0};
            row.rotations[static_cast<std::size_t>(b.indexOf(name + "Arm"))] = {
                side * 150.0 * swing, 0.0, 0.0};
        }
    }
    return b.text(rows);
}

// Under linear blending (issue 38's outside check), a vertex whose weights step by dw across an
// edge moves dw * 2 sin(angle / 2) * r from its neighbour, r its distance from the joint the
// bones turn about: between a CMU-like biped's buttocks, where LowerBack, both hip joints and
// both thighs meet 3 units (a sixth of the hips' height) from either hip, a thigh kicked 100
// degrees forward and 60 out turns them apart.
TEST(BodyWeights, ThighsKickedFarAndArmsRaisedOverheadHoldUnderLinearBlending) {
    constexpr int kFrames = 25;
    const Document document = parseDocument(farSwingText(test::cmuLikeBiped(), "", 17.0, kFrames));
    ASSERT_TRUE(document.loaded());
    const BodyResult body = test::sharedBody(document.skeleton, BodyOptions{});
    ASSERT_NE(body.mesh, nullptr) << body.message;
    const test::LinearStretchOverTips stretch = test::linearStretchOverTips(document);
    EXPECT_GT(stretch.leastHeldAsBuilt, 0.999);
    // The single worst edge measures the simplifier as much as the weights: 2.71x as built,
    // 2.36x to 2.69x with the head's tip 4 % shorter to 4 % longer (kTipFactors), every edge
    // within 4x. No 4 edges of one sheet pass 2x in any of those builds (the median sheet is 0:
    // test::sheetStretch counts none), so the bound fails only a sheet torn anew: each vertex
    // bound rigidly to its heaviest joint tears the hips, sheets of 13.9x to 16.0x and 99.0 % of
    // edges held. The sheet measured 3.01x when the hip's blends were young, and 3.34x with them
    // stopped after the first rounds; now neither body_builder.cpp's kJunctionRounds 0 (worst
    // edges 2.33x to 2.57x, a sheet in the build as built alone, 2.01x) nor kLimbBridgeWidth 0.6
    // (2.41x to 2.59x, no sheet) fails it.
    EXPECT_LT(stretch.medianSheet, 3.2);
}

} // namespace
} // namespace bvh
