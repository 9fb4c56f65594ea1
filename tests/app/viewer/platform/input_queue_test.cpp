// The window's input queue (app/viewer/platform/input_queue.h): what each frame gets when
// events pile up during a slow frame. Nothing may be lost, nothing reordered where it matters.
#include "app/viewer/platform/input_queue.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvhscope::viewer {
namespace {

InputEvent key(int code, int action, int mods = 0) {
    return InputEvent{InputEvent::Kind::Key, code, action, mods};
}
InputEvent text(char32_t codepoint) {
    return InputEvent{InputEvent::Kind::Text, static_cast<int>(codepoint)};
}
InputEvent button(int code, int action) {
    return InputEvent{InputEvent::Kind::MouseButton, code, action};
}
InputEvent move(double x, double y) {
    return InputEvent{InputEvent::Kind::MouseMove, 0, 0, 0, x, y};
}
InputEvent wheel(double y) {
    return InputEvent{InputEvent::Kind::Wheel, 0, 0, 0, 0.0, y};
}
InputEvent cursorEnter(bool entered) {
    return InputEvent{InputEvent::Kind::CursorEnter, 0, entered ? 1 : 0};
}

// What xdotool's `type` sends for plain ASCII: press, character, release per key (Shift around
// upper case and the shifted punctuation a path has).
void typeText(InputQueue& queue, const std::string& typed) {
    for (const char c : typed) {
        int code = 0;
        bool shifted = false;
        if (c >= 'a' && c <= 'z') {
            code = GLFW_KEY_A + (c - 'a');
        } else if (c >= 'A' && c <= 'Z') {
            code = GLFW_KEY_A + (c - 'A');
            shifted = true;
        } else if (c >= '0' && c <= '9') {
            code = GLFW_KEY_0 + (c - '0');
        } else if (c == '/') {
            code = GLFW_KEY_SLASH;
        } else if (c == '.') {
            code = GLFW_KEY_PERIOD;
        } else if (c == '_') {
            code = GLFW_KEY_MINUS;
            shifted = true;
        } else {
            FAIL() << "typeText does not know '" << c << "'";
        }
        const int mods = shifted ? GLFW_MOD_SHIFT : 0;
        if (shifted) {
            queue.push(key(GLFW_KEY_LEFT_SHIFT, GLFW_PRESS));
        }
        queue.push(key(code, GLFW_PRESS, mods));
        queue.push(text(static_cast<char32_t>(c)));
        queue.push(key(code, GLFW_RELEASE, mods));
        if (shifted) {
            queue.push(key(GLFW_KEY_LEFT_SHIFT, GLFW_RELEASE, GLFW_MOD_SHIFT));
        }
    }
}

std::string asText(const std::vector<unsigned int>& codepoints) {
    std::string out;
    for (const unsigned int c : codepoints) {
        out += static_cast<char>(c);
    }
    return out;
}

TEST(InputQueue, ATapShorterThanAFrameReachesTheFrameWithItsModifier) {
    // Ctrl+O held for 5 ms inside a 200 ms frame: all four events are queued before the frame.
    InputQueue queue;
    queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_PRESS));
    queue.push(key(GLFW_KEY_O, GLFW_PRESS, GLFW_MOD_CONTROL));
    queue.push(key(GLFW_KEY_O, GLFW_RELEASE, GLFW_MOD_CONTROL));
    queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_RELEASE, GLFW_MOD_CONTROL));

    const FrameInput first = queue.takeFrame();
    ASSERT_EQ(first.presses.size(), 2u);
    EXPECT_EQ(first.presses[0].key, GLFW_KEY_LEFT_CONTROL);
    EXPECT_EQ(first.presses[1].key, GLFW_KEY_O);
    EXPECT_TRUE(first.presses[1].ctrl());
    EXPECT_FALSE(first.presses[1].repeat);
    // ImGui sees O down with Ctrl held in the same frame (IsKeyPressed with KeyCtrl).
    EXPECT_TRUE(first.keysDown[GLFW_KEY_O]);
    EXPECT_TRUE(first.ctrl);
    EXPECT_TRUE(queue.pending());

    const FrameInput second = queue.takeFrame();
    EXPECT_FALSE(second.keysDown[GLFW_KEY_O]);
    EXPECT_FALSE(second.ctrl);
    EXPECT_TRUE(second.presses.empty());
    EXPECT_FALSE(queue.pending());
    EXPECT_EQ(queue.received(), 4u);
    EXPECT_EQ(queue.applied(), 4u);
}

