// Issue 25: captures a person calls upright stand upright on load, whichever joint is the root
// and whatever the first frame shows. Generated the way OptiTrack Arena and SlimeVR write
// (tests/core/analysis/capture_takes.h): a T-pose in frame 0, root translation added to the
// root's OFFSET, 100 Hz, a body hanging from the headset, feet that slide with the head, a
// solver's or an IMU's jitter on every joint, clips as short as 17 frames.
#include "core/analysis/stance.h"
#include "core/analysis/summary.h"
#include "core/reader/document.h"
#include "tests/core/analysis/capture_takes.h"
#include "tests/core/analysis/creature_clips.h"

#include <gtest/gtest.h>

namespace bvh {
namespace {

using test::arenaFile;
using test::ArenaTake;
using test::turn;
using test::vrFile;
using test::VrTake;

struct Loaded {
    Document document;
    DocumentSummary summary;
};

Loaded load(const std::string& text) {
    Loaded loaded;
    loaded.document = parseDocument(text);
    EXPECT_TRUE(loaded.document.loaded());
    loaded.summary = summarize(loaded.document, TranslationMode::Auto);
    return loaded;
}

// [SECTION] OptiTrack Arena

TEST(UprightStance, AnArenaTakeWithATPoseFirstStandsOnYAndOnTheGround) {
    const Loaded take = load(arenaFile({}));
    const Stance& stance = take.summary.stance;
    EXPECT_EQ(stance.upAxis, UpAxis::PositiveY) << upAxisSourceName(stance.source);
    EXPECT_EQ(take.summary.translationUsed, TranslationMode::Additive);
    // The feet's End Sites are at 72 - 33 - 33 - 6 = 0 with straight legs; the knees soften by
    // up to 14 degrees and the hips bob 2 cm: the contact level is within 2 cm of the floor.
    EXPECT_NEAR(stance.groundLevel, 0.0, 0.02);
    EXPECT_FALSE(stance.needsLift());
    EXPECT_NEAR(stance.height, 1.40, 0.04);
    EXPECT_EQ(stance.unit, LengthUnit::Metre);
    ASSERT_TRUE(stance.facing.has_value());
    EXPECT_GT(stance.facing->z, 0.9) << "left is +X: the front is +Z";
}

TEST(UprightStance, AnArenaTakeInAnyFileAxesStandsOnItsUp) {
    const std::pair<UpAxis, glm::dquat> cases[] = {
        {UpAxis::PositiveZ, turn('X', 90.0)},  {UpAxis::NegativeZ, turn('X', -90.0)},
        {UpAxis::PositiveX, turn('Z', -90.0)}, {UpAxis::NegativeX, turn('Z', 90.0)},
        {UpAxis::NegativeY, turn('Z', 180.0)},
    };
    for (const auto& [expected, rotation] : cases) {
        ArenaTake options;
        options.canonicalToFile = rotation;
        options.tPoseFirst = false; // the T-pose frame's OFFSETs are not turned
        const Loaded take = load(arenaFile(options));
        EXPECT_EQ(take.summary.stance.upAxis, expected)
            << upAxisName(expected) << " got " << upAxisName(take.summary.stance.upAxis);
    }
}

TEST(UprightStance, AHandStillOnARailDoesNotLayTheFigureOnItsSide) {
    // The right hand rests out at -X, perfectly still, while the feet jitter: along +X it is the
    // lowest node, so the motion alone calls +X up ("auto (+X)", as issue 25 saw). The anatomy
    // (feet to head, feet up the legs) says +Y throughout.
    for (const int frames : {17, 300}) {
        ArenaTake options;
        options.frames = frames;
        options.handOnRail = true;
        const Loaded take = load(arenaFile(options));
        const Stance& stance = take.summary.stance;
        EXPECT_EQ(stance.upAxis, UpAxis::PositiveY) << frames;
        EXPECT_EQ(stance.source, UpAxisSource::Anatomy) << frames;
        ASSERT_TRUE(stance.motionMeasured);
        EXPECT_GT(stance.motionCost[static_cast<std::size_t>(UpAxis::PositiveY)],
                  stance.motionCost[static_cast<std::size_t>(UpAxis::PositiveX)] + 0.5)
            << "the motion alone lays it on its right side";
        EXPECT_NEAR(stance.groundLevel, 0.0, 0.02) << frames;
    }
}

TEST(UprightStance, AShortArenaTakeOf17FramesStandsOnY) {
    ArenaTake options;
    options.frames = 17;
    const Loaded take = load(arenaFile(options));
    EXPECT_EQ(take.summary.stance.upAxis, UpAxis::PositiveY);
    EXPECT_NEAR(take.summary.stance.groundLevel, 0.0, 0.02);
}

TEST(UprightStance, AWalkingArenaTakeStandsOnY) {
    ArenaTake options;
    options.walkSpeed = 60.0;
    const Loaded take = load(arenaFile(options));
    EXPECT_EQ(take.summary.stance.upAxis, UpAxis::PositiveY);
}

TEST(UprightStance, AFloatingTakeAfterATPoseAtTheOriginIsLoweredByTheHipHeight) {
    // Frame 0's channels are 0 and the OFFSET holds the hip height, so the translation is read
    // as added to the OFFSET; the take's channels hold the hip height too: every frame but the
    // T-pose floats 0.72 m. The contact level is the take's, not the T-pose's.
    for (const int frames : {17, 300}) {
        ArenaTake options;
        options.frames = frames;
        const Loaded onTheGround = load(arenaFile(options));
        options.rootHeightInChannels = true;
        const Loaded floating = load(arenaFile(options));
        const Stance& stance = floating.summary.stance;
        EXPECT_EQ(floating.summary.translationUsed, TranslationMode::Additive);
        EXPECT_EQ(stance.upAxis, UpAxis::PositiveY) << frames;
        EXPECT_NEAR(stance.groundLevel - onTheGround.summary.stance.groundLevel, 0.72, 1e-3)
            << frames;
        EXPECT_TRUE(stance.needsLift()) << frames;
        EXPECT_FALSE(onTheGround.summary.stance.needsLift()) << frames;
        EXPECT_NEAR(stance.height, onTheGround.summary.stance.height, 1e-3) << frames;
    }
}

// [SECTION] A body hanging from the headset (SlimeVR)

TEST(UprightStance, ABodyHangingFromTheHeadsetStandsOnYAndOnTheGround) {
    const Loaded take = load(vrFile({}));
    const Stance& stance = take.summary.stance;
    EXPECT_EQ(stance.upAxis, UpAxis::PositiveY) << upAxisSourceName(stance.source);
    // The headset at 1.79 (+-0.015); below it 0.1 + 0.1 + 0.1 + 0.3 + 0.2 + 0.05 to the hips,
    // sideways to the hip joints, then legs of 0.45 + 0.45 bent 6 degrees at the hip and the
    // knee: the ankles and the forward-pointing feet are 1.79 - 0.85 - 0.895 = 0.045 m up.
    EXPECT_NEAR(stance.groundLevel, 0.045, 0.02);
    EXPECT_FALSE(stance.needsLift());
    EXPECT_EQ(stance.unit, LengthUnit::Metre);
    ASSERT_TRUE(stance.facing.has_value());
    EXPECT_GT(stance.facing->z, 0.8) << "left is +X: the front is +Z";
}

TEST(UprightStance, ABodyHangingFromTheHeadsetStandsOnItsUpInAnyFileAxes) {
    const std::pair<UpAxis, glm::dquat> cases[] = {
        {UpAxis::PositiveZ, turn('X', 90.0)},  {UpAxis::NegativeZ, turn('X', -90.0)},
        {UpAxis::PositiveX, turn('Z', -90.0)}, {UpAxis::NegativeX, turn('Z', 90.0)},
        {UpAxis::NegativeY, turn('Z', 180.0)},
    };
    for (const auto& [expected, rotation] : cases) {
        VrTake options;
        options.canonicalToFile = rotation;
        const Loaded take = load(vrFile(options));
        EXPECT_EQ(take.summary.stance.upAxis, expected)
            << upAxisName(expected) << " got " << upAxisName(take.summary.stance.upAxis);
    }
}

TEST(UprightStance, AShortHeadsetClipOf17FramesStandsOnY) {
    for (const double noise : {0.0, 2.0, 5.0}) {
        VrTake options;
        options.frames = 17;
        options.imuNoiseDegrees = noise;
        const Loaded take = load(vrFile(options));
        EXPECT_EQ(take.summary.stance.upAxis, UpAxis::PositiveY) << noise;
    }
}

TEST(UprightStance, AHeadsetUserWithStillControllersStandsOnY) {
    for (const int frames : {17, 60, 600}) {
        for (const double noise : {1.0, 3.0}) {
            VrTake options;
            options.frames = frames;
            options.imuNoiseDegrees = noise;
            options.controllersStill = true;
            options.bodyMoves = false;
            const Loaded take = load(vrFile(options));
            EXPECT_EQ(take.summary.stance.upAxis, UpAxis::PositiveY) << frames << " " << noise;
        }
    }
}

TEST(UprightStance, AHeadsetRigWithNoFramesOrOneStandsOnY) {
    // SlimeVR's OFFSETs are one vertical line from the headset down (rigged_clips.h): the rest
    // pose alone has the head above the feet. One frame: nothing moves, the anatomy decides.
    for (const int frames : {0, 1}) {
        VrTake options;
        options.frames = frames;
        const Loaded take = load(vrFile(options));
        EXPECT_EQ(take.summary.stance.upAxis, UpAxis::PositiveY) << frames;
        EXPECT_EQ(take.summary.stance.source,
                  frames == 0 ? UpAxisSource::RestPose : UpAxisSource::Anatomy)
            << frames;
    }
}

TEST(UprightStance, SlimeVrBoneTypeNamesStandOnY) {
    // Newer SlimeVR servers name nodes after their bone types, the headset's bone the root.
    VrTake options;
    options.names = {"HEAD",
                     "NECK",
                     "UPPER_CHEST",
                     "CHEST",
                     "WAIST",
                     "HIP",
                     "LEFT_HIP",
                     "LEFT_UPPER_LEG",
                     "LEFT_LOWER_LEG",
                     "LEFT_FOOT",
                     "RIGHT_HIP",
                     "RIGHT_UPPER_LEG",
                     "RIGHT_LOWER_LEG",
                     "RIGHT_FOOT",
                     "LEFT_SHOULDER",
                     "LEFT_UPPER_ARM",
                     "LEFT_LOWER_ARM",
                     "LEFT_HAND",
                     "RIGHT_SHOULDER",
                     "RIGHT_UPPER_ARM",
                     "RIGHT_LOWER_ARM",
                     "RIGHT_HAND"};
    for (const int frames : {17, 600}) {
        options.frames = frames;
        const Loaded take = load(vrFile(options));
        EXPECT_EQ(take.summary.stance.upAxis, UpAxis::PositiveY) << frames;
    }
}

} // namespace
} // namespace bvh

