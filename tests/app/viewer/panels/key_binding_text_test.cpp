// What the bindings table reads as (app/viewer/panels/key_binding_text.cpp): the menus' hints,
// checked against the panels' own sources, and the paragraph that ends the viewer's --help.
#include "app/viewer/panels/key_bindings.h"
#include "app/viewer/viewer_options.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <sstream>
#include <string>

namespace bvhscope::viewer {
namespace {

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

} // namespace
} // namespace bvhscope::viewer