TEST(InputQueue, AQuickClickLandsWhereItWasPressedThenThePointerMovesOn) {
    InputQueue queue;
    queue.start(true, 10, 10);
    queue.push(move(300, 200));
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS));
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE));
    queue.push(move(900, 700));

    const FrameInput moved = queue.takeFrame();
    EXPECT_TRUE(moved.pointerKnown);
    EXPECT_EQ(moved.pointerX, 300.0f);
    EXPECT_EQ(moved.pointerY, 200.0f);
    EXPECT_FALSE(moved.mouseDown[0]) << "pressed in the frame that moved the pointer there";

    const FrameInput press = queue.takeFrame();
    EXPECT_EQ(press.pointerX, 300.0f);
    EXPECT_TRUE(press.mouseDown[0]);

    const FrameInput release = queue.takeFrame();
    EXPECT_FALSE(release.mouseDown[0]);
    EXPECT_EQ(release.pointerX, 300.0f) << "the release moved with the pointer";

    const FrameInput after = queue.takeFrame();
    EXPECT_EQ(after.pointerX, 900.0f);
    EXPECT_EQ(after.pointerY, 700.0f);
    EXPECT_FALSE(queue.pending());
}

TEST(InputQueue, ADragsLastMoveComesWhileTheButtonIsStillDown) {
    // Press, move, release inside one frame (a splitter dragged quickly): the frame that moves
    // the pointer still has the button down, or the widget never sees where it was let go.
    InputQueue queue;
    queue.start(true, 192, 300);
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS));
    queue.push(move(300, 300));
    queue.push(move(320, 300));
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE));
    const FrameInput press = queue.takeFrame();
    EXPECT_TRUE(press.mouseDown[0]);
    EXPECT_EQ(press.pointerX, 192.0f);
    const FrameInput drag = queue.takeFrame();
    EXPECT_TRUE(drag.mouseDown[0]) << "released in the frame of the last move";
    EXPECT_EQ(drag.pointerX, 320.0f);
    const FrameInput release = queue.takeFrame();
    EXPECT_FALSE(release.mouseDown[0]);
    EXPECT_EQ(release.pointerX, 320.0f);
    EXPECT_FALSE(queue.pending());
}

TEST(InputQueue, ADoubleClickInOneFrameIsTwoClicks) {
    InputQueue queue;
    queue.start(true, 50, 50);
    for (int i = 0; i < 2; ++i) {
        queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS));
        queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE));
    }
    std::vector<bool> downs;
    while (queue.pending()) {
        downs.push_back(queue.takeFrame().mouseDown[0]);
    }
    EXPECT_EQ(downs, (std::vector<bool>{true, false, true, false}));
}

