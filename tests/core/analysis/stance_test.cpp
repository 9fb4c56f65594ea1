#include "core/analysis/stance.h"
#include "core/analysis/summary.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/analysis/face_helper_clips.h"
#include "tests/core/body/body_hostile_rigs.h"
#include "tests/core/body/body_test_skeletons.h"

#include <gtest/gtest.h>

namespace bvh {
namespace {

using test::CreatureFileOptions;

struct Analyzed {
    Document document;
    Stance stance;
    RestPoseAnalysis rest;
};

Analyzed analyze(const test::Creature& creature, const CreatureFileOptions& options,
                 std::optional<UpAxis> forced = std::nullopt) {
    Analyzed result;
    result.document = parseDocument(test::creatureFile(creature, options).text);
    EXPECT_TRUE(result.document.loaded());
    result.rest = analyzeRestPose(result.document.skeleton);
    result.stance = analyzeStance(result.document.skeleton, result.document.motion,
                                  TranslationMode::Absolute, result.rest, forced);
    return result;
}

TEST(Stance, AWalkingBipedStandsOnYFromTheMotionAndFacesPlusZ) {
    const Analyzed a = analyze(test::biped(140.0), {});
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveY);
    EXPECT_EQ(a.stance.source, UpAxisSource::Motion);
    EXPECT_GE(a.stance.motionMargin, kDecisiveMargin);
    ASSERT_TRUE(a.stance.facing.has_value());
    EXPECT_EQ(a.stance.facingSource, FacingSource::LeftRight);
    EXPECT_GT(a.stance.facing->z, 0.99) << "left is +X, up +Y: the front is +X x +Y = +Z";
    // The toe End Sites touch y = 0 in stance; the head's End Site is at 95 + 35 + 40 + 20.
    EXPECT_NEAR(a.stance.groundLevel, 0.0, 0.5);
    EXPECT_NEAR(a.stance.height, 190.0, 5.0);
    EXPECT_FALSE(a.stance.needsLift());
    EXPECT_TRUE(a.stance.staticRoots.empty());
}

TEST(Stance, AQuadrupedLongerThanTallStandsOnItsHoovesWithoutNames) {
    // The motion decides; the rest pose alone stands on its hooves too (feet_floor.h), where its
    // longest extent said +Z (300 long against 200 tall).
    const Analyzed a = analyze(test::quadruped(120.0), {});
    EXPECT_EQ(a.rest.upAxis, UpAxis::PositiveY);
    EXPECT_TRUE(a.rest.upFromFeet);
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveY);
    EXPECT_EQ(a.stance.source, UpAxisSource::Motion);
    EXPECT_EQ(a.stance.restPoseUp, UpAxis::PositiveY);
    ASSERT_TRUE(a.stance.facing.has_value());
    EXPECT_GT(a.stance.facing->z, 0.99) << "no left/right names: it walks forward";
    EXPECT_EQ(a.stance.facingSource, FacingSource::Travel);
}

TEST(Stance, AQuadrupedInAZUpFileStandsOnPlusZ) {
    CreatureFileOptions options;
    options.canonicalToFile = test::yUpToZUp();
    const Analyzed a = analyze(test::quadruped(120.0), options);
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveZ);
    ASSERT_TRUE(a.stance.facing.has_value());
    EXPECT_LT(a.stance.facing->y, -0.99) << "canonical +Z is the file's -Y";
}

TEST(Stance, ACrabWiderThanTallStandsOnItsLegTips) {
    const Analyzed a = analyze(test::crab(60.0), {});
    EXPECT_EQ(a.rest.upAxis, UpAxis::PositiveY)
        << "240 wide, 50 tall: the extent said a side (+X), its eight tips say +Y";
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveY);
    EXPECT_EQ(a.stance.source, UpAxisSource::Motion);
}

