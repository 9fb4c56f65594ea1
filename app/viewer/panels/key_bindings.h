// The bindings table: every shortcut of the viewer declared once, with its key chords, what it
// runs, its help text and where it applies. Key handling (runKeyBindings), the shortcut sheet
// (F1, dock_panels.cpp), the menus' shortcut hints (shortcutHint) and the paragraph that ends
// the viewer's --help (mouseAndKeysHelp) all read it. The mouse's gestures are rows too,
// documented only (camera_controller.cpp handles them), so that the sheet is one list.
//
// Adding a shortcut is one row in key_bindings.cpp (and a command in session/commands.h if
// it needs a new one).
//
// Where a binding applies: only in the 3D view's keyboard, that is when no ImGui window or
// text field wants the keyboard (the frame loop calls runKeyBindings only then), and the
// desktop-only rows do nothing in the page (they read "in the desktop app only" there).
#pragma once

#include "app/platform/browser.h"
#include "app/viewer/panels/key_chord.h"
#include "app/viewer/platform/input_queue.h"
#include "app/viewer/session/viewer_state.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace bvhscope::viewer {

// What a binding runs: a typed command (session/commands.h), pushed as it is, or a named
// action for what no command does yet (playback, the panels' own state, the dialogs).
using KeyAction = void (*)(ViewerState&);
using KeyRun = std::variant<Command, KeyAction>;

struct KeyBinding {
    // What the binding does, as menus look it up ("close-file"): several chords of one
    // shortcut ("F1 or ?") share a name.
    const char* name = nullptr;
    KeyChord chord;
    KeyRun run;
    // A key held down acts again on each of the system's repeats (Right steps on, Tab keeps
    // toggling). The file shortcuts do not: holding Ctrl+W closes one file.
    bool repeats = true;
};

enum class BindingReach : std::uint8_t {
    Everywhere,
    DesktopOnly, // folders, video export, quitting: nothing in the page, greyed on its sheet
};

// One row of the shortcut sheet. Its keys column is its chords' labels, joined " or " where two
// chords do the same ("F1 or ?") and " / " where they do different things ("Left / Right"),
// or `gesture` for a mouse row, which has no chords.
struct Shortcut {
    std::vector<KeyBinding> keys;
    const char* gesture = nullptr;
    const char* help = nullptr; // what it does, as the sheet says it
    BindingReach reach = BindingReach::Everywhere;
};

// The table, in the sheet's order.
const std::vector<Shortcut>& shortcutTable();

// The sheet's keys column of `shortcut`: "Left / Right", "F1 or ?", "Left drag".
std::string shortcutKeys(const Shortcut& shortcut);

// The first chord of the binding named `name`, as a menu shows it ("Ctrl+W"); empty when the
// table has no such binding (the menu then shows no hint). Lives as long as the program.
const char* shortcutHint(std::string_view name);

// Runs the binding of each press, in order: the first whose chord matches, skipping a
// desktop-only one in the page. A repeat of a binding that does not repeat does nothing.
void runKeyBindings(ViewerState& state, const std::vector<KeyPress>& presses,
                    bool inBrowser = platform::kInBrowser);

// Whether a binding named `name` was pressed in this frame as ImGui saw it: its key went down
// (not a repeat) with its chord's modifiers held. For a shortcut that also acts while a text
// field has the keyboard, where runKeyBindings is not called (Ctrl+E, export_dialog.cpp).
bool bindingPressedInImGui(std::string_view name);

// "Mouse: ... Keys: ..." for the viewer's --help: every row, wrapped to `width` columns.
std::string mouseAndKeysHelp(std::size_t width);

} // namespace bvhscope::viewer
