// The user's choices of how a file stands (app/scene/character.h, CharacterAxes), set only
// through the axes' owner functions and shown by applyAxes.
#include "app/scene/character.h"
#include "core/reader/document.h"
#include "tests/app/viewer/session/slide_capture.h"

#include <gtest/gtest.h>

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