TEST(Stance, ACrabPlayedInPlaceStandsOnItsLegTips) {
    // Its body held still, the crab's sides (its knees, still on the body) are as still as its
    // planted tips, which now slide: the motion is not decisive, and its cheapest axis was a
    // side (+Z). Its eight tips still come down to one floor.
    const Analyzed a = analyze(test::withStillHips(test::crab(60.0)), {});
    EXPECT_LT(a.stance.motionMargin, kDecisiveMargin);
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveY);
}

TEST(Stance, AQuadrupedPlayedInPlaceStandsOnItsHooves) {
    // Its barrel held still, its sides (the still hips and shoulders) are as still as the
    // hooves that slide under it; its four hooves still come down to one floor.
    const Analyzed a = analyze(test::withStillHips(test::quadruped(120.0)), {});
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveY);
}

TEST(Stance, ACrabThatBarelyMovesStandsOnItsLegTips) {
    // Frozen in its first pose and sliding 2 cm: every axis costs the same, and a rest pose's
    // guess that says a side (the longest extent, +X, 240 wide, before the rest pose read its
    // feet) laid it on its side: the floor its eight tips reach decides.
    test::Creature crab = test::crab(0.0);
    crab.pose = [pose = crab.pose](double t, std::vector<glm::dvec3>& p) {
        pose(0.0, p);
        for (glm::dvec3& node : p) {
            node.x += 0.5 * t;
        }
    };
    const Document document = parseDocument(test::creatureFile(crab, {}).text);
    RestPoseAnalysis rest = analyzeRestPose(document.skeleton);
    EXPECT_EQ(rest.upAxis, UpAxis::PositiveY);
    rest.upAxis = UpAxis::PositiveX;
    const Stance stance =
        analyzeStance(document.skeleton, document.motion, TranslationMode::Absolute, rest);
    EXPECT_LT(stance.motionMargin, kDecisiveMargin);
    EXPECT_EQ(stance.upAxis, UpAxis::PositiveY);
}

TEST(Stance, AZUpFigureWithARotatedRootStandsOnZ) {
    // The OFFSETs stand on +Y (turned by -90 about X from the file's Z-up frame 0); the root's
    // rotation turns them back in every frame, so the animation stands on +Z.
    CreatureFileOptions options;
    options.canonicalToFile = test::yUpToZUp();
    options.restTurnAxis = 'X';
    options.restTurnDegrees = -90.0;
    const Analyzed a = analyze(test::biped(140.0), options);
    EXPECT_EQ(a.rest.upAxis, UpAxis::PositiveY) << "the rest pose alone is fooled";
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveZ);
    EXPECT_EQ(a.stance.source, UpAxisSource::Motion);
    ASSERT_TRUE(a.stance.facing.has_value());
    EXPECT_LT(a.stance.facing->y, -0.99);
}

TEST(Stance, ARestPoseLyingAlongXThatTheRootStandsUpStandsOnY) {
    // Frame 0 turned by +90 about Z: the rest pose's head points along -X.
    CreatureFileOptions options;
    options.restTurnAxis = 'Z';
    options.restTurnDegrees = 90.0;
    const Analyzed a = analyze(test::biped(140.0), options);
    EXPECT_EQ(a.rest.upAxis, UpAxis::NegativeX);
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveY);
    EXPECT_EQ(a.stance.restPoseUp, UpAxis::NegativeX);
}

TEST(Stance, EachOfTheSixAxesIsFoundFromTheMotion) {
    const std::pair<UpAxis, glm::dmat3> cases[] = {
        {UpAxis::PositiveY, glm::dmat3(1.0)},
        {UpAxis::NegativeY, test::axisRotation('Z', 180.0)},
        {UpAxis::PositiveZ, test::axisRotation('X', 90.0)},
        {UpAxis::NegativeZ, test::axisRotation('X', -90.0)},
        {UpAxis::PositiveX, test::axisRotation('Z', -90.0)},
        {UpAxis::NegativeX, test::axisRotation('Z', 90.0)},
    };
    for (const auto& [expected, rotation] : cases) {
        ASSERT_EQ(nearestUpAxis(rotation * glm::dvec3(0, 1, 0)), expected);
        CreatureFileOptions options;
        options.canonicalToFile = rotation;
        const Analyzed quadruped = analyze(test::quadruped(120.0), options);
        EXPECT_EQ(quadruped.stance.upAxis, expected) << upAxisName(expected);
        const Analyzed human = analyze(test::biped(140.0), options);
        EXPECT_EQ(human.stance.upAxis, expected) << upAxisName(expected);
    }
}