TEST(InputQueue, ATypedPathArrivesWholeAndEnterAfterIt) {
    InputQueue queue;
    const std::string path = "/tmp/Takes/walk_03.bvh";
    typeText(queue, path);
    queue.push(key(GLFW_KEY_ENTER, GLFW_PRESS));
    queue.push(key(GLFW_KEY_ENTER, GLFW_RELEASE));

    std::string typed;
    int frames = 0;
    int enterFrame = -1;
    bool enterDown = false;
    while (queue.pending()) {
        const FrameInput frame = queue.takeFrame();
        ++frames;
        typed += asText(frame.text);
        if (frame.keysDown[GLFW_KEY_ENTER]) {
            EXPECT_EQ(typed, path) << "Enter came before the whole path";
            enterDown = true;
            enterFrame = frames;
            EXPECT_TRUE(frame.text.empty()) << "text shares Enter's frame";
        }
        ASSERT_LT(frames, 100) << "the queue does not drain";
    }
    EXPECT_EQ(typed, path);
    EXPECT_TRUE(enterDown) << "Enter never reached a frame";
    EXPECT_GT(enterFrame, 1);
    // Plain keys that only type go down and up in one frame: the whole path in a few frames
    // (Shift, a key of its own, once for each of the two upper-case and underscore runs),
    // not two frames a character.
    EXPECT_LE(frames, 12) << "typing a path takes a frame a key";
}

TEST(InputQueue, TypingKeysStillReachTheWindowsShortcuts) {
    // F and R tapped over the 3D view in one frame: both presses, in order.
    InputQueue queue;
    queue.push(key(GLFW_KEY_F, GLFW_PRESS));
    queue.push(text(U'f'));
    queue.push(key(GLFW_KEY_F, GLFW_RELEASE));
    queue.push(key(GLFW_KEY_R, GLFW_PRESS));
    queue.push(text(U'r'));
    queue.push(key(GLFW_KEY_R, GLFW_RELEASE));
    const FrameInput frame = queue.takeFrame();
    ASSERT_EQ(frame.presses.size(), 2u);
    EXPECT_EQ(frame.presses[0].key, GLFW_KEY_F);
    EXPECT_EQ(frame.presses[1].key, GLFW_KEY_R);
    EXPECT_FALSE(queue.pending());
}

TEST(InputQueue, EditingKeysKeepTheirOrderWithText) {
    // "ab", Backspace, "c": a field must end with "ac", so the Backspace gets a frame between.
    InputQueue queue;
    typeText(queue, "ab");
    queue.push(key(GLFW_KEY_BACKSPACE, GLFW_PRESS));
    queue.push(key(GLFW_KEY_BACKSPACE, GLFW_RELEASE));
    typeText(queue, "c");
    std::vector<std::string> seen; // per frame: its text, or "<BS>" when Backspace went down
    while (queue.pending()) {
        const FrameInput frame = queue.takeFrame();
        const bool backspace = frame.keysDown[GLFW_KEY_BACKSPACE] && !frame.presses.empty() &&
                               frame.presses.front().key == GLFW_KEY_BACKSPACE;
        if (backspace) {
            EXPECT_TRUE(frame.text.empty());
            seen.push_back("<BS>");
        } else if (!frame.text.empty()) {
            seen.push_back(asText(frame.text));
        }
    }
    EXPECT_EQ(seen, (std::vector<std::string>{"ab", "<BS>", "c"}));
}

TEST(InputQueue, ShortcutKeysChangeOncePerFrame) {
    // Ctrl+A tapped twice before a frame: two frames with A down.
    InputQueue queue;
    queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_PRESS));
    for (int i = 0; i < 2; ++i) {
        queue.push(key(GLFW_KEY_A, GLFW_PRESS, GLFW_MOD_CONTROL));
        queue.push(key(GLFW_KEY_A, GLFW_RELEASE, GLFW_MOD_CONTROL));
    }
    queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_RELEASE, GLFW_MOD_CONTROL));
    int framesWithADown = 0;
    int presses = 0;
    while (queue.pending()) {
        const FrameInput frame = queue.takeFrame();
        framesWithADown += frame.keysDown[GLFW_KEY_A] ? 1 : 0;
        for (const KeyPress& press : frame.presses) {
            presses += press.key == GLFW_KEY_A ? 1 : 0;
        }
        if (frame.keysDown[GLFW_KEY_A]) {
            EXPECT_TRUE(frame.ctrl);
        }
    }
    EXPECT_EQ(framesWithADown, 2);
    EXPECT_EQ(presses, 2);
}

