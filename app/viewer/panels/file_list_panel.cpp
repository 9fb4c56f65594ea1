// The open files: colour, visibility, focus, remove; the File menu (open, export, close,
// quit, with their shortcuts: key_bindings.h); and a path field to open more files or a
// folder by typing (besides drag and drop and the chooser).
#include "app/media/media_features.h"
#include "app/platform/browser.h"
#include "app/viewer/panels/desktop_only_items.h"
#include "app/viewer/panels/dock_panels.h"
#include "app/viewer/panels/key_bindings.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/panels/retarget_panels.h"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <cstdio>
#include <imgui_stdlib.h>
#include <string>

namespace bvhscope::viewer {

namespace {

// File: open, export, close and quit, with the shortcuts of key_bindings.h. Open goes through
// the desktop's file chooser, or the viewer's own where the desktop has none. In the page
// (kInBrowser) what needs the desktop (folders, live streams, sound, video, quitting) stays in
// the menu, disabled, saying so (desktop_only_items.h), and Save picture (PNG) downloads the view.
void drawFileMenuBar(ViewerState& state) {
    if (!ImGui::BeginMenuBar()) {
        return;
    }
    using Purpose = ViewerState::ChooserPurpose;
    const bool choosing = state.chooserOpen != Purpose::None || state.inWindowChooser.active();
    if (ImGui::BeginMenu("File")) {
        // A page is given files, never folders: "or folder" would promise what it cannot do.
        const char* openLabel = platform::kInBrowser ? "Open file...###Open file or folder..."
                                                     : "Open file or folder...";
        if (ImGui::MenuItem(openLabel, shortcutHint("open-files"), false, !choosing)) {
            state.chooserRequested = Purpose::OpenFiles;
        }
        recordItemRect(state, "menu:File>Open file or folder"); // GUI tests click it
        if (drawMenuItem(placedMenuItem({"Open folder...", "", !choosing, ""},
                                        DesktopOnlyFeature::FolderBrowsing,
                                        platform::kInBrowser))) {
            state.chooserRequested = Purpose::OpenFolder;
        }
        recordItemRect(state, "menu:File>Open folder");
        if (drawMenuItem(placedMenuItem({"Close folder", "", state.folder.isOpen(), ""},
                                        DesktopOnlyFeature::FolderBrowsing,
                                        platform::kInBrowser))) {
            state.commands.push(command::CloseFolder{});
        }
        drawLiveMenuItems(state);
        if constexpr (platform::kInBrowser) { // natively a sound arrives with Open or a drop
            drawMenuItem(placedMenuItem({"Add a sound...", "", false, ""},
                                        DesktopOnlyFeature::Sound, platform::kInBrowser));
            recordItemRect(state, "menu:File>Add a sound");
        }
        ImGui::Separator();
        drawExportMenuItems(state);
        ImGui::Separator();
        const std::size_t count = state.scene.characters().size();
        if (ImGui::MenuItem("Close file", shortcutHint("close-file"), false,
                            state.infoCharacter < count)) {
            state.commands.push(command::Remove{state.infoCharacter});
        }
        recordItemRect(state, "menu:File>Close file");
        if (ImGui::MenuItem("Undo remove", shortcutHint("undo-remove"), false,
                            !state.removedCharacters.empty())) {
            state.commands.push(command::UndoRemove{});
        }
        ImGui::Separator();
        if (drawMenuItem(placedMenuItem({"Quit", shortcutHint("quit"), true, ""},
                                        DesktopOnlyFeature::Quit, platform::kInBrowser))) {
            // The window's own close: the frame loop ends and the settings are kept.
            glfwSetWindowShouldClose(glfwGetCurrentContext(), GLFW_TRUE);
        }
        ImGui::EndMenu();
    }
    recordItemRect(state, "menu:File");
    drawViewMenu(state);
    recordItemRect(state, "menu:View");
    ImGui::EndMenuBar();
}

// The path field and Open, kept at the panel's bottom whatever the number of files (the list
// above scrolls): typing a path works without any chooser.
void drawPathRow(PanelContext& panel) {
    static std::string path;
    const float openWidth = buttonWidth("Open") + ImGui::GetStyle().ItemSpacing.x;
    ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x - openWidth, 1.0f));
    // The longest hint that fits the field whole (a hint is cut by the field's frame otherwise).
    const float hintWidth = ImGui::CalcItemWidth() - 2.0f * ImGui::GetStyle().FramePadding.x;
    std::string hint = "path";
    for (const char* candidate : {"Ctrl+O, or type a path", "path, or Ctrl+O"}) {
        if (ImGui::CalcTextSize(candidate).x <= hintWidth) {
            hint = candidate;
            break;
        }
    }
    const bool entered = ImGui::InputTextWithHint("##path", hint.c_str(), &path,
                                                  ImGuiInputTextFlags_EnterReturnsTrue);
    recordItemRect(panel.rects, "files:path");
    if (ImGui::IsItemActive()) { // for --state-out: GUI tests type once it has the keyboard
        recordItemRect(panel.rects, "files:path (typing)");
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(media::soundAvailable()
                              ? "A .bvh file, a folder (opens in the Browser) or a sound"
                              : "A .bvh file or a folder (opens in the Browser)");
    }
    ImGui::SameLine();
    if ((ImGui::Button("Open") || entered) && !path.empty()) {
        panel.commands.push(command::Open{{path}});
        path.clear();
    }
    recordItemRect(panel.rects, "files:open");
}

