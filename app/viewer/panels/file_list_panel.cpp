// The open files: colour, visibility, focus, remove; and a path box to open more files or a
// folder (besides drag and drop; Debian's GLFW has no native file dialog).
#include "app/media/media_features.h"
#include "app/viewer/panels/dock_panels.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"

#include <algorithm>
#include <cstdio>
#include <imgui_stdlib.h>
#include <string>

namespace bvhscope::viewer {

void drawFileListPanel(ViewerState& state, float scale) {
    if (!beginDockedPanel(state, "Files", state.layout.files, ImGuiWindowFlags_MenuBar)) {
        return;
    }
    drawFileMenu(state);
    // File > Open / Open folder / Close folder, appended to the File menu drawn above. Open goes
    // through the desktop's file chooser; without one, the path field below takes the keyboard.
    using Purpose = ViewerState::ChooserPurpose;
    const bool choosing = state.chooserOpen != Purpose::None;
    if (ImGui::BeginMenuBar()) {
        if (ImGui::BeginMenu("File")) {
            if (ImGui::MenuItem("Open file or folder...", nullptr, false, !choosing)) {
                state.chooserRequested = Purpose::OpenFiles;
            }
            recordItemRect(state, "menu:File>Open file or folder"); // GUI tests click it
            if (ImGui::MenuItem("Open folder...", nullptr, false, !choosing)) {
                state.chooserRequested = Purpose::OpenFolder;
            }
            recordItemRect(state, "menu:File>Open folder");
            if (ImGui::MenuItem("Close folder", nullptr, false, state.folder.isOpen())) {
                state.folder.closeRequested = true;
            }
            if (ImGui::MenuItem("Undo remove", "Ctrl+Z", false, !state.removedCharacters.empty())) {
                state.commands.push(command::UndoRemove{});
            }
            ImGui::EndMenu();
        }
        drawViewMenu(state);
        recordItemRect(state, "menu:View");
        ImGui::EndMenuBar();
    }
    std::vector<Character>& characters = state.scene.characters();
    for (std::size_t c = 0; c < characters.size(); ++c) {
        Character& character = characters[c];
        ImGui::PushID(static_cast<int>(c));
        ImGui::ColorEdit3("##color", &character.color.r, ImGuiColorEditFlags_NoInputs);
        ImGui::SameLine();
        ImGui::Checkbox("##visible", &character.visible);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Show or hide");
        }
        ImGui::SameLine();
        // The name takes what the row leaves beside the remove button, elided in the middle
        // (takes differ at the end) with the whole name and path in a tooltip. Double-click
        // frames the figure; the context menu has Focus and Remove too.
        const float removeWidth = ImGui::CalcTextSize("x").x +
                                  2.0f * ImGui::GetStyle().FramePadding.x +
                                  ImGui::GetStyle().ItemSpacing.x;
        const float nameWidth = std::max(ImGui::GetContentRegionAvail().x - removeWidth, 1.0f);
        const std::string name = elideToWidth(character.clip->displayName, nameWidth);
        if (ImGui::Selectable(name.c_str(), state.infoCharacter == c,
                              ImGuiSelectableFlags_AllowItemOverlap |
                                  ImGuiSelectableFlags_AllowDoubleClick,
                              ImVec2(nameWidth, 0.0f))) {
            state.infoCharacter = c;
            if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
                state.commands.push(command::Focus{c});
            }
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s\n%s%s", character.clip->displayName.c_str(),
                              character.clip->sourcePath.c_str(),
                              character.browsed ? "\nFrom the folder browser: Page Down/Page Up "
                                                  "show the next/previous file in its place"
                                                : "");
        }
        recordItemRect(state, "files:name:" + std::to_string(c));
        if (ImGui::BeginPopupContextItem("##file")) {
            if (ImGui::MenuItem("Focus (double-click)")) {
                state.commands.push(command::Focus{c});
            }
            if (ImGui::MenuItem("Remove", "Ctrl+Z undoes")) {
                state.commands.push(command::Remove{c});
            }
            ImGui::EndPopup();
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("x")) {
            state.commands.push(command::Remove{c}); // a load still running is cancelled
        }
        recordItemRect(state, "files:remove:" + std::to_string(c));
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Remove (Ctrl+Z brings it back)");
        }
        if (character.loading()) {
            char overlay[64];
            std::snprintf(overlay, sizeof overlay, "loading: %u frames",
                          static_cast<unsigned>(character.framesLoaded));
            ImGui::ProgressBar(static_cast<float>(character.loadFraction), ImVec2(-1.0f, 0.0f),
                               overlay);
        }
        ImGui::PopID();
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
        if (ImGui::SmallButton("Compare two files...")) {
            state.comparePanelOpen = true;
        }
        recordItemRect(state, "files:compare");
    }
    ImGui::Separator();
    static std::string path;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - 50.0f * scale);
    if (state.focusPathField) {
        ImGui::SetKeyboardFocusHere();
        state.focusPathField = false;
    }
    // The hint shortened to the field (a hint is cut by the field's frame otherwise).
    // A build without sound (media_features.h) does not offer it.
    const std::string hint =
        elideToWidth(media::soundAvailable() ? "path to a .bvh file, folder or sound"
                                             : "path to a .bvh file or folder",
                     ImGui::CalcItemWidth() - 2.0f * ImGui::GetStyle().FramePadding.x);
    const bool entered = ImGui::InputTextWithHint("##path", hint.c_str(), &path,
                                                  ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::IsItemActive()) { // for --state-out: GUI tests type once it has the keyboard
        const ImVec2 min = ImGui::GetItemRectMin();
        const ImVec2 size = ImGui::GetItemRectSize();
        state.widgetRects.rects["files:path (typing)"] = {min.x, min.y, size.x, size.y};
    }
    ImGui::SameLine();
    if ((ImGui::Button("Open") || entered) && !path.empty()) {
        state.commands.push(command::Open{{path}});
        path.clear();
    }
    ImGui::End();
}

} // namespace bvhscope::viewer