TEST(Stance, AFigureMarkingTimeOnTheSpotStillStandsUp) {
    const Analyzed a = analyze(test::biped(0.0), {});
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveY);
    const Analyzed unnamed = analyze(test::biped(0.0, false), {});
    EXPECT_EQ(unnamed.stance.upAxis, UpAxis::PositiveY);
}

TEST(Stance, AClipTravellingTwentyBodyHeightsStandsOnY) {
    CreatureFileOptions options;
    options.frames = 240;
    // 170 tall, 20 heights in 8 s: 425 cm/s (a run's speed; the feet still plant).
    const Analyzed a = analyze(test::biped(425.0), options);
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveY);
    const auto& positions = test::creatureFile(test::biped(425.0), options).positions;
    EXPECT_GT(positions.back()[0].z - positions.front()[0].z, 19.0 * 170.0);
}

TEST(Stance, AStaticRootFarFromTheMovingHipsIsListedAndIgnored) {
    CreatureFileOptions options;
    options.fileShift = glm::dvec3(0.0); // the body starts at the origin and walks away
    const Analyzed a = analyze(test::withStaticRoot(test::biped(140.0)), options);
    ASSERT_EQ(a.stance.staticRoots.size(), 1u);
    EXPECT_EQ(a.stance.staticRoots[0], 0);
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveY);
    EXPECT_NEAR(a.stance.groundLevel, 0.0, 0.5);
    // A root that moves, or one whose child stays near it, is not a static link.
    EXPECT_TRUE(analyze(test::biped(140.0), {}).stance.staticRoots.empty());
}

// Hips still at the origin, turning in the second of three frames; Spine 30 above them, the other
// joints on the hips' point. `spineMoves`: the spine has position channels, 12 along X in that
// frame.
std::string stillHipsTurningTheSpine(bool spineMoves) {
    const std::string zero = "OFFSET 0 0 0\n CHANNELS 3 Zrotation Xrotation Yrotation\n";
    std::string text =
        "HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 6 Xposition Yposition "
        "Zposition Zrotation Xrotation Yrotation\n JOINT Spine\n {\n OFFSET 0 30 0\n";
    text += spineMoves ? " CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
                       : " CHANNELS 3 Zrotation Xrotation Yrotation\n";
    text += " End Site\n {\n OFFSET 0 0 0\n }\n }\n";
    for (const char* name : {"LeftArm", "RightArm", "LeftUpLeg", "RightUpLeg"}) {
        text += std::string(" JOINT ") + name + "\n {\n " + zero +
                " End Site\n {\n OFFSET 0 0 0\n }\n }\n";
    }
    text += "}\nMOTION\nFrames: 3\nFrame Time: 0.033333\n";
    const std::string spineStill = spineMoves ? "0 30 0 0 0 0 " : "0 0 0 ";
    const std::string spineTurned = spineMoves ? "12 30 0 20 10 -20 " : "20 10 -20 ";
    const std::string still = "0 0 0 0 0 0 " + spineStill + "0 0 0 0 0 0 0 0 0 0 0 0\n";
    return text + still + "0 0 0 20 10 -20 " + spineTurned + "0 0 0 0 0 0 0 0 0 0 0 0\n" + still;
}

