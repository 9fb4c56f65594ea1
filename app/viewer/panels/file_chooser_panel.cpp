// The viewer's own file chooser (session/in_window_chooser.h), a modal over the window where the
// desktop has no chooser: the folder shown with Up, a path (or, saving, a name) field that keeps
// the keyboard, recent folders beside the folder's entries, the filter, and Open / Save / Cancel.
// Keys: Up/Down/Page Up/Page Down move the selection, Enter opens it (or goes to the typed
// path), Backspace in an empty field goes to the parent folder, Escape cancels. Opening, a name
// typed filters the list as it is typed and selects the first match; Tab completes it.
#include "app/platform/browser.h"
#include "app/viewer/panels/desktop_only_items.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <imgui.h>
#include <imgui_stdlib.h>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bvhscope::viewer {

namespace {

using Purpose = ViewerState::ChooserPurpose;
using Mode = InWindowChooser::Mode;

// The popup's id: one whatever its title says ("Open BVH files###...", "Export video###...").
constexpr const char* kChooserId = "###in-window-chooser";

const char* titleFor(Purpose purpose) {
    switch (purpose) {
    case Purpose::OpenFolder:
        return "Open a folder of BVH files###in-window-chooser";
    case Purpose::ExportTarget:
        return "Export BVH: save as###in-window-chooser";
    case Purpose::VideoTarget:
        return "Export video: save as###in-window-chooser";
    default:
        return "Open BVH files or a sound###in-window-chooser";
    }
}

const char* acceptLabel(Mode mode) {
    switch (mode) {
    case Mode::OpenFolder:
        return "Open folder";
    case Mode::SaveFile:
        return "Save";
    default:
        return "Open";
    }
}

bool keyPressed(ImGuiKey key) {
    return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), true);
}

// Arrows, pages and Backspace; true when the selection moved (the list scrolls to it).
bool handleNavigationKeys(InWindowChooser& chooser, bool typedWasEmpty, int rowsPerPage) {
    const int before = chooser.selected() ? static_cast<int>(*chooser.selected()) : -1;
    if (keyPressed(ImGuiKey_DownArrow)) {
        chooser.moveSelection(1);
    } else if (keyPressed(ImGuiKey_UpArrow)) {
        chooser.moveSelection(-1);
    } else if (keyPressed(ImGuiKey_PageDown)) {
        chooser.moveSelection(rowsPerPage);
    } else if (keyPressed(ImGuiKey_PageUp)) {
        chooser.moveSelection(-rowsPerPage);
    } else if (typedWasEmpty && keyPressed(ImGuiKey_Backspace)) {
        chooser.toParent();
        return true;
    }
    const int after = chooser.selected() ? static_cast<int>(*chooser.selected()) : -1;
    return after != before;
}

// The folder shown, with Up; the whole path in the tooltip when it is elided.
void drawLocationRow(PanelContext& panel, InWindowChooser& chooser) {
    const bool atRoot = !chooser.folder().has_relative_path();
    ImGui::BeginDisabled(atRoot);
    if (ImGui::Button("Up")) {
        chooser.toParent();
    }
    ImGui::EndDisabled();
    recordItemRect(panel.rects, "chooser:up");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("The parent folder (Backspace)");
    }
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    const std::string folder = bvh::utf8FromPath(chooser.folder());
    elidedText(folder);
    recordItemRect(panel.rects, "chooser:folder:" + folder);
}

// Tab in the path field: the typed name completed (InWindowChooser::completion).
int completeTypedName(ImGuiInputTextCallbackData* data) {
    const auto* chooser = static_cast<const InWindowChooser*>(data->UserData);
    if (data->EventFlag != ImGuiInputTextFlags_CallbackCompletion) {
        return 0;
    }
    if (const std::optional<std::string> completed =
            chooser->completion(std::string_view(data->Buf, data->BufTextLen))) {
        data->DeleteChars(0, data->BufTextLen);
        data->InsertChars(0, completed->c_str());
    }
    return 0;
}