TEST(InputQueue, AModifierLetGoBeforeItsChordKeyWaitsForTheNextFrame) {
    // xdotool's `key ctrl+a` lets go in the order it pressed: Ctrl goes up before A. Taken in
    // one frame, ImGui would see A pressed with no Ctrl held (a text field's Ctrl+A lost).
    InputQueue queue;
    queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_PRESS));
    queue.takeFrame();
    queue.push(key(GLFW_KEY_A, GLFW_PRESS, GLFW_MOD_CONTROL));
    queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_RELEASE, GLFW_MOD_CONTROL));
    queue.push(key(GLFW_KEY_A, GLFW_RELEASE));

    const FrameInput pressed = queue.takeFrame();
    EXPECT_EQ(pressed.events, 1u);
    EXPECT_TRUE(pressed.keysDown[GLFW_KEY_A]);
    EXPECT_TRUE(pressed.ctrl);
    ASSERT_EQ(pressed.presses.size(), 1u);
    EXPECT_TRUE(pressed.presses[0].ctrl());

    const FrameInput released = queue.takeFrame();
    EXPECT_EQ(released.events, 2u);
    EXPECT_FALSE(released.keysDown[GLFW_KEY_A]);
    EXPECT_FALSE(released.ctrl);
    EXPECT_FALSE(queue.pending());
}

TEST(InputQueue, AModifierPressedAfterAnEditingKeyWaitsForTheNextFrame) {
    // Left then Shift within one frame: Left moves the cursor, it does not select.
    InputQueue queue;
    queue.push(key(GLFW_KEY_LEFT, GLFW_PRESS));
    queue.push(key(GLFW_KEY_LEFT_SHIFT, GLFW_PRESS));

    const FrameInput left = queue.takeFrame();
    EXPECT_TRUE(left.keysDown[GLFW_KEY_LEFT]);
    EXPECT_FALSE(left.shift);
    const FrameInput shift = queue.takeFrame();
    EXPECT_TRUE(shift.shift);
    EXPECT_TRUE(shift.keysDown[GLFW_KEY_LEFT]);
    EXPECT_FALSE(queue.pending());
}

TEST(InputQueue, AModifierStillChangesAfterATypedKey) {
    // Shift let go after the letter it shifted: nothing reads a typing key's state, so typing
    // keeps its pace (one frame for "A" and the Shift held before it).
    InputQueue queue;
    queue.push(key(GLFW_KEY_LEFT_SHIFT, GLFW_PRESS));
    queue.takeFrame();
    queue.push(key(GLFW_KEY_A, GLFW_PRESS, GLFW_MOD_SHIFT));
    queue.push(text(U'A'));
    queue.push(key(GLFW_KEY_LEFT_SHIFT, GLFW_RELEASE, GLFW_MOD_SHIFT));
    queue.push(key(GLFW_KEY_A, GLFW_RELEASE));

    const FrameInput frame = queue.takeFrame();
    EXPECT_EQ(frame.events, 4u);
    EXPECT_EQ(frame.text, std::vector<unsigned int>{U'A'});
    EXPECT_FALSE(frame.shift);
    EXPECT_FALSE(queue.pending());
}

TEST(InputQueue, RepeatsArePressesThatChangeNoState) {
    InputQueue queue;
    queue.push(key(GLFW_KEY_RIGHT, GLFW_PRESS));
    queue.push(key(GLFW_KEY_RIGHT, GLFW_REPEAT));
    queue.push(key(GLFW_KEY_RIGHT, GLFW_REPEAT));
    const FrameInput frame = queue.takeFrame();
    ASSERT_EQ(frame.presses.size(), 3u);
    EXPECT_FALSE(frame.presses[0].repeat);
    EXPECT_TRUE(frame.presses[1].repeat);
    EXPECT_TRUE(frame.keysDown[GLFW_KEY_RIGHT]);
    EXPECT_FALSE(queue.pending());
}