// A file's colour swatch and show/hide checkbox; a change is a command (the appearance's owner
// applies it).
void drawAppearanceWidgets(PanelContext& panel, std::size_t index,
                           const scene::Character& character) {
    glm::vec4 color = character.appearance.color;
    if (ImGui::ColorEdit3("##color", &color.r, ImGuiColorEditFlags_NoInputs)) {
        panel.commands.push(command::SetColor{index, color});
    }
    ImGui::SameLine();
    bool visible = character.appearance.visible;
    if (ImGui::Checkbox("##visible", &visible)) {
        panel.commands.push(command::SetVisible{index, visible});
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Show or hide");
    }
}

// One open file's row: its look, its name (a click shows its facts, a double-click frames it),
// its context menu (Focus, Remove, Retarget onto) and its remove button, and its load's progress.
void drawFileRow(PanelContext& panel, std::size_t c, const scene::Character& character) {
    const ViewerState& state = panel.state;
    ImGui::PushID(static_cast<int>(c));
    drawAppearanceWidgets(panel, c, character);
    ImGui::SameLine();
    // The name takes what the row leaves beside the remove button, elided so that it reads
    // apart from the other files' (what they share goes first) with the whole name and path in
    // a tooltip. Double-click frames the figure; the context menu has Focus and Remove too.
    const float removeWidth = ImGui::CalcTextSize("x").x + 2.0f * ImGui::GetStyle().FramePadding.x +
                              ImGui::GetStyle().ItemSpacing.x;
    const float nameWidth = std::max(ImGui::GetContentRegionAvail().x - removeWidth, 1.0f);
    const std::string name =
        elideAmongToWidth(character.clip->displayName, openFileNames(state), nameWidth);
    if (ImGui::Selectable(name.c_str(), state.infoCharacter == c,
                          ImGuiSelectableFlags_AllowItemOverlap |
                              ImGuiSelectableFlags_AllowDoubleClick,
                          ImVec2(nameWidth, 0.0f))) {
        panel.commands.push(command::ShowInfo{c});
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
            panel.commands.push(command::Focus{c});
        }
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s\n%s%s", character.clip->displayName.c_str(),
                          character.clip->sourcePath.c_str(),
                          character.browsed ? "\nFrom the folder browser: Page Down/Page Up "
                                              "show the next/previous file in its place"
                                            : "");
    }
    recordItemRect(panel.rects, "files:name:" + std::to_string(c));
    if (ImGui::BeginPopupContextItem("##file")) {
        if (ImGui::MenuItem("Focus (double-click)")) {
            panel.commands.push(command::Focus{c});
        }
        static const std::string kUndoes = std::string(shortcutHint("undo-remove")) + " undoes";
        if (ImGui::MenuItem("Remove", kUndoes.c_str())) {
            panel.commands.push(command::Remove{c});
        }
        drawRetargetOntoMenu(panel, c);
        ImGui::EndPopup();
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("x")) {
        panel.commands.push(command::Remove{c}); // a load still running is cancelled
    }
    recordItemRect(panel.rects, "files:remove:" + std::to_string(c));
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Remove (Ctrl+Z brings it back)");
    }
    if (character.loading()) {
        char overlay[64];
        std::snprintf(overlay, sizeof overlay, "loading: %u frames",
                      static_cast<unsigned>(character.fileLoad.framesLoaded));
        ImGui::ProgressBar(static_cast<float>(character.fileLoad.fraction), ImVec2(-1.0f, 0.0f),
                           overlay);
    }
    ImGui::PopID();
}

// The open files, the loads still reading their headers, and "Compare two files...": returns
// whether that was pressed (the interface keeps the Compare panel open).
bool drawFileRows(PanelContext panel) {
    const ViewerState& state = panel.state;
    bool compare = false;
    const std::vector<scene::Character>& characters = state.scene.characters();
    for (std::size_t c = 0; c < characters.size(); ++c) {
        drawFileRow(panel, c, characters[c]);
    }
    for (const FileLoads::Waiting& waiting : state.loads.waiting()) {
        ImGui::TextDisabled("%s", waiting.displayName.c_str());
        ImGui::ProgressBar(static_cast<float>(waiting.load->fraction()), ImVec2(-1.0f, 0.0f),
                           "reading the header");
    }
    if (characters.empty() && state.loads.waiting().empty()) {
        ImGui::TextDisabled("Drop .bvh files here.");
    }
    if (characters.size() >= 2 && !state.comparePanelOpen) {
        compare = ImGui::SmallButton("Compare two files...");
        recordItemRect(panel.rects, "files:compare");
    }
    return compare;
}

} // namespace

void drawFileListPanel(ViewerState& state, float /*scale*/) {
    if (!beginDockedPanel(state, "Files", state.layout.files, ImGuiWindowFlags_MenuBar)) {
        return;
    }
    drawFileMenuBar(state);
    // The files scroll above the path row, which stays in the panel.
    const float pathRowHeight =
        ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y + 1.0f;
    // In a panel too short for two rows (a small window at scale 2) a scrollbar would take the
    // width the rows need; the wheel still scrolls.
    const float listHeight = ImGui::GetContentRegionAvail().y - pathRowHeight;
    ImGui::BeginChild("##file list", ImVec2(0.0f, -pathRowHeight), false,
                      listHeight < 2.0f * ImGui::GetFrameHeightWithSpacing()
                          ? ImGuiWindowFlags_NoScrollbar
                          : ImGuiWindowFlags_None);
    if (drawFileRows(PanelContext::of(state))) {
        state.comparePanelOpen = true;
    }
    ImGui::EndChild();
    ImGui::Separator();
    PanelContext panel = PanelContext::of(state);
    drawPathRow(panel);
    ImGui::End();
}

} // namespace bvhscope::viewer