TEST(Stance, AStillRootThatOnlyTurnsItsFarChildHoldsItByABone) {
    // A child without position channels moves only as its still root turns it: a bone (main
    // listed the hips as a static root and the body left out the figure's one bone with a
    // length). A child whose own position channels move it is the static root's link still.
    for (const bool spineMoves : {false, true}) {
        SCOPED_TRACE(spineMoves ? "the spine's position moves" : "the spine only turns");
        const Document document = parseDocument(stillHipsTurningTheSpine(spineMoves));
        ASSERT_TRUE(document.loaded());
        const Stance stance =
            analyzeStance(document.skeleton, document.motion, TranslationMode::Absolute,
                          analyzeRestPose(document.skeleton));
        EXPECT_EQ(stance.staticRoots.size(), spineMoves ? 1u : 0u);
    }
}

// The stance of test::coincidentJointsText(helpers), the biped of the two tests below.
Stance stanceOfBipedInAPlane(int helpers) {
    const Document document = parseDocument(test::coincidentJointsText(helpers));
    EXPECT_TRUE(document.loaded());
    return analyzeStance(document.skeleton, document.motion, TranslationMode::Absolute,
                         analyzeRestPose(document.skeleton));
}

// A 7-joint biped drawn in the XY plane, standing along Y (180 tall), every joint turned 15
// degrees in the middle of three frames, with `helpers` more joints on the hips' point. Along Z
// every node ties for the lowest in the flat frames, and the first of them, the hips, which the
// turns never move, read as a still floor: main stood it on +Z "from the motion", 0 tall, with
// or without the helpers. Nothing names its feet; the file's own up, Y, is where it has height.
// (The hostile rigs' coincidentJointsText, h06 of bvhscope_write_body_rigs --hostile.)
TEST(Stance, ABipedDrawnInAPlaneThatItsMotionLeavesStandsOnTheFilesY) {
    for (const int helpers : {0, 60}) {
        SCOPED_TRACE(std::to_string(helpers) + " helpers");
        const Stance stance = stanceOfBipedInAPlane(helpers);
        EXPECT_EQ(stance.upAxis, UpAxis::PositiveY) << upAxisName(stance.upAxis);
        EXPECT_GT(stance.height, 170.0);
    }
}

// The same biped: in the samples flat along Z (most of them) no node is lowest along +Z or -Z,
// and both read the mean speed, so the median of each one's lowest speeds over the median mean
// speed, the stillness, is 1 and the cost (stillness + 2 x spread + end penalty) at least 1.
// Read as the first node's (the hips', which the turns never move) the stillness was 0 and the
// cost 0.20 with the 60 helpers (the flat samples' speeds rewritten after the pass that took
// every lowest node's speed: a pass that left them cost nothing else).
TEST(Stance, AFlatSampleReadsTheMeanSpeedAlongItsFlatAxis) {
    for (const int helpers : {0, 60}) {
        SCOPED_TRACE(std::to_string(helpers) + " helpers");
        const Stance stance = stanceOfBipedInAPlane(helpers);
        ASSERT_TRUE(stance.motionMeasured);
        EXPECT_GE(stance.motionCost[static_cast<std::size_t>(UpAxis::PositiveZ)], 1.0);
        EXPECT_GE(stance.motionCost[static_cast<std::size_t>(UpAxis::NegativeZ)], 1.0);
    }
}

TEST(Stance, AStillRootOnTheGroundUnderStillHipsIsListedAndIgnored) {
    // Unity's `Reference`, Unreal's `root`, Bandai's `joint_Root` over hips without position
    // channels: nothing moves to tell the link from a bone. 10 under the feet, counted it would
    // set the ground there and make the figure 200 tall (and its capsules as fat), drawing a
    // bone from the floor up between the legs.
    const Analyzed a = analyze(
        test::withStaticRoot(test::withStillHips(test::biped(0.0)), glm::dvec3(0, -10, 0)), {});
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveY);
    EXPECT_NEAR(a.stance.groundLevel, 0.0, 0.5);
    EXPECT_NEAR(a.stance.height, 190.0, 5.0);
    ASSERT_EQ(a.stance.staticRoots.size(), 1u);
    EXPECT_EQ(a.stance.staticRoots[0], 0);
    // The same root where the hips are (a link inside the figure), or the still hips as the
    // root (three children), is no static root.
    EXPECT_TRUE(analyze(test::withStaticRoot(test::withStillHips(test::biped(0.0)), {0, 95, 0}), {})
                    .stance.staticRoots.empty());
    EXPECT_TRUE(analyze(test::withStillHips(test::biped(0.0)), {}).stance.staticRoots.empty());
}

