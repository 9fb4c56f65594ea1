// What the bindings table (key_bindings.h) reads as: the sheet's keys column, the menus' hints
// and the viewer's --help paragraph.
#include "app/viewer/layout/text_wrapping.h"
#include "app/viewer/panels/key_bindings.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace bvhscope::viewer {

namespace {

constexpr char kHeldSpace = '\x01'; // a space no line may break at, while wrapping

// The help as the middle of a sentence: "Play or pause" reads "play or pause" ("F1 ..." stays).
std::string helpInSentence(const char* help) {
    std::string text = help;
    if (text.size() > 1 && std::isupper(static_cast<unsigned char>(text[0])) &&
        std::islower(static_cast<unsigned char>(text[1]))) {
        text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    }
    return text;
}

// "KEYS: help; KEYS: help" for the rows that are (or are not) mouse gestures.
std::string helpItems(bool gestures) {
    std::string items;
    for (const Shortcut& shortcut : shortcutTable()) {
        if ((shortcut.gesture != nullptr) != gestures) {
            continue;
        }
        if (!items.empty()) {
            items += "; ";
        }
        items += shortcutKeys(shortcut) + ": " + helpInSentence(shortcut.help);
    }
    return items;
}

} // namespace

std::string shortcutKeys(const Shortcut& shortcut) {
    if (shortcut.gesture) {
        return shortcut.gesture;
    }
    std::string keys;
    const KeyBinding* previous = nullptr;
    for (const KeyBinding& binding : shortcut.keys) {
        if (previous) {
            keys += std::strcmp(previous->name, binding.name) == 0 ? " or " : " / ";
        }
        keys += chordLabel(binding.chord);
        previous = &binding;
    }
    return keys;
}

const char* shortcutHint(std::string_view name) {
    // Labels made once, kept for the program's life: ImGui takes the hint as a C string.
    static const std::vector<std::pair<std::string_view, std::string>> kHints = [] {
        std::vector<std::pair<std::string_view, std::string>> hints;
        for (const Shortcut& shortcut : shortcutTable()) {
            for (const KeyBinding& binding : shortcut.keys) {
                hints.emplace_back(binding.name, chordLabel(binding.chord));
            }
        }
        return hints;
    }();
    for (const auto& [bound, label] : kHints) {
        if (bound == name) {
            return label.c_str();
        }
    }
    return "";
}

std::string mouseAndKeysHelp(std::size_t width) {
    const std::string paragraph = "Mouse: " + helpItems(true) + ". Keys: " + helpItems(false) +
                                  ". Drop .bvh files (or a folder) on the window to add them.";
    // No line may end in "KEYS:": the man page (tools/generate_cli_docs.py) reads an unindented
    // line ending in ':' as a heading. So ": " is held together while the lines are broken.
    std::string unbroken = paragraph;
    for (std::size_t at = unbroken.find(": "); at != std::string::npos;
         at = unbroken.find(": ", at)) {
        unbroken[++at] = kHeldSpace;
    }
    const TextWidth columns = [](std::string_view text) { return static_cast<float>(text.size()); };
    std::string wrapped;
    for (std::string line : wrapAtSpaces(unbroken, static_cast<float>(width), columns)) {
        std::replace(line.begin(), line.end(), kHeldSpace, ' ');
        wrapped += line + "\n";
    }
    return wrapped;
}

} // namespace bvhscope::viewer