// The field that keeps the keyboard: a path to go to or open, or the name to save as.
void drawTypedField(PanelContext& panel, InWindowChooser& chooser) {
    const bool saving = chooser.mode() == Mode::SaveFile;
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(saving ? "Name" : "Path");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    // The field takes the keyboard back whenever nothing else holds it (after a click on the
    // list, or Enter), so typing and the arrows always work.
    if (!ImGui::IsAnyItemActive()) {
        ImGui::SetKeyboardFocusHere();
    }
    const char* hint =
        saving ? "file name, or a path" : "type a name (Tab completes) or a path, or choose below";
    const std::string before = chooser.typed;
    const bool entered = ImGui::InputTextWithHint("##typed", hint, &chooser.typed,
                                                  ImGuiInputTextFlags_EnterReturnsTrue |
                                                      ImGuiInputTextFlags_CallbackCompletion,
                                                  completeTypedName, &chooser);
    // The keyboard let the field go (Enter showed a folder or refused a path): it asks for the
    // keyboard back in this very frame, so the keys typed next wait for it
    // (ImGuiLayer::keyboardHold) instead of reaching a frame in which nothing holds it. Not
    // after a click elsewhere: the clicked item keeps what it took.
    if (ImGui::IsItemDeactivated() && !ImGui::IsAnyMouseDown() && !ImGui::IsAnyItemActive()) {
        ImGui::SetKeyboardFocusHere(-1);
    }
    if (chooser.typed != before) {
        chooser.typedChanged(); // the list filters as the name is typed
    }
    if (entered) {
        chooser.accept();
    }
    recordItemRect(panel.rects, "chooser:typed");
    if (ImGui::IsItemActive()) { // for --state-out: GUI tests type once it has the keyboard
        recordItemRect(panel.rects, "chooser:typed (typing)");
    }
}

void drawRecentFolders(PanelContext& panel, InWindowChooser& chooser) {
    ImGui::TextDisabled("Recent folders");
    const std::vector<std::string>& folders = chooser.recent.folders();
    if (folders.empty()) {
        ImGui::TextDisabled("(none yet)");
    }
    // Copied: showing a folder may not change the list, but the loop must not depend on it.
    const std::vector<std::string> shown = folders;
    for (std::size_t i = 0; i < shown.size(); ++i) {
        const std::filesystem::path path = bvh::pathFromUtf8(shown[i]);
        std::string label = bvh::utf8FromPath(path.filename());
        if (label.empty()) {
            label = shown[i];
        }
        label = elideToWidth(label, std::max(ImGui::GetContentRegionAvail().x, 1.0f));
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::Selectable(label.c_str(), path == chooser.folder())) {
            chooser.showFolder(path);
        }
        ImGui::PopID();
        recordItemRect(panel.rects, "chooser:recent:" + std::to_string(i));
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s", shown[i].c_str());
        }
    }
}

