// Hands: fingers of a finger's proportions, a palm as thick as a hand, fingers apart where the
// skeleton spreads them, and the hand one piece, on hand-only rigs however they are named.
#include "core/body/body_builder.h"
#include "core/body/body_figure.h"
#include "core/body/body_mesh_checks.h"
#include "core/reader/document.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_hand_skeletons.h"
#include "tests/core/body/body_mesh_rays.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <numeric>

namespace bvh {
namespace {

using test::HandNaming;

constexpr HandNaming kHands[] = {HandNaming::Mixamo, HandNaming::Neuron, HandNaming::MakeHuman,
                                 HandNaming::Numbered};

// Whether `p` lies inside the closed mesh: the parity of its triangles crossed by a ray from p
// along +Y (Moller-Trumbore).
bool insideMesh(const BodyMesh& mesh, const glm::vec3& p) {
    int crossings = 0;
    test::forEachRayHit(mesh, p, glm::vec3(0.0f, 1.0f, 0.0f),
                        [&](float t) { crossings += t > 0.0f; });
    return crossings % 2 == 1;
}

// How many of the finest level's closed pieces enclose `p`: the turns of the surface round it,
// counted along a ray from p along +Y (each crossing out of a piece +1, into one -1).
int piecesAround(const BodyMesh& mesh, const glm::vec3& p) {
    const glm::vec3 up(0.0f, 1.0f, 0.0f);
    const BodyDetailLevel& level = mesh.levels.front();
    int turns = 0;
    for (std::uint32_t k = level.firstIndex; k + 2 < level.firstIndex + level.indexCount; k += 3) {
        const glm::vec3& a = mesh.vertices[mesh.indices[k]].position;
        const glm::vec3 e1 = mesh.vertices[mesh.indices[k + 1]].position - a;
        const glm::vec3 e2 = mesh.vertices[mesh.indices[k + 2]].position - a;
        const float det = glm::dot(e1, glm::cross(up, e2));
        if (std::abs(det) < 1e-12f) {
            continue;
        }
        const glm::vec3 s = p - a;
        const float u = glm::dot(s, glm::cross(up, e2)) / det;
        const glm::vec3 q = glm::cross(s, e1);
        const float v = glm::dot(up, q) / det;
        if (u >= 0.0f && v >= 0.0f && u + v <= 1.0f && glm::dot(e2, q) / det > 0.0f) {
            turns += glm::dot(glm::cross(e1, e2), up) > 0.0f ? 1 : -1;
        }
    }
    return turns;
}

// The number of pieces of the finest level (triangles joined by shared vertices).
std::size_t meshPieces(const BodyMesh& mesh) {
    std::vector<std::uint32_t> parent(mesh.vertices.size());
    std::iota(parent.begin(), parent.end(), 0u);
    const auto find = [&parent](std::uint32_t v) {
        while (parent[v] != v) {
            v = parent[v] = parent[parent[v]];
        }
        return v;
    };
    const BodyDetailLevel& level = mesh.levels.front();
    std::vector<std::uint8_t> used(mesh.vertices.size(), 0);
    for (std::uint32_t t = level.firstIndex; t < level.firstIndex + level.indexCount; ++t) {
        used[mesh.indices[t]] = 1;
        const std::uint32_t first = mesh.indices[t - (t - level.firstIndex) % 3];
        parent[find(mesh.indices[t])] = find(first);
    }
    std::size_t pieces = 0;
    for (std::uint32_t v = 0; v < parent.size(); ++v) {
        pieces += used[v] != 0 && find(v) == v ? 1 : 0;
    }
    return pieces;
}

// The hand's joint named for `finger` (0 thumb .. 4 little) and `phalanx` (1..3).
NodeIndex fingerJoint(const Skeleton& skeleton, HandNaming naming, int finger, int phalanx) {
    return test::nodeNamed(skeleton, test::handFingerJointName(naming, finger, phalanx));
}

TEST(BodyHand, AFingerIsAboutFourTenthsOfItsProximalPhalanxAcross) {
    for (const HandNaming naming : kHands) {
        const Skeleton skeleton =
            parseDocument(test::handRigText(test::handAlongMinusX(naming))).skeleton;
        const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
        ASSERT_TRUE(figure.problem.empty()) << figure.problem;
        const NodeIndex knuckle = fingerJoint(skeleton, naming, 2, 1);
        const NodeIndex next = fingerJoint(skeleton, naming, 2, 2);
        const BodyVolume* proximal = test::boneVolume(figure, knuckle, next);
        ASSERT_NE(proximal, nullptr) << static_cast<int>(naming);
        // The little finger's proximal phalanx is 3.4 cm long: 0.45 of that across at the
        // knuckle, tapering towards the tip.
        const BodyVolume* little = test::boneVolume(figure, fingerJoint(skeleton, naming, 4, 1),
                                                    fingerJoint(skeleton, naming, 4, 2));
        ASSERT_NE(little, nullptr) << static_cast<int>(naming);
        EXPECT_NEAR(2.0f * little->radiusA / glm::length(little->b - little->a), 0.45f, 0.01f)
            << static_cast<int>(naming);
        EXPECT_LT(little->radiusB, little->radiusA);
        // The middle finger's (4.6 cm) would be 2.07 cm across, more than 0.8 of the 1.94 cm
        // to the nearest knuckle (the ring finger's): it keeps a fifth of that as a gap.
        const BodyVolume* middle = test::boneVolume(figure, fingerJoint(skeleton, naming, 2, 1),
                                                    fingerJoint(skeleton, naming, 2, 2));
        ASSERT_NE(middle, nullptr);
        const float spacing =
            glm::length(test::normalised(figure, fingerJoint(skeleton, naming, 3, 1)) - middle->a);
        EXPECT_NEAR(2.0f * middle->radiusA, 0.8f * spacing, 1e-4f) << static_cast<int>(naming);
        // The thumb (its first bone 3.3 cm) is thicker than the little finger (3.4 cm).
        const BodyVolume* thumb = test::boneVolume(figure, fingerJoint(skeleton, naming, 0, 1),
                                                   fingerJoint(skeleton, naming, 0, 2));
        ASSERT_NE(thumb, nullptr);
        EXPECT_GT(thumb->radiusA, 1.1f * little->radiusA) << static_cast<int>(naming);
    }
}

TEST(BodyHand, APalmIsAboutAThirdAsThickAsItIsWideUpToTheKnuckles) {
    // Fingers along -X, the palm flat in XZ: the knuckles at x = -8 to -9.2 cm, 5.7 cm apart.
    for (const HandNaming naming : kHands) {
        const Skeleton skeleton =
            parseDocument(test::handRigText(test::handAlongMinusX(naming))).skeleton;
        const BodyResult result = buildBody(skeleton, BodyOptions{});
        ASSERT_NE(result.mesh, nullptr) << result.message;
        // Halfway along the palm and near the knuckles, from the little finger's side to the
        // index's (2.9 cm wider than the knuckles' 5.7 cm spread), 2.2 to 3.2 cm thick.
        for (const float x : {-4.5f, -7.0f}) {
            const std::string at =
                std::to_string(x) + ", naming " + std::to_string(static_cast<int>(naming));
            EXPECT_TRUE(insideMesh(*result.mesh, {x, 0.0f, -3.6f})) << at;
            EXPECT_TRUE(insideMesh(*result.mesh, {x, 0.0f, 2.2f})) << at;
            EXPECT_TRUE(insideMesh(*result.mesh, {x, -1.1f, -0.5f})) << at;
            EXPECT_TRUE(insideMesh(*result.mesh, {x, 1.1f, -0.5f})) << at;
            EXPECT_FALSE(insideMesh(*result.mesh, {x, -1.6f, -0.5f})) << at;
            EXPECT_FALSE(insideMesh(*result.mesh, {x, 1.6f, -0.5f})) << at;
        }
    }
}

TEST(BodyHand, FingersTheSkeletonHoldsApartStayApartAndTheHandIsOnePiece) {
    for (const HandNaming naming : kHands) {
        const Skeleton skeleton =
            parseDocument(test::handRigText(test::handAlongMinusX(naming))).skeleton;
        const BodyResult result = buildBody(skeleton, BodyOptions{});
        ASSERT_NE(result.mesh, nullptr) << result.message;
        const std::vector<RigidTransform>& world = result.mesh->bindWorld;
        // Between each two neighbouring fingers' middle joints (2 cm apart) lies no body; on the
        // joints themselves, the fingers do.
        for (int finger = 1; finger < 4; ++finger) {
            for (int phalanx = 2; phalanx <= 3; ++phalanx) {
                const auto a =
                    static_cast<std::size_t>(fingerJoint(skeleton, naming, finger, phalanx));
                const auto b =
                    static_cast<std::size_t>(fingerJoint(skeleton, naming, finger + 1, phalanx));
                const glm::vec3 pa(world[a].translation);
                const glm::vec3 pb(world[b].translation);
                EXPECT_TRUE(insideMesh(*result.mesh, pa)) << finger << " " << phalanx;
                EXPECT_FALSE(insideMesh(*result.mesh, 0.5f * (pa + pb)))
                    << "fingers " << finger << " and " << finger + 1 << " fused at phalanx "
                    << phalanx << ", naming " << static_cast<int>(naming);
            }
        }
        EXPECT_EQ(meshPieces(*result.mesh), 1u) << static_cast<int>(naming);
    }
}

// How far the mesh reaches from `from` (inside it) along the unit `direction`: the last of steps
// of `step` that stays inside.
float reachAlong(const BodyMesh& mesh, const glm::vec3& from, const glm::vec3& direction,
                 float step = 0.05f) {
    float reach = 0.0f;
    while (reach < 30.0f && insideMesh(mesh, from + (reach + step) * direction)) {
        reach += step;
    }
    return reach;
}

// The hand rig's own frame (body_hand_skeletons.h, handAlongMinusX): `along` cm from the wrist
// towards the fingers (-X), `across` towards the thumb's side (+Z), `back` towards the back of
// the hand (+Y; the palm faces -Y, where the thumb's root sits).
glm::vec3 inHand(float along, float back, float across) {
    return {-along, back, across};
}

// The knuckles' mean (thumb left out) lies 8.75 cm from the wrist and 0.5 cm towards the
// little finger; the palm's thickness is measured through that line.
constexpr float kPalmLength = 8.75f;
constexpr float kPalmMiddle = -0.5f;

TEST(BodyHand, TheHeelOfThePalmIsThickerThanItsKnucklesTowardsThePalm) {
    for (const HandNaming naming : kHands) {
        SCOPED_TRACE(static_cast<int>(naming));
        const BodyResult result =
            buildBody(parseDocument(test::handRigText(test::handAlongMinusX(naming))).skeleton,
                      BodyOptions{});
        ASSERT_NE(result.mesh, nullptr) << result.message;
        const auto thickness = [&](float along, float back) {
            const glm::vec3 centre = inHand(along, 0.0f, kPalmMiddle);
            return reachAlong(*result.mesh, centre, {0.0f, back, 0.0f});
        };
        // A hand's heel (thenar and hypothenar pads) is about 3.5 cm thick where the palm is 3
        // cm at the knuckles; the pads stand out on the palm's side, not the back. (A slab of
        // one thickness was 2.4 cm at the heel against 2.6 cm at the knuckles, as much on the
        // back as on the palm's side.)
        const float heelPalm = thickness(0.3f * kPalmLength, -1.0f);
        const float heelBack = thickness(0.3f * kPalmLength, 1.0f);
        const float knucklesPalm = thickness(0.8f * kPalmLength, -1.0f);
        const float knucklesBack = thickness(0.8f * kPalmLength, 1.0f);
        EXPECT_GT(heelPalm + heelBack, 1.1f * (knucklesPalm + knucklesBack));
        EXPECT_GT(heelPalm, 1.2f * heelBack);
    }
}

TEST(BodyHand, TheThumbLeavesThePalmAtItsSideWithItsBall) {
    for (const HandNaming naming : kHands) {
        SCOPED_TRACE(static_cast<int>(naming));
        const Skeleton skeleton =
            parseDocument(test::handRigText(test::handAlongMinusX(naming))).skeleton;
        const BodyResult result = buildBody(skeleton, BodyOptions{});
        ASSERT_NE(result.mesh, nullptr) << result.message;
        const std::vector<RigidTransform>& world = result.mesh->bindWorld;
        const glm::vec3 root(
            world[static_cast<std::size_t>(fingerJoint(skeleton, naming, 0, 1))].translation);
        const glm::vec3 next(
            world[static_cast<std::size_t>(fingerJoint(skeleton, naming, 0, 2))].translation);
        // Halfway between the thumb's first bone and the palm's middle line the ball of the
        // thumb stands out on the palm's side (-Y) over a centimetre, as the thenar does; the
        // palm's slab alone reached 0.6 cm there.
        const glm::vec3 ball = 0.5f * (root + next);
        const glm::vec3 between = 0.5f * (ball + inHand(-ball.x, 0.0f, kPalmMiddle));
        ASSERT_TRUE(insideMesh(*result.mesh, between));
        EXPECT_GT(reachAlong(*result.mesh, between, {0.0f, -1.0f, 0.0f}), 1.0f);
    }
}

bool hasPalm(const BodyFigure& figure) {
    return std::any_of(figure.volumes.begin(), figure.volumes.end(), [](const BodyVolume& v) {
        return v.shape == BodyVolume::Shape::EllipticCone;
    });
}

TEST(BodyHand, OnlyAnUnnamedRigShapedLikeAHandGetsAPalm) {
    const auto figureOf = [](const std::string& text) {
        return makeBodyFigure(parseDocument(text).skeleton, BodyOptions{});
    };
    EXPECT_TRUE(hasPalm(figureOf(test::handRigText(test::handZUp(HandNaming::Unnamed)))));
    EXPECT_FALSE(hasPalm(figureOf(test::starRigText())));
    EXPECT_FALSE(hasPalm(figureOf(test::forkedFanText())));
}

TEST(BodyHand, AStillRootAtTheWristLeavesTheHandAsItIs) {
    // A "Root" (a trunk's name) at the wrist starts no bone: the hand keeps its own fingers'
    // thickness and its palm. Counted as a trunk, it made the hand part of a full figure, its
    // fingers capped to a quarter (0.38 of the middle finger's 1.55 cm across); an unnamed hand
    // was no hand at all.
    for (const HandNaming naming : {HandNaming::Mixamo, HandNaming::Neuron, HandNaming::MakeHuman,
                                    HandNaming::Numbered, HandNaming::Unnamed}) {
        const auto middleAcross = [naming](bool underRoot) {
            const Skeleton skeleton =
                parseDocument(test::handRigText(test::handAlongMinusX(naming), underRoot)).skeleton;
            const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
            EXPECT_TRUE(hasPalm(figure)) << static_cast<int>(naming) << " " << underRoot;
            const BodyVolume* middle = test::boneVolume(figure, fingerJoint(skeleton, naming, 2, 1),
                                                        fingerJoint(skeleton, naming, 2, 2));
            return middle != nullptr ? 2.0f * middle->radiusA * figure.size : 0.0f;
        };
        const float alone = middleAcross(false);
        EXPECT_GT(alone, 1.0f) << static_cast<int>(naming);
        EXPECT_NEAR(middleAcross(true), alone, 1e-3f * alone) << static_cast<int>(naming);
    }
}

TEST(BodyHand, AFingerAtTheSkeletonsRootIsAFingerWithoutAHand) {
    // A finger cut from a hand: its first joint is the root, no hand above it.
    test::BvhTextBuilder b;
    int joint = b.add("RightHandIndex1", -1, {0, 0, 0});
    joint = b.add("RightHandIndex2", joint, {-4.2, 0, 0});
    joint = b.add("RightHandIndex3", joint, {-2.5, 0, 0});
    b.endSite(joint, {-2.0, 0, 0});
    const Skeleton skeleton = parseDocument(b.text()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    const BodyVolume* proximal =
        test::boneVolume(figure, test::nodeNamed(skeleton, "RightHandIndex1"),
                         test::nodeNamed(skeleton, "RightHandIndex2"));
    ASSERT_NE(proximal, nullptr);
    // At most 0.45 of its 4.2 cm across (less where the figure's size caps it: a finger alone
    // is a hand's size), tapering towards the tip.
    EXPECT_GT(proximal->radiusA, 0.0f);
    EXPECT_LE(2.0f * proximal->radiusA / glm::length(proximal->b - proximal->a), 0.4501f);
    EXPECT_LT(proximal->radiusB, proximal->radiusA);
}

// [SECTION] A full figure's hand, meshed as a piece of its own (BodyOptions::handPieces)

// A 180 cm Mixamo-like biped (body_test_skeletons.h) whose thumbs spread 2.5 cm forward per
// thumb bone (40 degrees out from the index finger, as MakeHuman's rest pose spreads them); its
// left hand's wrist, fingers along +X, the back of the hand +Y, the thumb's side +Z, built with
// BodyOptions::handPieces at `phase` (BodyOptions::gridPhase): the hand must not depend on where
// the samples fall.
struct FullFigureHand {
    BodyResult body;
    glm::vec3 wrist{0.0f};
};

FullFigureHand fullFigureHand(const glm::vec3& phase) {
    test::BipedStyle style;
    style.thumbAcross = 2.5;
    const Skeleton skeleton = parseDocument(test::mixamoBiped(1.0, style).text()).skeleton;
    BodyOptions options;
    options.gridPhase = phase;
    options.handPieces = true;
    FullFigureHand hand{buildBody(skeleton, options), glm::vec3(0.0f)};
    const NodeIndex wrist = test::nodeNamed(skeleton, "mixamorig:LeftHand");
    if (hand.body.mesh != nullptr && wrist != kNoParent) {
        hand.wrist =
            glm::vec3(hand.body.mesh->bindWorld[static_cast<std::size_t>(wrist)].translation);
    }
    return hand;
}

constexpr glm::vec3 kHandPhases[] = {glm::vec3(0.0f), glm::vec3(0.5f, 0.25f, 0.5f)};

// The mesh's width (along Z) and thickness (along Y) through `at`, inside it, in centimetres.
struct HandSection {
    float width = 0.0f;
    float thickness = 0.0f;
};
HandSection handSectionThrough(const BodyMesh& mesh, const glm::vec3& at) {
    return {reachAlong(mesh, at, {0.0f, 0.0f, 1.0f}, 0.1f) +
                reachAlong(mesh, at, {0.0f, 0.0f, -1.0f}, 0.1f),
            reachAlong(mesh, at, {0.0f, 1.0f, 0.0f}, 0.1f) +
                reachAlong(mesh, at, {0.0f, -1.0f, 0.0f}, 0.1f)};
}

// The pieces of the mesh crossed along +Z from `from` over `length` cm, in steps of 1 mm.
int piecesAlongZ(const BodyMesh& mesh, const glm::vec3& from, float length) {
    int pieces = 0;
    bool wasInside = false;
    for (float z = 0.0f; z <= length; z += 0.1f) {
        const bool inside = insideMesh(mesh, from + glm::vec3(0.0f, 0.0f, z));
        pieces += inside && !wasInside ? 1 : 0;
        wasInside = inside;
    }
    return pieces;
}

TEST(BodyHand, AFullFiguresHandIsAPalmAndFingersNotAMitten) {
    for (const glm::vec3& phase : kHandPhases) {
        const FullFigureHand hand = fullFigureHand(phase);
        ASSERT_NE(hand.body.mesh, nullptr) << hand.body.message;
        const BodyMesh& mesh = *hand.body.mesh;
        // The figure's cells are 2.6 cm here: each finger (1.6 cm across) and each bone through
        // the palm was thickened to 3.9 cm and blended over 6.5 cm with the others, a mitten
        // 9 cm thick and 21 cm wide over the fingers' first bones (the knuckles 9 cm from the
        // wrist). As a piece of its own (0.65 cm cells) the hand is a hand-only rig's: a palm about
        // a third as thick as it is wide, and fingers of their own thickness.
        const glm::vec3 palmMiddle = hand.wrist + glm::vec3(7.0f, 0.0f, 0.0f);
        const glm::vec3 middleFinger = hand.wrist + glm::vec3(12.0f, 0.0f, 0.0f);
        ASSERT_TRUE(insideMesh(mesh, palmMiddle));
        ASSERT_TRUE(insideMesh(mesh, middleFinger));
        const HandSection palm = handSectionThrough(mesh, palmMiddle);
        EXPECT_LT(palm.thickness, 4.0f);
        EXPECT_GT(palm.width, 2.5f * palm.thickness);
        EXPECT_LT(palm.width, 12.0f);
        const HandSection finger = handSectionThrough(mesh, middleFinger);
        EXPECT_LT(finger.thickness, 2.5f);
        // The four fingers (1.8 cm apart, 1.4 to 1.6 cm across) are three or four pieces across
        // their first bones; the mitten was one.
        EXPECT_GE(piecesAlongZ(mesh, hand.wrist + glm::vec3(12.0f, 0.0f, -6.0f), 10.0f), 3);
    }
}

TEST(BodyHand, AFullFiguresThumbSpreadFromTheIndexFingerStandsApart) {
    for (const glm::vec3& phase : kHandPhases) {
        const FullFigureHand hand = fullFigureHand(phase);
        ASSERT_NE(hand.body.mesh, nullptr) << hand.body.message;
        // Across the hand 10 cm from the wrist, between the palm's plane and the thumb's (1 cm
        // below it): the fingers (the index finger at 1.8 cm) and the thumb's last bone (at 9.3
        // cm) are apart, nothing between 4 and 7 cm. Thickened to the figure's cells, the thumb
        // fused with the index finger into one mitten, one piece from -7.5 to 13.5 cm.
        const BodyMesh& mesh = *hand.body.mesh;
        EXPECT_TRUE(insideMesh(mesh, hand.wrist + glm::vec3(10.0f, -1.0f, 9.3f)));
        EXPECT_TRUE(insideMesh(mesh, hand.wrist + glm::vec3(10.0f, 0.0f, 1.8f)));
        EXPECT_EQ(piecesAlongZ(mesh, hand.wrist + glm::vec3(10.0f, -0.5f, 4.0f), 3.0f), 0);
        EXPECT_GE(piecesAlongZ(mesh, hand.wrist + glm::vec3(10.0f, -0.5f, -8.0f), 24.0f), 2);
    }
}

TEST(BodyHand, AFullFiguresHandsArePiecesOfTheirOwnGlovedOverTheForearms) {
    for (const glm::vec3& phase : kHandPhases) {
        const FullFigureHand hand = fullFigureHand(phase);
        ASSERT_NE(hand.body.mesh, nullptr) << hand.body.message;
        const BodyMesh& mesh = *hand.body.mesh;
        // The figure's surface and one closed surface a hand, at every level.
        EXPECT_EQ(meshPieces(mesh), 3u);
        for (const BodyDetailLevel& level : mesh.levels) {
            EXPECT_TRUE(isClosedSurface(std::span<const std::uint32_t>(
                mesh.indices.data() + level.firstIndex, level.indexCount)));
        }
        // The hand's cuff reaches 2.5 forearm radii (3.4 cm at its end) back over the forearm,
        // which ends a radius before the wrist: along the forearm's axis every point lies inside
        // one piece or both, both where they overlap.
        int overlapped = 0;
        for (float back = 0.0f; back <= 12.0f; back += 0.5f) {
            const int covering = piecesAround(mesh, hand.wrist - glm::vec3(back, 0.0f, 0.0f));
            EXPECT_GE(covering, 1) << back << " cm before the wrist";
            overlapped += covering == 2 ? 1 : 0;
        }
        EXPECT_GE(overlapped, 6); // 3 cm and more
        // A hand's vertices move with its own bones, and the forearm's near the wrist only (the
        // cuff's rounded end reaches its radius, 3.1 cm, past the wrist).
        const Skeleton skeleton = parseDocument(test::mixamoBiped().text()).skeleton;
        const NodeIndex forearm = test::nodeNamed(skeleton, "mixamorig:LeftForeArm");
        const NodeIndex wrist = test::nodeNamed(skeleton, "mixamorig:LeftHand");
        std::size_t onTheHand = 0;
        for (const BodyVertex& vertex : mesh.vertices) {
            const float past = vertex.position.x - hand.wrist.x;
            if (past < 2.0f) {
                continue;
            }
            ++onTheHand;
            auto joint = static_cast<NodeIndex>(vertex.joints[0]);
            while (joint != kNoParent && joint != wrist && joint != forearm) {
                joint = skeleton.parents[static_cast<std::size_t>(joint)];
            }
            EXPECT_TRUE(joint == wrist || (joint == forearm && past < 5.0f))
                << past << " cm past the wrist: " << skeleton.names[vertex.joints[0]];
        }
        EXPECT_GT(onTheHand, 300u);
    }
}

} // namespace
} // namespace bvh