TEST(Stance, ASunkFigureIsLiftedAndAFloatingOneLowered) {
    CreatureFileOptions sunk;
    sunk.canonicalToFile = test::yUpToZUp();
    sunk.fileShift = glm::dvec3(0, 0, -95.0); // sunk to the pelvis
    const Analyzed low = analyze(test::biped(140.0), sunk);
    EXPECT_EQ(low.stance.upAxis, UpAxis::PositiveZ);
    EXPECT_NEAR(low.stance.groundLevel, -95.0, 0.5);
    EXPECT_TRUE(low.stance.needsLift());

    CreatureFileOptions floating;
    floating.fileShift = glm::dvec3(0, 362.0, 0);
    const Analyzed high = analyze(test::biped(140.0), floating);
    EXPECT_NEAR(high.stance.groundLevel, 362.0, 0.5);
    EXPECT_TRUE(high.stance.needsLift());

    CreatureFileOptions nearly;
    nearly.fileShift = glm::dvec3(0, 3.0, 0); // 1.6 % of the height: left as it is
    EXPECT_FALSE(analyze(test::biped(140.0), nearly).stance.needsLift());
}

// Issue 38: a chain 2e-30 tall at rest (two OFFSETs of 1e-30 along Y) whose root stands at
// y = 100: 100 + 1e-30 is 100 in double (its spacing there is 1.4e-14), so every joint lands on
// the root and the figure is 0 tall. At y = 0 the same chain keeps its 2e-30, and a chain of
// OFFSETs 10 at y = 100 is 20 tall: neither is below the precision of its place.
std::string chainAt(const char* offset, const char* rootHeight) {
    return std::string("HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition "
                       "Zposition Zrotation Xrotation Yrotation\nJOINT Chest\n{\nOFFSET 0 ") +
           offset + " 0\nCHANNELS 3 Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 " +
           offset + " 0\n}\n}\n}\nMOTION\nFrames: 2\nFrame Time: 0.04\n0 " + rootHeight +
           " 0 0 0 0 0 0 0\n0 " + rootHeight + " 0 0 0 0 0 0 0\n";
}

Stance chainStance(const char* offset, const char* rootHeight, RestPoseAnalysis& rest) {
    const Document document = parseDocument(chainAt(offset, rootHeight));
    EXPECT_TRUE(document.loaded());
    rest = analyzeRestPose(document.skeleton);
    return analyzeStance(document.skeleton, document.motion, TranslationMode::Absolute, rest);
}

TEST(Stance, AFigureBelowThePrecisionOfItsPlaceIsSaidToBe) {
    RestPoseAnalysis rest;
    const Stance dwarfed = chainStance("1e-30", "100", rest);
    EXPECT_EQ(rest.height, 2e-30);
    EXPECT_EQ(dwarfed.groundLevel, 100.0);
    EXPECT_EQ(dwarfed.height, 0.0);
    EXPECT_TRUE(dwarfed.belowPlacePrecision);
    EXPECT_EQ(placePrecisionNote(rest.height),
              "2e-30 at rest: below the precision of its place, every joint lands on one point");

    const Stance atOrigin = chainStance("1e-30", "0", rest);
    EXPECT_EQ(atOrigin.height, 2e-30);
    EXPECT_FALSE(atOrigin.belowPlacePrecision);

    const Stance ordinary = chainStance("10", "100", rest);
    EXPECT_EQ(ordinary.height, 20.0);
    EXPECT_FALSE(ordinary.belowPlacePrecision);
}

