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

// The state the last frame left, which taking events changes (InputQueue's own).
struct HeldInput {
    std::bitset<kInputKeyCount>& keysDown;
    std::array<bool, kInputMouseButtons>& mouseDown;
    bool& pointerInside;
    double& pointerX;
    double& pointerY;
};

// One frame's taking of queued events by the rules of input_queue.h: what the frame has taken
// so far, and the events it has taken into `frame`.
class FrameTaking {
public:
    FrameTaking(HeldInput held, bool keyboardHeld, bool buttonsHeld, FrameInput& frame)
        : held_(held), keyboardHeld_(keyboardHeld), buttonsHeld_(buttonsHeld), frame_(frame) {}

    // Takes `event` into the frame; false when it waits for a later frame (and with it, to
    // keep the order, every event after it).
    bool take(const InputEvent& event) {
        if (keyboardHeld_ &&
            (event.kind == InputEvent::Kind::Key || event.kind == InputEvent::Kind::Text)) {
            return false;
        }
        switch (event.kind) {
        case InputEvent::Kind::Key:
            return takeKey(event);
        case InputEvent::Kind::Text:
            return takeText(event);
        case InputEvent::Kind::MouseButton:
            return takeMouseButton(event);
        case InputEvent::Kind::MouseMove:
            return takeMouseMove(event);
        case InputEvent::Kind::CursorEnter:
            return takeCursorEnter(event);
        case InputEvent::Kind::FocusLost:
            return takeFocusLost();
        case InputEvent::Kind::Wheel:
            return takeWheel(event);
        }
        return true;
    }

private:
    bool takeKey(const InputEvent& event) {
        if (!isValidKey(event.code)) {
            return true; // GLFW_KEY_UNKNOWN: no state to keep, no shortcut to reach
        }
        const auto key = static_cast<std::size_t>(event.code);
        const int mods = event.mods | modsHeld(held_.keysDown);
        const bool down = event.action != GLFW_RELEASE;
        if (event.action == GLFW_REPEAT || held_.keysDown[key] == down) {
            if (down) { // a repeat changes no state; it still steps, scrolls, deletes
                frame_.presses.push_back(KeyPress{event.code, mods, true});
            }
            return true;
        }
        const bool modifier = isModifierKey(event.code);
        const bool typing = !modifier && isTypingKey(event.code) && (mods & kShortcutMods) == 0;
        const bool editing = !modifier && !typing;
        // ImGui 1.86 reads the modifiers as the frame leaves them: Ctrl let go after A went
        // down (xdotool's `key ctrl+a` releases in the order it pressed) would turn the
        // frame's Ctrl+A into a plain A, which a text field ignores.
        if ((keysChanged_[key] && !typing) || buttonChanged_ || (editing && textTaken_) ||
            (modifier && editingKeyPressed_)) {
            return false;
        }
        held_.keysDown[key] = down;
        keysChanged_[key] = true;
        editingKeyChanged_ = editingKeyChanged_ || editing;
        editingKeyPressed_ = editingKeyPressed_ || (editing && down);
        if (down) {
            frame_.presses.push_back(KeyPress{event.code, mods, false});
        }
        return true;
    }

    bool takeText(const InputEvent& event) {
        if (editingKeyChanged_ || buttonChanged_) {
            return false;
        }
        frame_.text.push_back(static_cast<unsigned int>(event.code));
        textTaken_ = true;
        return true;
    }

    bool takeMouseButton(const InputEvent& event) {
        if (!isValidButton(event.code)) {
            return true;
        }
        const auto button = static_cast<std::size_t>(event.code);
        const bool down = event.action == GLFW_PRESS;
        if (held_.mouseDown[button] == down) {
            return true;
        }
        if (buttonsHeld_ || buttonsChanged_[button] || pointerMoved_ || wheeled_ || textTaken_) {
            return false;
        }
        held_.mouseDown[button] = down;
        buttonsChanged_[button] = true;
        buttonChanged_ = true;
        return true;
    }

    bool takeMouseMove(const InputEvent& event) {
        if (event.x == held_.pointerX && event.y == held_.pointerY && held_.pointerInside) {
            return true;
        }
        if (buttonChanged_ || wheeled_) {
            return false;
        }
        held_.pointerX = event.x;
        held_.pointerY = event.y;
        pointerMoved_ = true;
        // GLFW reports motion over the window, or anywhere while a button is held.
        held_.pointerInside = held_.pointerInside || !anyDown(held_.mouseDown);
        return true;
    }

    bool takeCursorEnter(const InputEvent& event) {
        if (buttonChanged_ || wheeled_) {
            return false;
        }
        held_.pointerInside = event.action != 0;
        pointerMoved_ = true;
        return true;
    }

    // GLFW releases what is held itself on the desktop; a browser tab that loses focus may not
    // say so, and a key must not stay down for ever.
    bool takeFocusLost() {
        const bool held = held_.keysDown.any() || anyDown(held_.mouseDown);
        if (held && (keysChanged_.any() || buttonChanged_)) {
            return false;
        }
        if (held) {
            held_.keysDown.reset();
            held_.mouseDown.fill(false);
            buttonChanged_ = true;
            keysChanged_.set();
        }
        return true;
    }

    bool takeWheel(const InputEvent& event) {
        if (buttonChanged_) {
            return false;
        }
        frame_.wheelX += static_cast<float>(event.x);
        frame_.wheelY += static_cast<float>(event.y);
        wheeled_ = true;
        return true;
    }

    HeldInput held_;
    const bool keyboardHeld_;
    const bool buttonsHeld_;
    FrameInput& frame_;
    // What this frame has taken so far, for the rules (input_queue.h).
    std::bitset<kInputKeyCount> keysChanged_;
    std::array<bool, kInputMouseButtons> buttonsChanged_{};
    bool buttonChanged_ = false;
    bool pointerMoved_ = false;
    bool wheeled_ = false;
    bool textTaken_ = false;
    bool editingKeyChanged_ = false;
    bool editingKeyPressed_ = false;
};

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

FrameInput InputQueue::takeFrame(KeyboardHold hold, ButtonHold buttons) {
    FrameInput frame;
    FrameTaking taking(HeldInput{keysDown_, mouseDown_, pointerInside_, pointerX_, pointerY_},
                       hold == KeyboardHold::ForTextField, buttons == ButtonHold::ForNewLayout,
                       frame);
    std::size_t taken = 0;
    while (taken < events_.size() && taking.take(events_[taken].event)) {
        ++taken;
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
