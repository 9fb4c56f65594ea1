// What the page (issue 31, app/platform/browser.h) shows where the desktop app has a feature a
// browser tab cannot carry out: the item stays where it is, disabled, its label saying
// "(in the desktop app only)" and its tooltip what the desktop app does there. Nothing is
// silently missing. On the desktop every item is drawn exactly as before.
//
// The choice is a pure function of the flag (placedMenuItem), so the native tests exercise the
// page's labels; drawMenuItem is the one ImGui call the menus make with its result.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bvhscope::viewer {

enum class DesktopOnlyFeature : std::uint8_t {
    FolderBrowsing, // File > Open folder..., Close folder (the Browser)
    LiveStreams,    // File > Connect to live stream...
    Sound,          // a sound played with the capture
    VideoExport,    // File > Export video...
    Quit,           // File > Quit: a page is closed with its tab
    RenameMap,      // Export's "Rename by" .mnm file, read from disk
};

// One menu item as drawn: its label, shortcut text (may be empty), whether it can be chosen,
// and the tooltip shown on hover, also while disabled (empty: none).
struct MenuItemText {
    std::string label;
    std::string shortcut;
    bool enabled = true;
    std::string tooltip;
};

// Why the page cannot do `feature`, and what the desktop app does there: one sentence.
std::string_view desktopOnlyExplanation(DesktopOnlyFeature feature);

// `native` unchanged on the desktop. In the page (`inBrowser`): disabled, no shortcut, the label
// followed by " (in the desktop app only)" and the tooltip "In the desktop app only: " and the
// explanation. The page's label ends in "###" and the native label (or its own "###id"), so
// its ImGui id does not depend on the wording of the reason.
MenuItemText placedMenuItem(MenuItemText native, DesktopOnlyFeature feature, bool inBrowser);

// ImGui::MenuItem for `item`, with its tooltip on hover (also when disabled). True when chosen.
bool drawMenuItem(const MenuItemText& item);

} // namespace bvhscope::viewer
