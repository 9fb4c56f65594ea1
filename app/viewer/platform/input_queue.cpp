#include "app/viewer/platform/input_queue.h"

// Key, button and modifier codes only: no GLFW function is called here.
#include <GLFW/glfw3.h>

namespace bvhscope::viewer {

namespace {

bool isModifierKey(int key) {
    switch (key) {
    case GLFW_KEY_LEFT_SHIFT:
    case GLFW_KEY_RIGHT_SHIFT:
    case GLFW_KEY_LEFT_CONTROL:
    case GLFW_KEY_RIGHT_CONTROL:
    case GLFW_KEY_LEFT_ALT:
    case GLFW_KEY_RIGHT_ALT:
    case GLFW_KEY_LEFT_SUPER:
    case GLFW_KEY_RIGHT_SUPER:
        return true;
    default:
        return false;
    }
}

// Keys whose only effect without Ctrl, Alt or Super is the character they type: GLFW's
// printable keys (Space to `, the two "world" keys) and the keypad's digits and operators.
bool isTypingKey(int key) {
    return (key >= GLFW_KEY_SPACE && key <= GLFW_KEY_GRAVE_ACCENT) || key == GLFW_KEY_WORLD_1 ||
           key == GLFW_KEY_WORLD_2 || (key >= GLFW_KEY_KP_0 && key <= GLFW_KEY_KP_ADD) ||
           key == GLFW_KEY_KP_EQUAL;
}

constexpr int kShortcutMods = GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER;

int modsHeld(const std::bitset<kInputKeyCount>& keys) {
    int mods = 0;
    if (keys[GLFW_KEY_LEFT_SHIFT] || keys[GLFW_KEY_RIGHT_SHIFT]) {
        mods |= GLFW_MOD_SHIFT;
    }
    if (keys[GLFW_KEY_LEFT_CONTROL] || keys[GLFW_KEY_RIGHT_CONTROL]) {
        mods |= GLFW_MOD_CONTROL;
    }
    if (keys[GLFW_KEY_LEFT_ALT] || keys[GLFW_KEY_RIGHT_ALT]) {
        mods |= GLFW_MOD_ALT;
    }
    if (keys[GLFW_KEY_LEFT_SUPER] || keys[GLFW_KEY_RIGHT_SUPER]) {
        mods |= GLFW_MOD_SUPER;
    }
    return mods;
}

bool isValidKey(int key) {
    return key >= 0 && static_cast<std::size_t>(key) < kInputKeyCount;
}

bool isValidButton(int button) {
    return button >= 0 && static_cast<std::size_t>(button) < kInputMouseButtons;
}

bool anyDown(const std::array<bool, kInputMouseButtons>& buttons) {
    for (const bool down : buttons) {
        if (down) {
            return true;
        }
    }
    return false;
}

} // namespace

bool KeyPress::ctrl() const {
    return (mods & GLFW_MOD_CONTROL) != 0;
}

bool KeyPress::shift() const {
    return (mods & GLFW_MOD_SHIFT) != 0;
}

bool KeyPress::alt() const {
    return (mods & GLFW_MOD_ALT) != 0;
}

void InputQueue::start(bool pointerInside, double x, double y) {
    pointerInside_ = pointerInside;
    pointerX_ = x;
    pointerY_ = y;
}

void InputQueue::push(const InputEvent& event) {
    ++received_;
    if (!events_.empty()) {
        Queued& last = events_.back();
        if (event.kind == InputEvent::Kind::MouseMove && last.event.kind == event.kind) {
            last.event.x = event.x;
            last.event.y = event.y;
            ++last.callbacks;
            return;
        }
        if (event.kind == InputEvent::Kind::Wheel && last.event.kind == event.kind) {
            last.event.x += event.x;
            last.event.y += event.y;
            ++last.callbacks;
            return;
        }
    }
    events_.push_back(Queued{event});
}

FrameInput InputQueue::takeFrame(KeyboardHold hold) {
    const bool keyboardHeld = hold == KeyboardHold::ForTextField;
    FrameInput frame;
    // What this frame has taken so far, for the rules (input_queue.h).
    std::bitset<kInputKeyCount> keysChanged;
    std::array<bool, kInputMouseButtons> buttonsChanged{};
    bool buttonChanged = false;
    bool pointerMoved = false;
    bool wheeled = false;
    bool textTaken = false;
    bool editingKeyChanged = false;
    bool editingKeyPressed = false;

    std::size_t taken = 0;
    for (; taken < events_.size(); ++taken) {
        const InputEvent& event = events_[taken].event;
        if (keyboardHeld &&
            (event.kind == InputEvent::Kind::Key || event.kind == InputEvent::Kind::Text)) {
            break; // this and everything after it wait: the order is kept
        }
        bool waits = false;
        switch (event.kind) {
        case InputEvent::Kind::Key: {
            if (!isValidKey(event.code)) {
                break; // GLFW_KEY_UNKNOWN: no state to keep, no shortcut to reach
            }
            const auto key = static_cast<std::size_t>(event.code);
            const int mods = event.mods | modsHeld(keysDown_);
            const bool down = event.action != GLFW_RELEASE;
            if (event.action == GLFW_REPEAT || keysDown_[key] == down) {
                if (down) { // a repeat changes no state; it still steps, scrolls, deletes
                    frame.presses.push_back(KeyPress{event.code, mods, true});
                }
                break;
            }
            const bool modifier = isModifierKey(event.code);
            const bool typing = !modifier && isTypingKey(event.code) && (mods & kShortcutMods) == 0;
            const bool editing = !modifier && !typing;
            // ImGui 1.86 reads the modifiers as the frame leaves them: Ctrl let go after A went
            // down (xdotool's `key ctrl+a` releases in the order it pressed) would turn the
            // frame's Ctrl+A into a plain A, which a text field ignores.
            waits = (keysChanged[key] && !typing) || buttonChanged || (editing && textTaken) ||
                    (modifier && editingKeyPressed);
            if (waits) {
                break;
            }
            keysDown_[key] = down;
            keysChanged[key] = true;
            editingKeyChanged = editingKeyChanged || editing;
            editingKeyPressed = editingKeyPressed || (editing && down);
            if (down) {
                frame.presses.push_back(KeyPress{event.code, mods, false});
            }
            break;
        }
        case InputEvent::Kind::Text:
            waits = editingKeyChanged || buttonChanged;
            if (!waits) {
                frame.text.push_back(static_cast<unsigned int>(event.code));
                textTaken = true;
            }
            break;
        case InputEvent::Kind::MouseButton: {
            if (!isValidButton(event.code)) {
                break;
            }
            const auto button = static_cast<std::size_t>(event.code);
            const bool down = event.action == GLFW_PRESS;
            if (mouseDown_[button] == down) {
                break;
            }
            waits = buttonsChanged[button] || pointerMoved || wheeled || textTaken;
            if (!waits) {
                mouseDown_[button] = down;
                buttonsChanged[button] = true;
                buttonChanged = true;
            }
            break;
        }
        case InputEvent::Kind::MouseMove: {
            if (event.x == pointerX_ && event.y == pointerY_ && pointerInside_) {
                break;
            }
            waits = buttonChanged || wheeled;
            if (!waits) {
                pointerX_ = event.x;
                pointerY_ = event.y;
                pointerMoved = true;
                // GLFW reports motion over the window, or anywhere while a button is held.
                pointerInside_ = pointerInside_ || !anyDown(mouseDown_);
            }
            break;
        }
        case InputEvent::Kind::CursorEnter:
            waits = buttonChanged || wheeled;
            if (!waits) {
                pointerInside_ = event.action != 0;
                pointerMoved = true;
            }
            break;
        case InputEvent::Kind::FocusLost: {
            // GLFW releases what is held itself on the desktop; a browser tab that loses focus
            // may not say so, and a key must not stay down for ever.
            const bool held = keysDown_.any() || anyDown(mouseDown_);
            waits = held && (keysChanged.any() || buttonChanged);
            if (!waits && held) {
                keysDown_.reset();
                mouseDown_.fill(false);
                buttonChanged = true;
                keysChanged.set();
            }
            break;
        }
        case InputEvent::Kind::Wheel:
            waits = buttonChanged;
            if (!waits) {
                frame.wheelX += static_cast<float>(event.x);
                frame.wheelY += static_cast<float>(event.y);
                wheeled = true;
            }
            break;
        }
        if (waits) {
            break;
        }
    }
    for (std::size_t i = 0; i < taken; ++i) {
        applied_ += events_[i].callbacks;
    }
    events_.erase(events_.begin(), events_.begin() + static_cast<std::ptrdiff_t>(taken));

    frame.events = taken;
    frame.keysDown = keysDown_;
    frame.mouseDown = mouseDown_;
    const int mods = modsHeld(keysDown_);
    frame.ctrl = (mods & GLFW_MOD_CONTROL) != 0;
    frame.shift = (mods & GLFW_MOD_SHIFT) != 0;
    frame.alt = (mods & GLFW_MOD_ALT) != 0;
    frame.super = (mods & GLFW_MOD_SUPER) != 0;
    frame.pointerKnown = pointerInside_ || anyDown(mouseDown_);
    frame.pointerX = static_cast<float>(pointerX_);
    frame.pointerY = static_cast<float>(pointerY_);
    return frame;
}

} // namespace bvhscope::viewer
