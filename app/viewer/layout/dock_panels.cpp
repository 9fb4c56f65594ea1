#include "app/viewer/layout/dock_panels.h"

#include "app/viewer/panels/panel_layout.h"

#include <imgui.h>

namespace bvhscope::viewer {

namespace {

constexpr const char* kShortcutSheet = "Keyboard shortcuts";

// A collapsed column: a narrow strip with one button that expands it again.
void drawStrip(ViewerState& state, const char* name, const LayoutRect& rect, const char* arrow,
               bool& collapsed) {
    if (rect.empty()) {
        return;
    }
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(2.0f, 4.0f));
    const bool shown = beginDockedPanel(state, name, rect, ImGuiWindowFlags_NoTitleBar);
    ImGui::PopStyleVar();
    if (!shown) {
        return;
    }
    if (ImGui::Button(arrow, ImVec2(-1.0f, 0.0f))) {
        collapsed = false;
    }
    recordItemRect(state, std::string(name) + ":expand");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Show the column again");
    }
    ImGui::End();
}

void drawShortcutSheet(ViewerState& state, float scale) {
    if (state.shortcutsRequested) {
        state.shortcutsRequested = false;
        ImGui::OpenPopup(kShortcutSheet);
    }
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f),
                            ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0),
                                        ImVec2(io.DisplaySize.x * 0.9f, io.DisplaySize.y * 0.9f));
    if (!ImGui::BeginPopupModal(kShortcutSheet, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        return;
    }
    recordItemRect(state, "shortcuts:sheet");
    if (ImGui::BeginTable("##shortcuts", 2,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        for (const Shortcut& shortcut : keyboardShortcuts()) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(shortcut.keys);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(shortcut.action);
        }
        ImGui::EndTable();
    }
    if (ImGui::Button("Close", ImVec2(120.0f * scale, 0.0f)) ||
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

} // namespace

const std::vector<Shortcut>& keyboardShortcuts() {
    static const std::vector<Shortcut> kShortcuts = {
        {"Space", "Play or pause"},
        {"Left / Right", "Previous / next frame"},
        {"Home / End", "First / last frame"},
        {"J / K / L", "Shuttle backward / stop / forward"},
        {"[ / ]", "Mark in / out"},
        {"P", "Rest pose on or off"},
        {"F", "Frame every figure"},
        {"R", "Reset the camera"},
        {"Page Down / Page Up", "Next / previous file of the browsed folder"},
        {"Tab", "Hide or show every panel"},
        {"Ctrl+E", "Export"},
        {"Ctrl+Z", "Undo the last Remove"},
        {"F1 or ?", "This sheet"},
        {"Left drag", "Orbit (click: select a joint)"},
        {"Right or middle drag, Shift+left drag", "Pan"},
        {"Wheel, Ctrl+left drag", "Zoom"},
    };
    return kShortcuts;
}

void drawDockControls(ViewerState& state, float scale) {
    drawStrip(state, "Left column", state.layout.leftStrip, ">", state.settings.dock.leftCollapsed);
    drawStrip(state, "Right column", state.layout.rightStrip, "<",
              state.settings.dock.rightCollapsed);
    if (state.panelsHidden) {
        const char* hint = "Tab: show the panels";
        const ImVec2 size = ImGui::CalcTextSize(hint);
        const ImVec2 display = ImGui::GetIO().DisplaySize;
        ImGui::GetBackgroundDrawList()->AddText(
            ImVec2(display.x - size.x - 8.0f * scale, display.y - size.y - 6.0f * scale),
            IM_COL32(200, 200, 200, 160), hint);
    }
    drawShortcutSheet(state, scale);
}

void drawViewMenu(ViewerState& state) {
    if (!ImGui::BeginMenu("View")) {
        return;
    }
    DockProportions& dock = state.settings.dock;
    if (ImGui::MenuItem("Hide panels", "Tab", state.panelsHidden)) {
        state.panelsHidden = !state.panelsHidden;
    }
    if (ImGui::MenuItem("Collapse left column", nullptr, dock.leftCollapsed)) {
        dock.leftCollapsed = !dock.leftCollapsed;
    }
    recordItemRect(state, "menu:View>Collapse left column");
    if (ImGui::MenuItem("Collapse right column", nullptr, dock.rightCollapsed)) {
        dock.rightCollapsed = !dock.rightCollapsed;
    }
    recordItemRect(state, "menu:View>Collapse right column");
    if (ImGui::MenuItem("Reset panel sizes")) {
        dock = DockProportions{};
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Compare two files", nullptr, state.comparePanelOpen,
                        state.scene.characters().size() >= 2)) {
        state.comparePanelOpen = !state.comparePanelOpen;
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Keyboard shortcuts", "F1")) {
        state.shortcutsRequested = true;
    }
    ImGui::EndMenu();
}

} // namespace bvhscope::viewer