TEST(Stance, ThePlacePrecisionNoteGivesTheRestHeightToFourDigits) {
    EXPECT_EQ(
        placePrecisionNote(1.65234e-28),
        "1.652e-28 at rest: below the precision of its place, every joint lands on one point");
}

TEST(Stance, AnOverrideIsKeptAndTheGroundIsMeasuredAlongIt) {
    const Analyzed a = analyze(test::biped(140.0), {}, UpAxis::PositiveZ);
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveZ);
    EXPECT_EQ(a.stance.source, UpAxisSource::Override);
    EXPECT_FALSE(a.stance.motionMeasured);
    // Along +Z (the walking direction) the figure is a stride deep, not 190 tall.
    EXPECT_LT(a.stance.height, 130.0);
    EXPECT_GT(a.stance.height, 40.0);
    if (a.stance.facing) {
        EXPECT_NEAR(a.stance.facing->z, 0.0, 1e-9) << "perpendicular to the overridden up";
    }
}

TEST(Stance, WithoutFramesTheRestPoseDecides) {
    const Document document = parseDocument(std::string(test::kFigure) + "MOTION\nFrames: 0\n"
                                                                         "Frame Time: 0.04\n");
    const RestPoseAnalysis rest = analyzeRestPose(document.skeleton);
    const Stance stance =
        analyzeStance(document.skeleton, document.motion, TranslationMode::Additive, rest);
    EXPECT_EQ(stance.upAxis, UpAxis::PositiveY);
    EXPECT_EQ(stance.source, UpAxisSource::RestPose);
    EXPECT_EQ(stance.framesSampled, 0u);
}

// One frame of a centipede (creature_clips.h: nothing moves, no names): it stands on the feet of
// the pose shown, not on its longest extent (+Z, 220 long against 40 tall), in a Y-up or a Z-up
// file and where the root's rotation turns the rest pose (OFFSETs turned 90 degrees about Z lie
// on their side, their feet on the +X side).
TEST(Stance, AStillCentipedeStandsOnItsFeet) {
    CreatureFileOptions options;
    options.frames = 1;
    const Analyzed yUp = analyze(test::centipede(), options);
    EXPECT_EQ(yUp.stance.upAxis, UpAxis::PositiveY);
    EXPECT_EQ(yUp.stance.source, UpAxisSource::RestPose);
    EXPECT_FALSE(yUp.stance.motionMeasured);
    EXPECT_NEAR(yUp.stance.height, 40.0, 1e-9);
    EXPECT_NEAR(yUp.stance.groundLevel, 0.0, 1e-9);

    options.canonicalToFile = test::yUpToZUp();
    const Analyzed zUp = analyze(test::centipede(), options);
    EXPECT_EQ(zUp.stance.upAxis, UpAxis::PositiveZ);
    EXPECT_NEAR(zUp.stance.height, 40.0, 1e-9);

    CreatureFileOptions turned;
    turned.frames = 1;
    turned.restTurnAxis = 'Z';
    turned.restTurnDegrees = 90.0;
    const Analyzed t = analyze(test::centipede(), turned);
    EXPECT_EQ(t.rest.upAxis, UpAxis::NegativeX);
    EXPECT_EQ(t.stance.upAxis, UpAxis::PositiveY);
}

TEST(Stance, AStillClipFallsBackOnAnatomy) {
    // One frame: nothing moves, the names say feet to head is +Z.
    CreatureFileOptions options;
    options.canonicalToFile = test::yUpToZUp();
    options.frames = 1;
    const Analyzed a = analyze(test::biped(0.0), options);
    EXPECT_EQ(a.stance.upAxis, UpAxis::PositiveZ);
    EXPECT_EQ(a.stance.source, UpAxisSource::Anatomy);
}