// The folder's entries, folders first; only the visible rows are drawn (a folder of thousands
// of takes stays quick). `scrollToSelection` after the keyboard moved it.
void drawEntries(PanelContext& panel, InWindowChooser& chooser, bool scrollToSelection) {
    const std::vector<ChooserEntry>& entries = chooser.entries();
    if (!chooser.error().empty()) {
        ImGui::TextColored(ImVec4(1.0f, 0.6f, 0.4f, 1.0f), "%s", chooser.error().c_str());
        recordItemRect(panel.rects, "chooser:error");
    }
    if (entries.empty() && chooser.error().empty()) {
        const bool typingAhead = !chooser.typed.empty() && chooser.mode() != Mode::SaveFile;
        const std::string why = typingAhead
                                    ? "Nothing in this folder matches \"" + chooser.typed + "\"."
                                : chooser.filter() == ChooserFilter::All
                                    ? "This folder is empty."
                                    : "Nothing here passes the filter (see Show, below).";
        ImGui::TextDisabled("%s", why.c_str());
        recordItemRect(panel.rects, "chooser:empty:" + why);
    }
    const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
    if (scrollToSelection && chooser.selected()) {
        const float top = static_cast<float>(*chooser.selected()) * rowHeight;
        const float visible = ImGui::GetWindowHeight() - 2.0f * ImGui::GetStyle().WindowPadding.y;
        if (top < ImGui::GetScrollY()) {
            ImGui::SetScrollY(top);
        } else if (top + rowHeight > ImGui::GetScrollY() + visible) {
            ImGui::SetScrollY(top + rowHeight - visible);
        }
    }
    const ImVec4 folderColor(0.55f, 0.75f, 1.0f, 1.0f);
    std::optional<std::size_t> activated;
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(entries.size()), rowHeight);
    while (clipper.Step()) {
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            const auto index = static_cast<std::size_t>(row);
            const ChooserEntry& entry = entries[index];
            ImGui::PushID(row);
            if (entry.folder) {
                ImGui::PushStyleColor(ImGuiCol_Text, folderColor);
            }
            const std::string label = entry.folder ? entry.name + "/" : entry.name;
            if (ImGui::Selectable(label.c_str(), chooser.selected() == index,
                                  ImGuiSelectableFlags_AllowDoubleClick)) {
                chooser.select(index);
                if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
                    activated = index;
                }
            }
            if (entry.folder) {
                ImGui::PopStyleColor();
            }
            ImGui::PopID();
            recordItemRect(panel.rects, "chooser:entry:" + label);
            if (chooser.selected() == index) {
                recordItemRect(panel.rects, "chooser:selected:" + label);
            }
        }
    }
    if (activated) {
        chooser.activate(*activated); // after the loop: it may list another folder
    }
}

void drawFilterRow(PanelContext& panel, InWindowChooser& chooser) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Show");
    static constexpr std::array<std::pair<const char*, ChooserFilter>, 3> kFilters = {{
        {"Captures (.bvh)", ChooserFilter::Captures},
        {"Sounds", ChooserFilter::Sounds},
        {"All files", ChooserFilter::All},
    }};
    for (const auto& [label, filter] : kFilters) {
        ImGui::SameLine();
        if (ImGui::RadioButton(label, chooser.filter() == filter)) {
            chooser.setFilter(filter);
        }
        recordItemRect(panel.rects, std::string("chooser:filter:") + label);
    }
}

// Open / Save / Cancel at the right; OpenFiles also offers the folder shown for the Browser.
void drawButtons(PanelContext& panel, InWindowChooser& chooser, float scale) {
    const float width = 110.0f * scale;
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const char* browse = "Browse this folder";
    const bool offerBrowse = chooser.mode() == Mode::OpenFiles;
    float needed = 2.0f * width + spacing;
    if (offerBrowse) {
        needed += buttonWidth(browse) + spacing;
    }
    ImGui::SetCursorPosX(
        std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - needed));
    if (offerBrowse) {
        ImGui::BeginDisabled(
            platform::kInBrowser); // the page browses no folders (desktop_only_items.h)
        if (ImGui::Button(browse)) {
            chooser.chooseFolderShown();
        }
        ImGui::EndDisabled();
        recordItemRect(panel.rects, "chooser:browse-folder");
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
            const std::string why =
                platform::kInBrowser
                    ? "In the desktop app only: " +
                          std::string(desktopOnlyExplanation(DesktopOnlyFeature::FolderBrowsing))
                    : "Open the folder shown in the Browser: its takes one by one";
            ImGui::SetTooltip("%s", why.c_str());
        }
        ImGui::SameLine();
    }
    if (ImGui::Button(acceptLabel(chooser.mode()), ImVec2(width, 0.0f))) {
        chooser.accept();
    }
    recordItemRect(panel.rects, "chooser:accept");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(width, 0.0f)) || keyPressed(ImGuiKey_Escape)) {
        chooser.cancel();
    }
    recordItemRect(panel.rects, "chooser:cancel");
}

