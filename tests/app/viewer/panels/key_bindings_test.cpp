// The bindings table (app/viewer/panels/key_bindings.h): its invariants, the sheet and the menus
// it feeds, the --help paragraph made from it, and each chord running what it says, driven with
// GLFW key codes and no window.
#include "app/media/media_features.h"
#include "app/viewer/panels/key_bindings.h"
#include "app/viewer/viewer_options.h"
#include "core/reader/document.h"
#include "tests/app/viewer/session/slide_capture.h"

#include <GLFW/glfw3.h>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <imgui.h>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace bvhscope::viewer {
namespace {

// Every binding of the table with the row it is in.
std::vector<std::pair<const Shortcut*, const KeyBinding*>> everyBinding() {
    std::vector<std::pair<const Shortcut*, const KeyBinding*>> bindings;
    for (const Shortcut& shortcut : shortcutTable()) {
        for (const KeyBinding& binding : shortcut.keys) {
            bindings.emplace_back(&shortcut, &binding);
        }
    }
    return bindings;
}

// The press a user makes for `chord`: its key with exactly the modifiers it needs.
KeyPress pressFor(const KeyChord& chord, bool repeat = false) {
    return KeyPress{chord.key, chord.required, repeat};
}

const KeyBinding& bindingNamed(std::string_view name) {
    for (const auto& [shortcut, binding] : everyBinding()) {
        if (binding->name == name) {
            return *binding;
        }
    }
    ADD_FAILURE() << "no binding named " << name;
    static const KeyBinding kNone{};
    return kNone;
}

void press(ViewerState& state, std::string_view name, bool inBrowser = false) {
    runKeyBindings(state, {pressFor(bindingNamed(name).chord)}, inBrowser);
}

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

TEST(KeyBindings, MenuHintsAreTheTablesChords) {
    EXPECT_STREQ(shortcutHint("open-files"), "Ctrl+O");
    EXPECT_STREQ(shortcutHint("close-file"), "Ctrl+W");
    EXPECT_STREQ(shortcutHint("undo-remove"), "Ctrl+Z");
    EXPECT_STREQ(shortcutHint("quit"), "Ctrl+Q");
    EXPECT_STREQ(shortcutHint("export"), "Ctrl+E");
    EXPECT_STREQ(shortcutHint("export-video"), "Ctrl+Shift+E");
    EXPECT_STREQ(shortcutHint("save-picture"), "Ctrl+Shift+S");
    EXPECT_STREQ(shortcutHint("hide-panels"), "Tab");
    EXPECT_STREQ(shortcutHint("shortcut-sheet"), "F1") << "the first of its two chords";
    EXPECT_STREQ(shortcutHint("no-such-binding"), "");
}

std::string readSource(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Every shortcutHint("NAME") the panels write names a binding, and no menu item or tooltip hint
// spells a chord itself ("Ctrl+W" written beside a MenuItem): menus show the table's keys.
TEST(KeyBindings, EveryMenuHintInThePanelsIsABinding) {
    const std::filesystem::path panels =
        std::filesystem::path(BVHSCOPE_SOURCE_DIR) / "app" / "viewer" / "panels";
    const std::regex hint(R"re(shortcutHint\("([^"]*)"\))re");
    const std::regex spelled(
        R"re((MenuItem|placedMenuItem)\(\{?"[^"]*",\s*"(Ctrl|Shift|Alt|Tab|F[0-9]))re");
    int hints = 0;
    for (const auto& entry : std::filesystem::directory_iterator(panels)) {
        if (entry.path().extension() != ".cpp") {
            continue;
        }
        const std::string text = readSource(entry.path());
        for (std::sregex_iterator it(text.begin(), text.end(), hint), end; it != end; ++it) {
            ++hints;
            EXPECT_STRNE(shortcutHint((*it)[1].str()), "")
                << entry.path().filename() << ": " << (*it)[1] << " is not in the table";
        }
        std::smatch literal;
        EXPECT_FALSE(std::regex_search(text, literal, spelled))
            << entry.path().filename() << " spells a menu hint: " << literal.str();
    }
    EXPECT_GE(hints, 10) << "the menus' hints were not found where they were";
}

TEST(KeyBindings, HelpParagraphListsEveryRowInLinesOfAtMost96) {
    const std::string help(viewerOptionsHelp());
    const std::size_t mouse = help.rfind("\nMouse: ");
    ASSERT_NE(mouse, std::string::npos) << help;
    std::string paragraph;
    std::istringstream lines(help.substr(mouse + 1));
    for (std::string line; std::getline(lines, line);) {
        EXPECT_LE(line.size(), 96u) << line;
        EXPECT_NE(line.back(), ':') << "read as a heading by the man page: " << line;
        paragraph += (paragraph.empty() ? "" : " ") + line;
    }
    EXPECT_EQ(paragraph.rfind("Mouse: Left drag: orbit (click: select a joint); Right or middle "
                              "drag, Shift+left drag: pan; Wheel, Ctrl+left drag: zoom. Keys: "
                              "Space: play or pause; Left / Right: previous / next frame; ",
                              0),
              0u)
        << paragraph;
    for (const Shortcut& shortcut : shortcutTable()) {
        EXPECT_NE(paragraph.find(shortcutKeys(shortcut) + ": "), std::string::npos)
            << shortcutKeys(shortcut) << " is not in --help: " << paragraph;
    }
    EXPECT_NE(
        paragraph.find(
            "F1 or ?: show the keyboard shortcuts. Drop .bvh files (or a folder) on the window "
            "to add them."),
        std::string::npos)
        << paragraph;
}

// A 3 s clip at 1 fps, or the same with one character in the scene.
void setUpClip(ViewerState& state) {
    state.playback.setClip(3.0, 1.0);
}
void addCharacter(ViewerState& state) {
    state.scene.add(makeCharacter("slide.bvh", "", bvh::parseDocument(test::kSlide)));
    setUpClip(state);
}

TEST(KeyBindings, EveryCommandBindingPushesItsCommand) {
    int commandBindings = 0;
    for (const auto& [shortcut, binding] : everyBinding()) {
        const auto* command = std::get_if<Command>(&binding->run);
        if (!command) {
            continue;
        }
        ++commandBindings;
        ViewerState state;
        runKeyBindings(state, {pressFor(binding->chord)}, false);
        const std::vector<Command> pushed = state.commands.take();
        ASSERT_EQ(pushed.size(), 1u) << binding->name;
        EXPECT_EQ(pushed.front().index(), command->index()) << binding->name;
    }
    EXPECT_EQ(commandBindings, 3) << "A, R and Ctrl+Z push their commands as they are";
}

TEST(KeyBindings, ViewKeysChangeWhatTheySay) {
    ViewerState state;
    addCharacter(state);
    press(state, "hide-panels");
    EXPECT_TRUE(state.panelsHidden);
    press(state, "hide-panels");
    EXPECT_FALSE(state.panelsHidden);
    const bool restPose = state.analysis.showRestPose;
    runKeyBindings(state, {KeyPress{GLFW_KEY_P, GLFW_MOD_CONTROL, false}}, false);
    EXPECT_NE(state.analysis.showRestPose, restPose) << "P acts with Ctrl held, as before";
    press(state, "next-file");
    press(state, "next-file");
    press(state, "previous-file");
    EXPECT_EQ(state.folder.stepRequest, 1);
    press(state, "frame-figures");
    const std::vector<Command> pushed = state.commands.take();
    ASSERT_EQ(pushed.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<command::FrameFigures>(pushed.front()));
    EXPECT_FALSE(std::get<command::FrameFigures>(pushed.front()).turnToFront);
}

TEST(KeyBindings, TheSheetOpensWithF1OrQuestionMarkNotSlash) {
    ViewerState state;
    runKeyBindings(state, {KeyPress{GLFW_KEY_SLASH, 0, false}}, false);
    EXPECT_FALSE(state.shortcutsRequested) << "/ without Shift is not ?";
    runKeyBindings(state, {KeyPress{GLFW_KEY_SLASH, GLFW_MOD_SHIFT, false}}, false);
    EXPECT_TRUE(state.shortcutsRequested);
    state.shortcutsRequested = false;
    runKeyBindings(state, {KeyPress{GLFW_KEY_F1, 0, false}}, false);
    EXPECT_TRUE(state.shortcutsRequested);
}

TEST(KeyBindings, FileShortcutsOpenTheirDialogsOncePerPress) {
    ViewerState state;
    addCharacter(state);
    press(state, "export");
    EXPECT_TRUE(state.exportDialog.openRequested);
    EXPECT_EQ(state.exportDialog.requestedFormat, ExportFormat::Bvh);
    press(state, "save-picture");
    EXPECT_TRUE(state.pictureDialog.open);
    press(state, "export-video");
    EXPECT_EQ(state.videoExport.open, media::videoAvailable());
    // Ctrl+W closes the file Info describes, once however long it is held.
    runKeyBindings(state,
                   {pressFor(bindingNamed("close-file").chord),
                    pressFor(bindingNamed("close-file").chord, true)},
                   false);
    const std::vector<Command> pushed = state.commands.take();
    ASSERT_EQ(pushed.size(), 1u);
    ASSERT_TRUE(std::holds_alternative<command::Remove>(pushed.front()));
    EXPECT_EQ(std::get<command::Remove>(pushed.front()).character, 0u);
}

TEST(KeyBindings, RepeatsRunTheKeysThatRepeat) {
    ViewerState state;
    setUpClip(state);
    const KeyChord right = bindingNamed("next-frame").chord;
    runKeyBindings(state, {pressFor(right), pressFor(right, true), pressFor(right, true)}, false);
    EXPECT_EQ(state.playback.frame(), 3) << "a held Right steps on";
}

TEST(KeyBindings, DesktopOnlyBindingsDoNothingInThePage) {
    ViewerState state;
    addCharacter(state);
    press(state, "next-file", true);
    EXPECT_EQ(state.folder.stepRequest, 0);
    press(state, "quit", true); // would close the current GLFW window: there is none here
    press(state, "export-video", true);
    EXPECT_FALSE(state.videoExport.open);
    press(state, "export", true);
    EXPECT_TRUE(state.exportDialog.openRequested) << "Export is the page's too";
}

TEST(KeyBindings, ChordsWithAModifierTheyRefuseDoNothing) {
    ViewerState state;
    addCharacter(state);
    runKeyBindings(state, {KeyPress{GLFW_KEY_E, GLFW_MOD_CONTROL | GLFW_MOD_ALT, false}}, false);
    runKeyBindings(state, {KeyPress{GLFW_KEY_S, GLFW_MOD_CONTROL, false}}, false);
    runKeyBindings(state, {KeyPress{GLFW_KEY_W, 0, false}}, false);
    EXPECT_FALSE(state.exportDialog.openRequested) << "Ctrl+Alt+E is AltGr+E on some layouts";
    EXPECT_FALSE(state.pictureDialog.open) << "Ctrl+S saves nothing";
    EXPECT_TRUE(state.commands.empty()) << "W alone closes nothing";
}

// One ImGui frame, with no window, in which `key` went down with these modifiers.
class ImGuiFrame {
public:
    ImGuiFrame() {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(640.0f, 480.0f);
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    }
    ~ImGuiFrame() { ImGui::DestroyContext(); }
    void press(int key, bool ctrl, bool shift, bool alt) {
        ImGuiIO& io = ImGui::GetIO();
        io.KeysDown[key] = true;
        io.KeyCtrl = ctrl;
        io.KeyShift = shift;
        io.KeyAlt = alt;
        ImGui::NewFrame();
    }
    void holdOneMoreFrame() {
        ImGui::EndFrame();
        ImGui::NewFrame();
    }
};

TEST(KeyBindings, ImGuisKeysMatchTheTablesChordsWhileAFieldTypes) {
    {
        ImGuiFrame frame;
        frame.press(GLFW_KEY_E, true, false, false);
        EXPECT_TRUE(bindingPressedInImGui("export"));
        EXPECT_FALSE(bindingPressedInImGui("export-video"));
        frame.holdOneMoreFrame();
        EXPECT_FALSE(bindingPressedInImGui("export")) << "held, not pressed again";
    }
    {
        ImGuiFrame frame;
        frame.press(GLFW_KEY_E, true, true, false);
        EXPECT_FALSE(bindingPressedInImGui("export"));
        EXPECT_TRUE(bindingPressedInImGui("export-video"));
    }
    {
        ImGuiFrame frame;
        frame.press(GLFW_KEY_E, true, false, true); // AltGr+E on Windows: typing, not Export
        EXPECT_FALSE(bindingPressedInImGui("export"));
    }
    {
        ImGuiFrame frame;
        frame.press(GLFW_KEY_E, false, false, false);
        EXPECT_FALSE(bindingPressedInImGui("export"));
    }
}

} // namespace
} // namespace bvhscope::viewer