// A face rig's helpers (120 under the head, held still within its skull) ride on the head and
// do not vote on up. Without them pybvh's rotation_first_root fixture is a test chain that the
// rest pose stands up (+Y); with them it was counted a figure of 246 nodes whose mean speed and
// whose ends were the head's, and the motion laid it along +X. With a right leg it is a figure
// of eight nodes, and the helpers leave its stance as it was (before, +Z became +X).
TEST(Stance, AFaceRigsStillHelpersDoNotDecideUp) {
    const auto stanceOf = [](const Document& document) {
        return analyzeStance(document.skeleton, document.motion, TranslationMode::Absolute,
                             analyzeRestPose(document.skeleton));
    };
    for (const bool rightLeg : {false, true}) {
        const Document bare = parseDocument(test::tinyFigureWithFaceHelpers(0, rightLeg));
        const Document helped = parseDocument(test::tinyFigureWithFaceHelpers(120, rightLeg));
        ASSERT_TRUE(bare.loaded() && helped.loaded());
        ASSERT_EQ(helped.skeleton.nodeCount(), bare.skeleton.nodeCount() + 240);
        const Stance without = stanceOf(bare);
        const Stance with = stanceOf(helped);
        EXPECT_EQ(with.upAxis, without.upAxis) << "right leg: " << rightLeg;
        EXPECT_EQ(with.source, without.source) << "right leg: " << rightLeg;
        EXPECT_EQ(with.motionMeasured, without.motionMeasured);
        if (!rightLeg) {
            EXPECT_EQ(with.upAxis, UpAxis::PositiveY);
            EXPECT_EQ(with.source, UpAxisSource::RestPose);
        }
    }
}

TEST(Stance, SummaryCarriesTheStance) {
    const Document document = parseDocument(test::creatureFile(test::quadruped(120.0), {}).text);
    const DocumentSummary summary = summarize(document, TranslationMode::Auto);
    EXPECT_EQ(summary.translationUsed, TranslationMode::Absolute);
    EXPECT_EQ(summary.stance.upAxis, UpAxis::PositiveY);
    EXPECT_EQ(summary.stance.restPoseUp, summary.restPose.upAxis);
}

TEST(StanceFacing, LeftAndRightSpellings) {
    for (const char* names :
         {"LeftArm RightArm", "lShldr rShldr", "LHipJoint RHipJoint", "upperleg01.L upperleg01.R",
          "Arm_L Arm_R", "mixamorig:LeftArm mixamorig:RightArm", "Bip01_L_Thigh Bip01_R_Thigh",
          "L_Hip R_Hip"}) {
        std::string left(names);
        const std::string right = left.substr(left.find(' ') + 1);
        left = left.substr(0, left.find(' '));
        Skeleton skeleton;
        skeleton.names = {"Hips", left, right};
        skeleton.parents = {kNoParent, 0, 0};
        skeleton.offsets = {glm::dvec3(0), glm::dvec3(0), glm::dvec3(0)};
        skeleton.isEndSite = {0, 0, 0};
        skeleton.channelBegin = {0, 0, 0};
        skeleton.channelCount = {0, 0, 0};
        std::vector<RigidTransform> world(3);
        world[1].translation = {0, 0, -10}; // left at -Z, up +Y: the front is -Z x +Y = +X
        world[2].translation = {0, 0, 10};
        FacingSource source = FacingSource::None;
        const std::optional<glm::dvec3> facing =
            facingOfPose(skeleton, world, UpAxis::PositiveY, {}, &source);
        ASSERT_TRUE(facing.has_value()) << names;
        EXPECT_GT(facing->x, 0.99) << names;
        EXPECT_EQ(source, FacingSource::LeftRight);
    }
    // "LowerBack" and "lowerarm" are not left.
    Skeleton skeleton;
    skeleton.names = {"Hips", "LowerBack", "RightArm"};
    skeleton.parents = {kNoParent, 0, 0};
    skeleton.isEndSite = {0, 0, 0};
    std::vector<RigidTransform> world(3);
    world[1].translation = {10, 0, 0};
    EXPECT_FALSE(facingOfPose(skeleton, world, UpAxis::PositiveY).has_value());
}