void drawChooserContents(PanelContext& panel, InWindowChooser& chooser, float scale) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
    const bool typedWasEmpty = chooser.typed.empty();
    // Rows the list shows, for Page Up / Page Down (the list's height is known below).
    const float footer = 2.0f * ImGui::GetFrameHeightWithSpacing() + style.ItemSpacing.y;
    const int rowsPerPage =
        std::max(1, static_cast<int>((ImGui::GetContentRegionAvail().y - footer -
                                      2.0f * ImGui::GetFrameHeightWithSpacing()) /
                                     rowHeight) -
                        1);
    const bool moved = handleNavigationKeys(chooser, typedWasEmpty, rowsPerPage);
    if (!ImGui::IsAnyItemActive() && keyPressed(ImGuiKey_Enter)) {
        chooser.accept(); // the field hands the keyboard back the frame after a click
    }

    if (!panel.state.desktopChooserProblem.empty()) {
        ImGui::TextDisabled("The desktop offers no file chooser (%s): this is bvhscope's own.",
                            panel.state.desktopChooserProblem.c_str());
        recordItemRect(panel.rects, "chooser:why");
    }
    drawLocationRow(panel, chooser);
    drawTypedField(panel, chooser);
    if (chooser.mode() == Mode::SaveFile && !chooser.typed.empty()) {
        const std::vector<ChooserEntry>& entries = chooser.entries();
        const bool replaces =
            std::any_of(entries.begin(), entries.end(), [&](const ChooserEntry& entry) {
                return !entry.folder && entry.name == chooser.typed;
            });
        if (replaces) {
            ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1.0f),
                               "A file of this name is there: saving replaces it.");
        }
    }
    const float listHeight = std::max(ImGui::GetContentRegionAvail().y - footer, 4.0f * rowHeight);
    const float recentWidth =
        std::clamp(ImGui::GetContentRegionAvail().x * 0.26f, 120.0f * scale, 260.0f * scale);
    ImGui::BeginChild("##recent", ImVec2(recentWidth, listHeight), true);
    drawRecentFolders(panel, chooser);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##entries", ImVec2(0.0f, listHeight), true);
    drawEntries(panel, chooser, moved);
    ImGui::EndChild();
    recordItemRect(panel.rects, "chooser:list");
    drawFilterRow(panel, chooser);
    drawButtons(panel, chooser, scale);
}

} // namespace

// The chooser is the interface's own, given mutably apart from the state it reads.
void drawInWindowChooser(PanelContext panel, InWindowChooser& chooser, float scale,
                         bool insideExportDialog) {
    // The Export dialog is a modal: a chooser for it must open on top of it, from inside it.
    if (panel.state.inWindowPurpose == Purpose::None ||
        (panel.state.inWindowPurpose == Purpose::ExportTarget) != insideExportDialog) {
        return;
    }
    if (chooser.active() && !ImGui::IsPopupOpen(kChooserId)) {
        ImGui::OpenPopup(kChooserId);
    }
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const ImVec2 size(std::min(900.0f * scale, std::floor(display.x * 0.94f)),
                      std::min(600.0f * scale, std::floor(display.y * 0.90f)));
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Always,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(size, ImGuiCond_Always);
    if (!ImGui::BeginPopupModal(titleFor(panel.state.inWindowPurpose), nullptr,
                                ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                    ImGuiWindowFlags_NoSavedSettings)) {
        return;
    }
    recordWindowRect(panel.rects, "chooser");
    if (chooser.active()) {
        drawChooserContents(panel, chooser, scale);
    }
    if (!chooser.active()) { // chosen or cancelled: the frame loop delivers it
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

void drawInWindowChooser(ViewerState& state, float scale, bool insideExportDialog) {
    drawInWindowChooser(PanelContext::of(state), state.inWindowChooser, scale, insideExportDialog);
}

} // namespace bvhscope::viewer
