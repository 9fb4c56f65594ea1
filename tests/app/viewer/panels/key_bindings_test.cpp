// The bindings table (app/viewer/panels/key_bindings.h): no press runs two bindings, every row
// says what it does, and the sheet reads as it did when it was a hand-written list.
#include "app/viewer/panels/key_bindings.h"
#include "tests/app/viewer/panels/key_binding_test_support.h"

#include <gtest/gtest.h>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace bvhscope::viewer {
namespace {

using binding_test::everyBinding;

TEST(KeyBindings, NoPressRunsTwoBindings) {
    const auto bindings = everyBinding();
    for (std::size_t a = 0; a < bindings.size(); ++a) {
        for (std::size_t b = a + 1; b < bindings.size(); ++b) {
            EXPECT_FALSE(bindings[a].second->chord.overlaps(bindings[b].second->chord))
                << chordLabel(bindings[a].second->chord) << " (" << bindings[a].second->name
                << ") and " << chordLabel(bindings[b].second->chord) << " ("
                << bindings[b].second->name << ") are bound twice";
        }
    }
}

TEST(KeyBindings, EveryRowHasHelpAndEitherChordsOrAGesture) {
    ASSERT_FALSE(shortcutTable().empty());
    for (const Shortcut& shortcut : shortcutTable()) {
        const std::string keys = shortcutKeys(shortcut);
        EXPECT_TRUE(shortcut.help && *shortcut.help) << keys << " has no help";
        EXPECT_NE(shortcut.keys.empty(), shortcut.gesture == nullptr) << keys;
        for (const KeyBinding& binding : shortcut.keys) {
            EXPECT_TRUE(binding.name && *binding.name) << keys << " has a binding with no name";
            EXPECT_NE(binding.chord.key, 0) << keys;
        }
    }
}

TEST(KeyBindings, ANameBelongsToOneRow) {
    std::set<std::string> earlierRows;
    for (const Shortcut& shortcut : shortcutTable()) {
        std::set<std::string> thisRow;
        for (const KeyBinding& binding : shortcut.keys) {
            thisRow.insert(binding.name);
        }
        for (const std::string& name : thisRow) {
            EXPECT_TRUE(earlierRows.insert(name).second) << name << " is on two rows";
        }
    }
}

// The sheet reads as it did when it was a hand-written list (the GUI tests look rows up by
// these keys).
TEST(KeyBindings, TheSheetReadsAsBefore) {
    const std::vector<std::pair<std::string, std::string>> expected = {
        {"Space", "Play or pause"},
        {"Left / Right", "Previous / next frame"},
        {"Home / End", "First / last frame"},
        {"J / K / L", "Shuttle backward / stop / forward"},
        {"[ / ]", "Mark in / out"},
        {"P", "Rest pose on or off"},
        {"F", "Frame every figure"},
        {"A", "Frame the whole clip"},
        {"R", "Reset the camera"},
        {"Page Down / Page Up", "Next / previous file of the browsed folder"},
        {"Tab", "Hide or show every panel"},
        {"Ctrl+O", "Open files or a folder"},
        {"Ctrl+W", "Close the selected file"},
        {"Ctrl+E", "Export"},
        {"Ctrl+Shift+E", "Export video"},
        {"Ctrl+Shift+S", "Save picture"},
        {"Ctrl+Z", "Undo the last Remove"},
        {"Ctrl+Q", "Quit"},
        {"F1 or ?", "Show the keyboard shortcuts"},
        {"Left drag", "Orbit (click: select a joint)"},
        {"Right or middle drag, Shift+left drag", "Pan"},
        {"Wheel, Ctrl+left drag", "Zoom"},
    };
    std::vector<std::pair<std::string, std::string>> sheet;
    std::set<std::string> desktopOnly;
    for (const Shortcut& shortcut : shortcutTable()) {
        sheet.emplace_back(shortcutKeys(shortcut), shortcut.help);
        if (shortcut.reach == BindingReach::DesktopOnly) {
            desktopOnly.insert(shortcutKeys(shortcut));
        }
    }
    EXPECT_EQ(sheet, expected);
    EXPECT_EQ(desktopOnly,
              (std::set<std::string>{"Page Down / Page Up", "Ctrl+Shift+E", "Ctrl+Q"}));
}

} // namespace
} // namespace bvhscope::viewer
