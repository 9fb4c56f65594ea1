// The modal that lists a bad file's FILE:LINE:COL diagnostics.
#include "app/viewer/layout/text_elision.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panels.h"

#include <algorithm>
#include <imgui.h>

namespace bvhscope::viewer {

namespace {

// The modal, from what it may read and change (panel_context.h).
void drawCouldNotOpen(PanelContext panel) {
    const ViewerState& state = panel.state;
    if (state.openErrorPopup) {
        ImGui::OpenPopup("Could not open");
        panel.commands.push(command::ErrorPopupOpened{});
    }
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Always,
                            ImVec2(0.5f, 0.5f));
    // As wide as the longest line needs, at most 80 % of the window: longer lines wrap inside
    // (a path and a message can be far wider than any window).
    float widest = ImGui::CalcTextSize("These files did not load; what was open stays open.").x;
    for (const std::string& line : state.errorLines) {
        widest = std::max(widest, ImGui::CalcTextSize(elideMiddleToBytes(line).c_str()).x);
    }
    const float width =
        std::min(widest + 2.0f * ImGui::GetStyle().WindowPadding.x + 1.0f, display.x * 0.8f);
    ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, display.y * 0.8f));
    if (ImGui::BeginPopupModal("Could not open", nullptr, ImGuiWindowFlags_NoResize)) {
        ImGui::TextWrapped("These files did not load; what was open stays open.");
        ImGui::Separator();
        for (const std::string& line : state.errorLines) {
            // Bounded in the middle (a path's end and the message stay; Copy has it whole).
            ImGui::TextWrapped("%s", elideMiddleToBytes(line).c_str());
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
            panel.commands.push(command::DismissErrors{});
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

} // namespace

void drawErrorPopup(ViewerState& state) {
    drawCouldNotOpen(PanelContext::of(state));
}

} // namespace bvhscope::viewer
