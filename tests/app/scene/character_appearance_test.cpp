// How a character looks, changed only through its owner's functions
// (app/scene/character_appearance.h): the Files panel's commands, a file replacing another.
#include "app/scene/character.h"
#include "core/reader/document.h"
#include "tests/app/viewer/session/slide_capture.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

Character slideForAppearance(const char* name) {
    return makeCharacter(name, "", bvh::parseDocument(test::kSlide));
}

} // namespace

TEST(CharacterAppearance, ColourAndVisibilityAreSetAsAsked) {
    Character character = slideForAppearance("a");
    setColor(character, glm::vec4(0.1f, 0.2f, 0.3f, 1.0f));
    setVisible(character, false);
    EXPECT_EQ(character.appearance.color, glm::vec4(0.1f, 0.2f, 0.3f, 1.0f));
    EXPECT_FALSE(character.appearance.visible);
    setVisible(character, true);
    EXPECT_TRUE(character.appearance.visible);
}

TEST(CharacterAppearance, AReplacementKeepsTheColourAndVisibilityButHasItsOwnRadii) {
    Character replaced = slideForAppearance("a");
    setColor(replaced, glm::vec4(0.9f, 0.1f, 0.1f, 1.0f));
    setVisible(replaced, false);
    replaced.appearance.boneRadii.assign(7, 0.5f); // as if another skeleton's
    Character replacement = slideForAppearance("b");
    const std::vector<float> ownRadii = replacement.appearance.boneRadii;
    keepAppearanceOf(replacement, replaced);
    EXPECT_EQ(replacement.appearance.color, glm::vec4(0.9f, 0.1f, 0.1f, 1.0f));
    EXPECT_FALSE(replacement.appearance.visible);
    EXPECT_EQ(replacement.appearance.boneRadii, ownRadii);
    EXPECT_EQ(replacement.appearance.boneRadii.size(), 3u); // Hips, Head, End Site
}
