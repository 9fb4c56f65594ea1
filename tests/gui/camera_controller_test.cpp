// The transport keys of the viewport (app/viewer/camera_controller.h), driven in-process with
// GLFW key codes and the session applying what they push: no window is needed.
#include "app/viewer/camera_controller.h"
#include "app/viewer/session/session.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <initializer_list>
#include <sstream>
#include <variant>
#include <vector>

namespace bvhscope::viewer {
namespace {

// Keys pressed without modifiers, in order.
std::vector<KeyPress> presses(std::initializer_list<int> keys) {
    std::vector<KeyPress> pressed;
    for (const int key : keys) {
        pressed.push_back(KeyPress{key, 0, false});
    }
    return pressed;
}

// The keys push commands (the bindings table); the session applies them, as the frame loop does
// next. Keys in, then what they asked for applied.
void handleKeysAndApply(ViewportInput& input, ViewerState& state,
                        const std::vector<KeyPress>& keys) {
    input.handleKeys(state, keys);
    std::ostringstream err;
    for (const Command& command : state.commands.take()) {
        applyCommand(state, command, 1.0f, err);
    }
}

// A 10 s clip at 10 fps, playing at the user's speed.
void setUpClip(ViewerState& state, float userSpeed) {
    state.playback.setClip(10.0, 0.1);
    state.settings.playbackSpeed = userSpeed;
    state.playback.setSpeed(userSpeed);
}

TEST(ViewportKeys, ShuttleSpeedsAreTransientAndNeverBecomeTheSavedSpeed) {
    ViewerState state;
    setUpClip(state, 0.5f);
    ViewportInput input;
    handleKeysAndApply(input, state, presses({GLFW_KEY_L, GLFW_KEY_L, GLFW_KEY_L}));
    EXPECT_TRUE(state.playback.playing());
    EXPECT_FALSE(state.playback.reverse());
    EXPECT_DOUBLE_EQ(state.playback.speed(), 4.0); // 1x, then twice, then twice again
    EXPECT_FLOAT_EQ(state.settings.playbackSpeed, 0.5f) << "the shuttle changed the kept speed";

    handleKeysAndApply(input, state, presses({GLFW_KEY_K}));
    EXPECT_FALSE(state.playback.playing());
    EXPECT_DOUBLE_EQ(state.playback.speed(), 0.5) << "K did not return to the user's speed";

    handleKeysAndApply(input, state, presses({GLFW_KEY_J, GLFW_KEY_J}));
    EXPECT_TRUE(state.playback.reverse());
    EXPECT_DOUBLE_EQ(state.playback.speed(), 2.0);
    EXPECT_FLOAT_EQ(state.settings.playbackSpeed, 0.5f);
}

TEST(ViewportKeys, StepAndRangeKeys) {
    ViewerState state;
    setUpClip(state, 1.0f);
    ViewportInput input;
    handleKeysAndApply(input, state, presses({GLFW_KEY_RIGHT, GLFW_KEY_RIGHT, GLFW_KEY_RIGHT}));
    EXPECT_EQ(state.playback.frame(), 3);
    handleKeysAndApply(input, state, presses({GLFW_KEY_LEFT_BRACKET, GLFW_KEY_END}));
    EXPECT_EQ(state.playback.frame(), state.playback.lastFrame());
    handleKeysAndApply(input, state,
                       presses({GLFW_KEY_LEFT, GLFW_KEY_RIGHT_BRACKET, GLFW_KEY_HOME}));
    EXPECT_NEAR(state.playback.rangeStart(), 0.3, 1e-9);
    EXPECT_NEAR(state.playback.rangeEnd(), 9.9, 1e-9);
    EXPECT_EQ(state.playback.frame(), 3) << "Home goes to the range's first frame";
}

TEST(ViewportKeys, ModifiersComeWithThePressNotWithTheFrame) {
    // Ctrl+Z tapped and released before the frame: the press still says Ctrl.
    ViewerState state;
    ViewportInput input;
    input.handleKeys(state, {KeyPress{GLFW_KEY_Z, GLFW_MOD_CONTROL, false}});
    const std::vector<Command> commands = state.commands.take();
    ASSERT_EQ(commands.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<command::UndoRemove>(commands.front()));
    input.handleKeys(state, presses({GLFW_KEY_Z}));
    EXPECT_TRUE(state.commands.empty()) << "Z alone undid a remove";
    // Shift+/ is "?": the shortcut sheet.
    input.handleKeys(state, {KeyPress{GLFW_KEY_SLASH, GLFW_MOD_SHIFT, false}});
    EXPECT_TRUE(state.shortcutsRequested);
}

TEST(ViewportKeys, FileShortcutsActOnThePressNotOnItsRepeats) {
    ViewerState state;
    ViewportInput input;
    input.handleKeys(state, {KeyPress{GLFW_KEY_O, GLFW_MOD_CONTROL, false}});
    EXPECT_EQ(state.chooserRequested, ViewerState::ChooserPurpose::OpenFiles);
    state.chooserRequested = ViewerState::ChooserPurpose::None;
    input.handleKeys(state, {KeyPress{GLFW_KEY_O, GLFW_MOD_CONTROL, true}});
    EXPECT_EQ(state.chooserRequested, ViewerState::ChooserPurpose::None)
        << "a held Ctrl+O asked again";
    input.handleKeys(state, {KeyPress{GLFW_KEY_O, GLFW_MOD_CONTROL | GLFW_MOD_ALT, false}});
    EXPECT_EQ(state.chooserRequested, ViewerState::ChooserPurpose::None) << "Ctrl+Alt+O opened";
}

} // namespace
} // namespace bvhscope::viewer
