// The modal that lists a bad file's FILE:LINE:COL diagnostics.
#include "app/viewer/panels/panels.h"

#include <imgui.h>

namespace bvhscope::viewer {

void drawErrorPopup(ViewerState& state) {
    if (state.openErrorPopup) {
        ImGui::OpenPopup("Could not open");
        state.openErrorPopup = false;
    }
    const ImVec2 center(ImGui::GetIO().DisplaySize.x * 0.5f, ImGui::GetIO().DisplaySize.y * 0.5f);
    ImGui::SetNextWindowPos(center, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal("Could not open", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextUnformatted("These files did not load; what was open stays open.");
        ImGui::Separator();
        for (const std::string& line : state.errorLines) {
            ImGui::TextUnformatted(line.c_str());
        }
        ImGui::Separator();
        if (ImGui::Button("Copy")) {
            std::string text;
            for (const std::string& line : state.errorLines) {
                text += line + "\n";
            }
            ImGui::SetClipboardText(text.c_str());
        }
        ImGui::SameLine();
        if (ImGui::Button("OK") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            state.errorLines.clear();
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

} // namespace bvhscope::viewer
