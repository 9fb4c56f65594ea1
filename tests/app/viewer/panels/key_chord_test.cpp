// Key chords (app/viewer/panels/key_chord.h): which presses a chord takes, which chords a press
// could take both of, and how a chord reads.
#include "app/viewer/panels/key_chord.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

namespace bvhscope::viewer {
namespace {

KeyPress pressOf(int key, int mods) {
    return KeyPress{key, mods, false};
}

TEST(KeyChord, APlainKeyActsWithAnyModifierHeld) {
    const KeyChord space{GLFW_KEY_SPACE};
    EXPECT_TRUE(space.matches(pressOf(GLFW_KEY_SPACE, 0)));
    EXPECT_TRUE(space.matches(pressOf(GLFW_KEY_SPACE, GLFW_MOD_SHIFT | GLFW_MOD_CONTROL)));
    EXPECT_FALSE(space.matches(pressOf(GLFW_KEY_ENTER, 0)));
}

TEST(KeyChord, RequiredModifiersMustBeHeldAndRefusedOnesMustNot) {
    const KeyChord ctrlE{GLFW_KEY_E, kCtrlKey, kAltKey | kShiftKey};
    EXPECT_TRUE(ctrlE.matches(pressOf(GLFW_KEY_E, GLFW_MOD_CONTROL)));
    EXPECT_FALSE(ctrlE.matches(pressOf(GLFW_KEY_E, 0)));
    EXPECT_FALSE(ctrlE.matches(pressOf(GLFW_KEY_E, GLFW_MOD_CONTROL | GLFW_MOD_SHIFT)));
    EXPECT_FALSE(ctrlE.matches(pressOf(GLFW_KEY_E, GLFW_MOD_CONTROL | GLFW_MOD_ALT)));
    // Super, Caps Lock and Num Lock are never a chord's business.
    EXPECT_TRUE(ctrlE.matches(pressOf(GLFW_KEY_E, GLFW_MOD_CONTROL | GLFW_MOD_SUPER |
                                                      GLFW_MOD_CAPS_LOCK | GLFW_MOD_NUM_LOCK)));
}

TEST(KeyChord, ChordsOverlapWhenOnePressCouldBeBoth) {
    const KeyChord ctrlE{GLFW_KEY_E, kCtrlKey, kShiftKey};
    const KeyChord ctrlShiftE{GLFW_KEY_E, kCtrlKey | kShiftKey, kNoModifier};
    const KeyChord anyE{GLFW_KEY_E};
    EXPECT_FALSE(ctrlE.overlaps(ctrlShiftE)) << "Shift tells them apart";
    EXPECT_FALSE(ctrlShiftE.overlaps(ctrlE));
    EXPECT_TRUE(anyE.overlaps(ctrlE)) << "Ctrl+E is also a plain E";
    EXPECT_TRUE(ctrlE.overlaps(anyE));
    EXPECT_TRUE(ctrlE.overlaps(ctrlE));
    EXPECT_FALSE(anyE.overlaps(KeyChord{GLFW_KEY_F}));
}

TEST(KeyChord, LabelsNameTheModifiersThenTheKey) {
    EXPECT_EQ(chordLabel({GLFW_KEY_E, kCtrlKey | kShiftKey, kAltKey}), "Ctrl+Shift+E");
    EXPECT_EQ(chordLabel({GLFW_KEY_Q, kCtrlKey, kAltKey}), "Ctrl+Q");
    EXPECT_EQ(chordLabel({GLFW_KEY_PAGE_DOWN}), "Page Down");
    EXPECT_EQ(chordLabel({GLFW_KEY_LEFT_BRACKET}), "[");
    EXPECT_EQ(chordLabel({GLFW_KEY_F1}), "F1");
    EXPECT_EQ(chordLabel({GLFW_KEY_F12, kAltKey, kNoModifier}), "Alt+F12");
    EXPECT_EQ(chordLabel({GLFW_KEY_SLASH, kShiftKey, kNoModifier, "?"}), "?");
}

} // namespace
} // namespace bvhscope::viewer
