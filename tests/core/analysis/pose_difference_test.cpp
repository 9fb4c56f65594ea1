#include "core/analysis/pose_difference.h"
#include "core/reader/document.h"
#include "tests/core/analysis/analysis_clips.h"
#include "tests/support/generated_library.h"

#include <cmath>
#include <gtest/gtest.h>

namespace bvh {
namespace {

using test::clipFromRows;
using test::exactFrameTime;
using test::rowsOf;

// The figure walking along +Z, its arm waving and spine bending.
std::vector<double> walkingRow(int f, double xShift = 0.0, double armZ = 0.0) {
    std::vector<double> row(test::kFigureChannels, 0.0);
    row[0] = xShift;
    row[1] = 92.0 + 2.0 * std::sin(f * 0.4);
    row[2] = 3.0 * f;
    row[6] = 10.0 * std::sin(f * 0.2);         // Spine Z
    row[12] = armZ + 40.0 * std::sin(f * 0.3); // LeftArm Z
    row[19] = 30.0 * std::sin(f * 0.35);       // LeftFoot X
    return row;
}

ComparedClip comparedClip(const Document& document, const glm::dmat4& toCommon = glm::dmat4(1.0)) {
    return {&document.skeleton, &document.motion, TranslationMode::Absolute, toCommon};
}

TEST(NodeMatching, IdenticalHierarchiesMatchEveryNode) {
    const Document a = parseDocument(test::kFigure);
    const NodeMatching matching = matchNodesByName(a.skeleton, a.skeleton);
    EXPECT_EQ(matching.pairs.size(), a.skeleton.nodeCount());
    EXPECT_TRUE(matching.unmatchedA.empty());
    EXPECT_TRUE(matching.unmatchedB.empty());
    EXPECT_DOUBLE_EQ(matching.matchedFraction(), 1.0);
    for (std::size_t i = 0; i < a.skeleton.nodeCount(); ++i) {
        EXPECT_EQ(matching.partnerInB[i], static_cast<NodeIndex>(i));
    }
}

TEST(NodeMatching, ByNameInAnyOrderReportingTheUnmatched) {
    // B lists the children the other way round, lacks Head's End Site chain and has a Tail.
    const Document a = parseDocument("HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 0\n"
                                     "JOINT Head\n{\nOFFSET 0 1 0\nCHANNELS 0\n}\n"
                                     "JOINT Leg\n{\nOFFSET 0 -1 0\nCHANNELS 0\n}\n}\n");
    const Document b = parseDocument("HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 0\n"
                                     "JOINT Leg\n{\nOFFSET 0 -1 0\nCHANNELS 0\n}\n"
                                     "JOINT Tail\n{\nOFFSET 0 0 -1\nCHANNELS 0\n}\n}\n");
    const NodeMatching matching = matchNodesByName(a.skeleton, b.skeleton);
    ASSERT_EQ(matching.pairs.size(), 2u);
    EXPECT_EQ(matching.pairs[0], std::make_pair(NodeIndex{0}, NodeIndex{0}));
    EXPECT_EQ(matching.pairs[1], std::make_pair(NodeIndex{2}, NodeIndex{1}));
    EXPECT_EQ(matching.unmatchedA, std::vector<NodeIndex>{1}); // Head
    EXPECT_EQ(matching.unmatchedB, std::vector<NodeIndex>{2}); // Tail
    EXPECT_EQ(matching.partnerInA[2], kNoParent);
    EXPECT_DOUBLE_EQ(matching.matchedFraction(), 2.0 / 3.0);
}

TEST(NodeMatching, DuplicateNamesPairInOrder) {
    const Document a = parseDocument("HIERARCHY\nROOT R\n{\nOFFSET 0 0 0\nCHANNELS 0\n"
                                     "JOINT x\n{\nOFFSET 1 0 0\nCHANNELS 0\n}\n"
                                     "JOINT x\n{\nOFFSET 2 0 0\nCHANNELS 0\n}\n}\n");
    const NodeMatching matching = matchNodesByName(a.skeleton, a.skeleton);
    ASSERT_EQ(matching.pairs.size(), 3u);
    EXPECT_EQ(matching.pairs[1].second, 1);
    EXPECT_EQ(matching.pairs[2].second, 2);
}

TEST(PoseDifference, IdenticalClipsDifferByNothing) {
    const Document a = clipFromRows(test::kFigure, exactFrameTime(30),
                                    rowsOf(40, [](int f) { return walkingRow(f); }));
    const NodeMatching matching = matchNodesByName(a.skeleton, a.skeleton);
    for (const double time : {0.0, 0.4, 0.55, 1.3}) {
        const PoseDifference difference = comparePosesAtTime(comparedClip(a), comparedClip(a),
                                                             matching, time, Interpolation::Linear);
        ASSERT_EQ(difference.distances.size(), a.skeleton.nodeCount());
        EXPECT_EQ(difference.max, 0.0);
        EXPECT_EQ(difference.mean, 0.0);
        EXPECT_EQ(difference.rootMeanSquare, 0.0);
    }
    const ClipDifference overall =
        compareClips(comparedClip(a), comparedClip(a), matching, Interpolation::Linear);
    EXPECT_EQ(overall.samples, 40u);
    EXPECT_EQ(overall.max, 0.0);
}

TEST(PoseDifference, AShiftedClipDiffersByTheShiftEverywhere) {
    const Document a = clipFromRows(test::kFigure, exactFrameTime(30),
                                    rowsOf(40, [](int f) { return walkingRow(f); }));
    const Document b = clipFromRows(test::kFigure, exactFrameTime(30),
                                    rowsOf(40, [](int f) { return walkingRow(f, 12.5); }));
    const NodeMatching matching = matchNodesByName(a.skeleton, b.skeleton);
    const PoseDifference inFileUnits =
        comparePosesAtTime(comparedClip(a), comparedClip(b), matching, 0.7, Interpolation::Linear);
    for (const double distance : inFileUnits.distances) {
        EXPECT_NEAR(distance, 12.5, 1e-4);
    }
    EXPECT_NEAR(inFileUnits.mean, 12.5, 1e-4);
    EXPECT_NEAR(inFileUnits.max, 12.5, 1e-4);

    // Centimetres to metres on both sides.
    const glm::dmat4 metres = metresTransform(UpAxis::PositiveY, LengthUnit::Centimetre);
    const PoseDifference inMetres = comparePosesAtTime(
        comparedClip(a, metres), comparedClip(b, metres), matching, 0.7, Interpolation::Linear);
    EXPECT_NEAR(inMetres.max, 0.125, 1e-6);

    // Relative to the root, the poses are the same.
    const PoseDifference posesOnly =
        comparePosesAtTime(comparedClip(a), comparedClip(b), matching, 0.7, Interpolation::Linear,
                           PoseComparisonOptions{true});
    EXPECT_NEAR(posesOnly.max, 0.0, 1e-4);

    const ClipDifference overall =
        compareClips(comparedClip(a), comparedClip(b), matching, Interpolation::Nearest, 10);
    EXPECT_EQ(overall.samples, 10u);
    EXPECT_NEAR(overall.meanOfMeans, 12.5, 1e-4);
    EXPECT_NEAR(overall.max, 12.5, 1e-4);
}

// A static `joint_Root` at the origin above a travelling `Hips` (issue 39's library): relative
// to the root means relative to the hips, or two takes standing apart differ by their places.
TEST(PoseDifference, RelativeToRootUsesTheHipsBelowAStaticRoot) {
    test::TakeVariation here;
    test::TakeVariation there = here;
    there.startX = 150.0;
    there.startZ = -40.0;
    const Document a = parseDocument(test::generatedTake("wave", "normal", here));
    const Document b = parseDocument(test::generatedTake("wave", "normal", there));
    ASSERT_TRUE(a.loaded() && b.loaded());
    const NodeIndex hips = a.skeleton.find("Hips");
    EXPECT_EQ(bodyRootOf(a.skeleton, std::vector<NodeIndex>{0}), hips);
    EXPECT_EQ(bodyRootOf(a.skeleton, {}), 0); // a root that moves is the body root
    const NodeMatching matching = matchNodesByName(a.skeleton, b.skeleton);
    PoseComparisonOptions options{true};
    const PoseDifference fromStaticRoot = comparePosesAtTime(
        comparedClip(a), comparedClip(b), matching, 0.7, Interpolation::Linear, options);
    EXPECT_NEAR(fromStaticRoot.max, std::hypot(150.0, 40.0), 1e-3); // the places differ
    options.rootA = options.rootB = hips;
    const PoseDifference fromHips = comparePosesAtTime(comparedClip(a), comparedClip(b), matching,
                                                       0.7, Interpolation::Linear, options);
    EXPECT_NEAR(fromHips.max, 0.0, 1e-3);
}

// Body only (compare's Align start): the static root above the hips is not measured, and the
// rest is measured where it stands: a take 2 m along X differs by 2 m at every body joint.
TEST(PoseDifference, BodyOnlyLeavesTheStaticRootOutAndKeepsThePlaces) {
    test::TakeVariation there;
    there.startX = 200.0;
    const Document a = parseDocument(test::generatedTake("wave", "normal", {}));
    const Document b = parseDocument(test::generatedTake("wave", "normal", there));
    ASSERT_TRUE(a.loaded() && b.loaded());
    const NodeMatching matching = matchNodesByName(a.skeleton, b.skeleton);
    PoseComparisonOptions options;
    options.rootA = options.rootB = a.skeleton.find("Hips");
    const PoseDifference whole = comparePosesAtTime(comparedClip(a), comparedClip(b), matching, 0.7,
                                                    Interpolation::Linear, options);
    EXPECT_NEAR(whole.distances[0], 0.0, 1e-6); // both static roots at the file's origin
    options.bodyOnly = true;
    const PoseDifference body = comparePosesAtTime(comparedClip(a), comparedClip(b), matching, 0.7,
                                                   Interpolation::Linear, options);
    ASSERT_EQ(body.distances.size(), matching.pairs.size());
    EXPECT_EQ(body.distances[0], 0.0); // not measured
    EXPECT_NEAR(body.max, 200.0, 1e-3);
    EXPECT_NEAR(body.mean, 200.0, 1e-3); // the root is not counted in the mean
    EXPECT_LT(whole.mean, 200.0 - 1.0);
}

TEST(PoseDifference, ARotatedArmDiffersAtItsEndByTheChord) {
    // B's arm is turned 90 degrees more about Z: its End Site (50 from the shoulder) moves by
    // 50 * sqrt(2); the shoulder itself does not move; the worst pair is that End Site.
    const Document a = clipFromRows(test::kFigure, exactFrameTime(30),
                                    rowsOf(5, [](int f) { return walkingRow(f); }));
    const Document b = clipFromRows(test::kFigure, exactFrameTime(30),
                                    rowsOf(5, [](int f) { return walkingRow(f, 0.0, 90.0); }));
    const NodeMatching matching = matchNodesByName(a.skeleton, b.skeleton);
    const PoseDifference difference = comparePosesAtTime(comparedClip(a), comparedClip(b), matching,
                                                         2.0 / 30.0, Interpolation::Nearest);
    const NodeIndex arm = a.skeleton.find("LeftArm");
    const NodeIndex hand = a.skeleton.find("EndSite_LeftArm");
    EXPECT_NEAR(difference.distances[static_cast<std::size_t>(arm)], 0.0, 1e-4);
    EXPECT_NEAR(difference.distances[static_cast<std::size_t>(hand)], 50.0 * std::sqrt(2.0), 1e-3);
    EXPECT_EQ(matching.pairs[difference.maxPair].first, hand);
    // Of the figure's nine nodes only that End Site moved.
    EXPECT_NEAR(difference.mean, 50.0 * std::sqrt(2.0) / double(a.skeleton.nodeCount()), 1e-3);
}

TEST(PoseDifference, DifferentAxesAndUnitsMeetInMetres) {
    // The same three points, A Y-up in centimetres, B Z-up in metres: zero difference once
    // each is brought into metres, Y up.
    const Document a = clipFromRows(
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
        "JOINT Head\n{\nOFFSET 0 80 10\nCHANNELS 0\n}\nJOINT Foot\n{\nOFFSET 10 -90 0\n"
        "CHANNELS 0\n}\n}\n",
        exactFrameTime(30), {{5, 90, 30}, {6, 91, 40}});
    // File Z-up: (x, y, z)_A / 100 = (x, z, -y)_B.
    const Document b = clipFromRows(
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n"
        "JOINT Head\n{\nOFFSET 0 -0.1 0.8\nCHANNELS 0\n}\nJOINT Foot\n{\nOFFSET 0.1 0 -0.9\n"
        "CHANNELS 0\n}\n}\n",
        exactFrameTime(30), {{0.05, -0.3, 0.9}, {0.06, -0.4, 0.91}});
    const NodeMatching matching = matchNodesByName(a.skeleton, b.skeleton);
    const PoseDifference difference = comparePosesAtTime(
        comparedClip(a, metresTransform(UpAxis::PositiveY, LengthUnit::Centimetre)),
        comparedClip(b, metresTransform(UpAxis::PositiveZ, LengthUnit::Metre)), matching, 1.0 / 30,
        Interpolation::Linear);
    EXPECT_NEAR(difference.max, 0.0, 1e-6);
    // In file units they are nowhere near.
    EXPECT_GT(
        comparePosesAtTime(comparedClip(a), comparedClip(b), matching, 0.0, Interpolation::Linear)
            .max,
        50.0);
}

TEST(PoseDifference, EachClipIsSampledAtItsOwnFrameTime) {
    // B holds A's even frames but says 30 fps: played at 15 (an fps override) it is A.
    const auto rows = rowsOf(21, [](int f) { return walkingRow(f); });
    std::vector<std::vector<double>> even;
    for (std::size_t f = 0; f < rows.size(); f += 2) {
        even.push_back(rows[f]);
    }
    const Document a = clipFromRows(test::kFigure, exactFrameTime(30), rows);
    const Document b = clipFromRows(test::kFigure, exactFrameTime(30), even);
    const NodeMatching matching = matchNodesByName(a.skeleton, b.skeleton);
    ComparedClip atFifteen = comparedClip(b);
    atFifteen.frameTime = 1.0 / 15.0;
    EXPECT_NEAR(
        comparePosesAtTime(comparedClip(a), atFifteen, matching, 0.4, Interpolation::Nearest).max,
        0.0, 1e-4);
    EXPECT_GT(
        comparePosesAtTime(comparedClip(a), comparedClip(b), matching, 0.4, Interpolation::Nearest)
            .max,
        10.0);
    // Over B's frames, at B's 15 fps: every one is an A frame.
    const ClipDifference overall =
        compareClips(atFifteen, comparedClip(a), matchNodesByName(b.skeleton, a.skeleton),
                     Interpolation::Nearest);
    EXPECT_EQ(overall.samples, 11u);
    EXPECT_NEAR(overall.max, 0.0, 1e-4);
}

TEST(PoseDifference, NothingMatchedOrMismatchedSpansGiveAnEmptyResult) {
    const Document a = parseDocument(test::kFigure);
    const NodeMatching none = matchNodesByName(a.skeleton, Skeleton{});
    EXPECT_TRUE(none.pairs.empty());
    EXPECT_EQ(none.unmatchedA.size(), a.skeleton.nodeCount());
    const std::vector<glm::dvec3> positions(a.skeleton.nodeCount());
    EXPECT_TRUE(measurePoseDifference(none, positions, {}).distances.empty());
    const NodeMatching all = matchNodesByName(a.skeleton, a.skeleton);
    EXPECT_TRUE(measurePoseDifference(all, positions, {}).distances.empty()) << "B too short";
}

} // namespace
} // namespace bvh
