// A key chord as the bindings table (key_bindings.h) declares it: a GLFW key, the modifiers it
// needs and the modifiers that must not be held. Any other modifier may be held: today's keys
// were written that way (Shift+Space still plays, Ctrl+Shift+O still opens), and a chord that
// refuses nothing keeps working when a user's layout adds a modifier. Pure: no GLFW calls.
#pragma once

#include "app/viewer/platform/input_queue.h"

#include <string>

namespace bvhscope::viewer {

// The modifiers a chord can name (GLFW_MOD_* values; Super, Caps Lock and Num Lock are never
// read by a chord).
enum KeyModifier : int {
    kNoModifier = 0,
    kShiftKey = 0x0001, // GLFW_MOD_SHIFT
    kCtrlKey = 0x0002,  // GLFW_MOD_CONTROL
    kAltKey = 0x0004,   // GLFW_MOD_ALT
};

struct KeyChord {
    int key = 0;      // GLFW_KEY_*
    int required = 0; // KeyModifier bits that must be held
    int refused = 0;  // KeyModifier bits that must not be held
    // Shown instead of the chord's own name where the key reads otherwise on most layouts
    // ("?" for Shift+/); null: the modifiers and the key's name ("Ctrl+Shift+E").
    const char* label = nullptr;

    // Whether `press` is this chord: its key, every required modifier, no refused one.
    bool matches(const KeyPress& press) const;
    // Whether some press would match both chords (the table's "bound twice" check).
    bool overlaps(const KeyChord& other) const;
};

// "Ctrl+Shift+E", "Page Down", "[", "?": what the sheet, the menus and --help show.
std::string chordLabel(const KeyChord& chord);

} // namespace bvhscope::viewer
