// The window's input as a queue of events, handed to each frame by rules that lose nothing.
//
// Dear ImGui 1.86 (Debian's) reads key and button state once a frame: a key pressed and
// released between two frames never reaches it, and a frame that takes 200 ms on a software
// renderer loses every quick tap. Here GLFW's callbacks only append events; each frame takes
// the longest run of them, in order, that changes no key or button twice, and the rest wait
// for the next frame (Dear ImGui 1.87's "trickling" input queue, rebuilt on 1.86's ImGuiIO).
// The frame's rules, each stopping the run before the event that breaks it:
// - a key or mouse button changes at most once a frame;
// - a modifier (Shift, Ctrl, Alt, Super) does not change after a key that edits went down:
//   Dear ImGui 1.86 reads the modifiers as the frame ends, so Ctrl let go in the frame Ctrl+A
//   went down would make it a plain A (and Shift pressed after Left, a selecting Shift+Left);
// - a key that only types (a letter, a digit, punctuation, Space; no Ctrl, Alt or Super held)
//   may go down and up in one frame: nothing reads its state, its press reaches the window's
//   shortcuts and its character reaches text fields;
// - typed text and a key that edits (Enter, Backspace, arrows, Escape, anything with Ctrl, Alt
//   or Super) never share a frame in the wrong order: "path" then Enter arrives as the whole
//   path, then Enter, and Ctrl+O then typing reaches the chooser's field, not the frame before
//   it; text never shares a frame with a mouse button's change (the click that focuses a field
//   comes first), nor a button with text before it;
// - the pointer's moves and a mouse button's changes never share a frame: a click lands where
//   it was pressed, over what the frame before found under the pointer, and a drag's last move
//   is seen while the button is still down (a splitter follows to where it was let go);
// - the pointer does not move after the wheel turned, nor a button change;
// - wheel steps add up until another rule stops them;
// - in the first frame of a new layout (ButtonHold::ForNewLayout: a window resized, a panel
//   opened; app/viewer/layout_button_hold.h), no button changes;
// - while a text field is about to take the keyboard (KeyboardHold::ForTextField), no key and no
//   typed text is taken: Dear ImGui 1.86 activates a field one frame after
//   SetKeyboardFocusHere, and a field activated that way ignores the characters of the frame it
//   is activated in, while the window's shortcuts still see that frame's keys. Held instead,
//   they reach the field once it has the keyboard.
// The window's own shortcuts read the presses of the same frame, with the modifiers each press
// had, so Ctrl+O tapped for 5 ms opens the chooser however long the frame took.
//
// No GLFW calls and no ImGui here (key codes are GLFW's): unit-tested without a display.
#pragma once

#include <array>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace bvhscope::viewer {

struct InputEvent {
    enum class Kind : std::uint8_t {
        Key,         // code: GLFW key, action: GLFW_PRESS / GLFW_RELEASE / GLFW_REPEAT, mods
        Text,        // code: a Unicode code point
        MouseButton, // code: GLFW mouse button, action: GLFW_PRESS / GLFW_RELEASE, mods
        MouseMove,   // x, y: the pointer in window coordinates
        Wheel,       // x, y: the wheel's horizontal and vertical steps
        CursorEnter, // action: 1 entered the window, 0 left it
        FocusLost,   // the window lost the keyboard: every key and button held is let go
    };
    Kind kind = Kind::Key;
    int code = 0;
    int action = 0;
    int mods = 0; // GLFW_MOD_* as the event had them
    double x = 0.0;
    double y = 0.0;
};

// A key pressed (or auto-repeated by the system) in this frame, for the window's shortcuts.
struct KeyPress {
    int key = 0;  // GLFW key code
    int mods = 0; // GLFW_MOD_* at the press
    bool repeat = false;
    bool ctrl() const;
    bool shift() const;
    bool alt() const;
};

// GLFW's key codes go up to GLFW_KEY_LAST (348); ImGui 1.86's KeysDown has 512 entries.
inline constexpr std::size_t kInputKeyCount = 512;
// ImGui 1.86 has five mouse buttons (ImGuiMouseButton_COUNT).
inline constexpr std::size_t kInputMouseButtons = 5;

// What one frame gets: the state after its events, and what happened in it.
struct FrameInput {
    std::bitset<kInputKeyCount> keysDown;
    std::array<bool, kInputMouseButtons> mouseDown{};
    bool ctrl = false, shift = false, alt = false, super = false;
    // False when the pointer is outside the window and no button is held (ImGui: -FLT_MAX).
    bool pointerKnown = false;
    float pointerX = 0.0f, pointerY = 0.0f;
    float wheelX = 0.0f, wheelY = 0.0f;
    std::vector<unsigned int> text; // code points typed, in order
    std::vector<KeyPress> presses;  // in order
    std::size_t events = 0;         // taken from the queue for this frame
};

// Whether this frame may take the keyboard's events (the last rule above).
enum class KeyboardHold : std::uint8_t { None, ForTextField };

// Whether this frame may take a mouse button's change. Dear ImGui 1.86 finds the window under
// the pointer from the rectangles the frame before left, and judges a button's press and
// release by it: in the first frame of a new layout (a window resized, a panel opened) those are
// the old layout's rectangles, so a tap pressed or let go then lands on whatever was there before
// (a phone turned, a browser's bar sliding in, between a tap's press and release). With
// ForNewLayout the run stops before the first button change: it reaches the next frame, judged on
// the new layout.
enum class ButtonHold : std::uint8_t { None, ForNewLayout };

class InputQueue {
public:
    // Where the pointer is when the queue starts (inside the window or not).
    void start(bool pointerInside, double x, double y);
    // From GLFW's callbacks. A move right after a move, or a wheel step right after a wheel
    // step, joins it (no frame could tell them apart): a flood of pointer motion during a
    // slow frame takes one entry.
    void push(const InputEvent& event);
    // This frame's events by the rules above; the rest stay queued. With
    // KeyboardHold::ForTextField the run stops before the first key or text event, with
    // ButtonHold::ForNewLayout before the first change of a mouse button.
    FrameInput takeFrame(KeyboardHold hold = KeyboardHold::None,
                         ButtonHold buttons = ButtonHold::None);
    // Events waiting for a later frame: the viewer must not sleep while there are any.
    bool pending() const { return !events_.empty(); }
    // Callbacks so far: received, and given to frames.
    std::uint64_t received() const { return received_; }
    std::uint64_t applied() const { return applied_; }

private:
    struct Queued {
        InputEvent event;
        std::uint64_t callbacks = 1; // the events joined into this one
    };
    std::deque<Queued> events_;
    // The state as the last frame left it.
    std::bitset<kInputKeyCount> keysDown_;
    std::array<bool, kInputMouseButtons> mouseDown_{};
    bool pointerInside_ = false;
    double pointerX_ = 0.0, pointerY_ = 0.0;
    std::uint64_t received_ = 0;
    std::uint64_t applied_ = 0;
};

} // namespace bvhscope::viewer
