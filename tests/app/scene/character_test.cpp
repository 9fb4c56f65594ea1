// The user's choices of how a file stands (app/scene/character.h, CharacterAxes), set only
// through the axes' owner functions and shown by applyAxes.
#include "app/scene/character.h"
#include "core/reader/document.h"
#include "tests/app/scene/live_walk_clip.h"
#include "tests/app/viewer/session/slide_capture.h"
#include "tests/support/bvh_texts.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <memory>
#include <span>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;

TEST(CharacterAxes, AnUpAxisOverrideIsShownByApplyAxesAndClearedBackToTheFilesOwn) {
    Character character = makeCharacter("slide", "", bvh::parseDocument(test::kSlide));
    EXPECT_EQ(character.axes.upAxis, bvh::UpAxis::PositiveY);
    setUpAxisOverride(character, UpAxisChoice::PositiveZ);
    EXPECT_EQ(character.axes.upAxis, bvh::UpAxis::PositiveY); // until the axes are applied
    applyAxes(character, UpAxisChoice::Auto, UnitChoice::Auto);
    EXPECT_EQ(character.axes.upAxis, bvh::UpAxis::PositiveZ);
    EXPECT_EQ(character.axes.stance.source, bvh::UpAxisSource::Override);
    // The override wins over the settings' default, and clearing it gives the default back.
    applyAxes(character, UpAxisChoice::NegativeX, UnitChoice::Auto);
    EXPECT_EQ(character.axes.upAxis, bvh::UpAxis::PositiveZ);
    setUpAxisOverride(character, std::nullopt);
    applyAxes(character, UpAxisChoice::NegativeX, UnitChoice::Auto);
    EXPECT_EQ(character.axes.upAxis, bvh::UpAxis::NegativeX);
}

// Issue 38: a figure whose joints all land on one point (bvh_texts.h) has no height to scale to
// a person's: scaled by its rest pose's 2e-30 (1.7 / 2e-30 = 8.5e29), its place overflowed the
// camera's floats and a NaN file label crashed the view. It keeps the unknown unit's scale.
TEST(CharacterAxes, AFigureBelowThePrecisionOfItsPlaceIsNotScaledToHumanHeight) {
    const Character character =
        makeCharacter("dwarfed.bvh", "", bvh::parseDocument(bvh::test::kDwarfedChainBvh));
    ASSERT_TRUE(character.axes.stance.belowPlacePrecision);
    ASSERT_EQ(character.axes.unit, bvh::LengthUnit::Unknown);
    EXPECT_EQ(character.axes.figureHeightMetres, 1e-3); // the floor of 0 tall
    EXPECT_EQ(glm::length(glm::dvec3(character.axes.fileToViewer[0])),
              bvh::metresPerUnit(bvh::LengthUnit::Unknown));
}

TEST(CharacterAxes, ShowAsInFileIsTheUsersChoice) {
    Character character = makeCharacter("slide", "", bvh::parseDocument(test::kSlide));
    EXPECT_FALSE(character.axes.showAsInFile);
    setShowAsInFile(character, true);
    EXPECT_TRUE(character.axes.showAsInFile);
    setShowAsInFile(character, false);
    EXPECT_FALSE(character.axes.showAsInFile);
}

TEST(CharacterAxes, TheRememberedUpAxisIsLookedUpOnce) {
    Character character = makeCharacter("slide", "", bvh::parseDocument(test::kSlide));
    EXPECT_TRUE(takeRememberedUpAxisCheck(character));
    EXPECT_FALSE(takeRememberedUpAxisCheck(character));
    EXPECT_FALSE(takeRememberedUpAxisCheck(character));
}

// [SECTION] A live character's stance (issue 41's closing note)

namespace {

// A live character for the walk of live_walk_clip.h, and its frames pushed up to `frames`.
struct LiveWalk {
    bvh::Document document = bvh::parseDocument(bvhscope::live_test::farWalkingFigure());
    double frameTime = document.motion.frameTime;
    std::shared_ptr<LiveFrames> frames =
        std::make_shared<LiveFrames>(document.motion.channelCount, frameTime, 60.0);
    Character character = makeLiveCharacter("live", "", document.skeleton, frameTime, frames);
    std::uint32_t pushed = 0;

    void pushUpTo(std::uint32_t count) {
        const std::lock_guard lock(frames->mutex);
        frames->started = true;
        const std::size_t width = document.motion.channelCount;
        for (; pushed < count; ++pushed) {
            frames->window.push(
                pushed,
                std::span<const float>(document.motion.values).subspan(pushed * width, width));
        }
    }
};

} // namespace

