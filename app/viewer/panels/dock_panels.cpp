#include "app/viewer/panels/dock_panels.h"

#include "app/options/option_table.h"
#include "app/platform/browser.h"
#include "app/viewer/panels/key_bindings.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/settings_edit.h"

#include <algorithm>
#include <cmath>
#include <imgui.h>
#include <iterator>
#include <string>

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
        for (const Shortcut& shortcut : shortcutTable()) {
            const std::string keys = shortcutKeys(shortcut);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(keys.c_str());
            recordItemRect(state, "shortcuts:" + keys);
            ImGui::TableNextColumn();
            if (platform::kInBrowser && shortcut.reach == BindingReach::DesktopOnly) {
                ImGui::TextDisabled("%s (%s)", shortcut.help, platform::kDesktopOnly);
            } else {
                ImGui::TextUnformatted(shortcut.help);
            }
        }
        ImGui::EndTable();
    }
    if (ImGui::Button("Close", ImVec2(120.0f * scale, 0.0f)) ||
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

// A splitter: a thin invisible window over the edge between two docks (above the panels,
// which never come to the front), dragged to move the edge. `drag` gets the mouse position.
template <typename Drag>
void drawSplitter(ViewerState& state, const char* name, const LayoutRect& rect, bool horizontal,
                  const Drag& drag) {
    if (rect.empty()) {
        return;
    }
    ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(rect.width, rect.height), ImGuiCond_Always);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1.0f, 1.0f));
    constexpr ImGuiWindowFlags kFlags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoMove;
    if (ImGui::Begin(name, nullptr, kFlags)) {
        ImGui::InvisibleButton("##edge", ImVec2(rect.width, rect.height));
        if (ImGui::IsItemHovered() || ImGui::IsItemActive()) {
            ImGui::SetMouseCursor(horizontal ? ImGuiMouseCursor_ResizeNS
                                             : ImGuiMouseCursor_ResizeEW);
        }
        if (ImGui::IsItemActive()) {
            drag(ImGui::GetIO().MousePos);
        }
        recordItemRect(state, std::string("splitter:") + name);
    }
    ImGui::End();
    ImGui::PopStyleVar(2);
}

// [SECTION] The compact layout's tabs (a phone)

struct CompactTab {
    const char* label;
    CompactDrawer drawer;
};
constexpr CompactTab kCompactTabs[] = {{"Files", CompactDrawer::Files},
                                       {"Joints", CompactDrawer::Joints},
                                       {"Info", CompactDrawer::Info},
                                       {"Selected", CompactDrawer::Selection},
                                       {"Settings", CompactDrawer::Settings}};

// One button per panel across the row; tapping a tab opens its panel in the drawer, tapping the
// lit one closes it. Buttons act when let go, so a held touch neither repeats nor cancels.
void drawCompactTabs(ViewerState& state, float scale) {
    const LayoutRect& rect = state.layout.tabs;
    if (rect.empty()) {
        return;
    }
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4.0f * scale, 4.0f * scale));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(4.0f * scale, 0.0f));
    const bool shown = beginDockedPanel(state, "Panels", rect,
                                        ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
    ImGui::PopStyleVar(2);
    if (!shown) {
        return;
    }
    constexpr float kTabCount = static_cast<float>(std::size(kCompactTabs));
    const ImVec2 available = ImGui::GetContentRegionAvail();
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const ImVec2 size((available.x - spacing * (kTabCount - 1.0f)) / kTabCount, available.y);
    for (const CompactTab& tab : kCompactTabs) {
        if (&tab != kCompactTabs) {
            ImGui::SameLine();
        }
        const bool lit = state.compactDrawer == tab.drawer;
        if (lit) {
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        }
        if (ImGui::Button(tab.label, size)) {
            state.compactDrawer = lit ? CompactDrawer::None : tab.drawer;
        }
        if (lit) {
            ImGui::PopStyleColor();
        }
        recordItemRect(state, std::string("tabs:") + tab.label);
    }
    ImGui::End();
}

// While View > Hide panels holds in the page: a button in the view's corner brings them back.
void drawShowPanelsButton(ViewerState& state, float scale) {
    const char* label = "Show panels";
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const ImVec2 padding(12.0f * scale, 10.0f * scale);
    const ImVec2 text = ImGui::CalcTextSize(label);
    const ImVec2 size(text.x + 2.0f * padding.x + 8.0f * scale,
                      text.y + 2.0f * padding.y + 8.0f * scale);
    const float margin = 8.0f * scale;
    ImGui::SetNextWindowPos(ImVec2(display.x - size.x - margin, display.y - size.y - margin),
                            ImGuiCond_Always);
    ImGui::SetNextWindowSize(size, ImGuiCond_Always);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4.0f * scale, 4.0f * scale));
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, padding);
    constexpr ImGuiWindowFlags kFlags =
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove |
        ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
    if (ImGui::Begin("##show panels", nullptr, kFlags)) {
        if (ImGui::Button(label, ImVec2(-1.0f, -1.0f))) {
            state.panelsHidden = false;
        }
        recordItemRect(state, "panels:show");
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Show the panels again (%s)", shortcutHint("hide-panels"));
        }
    }
    ImGui::End();
    ImGui::PopStyleVar(2);
}

} // namespace

