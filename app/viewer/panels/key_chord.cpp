#include "app/viewer/panels/key_chord.h"

#include <GLFW/glfw3.h>

namespace bvhscope::viewer {

namespace {

constexpr int kChordModifiers = kShiftKey | kCtrlKey | kAltKey;
static_assert(kShiftKey == GLFW_MOD_SHIFT && kCtrlKey == GLFW_MOD_CONTROL &&
              kAltKey == GLFW_MOD_ALT);

// The names of the keys that are not their own character; letters, digits and punctuation
// are (GLFW's codes for them are their ASCII, letters upper case).
const char* namedKeyLabel(int key) {
    switch (key) {
    case GLFW_KEY_SPACE:
        return "Space";
    case GLFW_KEY_LEFT:
        return "Left";
    case GLFW_KEY_RIGHT:
        return "Right";
    case GLFW_KEY_UP:
        return "Up";
    case GLFW_KEY_DOWN:
        return "Down";
    case GLFW_KEY_HOME:
        return "Home";
    case GLFW_KEY_END:
        return "End";
    case GLFW_KEY_PAGE_UP:
        return "Page Up";
    case GLFW_KEY_PAGE_DOWN:
        return "Page Down";
    case GLFW_KEY_TAB:
        return "Tab";
    case GLFW_KEY_ESCAPE:
        return "Escape";
    case GLFW_KEY_ENTER:
        return "Enter";
    case GLFW_KEY_DELETE:
        return "Delete";
    case GLFW_KEY_BACKSPACE:
        return "Backspace";
    default:
        return nullptr;
    }
}

std::string keyLabel(int key) {
    if (const char* named = namedKeyLabel(key)) {
        return named;
    }
    if (key >= GLFW_KEY_F1 && key <= GLFW_KEY_F25) {
        return "F" + std::to_string(key - GLFW_KEY_F1 + 1);
    }
    if (key > GLFW_KEY_SPACE && key <= GLFW_KEY_GRAVE_ACCENT) {
        return std::string(1, static_cast<char>(key));
    }
    return "Key " + std::to_string(key);
}

} // namespace

bool KeyChord::matches(const KeyPress& press) const {
    const int held = press.mods & kChordModifiers;
    return press.key == key && (held & required) == required && (held & refused) == 0;
}

bool KeyChord::overlaps(const KeyChord& other) const {
    return key == other.key && (required & other.refused) == 0 && (other.required & refused) == 0;
}

std::string chordLabel(const KeyChord& chord) {
    if (chord.label) {
        return chord.label;
    }
    std::string label;
    if ((chord.required & kCtrlKey) != 0) {
        label += "Ctrl+";
    }
    if ((chord.required & kAltKey) != 0) {
        label += "Alt+";
    }
    if ((chord.required & kShiftKey) != 0) {
        label += "Shift+";
    }
    return label + keyLabel(chord.key);
}

} // namespace bvhscope::viewer