TEST(LiveStance, AWalksFirstFramesStandOnTheRestPoseAndTheSecondMeasureKeepsItsPlacement) {
    LiveWalk walk;
    walk.pushUpTo(12); // a tenth of a second: the walk moves along +Z more than it rises
    ASSERT_TRUE(refreshLiveCharacter(walk.character));
    applyAxes(walk.character, UpAxisChoice::Auto, UnitChoice::Auto);
    EXPECT_EQ(walk.character.axes.upAxis, bvh::UpAxis::PositiveY) << "the rest pose's up";
    EXPECT_EQ(walk.character.axes.stance.source, bvh::UpAxisSource::RestPose);
    // What the motion of these frames alone says: another axis (the first second's defect).
    bvh::Motion twelve = walk.document.motion;
    twelve.frameCount = 12;
    twelve.values.resize(12 * twelve.channelCount);
    EXPECT_NE(bvh::analyzeStance(walk.document.skeleton, twelve, walk.character.clip->translation,
                                 walk.character.clip->summary.restPose)
                  .upAxis,
              bvh::UpAxis::PositiveY);
    const glm::dmat4 placed = walk.character.axes.fileToViewer;

    walk.pushUpTo(130); // past kLiveStanceSeconds: measured again, the figure has moved
    ASSERT_TRUE(refreshLiveCharacter(walk.character));
    applyAxes(walk.character, UpAxisChoice::Auto, UnitChoice::Auto);
    EXPECT_TRUE(walk.character.liveFeed.stanceSettled);
    EXPECT_EQ(walk.character.axes.upAxis, bvh::UpAxis::PositiveY);
    EXPECT_EQ(walk.character.axes.fileToViewer, placed) << "the figure stays where it stood";
    walk.pushUpTo(200);
    EXPECT_FALSE(refreshLiveCharacter(walk.character)) << "measured twice, no more";
}

// Hand-made stances: the first measure's placement is kept within 5 % of the figure's height.
TEST(LiveStance, TheSecondMeasurePlacesAnewOnlyWhenItDiffersMaterially) {
    bvh::Stance provisional;
    provisional.upAxis = bvh::UpAxis::PositiveY;
    provisional.unit = bvh::LengthUnit::Centimetre;
    provisional.groundLevel = -54.0;
    provisional.height = 117.0;
    bvh::Stance measured = provisional;
    measured.groundLevel = -51.0; // 3 cm: under 5 % of 117 cm (5.85)
    measured.height = 120.0;
    measured.facing = glm::dvec3(0.0, 0.0, 1.0);
    bvh::Stance settled = settledLiveStance(provisional, measured);
    EXPECT_EQ(settled.groundLevel, -54.0);
    EXPECT_EQ(settled.height, 117.0);
    EXPECT_EQ(settled.facing, measured.facing) << "what does not place the figure is refined";

    measured.groundLevel = -47.0; // 7 cm: over 5 % of 120 cm (6)
    EXPECT_EQ(settledLiveStance(provisional, measured).groundLevel, -47.0);

    measured.groundLevel = -54.0;
    measured.upAxis = bvh::UpAxis::PositiveZ;
    EXPECT_EQ(settledLiveStance(provisional, measured).upAxis, bvh::UpAxis::PositiveZ);

    // Of unknown unit, the height scales the figure: 20 % more is taken.
    provisional.unit = measured.unit = bvh::LengthUnit::Unknown;
    measured.upAxis = provisional.upAxis;
    measured.height = 140.4;
    EXPECT_EQ(settledLiveStance(provisional, measured).height, 140.4);
    measured.height = 118.0;
    EXPECT_EQ(settledLiveStance(provisional, measured).height, 117.0);
}

// A growing file followed with more than a second written already: measured whole at once (the
// motion decides, as for a file opened), and not again.
TEST(LiveStance, AFirstSecondAlreadyThereIsMeasuredWholeAtOnce) {
    LiveWalk walk;
    walk.pushUpTo(130);
    ASSERT_TRUE(refreshLiveCharacter(walk.character));
    EXPECT_TRUE(walk.character.liveFeed.stanceSettled);
    EXPECT_NE(walk.character.clip->summary.stance.source, bvh::UpAxisSource::RestPose);
    walk.pushUpTo(200);
    EXPECT_FALSE(refreshLiveCharacter(walk.character));
}