// A face rig's helpers under the head name sides too, and outnumber the limbs: 120 of them
// (oris00.L...) on a head turned to look along +X, over hips whose left is +X (the front +Z).
// The sides are read from the hips; before, the face's 120 outvoted them and the figure faced
// where its face looked, +X.
TEST(StanceFacing, AFaceRigsHelpersDoNotOutvoteTheLimbs) {
    Skeleton skeleton;
    std::vector<RigidTransform> world;
    const auto add = [&](const std::string& name, NodeIndex parent, glm::dvec3 at) {
        skeleton.names.push_back(name);
        skeleton.parents.push_back(parent);
        skeleton.offsets.push_back(glm::dvec3(0));
        skeleton.isEndSite.push_back(0);
        skeleton.channelBegin.push_back(0);
        skeleton.channelCount.push_back(0);
        world.emplace_back().translation = at;
        return static_cast<NodeIndex>(skeleton.names.size() - 1);
    };
    const NodeIndex hips = add("Hips", kNoParent, {0, 100, 0});
    add("LeftUpLeg", hips, {10, 95, 0});
    add("RightUpLeg", hips, {-10, 95, 0});
    const NodeIndex head = add("Head", add("Spine", hips, {0, 130, 0}), {0, 165, 0});
    for (int k = 0; k < 120; ++k) {
        // The face looks along +X, so its left lies along -Z.
        const double side = k % 2 == 0 ? 1.0 : -1.0;
        add("oris" + std::to_string(k / 2) + (side > 0 ? ".L" : ".R"), head,
            {8, 165 + 0.1 * k, -side * (2 + 0.05 * k)});
    }
    FacingSource source = FacingSource::None;
    const std::optional<glm::dvec3> facing =
        facingOfPose(skeleton, world, UpAxis::PositiveY, {}, &source);
    ASSERT_TRUE(facing.has_value());
    EXPECT_GT(facing->z, 0.99) << "the figure faces where its face looks, not its hips";
    EXPECT_EQ(source, FacingSource::LeftRight);
    // A face on its own (no limb names a side) still says where it looks.
    skeleton.names[1] = "UpLeg1";
    skeleton.names[2] = "UpLeg2";
    const std::optional<glm::dvec3> faceAlone = facingOfPose(skeleton, world, UpAxis::PositiveY);
    ASSERT_TRUE(faceAlone.has_value());
    EXPECT_GT(faceAlone->x, 0.99);
}

TEST(StanceStaticRootLinks, TheLinksBelowTheStaticRootsAreTheNodesWhoseParentIsOne) {
    // Nodes in file order: 0 joint_Root, 1 Hips, 2 Leg, 3 its End Site, 4 Spine, 5 its End Site.
    const Document document = parseDocument("HIERARCHY\n"
                                            "ROOT joint_Root\n{\n OFFSET 0 0 0\n CHANNELS 0\n"
                                            " JOINT Hips\n {\n  OFFSET 0 90 0\n  CHANNELS 0\n"
                                            "  JOINT Leg\n  {\n   OFFSET 0 -45 0\n   CHANNELS 0\n"
                                            "   End Site\n   {\n    OFFSET 0 -45 0\n   }\n  }\n"
                                            "  JOINT Spine\n  {\n   OFFSET 0 20 0\n   CHANNELS 0\n"
                                            "   End Site\n   {\n    OFFSET 0 20 0\n   }\n  }\n"
                                            " }\n}\nMOTION\nFrames: 0\nFrame Time: 0.01\n");
    ASSERT_TRUE(document.loaded());
    ASSERT_EQ(document.skeleton.nodeCount(), 6u);
    const std::vector<NodeIndex> rootOnly{0};
    EXPECT_EQ(linksBelowStaticRoots(document.skeleton, rootOnly), std::vector<NodeIndex>{1});
    const std::vector<NodeIndex> hips{1};
    EXPECT_EQ(linksBelowStaticRoots(document.skeleton, hips), (std::vector<NodeIndex>{2, 4}));
    EXPECT_TRUE(linksBelowStaticRoots(document.skeleton, {}).empty());
}

} // namespace
} // namespace bvh
