#include "app/viewer/panels/desktop_only_items.h"

#include "app/platform/browser.h"

#include <imgui.h>

namespace bvhscope::viewer {

std::string_view desktopOnlyExplanation(DesktopOnlyFeature feature) {
    switch (feature) {
    case DesktopOnlyFeature::FolderBrowsing:
        return "it browses a folder's captures one by one; a page sees only the files given to "
               "it (drop them on the page, or File > Open file...).";
    case DesktopOnlyFeature::LiveStreams:
        return "it shows a live stream (Axis Neuron, a TCP sender) as it arrives; a page cannot "
               "open network connections to it.";
    case DesktopOnlyFeature::Sound:
        return "it plays a sound with the capture (take.wav beside take.bvh, or dropped on the "
               "window) and shows its waveform on the timeline.";
    case DesktopOnlyFeature::VideoExport:
        return "it writes MP4, WebM or GIF with FFmpeg; here File > Save picture (PNG) saves the "
               "view.";
    case DesktopOnlyFeature::Quit:
        return "a page is closed with its browser tab; the settings are already kept.";
    case DesktopOnlyFeature::RenameMap:
        return "it reads a Character Studio .mnm rename map from disk, which a page cannot read.";
    }
    return {};
}

MenuItemText placedMenuItem(MenuItemText native, DesktopOnlyFeature feature, bool inBrowser) {
    if (!inBrowser) {
        return native;
    }
    // "Label###id": the reason goes before the id, so the id is the same with or without it.
    const std::size_t idStart = native.label.find("###");
    const std::string shown = native.label.substr(0, idStart);
    const std::string id =
        idStart == std::string::npos ? "###" + shown : native.label.substr(idStart);
    MenuItemText placed;
    placed.label = shown + " (" + platform::kDesktopOnly + ")" + id;
    placed.enabled = false;
    placed.tooltip = "In the desktop app only: " + std::string(desktopOnlyExplanation(feature));
    return placed;
}

bool drawMenuItem(const MenuItemText& item) {
    const bool chosen =
        ImGui::MenuItem(item.label.c_str(), item.shortcut.empty() ? nullptr : item.shortcut.c_str(),
                        false, item.enabled);
    if (!item.tooltip.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip("%s", item.tooltip.c_str());
    }
    return chosen && item.enabled;
}

} // namespace bvhscope::viewer