TEST(InputQueue, TextWaitsForTheClickThatFocusesItsField) {
    InputQueue queue;
    queue.start(true, 100, 100);
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS));
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE));
    typeText(queue, "x");
    const FrameInput press = queue.takeFrame();
    EXPECT_TRUE(press.mouseDown[0]);
    EXPECT_TRUE(press.text.empty());
    const FrameInput release = queue.takeFrame();
    EXPECT_FALSE(release.mouseDown[0]);
    EXPECT_TRUE(release.text.empty());
    EXPECT_EQ(asText(queue.takeFrame().text), "x");
}

TEST(InputQueue, WheelStepsAddUpAndKeepTheirPlaceAroundClicks) {
    InputQueue queue;
    queue.start(true, 100, 100);
    queue.push(wheel(1));
    queue.push(wheel(2));
    queue.push(button(GLFW_MOUSE_BUTTON_RIGHT, GLFW_PRESS));
    queue.push(wheel(-1));
    const FrameInput first = queue.takeFrame();
    EXPECT_EQ(first.wheelY, 3.0f);
    EXPECT_FALSE(first.mouseDown[GLFW_MOUSE_BUTTON_RIGHT])
        << "the button went down after the wheel";
    const FrameInput second = queue.takeFrame();
    EXPECT_TRUE(second.mouseDown[GLFW_MOUSE_BUTTON_RIGHT]);
    EXPECT_EQ(second.wheelY, 0.0f);
    const FrameInput third = queue.takeFrame();
    EXPECT_EQ(third.wheelY, -1.0f);
    EXPECT_FALSE(queue.pending());
}

TEST(InputQueue, ThePointerIsUnknownOutsideTheWindowUnlessDragging) {
    InputQueue queue;
    queue.start(false, 0, 0);
    EXPECT_FALSE(queue.takeFrame().pointerKnown) << "a pointer outside the window was known";
    queue.push(cursorEnter(true));
    queue.push(move(40, 50));
    EXPECT_TRUE(queue.takeFrame().pointerKnown);
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS));
    EXPECT_TRUE(queue.takeFrame().mouseDown[0]);
    queue.push(cursorEnter(false));
    queue.push(move(-30, 50)); // dragged out of the window: still followed
    FrameInput outside = queue.takeFrame();
    EXPECT_TRUE(outside.pointerKnown);
    EXPECT_EQ(outside.pointerX, -30.0f);
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE));
    EXPECT_FALSE(queue.takeFrame().pointerKnown) << "released outside: the pointer is gone";
}

TEST(InputQueue, LosingFocusLetsGoOfEverythingHeld) {
    InputQueue queue;
    queue.start(true, 10, 10);
    queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_PRESS));
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS));
    queue.push(InputEvent{InputEvent::Kind::FocusLost});
    const FrameInput held = queue.takeFrame();
    EXPECT_TRUE(held.ctrl);
    EXPECT_TRUE(held.mouseDown[0]) << "let go in the frame that pressed";
    const FrameInput lost = queue.takeFrame();
    EXPECT_FALSE(lost.ctrl);
    EXPECT_FALSE(lost.keysDown[GLFW_KEY_LEFT_CONTROL]);
    EXPECT_FALSE(lost.mouseDown[0]);
    // Releases GLFW sends afterwards change nothing more.
    queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_RELEASE));
    EXPECT_FALSE(queue.takeFrame().ctrl);
    EXPECT_FALSE(queue.pending());
}

TEST(InputQueue, AFloodOfMotionTakesOneEntryAndIsCountedWhole) {
    InputQueue queue;
    queue.start(true, 0, 0);
    for (int i = 1; i <= 10000; ++i) {
        queue.push(move(i, i));
    }
    queue.push(wheel(1));
    queue.push(wheel(1));
    const FrameInput frame = queue.takeFrame();
    EXPECT_EQ(frame.events, 2u) << "the moves, then the wheel steps";
    EXPECT_EQ(frame.pointerX, 10000.0f);
    EXPECT_EQ(frame.wheelY, 2.0f);
    EXPECT_EQ(queue.received(), 10002u);
    EXPECT_EQ(queue.applied(), 10002u);
}