void drawSplitters(ViewerState& state, float scale) {
    const DockLayout& layout = state.layout;
    if (state.panelsHidden || layout.timeline.empty() || layout.compact) {
        return;
    }
    SettingsEdit edit(state);
    scene::DockProportions& dock = edit.values.dock;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float half = std::round(3.0f * scale);
    // A column's width as the options table bounds it (dock_left_width, dock_right_width).
    const auto column = [](const options::Option& option, float fraction) {
        return std::clamp(fraction, static_cast<float>(options::kSmallestDockFraction),
                          static_cast<float>(*option.maximum));
    };
    if (!dock.leftCollapsed) {
        drawSplitter(state, "left", {layout.leftWidth - half, 0, 2 * half, layout.timeline.y},
                     false, [&](ImVec2 mouse) {
                         dock.leftWidth = column(options::kDockLeftWidth, mouse.x / display.x);
                     });
    }
    if (!dock.rightCollapsed) {
        drawSplitter(state, "right",
                     {display.x - layout.rightWidth - half, 0, 2 * half, layout.timeline.y}, false,
                     [&](ImVec2 mouse) {
                         dock.rightWidth =
                             column(options::kDockRightWidth, (display.x - mouse.x) / display.x);
                     });
    }
    if (layout.bottomHeight > 0.0f) {
        drawSplitter(state, "bottom",
                     {layout.view.x, layout.view.bottom() - half, layout.view.width, 2 * half},
                     true, [&](ImVec2 mouse) {
                         // At least 0.10 by dragging; the table's top.
                         dock.bottomHeight =
                             std::clamp((layout.timeline.y - mouse.y) / display.y, 0.10f,
                                        static_cast<float>(*options::kDockBottomHeight.maximum));
                     });
    }
}

void drawDockControls(ViewerState& state, float scale) {
    {
        SettingsEdit edit(state);
        drawStrip(state, "Left column", state.layout.leftStrip, ">",
                  edit.values.dock.leftCollapsed);
        drawStrip(state, "Right column", state.layout.rightStrip, "<",
                  edit.values.dock.rightCollapsed);
    }
    drawCompactTabs(state, scale);
    if (state.panelsHidden && platform::kInBrowser) {
        drawShowPanelsButton(state, scale); // a page may have no keyboard for Tab
    } else if (state.panelsHidden) {
        static const std::string hint =
            std::string(shortcutHint("hide-panels")) + ": show the panels";
        const ImVec2 size = ImGui::CalcTextSize(hint.c_str());
        const ImVec2 display = ImGui::GetIO().DisplaySize;
        ImGui::GetBackgroundDrawList()->AddText(
            ImVec2(display.x - size.x - 8.0f * scale, display.y - size.y - 6.0f * scale),
            IM_COL32(200, 200, 200, 160), hint.c_str());
    }
    drawShortcutSheet(state, scale);
}

void drawViewMenu(ViewerState& state) {
    const bool open = ImGui::BeginMenu("View");
    recordItemRect(state, "menu:View"); // the page's phone checks tap it
    if (!open) {
        return;
    }
    SettingsEdit edit(state);
    scene::DockProportions& dock = edit.values.dock;
    if (ImGui::MenuItem("Hide panels", shortcutHint("hide-panels"), state.panelsHidden)) {
        state.panelsHidden = !state.panelsHidden;
    }
    recordItemRect(state, "menu:View>Hide panels");
    // The compact layout (a phone) has no columns to collapse or resize.
    const bool columns = !state.layout.compact;
    if (ImGui::MenuItem("Collapse left column", nullptr, dock.leftCollapsed, columns)) {
        dock.leftCollapsed = !dock.leftCollapsed;
    }
    recordItemRect(state, "menu:View>Collapse left column");
    if (ImGui::MenuItem("Collapse right column", nullptr, dock.rightCollapsed, columns)) {
        dock.rightCollapsed = !dock.rightCollapsed;
    }
    recordItemRect(state, "menu:View>Collapse right column");
    if (ImGui::MenuItem("Reset panel sizes", nullptr, false, columns)) {
        dock = scene::DockProportions{};
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Curves", nullptr, edit.values.showCurves)) {
        edit.values.showCurves = !edit.values.showCurves;
    }
    recordItemRect(state, "menu:View>Curves");
    if (ImGui::MenuItem("Several figures in place", nullptr, edit.values.severalFiguresInPlace)) {
        edit.values.severalFiguresInPlace = !edit.values.severalFiguresInPlace;
    }
    recordItemRect(state, "menu:View>Several figures in place");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Two or more files: each figure walks on the spot in its place in the "
                          "row (its travel hidden, for the view only), or travels in a lane as "
                          "wide as its motion");
    }
    if (ImGui::MenuItem("Compare two files", nullptr, state.comparePanelOpen,
                        state.scene.characters().size() >= 2)) {
        state.comparePanelOpen = !state.comparePanelOpen;
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Keyboard shortcuts", shortcutHint("shortcut-sheet"))) {
        state.shortcutsRequested = true;
    }
    ImGui::EndMenu();
}

} // namespace bvhscope::viewer