namespace bvh {
namespace {

// [SECTION] Legs

// A named four-legged rig grazing: the head low and far ahead of the hooves, so feet-to-head
// leans forward as much as up; the legs, from each hoof up to the hips or shoulders, stand it up.
TEST(UprightStance, AGrazingQuadrupedStandsOnItsLegs) {
    test::Creature grazing = test::quadruped(0.0);
    grazing.nodes[3].name = "Head";
    for (const auto& [node, name] : {std::pair{8, "LeftFrontFoot"},
                                     {11, "RightFrontFoot"},
                                     {14, "LeftHindFoot"},
                                     {17, "RightHindFoot"}}) {
        grazing.nodes[static_cast<std::size_t>(node)].name = name;
    }
    const auto standing = grazing.pose;
    grazing.pose = [standing](double t, std::vector<glm::dvec3>& p) {
        standing(t, p);
        p[2] += glm::dvec3(0, -90, 20); // the neck down to the grass
        p[3] += glm::dvec3(0, -170, 40);
    };
    test::CreatureFileOptions options;
    options.canonicalToFile = test::yUpToZUp();
    const Document document = parseDocument(test::creatureFile(grazing, options).text);
    ASSERT_TRUE(document.loaded());
    const Stance stance = summarize(document, TranslationMode::Auto).stance;
    EXPECT_EQ(stance.upAxis, UpAxis::PositiveZ) << upAxisSourceName(stance.source);
}

} // namespace
} // namespace bvh