TEST(InputQueue, UnknownKeysAndExtraButtonsAreTakenAndIgnored) {
    InputQueue queue;
    queue.push(key(GLFW_KEY_UNKNOWN, GLFW_PRESS));
    queue.push(button(7, GLFW_PRESS));
    queue.push(key(GLFW_KEY_LAST + 400, GLFW_PRESS));
    const FrameInput frame = queue.takeFrame();
    EXPECT_TRUE(frame.presses.empty());
    EXPECT_EQ(frame.events, 3u);
    EXPECT_FALSE(queue.pending());
}

TEST(InputQueue, ABurstOfEveryKindDrainsInOrderWithNothingLost) {
    // Ten seconds of a fast typist and clicker at one frame: the queue drains, every press and
    // character arrives once, in order.
    InputQueue queue;
    queue.start(true, 0, 0);
    std::string expectedText;
    int expectedClicks = 0;
    for (int round = 0; round < 200; ++round) {
        typeText(queue, "ab_C");
        expectedText += "ab_C";
        queue.push(move(round, round));
        queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS));
        queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE));
        ++expectedClicks;
        queue.push(key(GLFW_KEY_ENTER, GLFW_PRESS));
        queue.push(key(GLFW_KEY_ENTER, GLFW_RELEASE));
    }
    std::string typed;
    int clicks = 0;
    int enters = 0;
    bool wasDown = false;
    int frames = 0;
    while (queue.pending()) {
        const FrameInput frame = queue.takeFrame();
        ASSERT_GT(frame.events, 0u) << "a frame took nothing";
        typed += asText(frame.text);
        clicks += frame.mouseDown[0] && !wasDown ? 1 : 0;
        wasDown = frame.mouseDown[0];
        for (const KeyPress& press : frame.presses) {
            enters += press.key == GLFW_KEY_ENTER ? 1 : 0;
        }
        ASSERT_LT(++frames, 100000);
    }
    EXPECT_EQ(typed, expectedText);
    EXPECT_EQ(clicks, expectedClicks);
    EXPECT_EQ(enters, 200);
    EXPECT_EQ(queue.received(), queue.applied());
}

// A text field asked for the keyboard in the frame before (ImGuiLayer::keyboardHold): Enter
// showed a folder, then "wa" and Tab were typed at once. The frame that activates the field gets
// the click before them but no key and no text; the next frames get them all, in order.
TEST(InputQueue, KeysWaitWhileATextFieldTakesTheKeyboard) {
    InputQueue queue;
    queue.start(true, 10.0, 10.0);
    queue.push(move(20.0, 20.0));
    queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_PRESS));
    queue.push(key(GLFW_KEY_A, GLFW_PRESS, GLFW_MOD_CONTROL));
    queue.push(key(GLFW_KEY_A, GLFW_RELEASE, GLFW_MOD_CONTROL));
    queue.push(key(GLFW_KEY_LEFT_CONTROL, GLFW_RELEASE, GLFW_MOD_CONTROL));
    typeText(queue, "wa");
    queue.push(key(GLFW_KEY_TAB, GLFW_PRESS));
    queue.push(key(GLFW_KEY_TAB, GLFW_RELEASE));

    const FrameInput held = queue.takeFrame(KeyboardHold::ForTextField);
    EXPECT_EQ(held.events, 1u); // the pointer's move only
    EXPECT_FLOAT_EQ(held.pointerX, 20.0f);
    EXPECT_TRUE(held.presses.empty());
    EXPECT_TRUE(held.text.empty());
    EXPECT_TRUE(held.keysDown.none());
    EXPECT_TRUE(queue.pending());
    EXPECT_EQ(queue.takeFrame(KeyboardHold::ForTextField).events, 0u) << "still held";

    // Released: Ctrl+A as a chord in its frame, then the text, then Tab, nothing lost.
    const FrameInput chord = queue.takeFrame();
    ASSERT_EQ(chord.presses.size(), 2u);
    EXPECT_EQ(chord.presses[1].key, GLFW_KEY_A);
    EXPECT_TRUE(chord.presses[1].ctrl());
    EXPECT_TRUE(chord.ctrl);
    std::string typed;
    std::vector<int> pressed;
    for (int frame = 0; frame < 20 && queue.pending(); ++frame) {
        const FrameInput input = queue.takeFrame();
        typed += asText(input.text);
        for (const KeyPress& press : input.presses) {
            pressed.push_back(press.key);
        }
    }
    EXPECT_FALSE(queue.pending());
    EXPECT_EQ(typed, "wa");
    EXPECT_EQ(pressed, (std::vector<int>{GLFW_KEY_W, GLFW_KEY_A, GLFW_KEY_TAB}));
    EXPECT_EQ(queue.applied(), queue.received());
}

