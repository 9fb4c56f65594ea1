// The open files: colour, visibility, focus, remove; and a path box to open more files or a
// folder (besides drag and drop; Debian's GLFW has no native file dialog).
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"

#include <cstdio>
#include <imgui_stdlib.h>
#include <string>

namespace bvhscope::viewer {

void drawFileListPanel(ViewerState& state, float scale) {
    placeNextPanel(scale, false, 0.0f, 0.28f);
    if (!ImGui::Begin("Files", nullptr, ImGuiWindowFlags_MenuBar)) {
        ImGui::End();
        return;
    }
    recordWindowRect(state, "Files");
    drawFileMenu(state);
    // File > Open folder / Close folder, appended to the File menu drawn above.
    static bool focusPath = false;
    if (ImGui::BeginMenuBar()) {
        if (ImGui::BeginMenu("File")) {
            if (ImGui::MenuItem("Open file or folder...")) {
                focusPath = true; // the path field below takes a file or a folder
            }
            const ImVec2 min = ImGui::GetItemRectMin(); // for --state-out: GUI tests click it
            const ImVec2 size = ImGui::GetItemRectSize();
            state.widgetRects.rects["menu:File>Open file or folder"] = {min.x, min.y, size.x,
                                                                        size.y};
            if (ImGui::MenuItem("Close folder", nullptr, false, state.folder.isOpen())) {
                state.folder.closeRequested = true;
            }
            ImGui::EndMenu();
        }
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
        if (ImGui::Selectable(character.displayName.c_str(), state.infoCharacter == c,
                              ImGuiSelectableFlags_AllowItemOverlap,
                              ImVec2(ImGui::GetContentRegionAvail().x - 90.0f * scale, 0.0f))) {
            state.infoCharacter = c;
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("Focus")) {
            state.characterToFocus = c;
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("Remove")) {
            state.characterToRemove = c; // a load still running is cancelled
        }
        if (character.browsed && ImGui::IsItemHovered()) {
            ImGui::SetTooltip("From the folder browser: Page Down/Page Up show the next/previous "
                              "file in its place");
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
    ImGui::Separator();
    static std::string path;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - 50.0f * scale);
    if (focusPath) {
        ImGui::SetKeyboardFocusHere();
        focusPath = false;
    }
    const bool entered = ImGui::InputTextWithHint("##path", "path/to/file.bvh, folder or sound",
                                                  &path, ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::IsItemActive()) { // for --state-out: GUI tests type once it has the keyboard
        const ImVec2 min = ImGui::GetItemRectMin();
        const ImVec2 size = ImGui::GetItemRectSize();
        state.widgetRects.rects["files:path (typing)"] = {min.x, min.y, size.x, size.y};
    }
    ImGui::SameLine();
    if ((ImGui::Button("Open") || entered) && !path.empty()) {
        state.filesToOpen.push_back(path);
        path.clear();
    }
    ImGui::End();
}

} // namespace bvhscope::viewer