// A held frame still lets go of everything when the window loses the keyboard.
TEST(InputQueue, AHeldKeyboardStillLetsGoWhenFocusIsLost) {
    InputQueue queue;
    queue.push(key(GLFW_KEY_LEFT_SHIFT, GLFW_PRESS));
    ASSERT_TRUE(queue.takeFrame().shift);
    queue.push(InputEvent{InputEvent::Kind::FocusLost});
    const FrameInput lost = queue.takeFrame(KeyboardHold::ForTextField);
    EXPECT_EQ(lost.events, 1u);
    EXPECT_FALSE(lost.shift);
}

// A tap whose press or release comes in the first frame laid out for a new window size waits
// for the next frame (ImGui 1.86 would judge it on the old size's window rectangles); the
// pointer's move before it is taken, what comes after it waits with it, in order.
TEST(InputQueue, AButtonChangeWaitsOutTheFirstFrameOfANewLayout) {
    InputQueue queue;
    queue.start(true, 10.0, 10.0);
    queue.push(move(300.0, 200.0));
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS));

    const FrameInput resized = queue.takeFrame(KeyboardHold::None, ButtonHold::ForNewLayout);
    EXPECT_EQ(resized.events, 1u) << "only the move";
    EXPECT_FLOAT_EQ(resized.pointerX, 300.0f);
    EXPECT_FALSE(resized.mouseDown[0]);
    EXPECT_TRUE(queue.pending());

    const FrameInput pressed = queue.takeFrame();
    EXPECT_TRUE(pressed.mouseDown[0]);

    // The release, let go while the window turns, waits too; the press stays held meanwhile.
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE));
    const FrameInput turning = queue.takeFrame(KeyboardHold::None, ButtonHold::ForNewLayout);
    EXPECT_EQ(turning.events, 0u);
    EXPECT_TRUE(turning.mouseDown[0]);
    const FrameInput released = queue.takeFrame();
    EXPECT_FALSE(released.mouseDown[0]);
    EXPECT_FALSE(queue.pending());
    EXPECT_EQ(queue.applied(), queue.received());
}

// Losing focus still lets go of a held button in a frame whose buttons are held.
TEST(InputQueue, AHeldButtonStillLetsGoWhenFocusIsLostDuringANewLayout) {
    InputQueue queue;
    queue.start(true, 10.0, 10.0);
    queue.push(button(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS));
    ASSERT_TRUE(queue.takeFrame().mouseDown[0]);
    queue.push(InputEvent{InputEvent::Kind::FocusLost});
    const FrameInput lost = queue.takeFrame(KeyboardHold::None, ButtonHold::ForNewLayout);
    EXPECT_EQ(lost.events, 1u);
    EXPECT_FALSE(lost.mouseDown[0]);
}

} // namespace
} // namespace bvhscope::viewer
