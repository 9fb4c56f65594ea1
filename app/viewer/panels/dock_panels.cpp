#include "app/viewer/panels/dock_panels.h"

#include "app/options/option_table.h"
#include "app/platform/browser.h"
#include "app/viewer/panels/key_bindings.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/settings_edit.h"

#include <algorithm>
#include <cmath>
#include <imgui.h>
#include <iterator>
#include <optional>
#include <string>
#include <utility>

namespace bvhscope::viewer {

namespace {

constexpr const char* kShortcutSheet = "Keyboard shortcuts";

// A collapsed column: a narrow strip with one button that expands it again.
void drawStrip(WidgetRects& rects, const char* name, const LayoutRect& rect, const char* arrow,
               bool& collapsed) {
    if (rect.empty()) {
        return;
    }
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(2.0f, 4.0f));
    const bool shown = beginDockedPanel(rects, name, rect, ImGuiWindowFlags_NoTitleBar);
    ImGui::PopStyleVar();
    if (!shown) {
        return;
    }
    if (ImGui::Button(arrow, ImVec2(-1.0f, 0.0f))) {
        collapsed = false;
    }
    recordItemRect(rects, std::string(name) + ":expand");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Show the column again");
    }
    ImGui::End();
}

// `requested`: F1, ? or View > Keyboard shortcuts asked for it since the last frame.
void drawShortcutSheet(WidgetRects& rects, bool requested, float scale) {
    if (requested) {
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
    recordItemRect(rects, "shortcuts:sheet");
    if (ImGui::BeginTable("##shortcuts", 2,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        for (const Shortcut& shortcut : shortcutTable()) {
            const std::string keys = shortcutKeys(shortcut);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(keys.c_str());
            recordItemRect(rects, "shortcuts:" + keys);
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
void drawSplitter(WidgetRects& rects, const char* name, const LayoutRect& rect, bool horizontal,
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
        recordItemRect(rects, std::string("splitter:") + name);
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
// Returns the drawer a tap chose (None: closed), nullopt without a tap.
std::optional<CompactDrawer> drawCompactTabs(PanelContext& panel, float scale) {
    const LayoutRect& rect = panel.state.layout.tabs;
    std::optional<CompactDrawer> chosen;
    if (rect.empty()) {
        return chosen;
    }
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(4.0f * scale, 4.0f * scale));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(4.0f * scale, 0.0f));
    const bool shown = beginDockedPanel(panel.rects, "Panels", rect,
                                        ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
    ImGui::PopStyleVar(2);
    if (!shown) {
        return chosen;
    }
    constexpr float kTabCount = static_cast<float>(std::size(kCompactTabs));
    const ImVec2 available = ImGui::GetContentRegionAvail();
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const ImVec2 size((available.x - spacing * (kTabCount - 1.0f)) / kTabCount, available.y);
    for (const CompactTab& tab : kCompactTabs) {
        if (&tab != kCompactTabs) {
            ImGui::SameLine();
        }
        const bool lit = panel.state.compactDrawer == tab.drawer;
        if (lit) {
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        }
        if (ImGui::Button(tab.label, size)) {
            chosen = lit ? CompactDrawer::None : tab.drawer;
        }
        if (lit) {
            ImGui::PopStyleColor();
        }
        recordItemRect(panel.rects, std::string("tabs:") + tab.label);
    }
    ImGui::End();
    return chosen;
}

// While View > Hide panels holds in the page: a button in the view's corner brings them back.
// Returns whether it was pressed.
bool drawShowPanelsButton(WidgetRects& rects, float scale) {
    bool pressed = false;
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
            pressed = true;
        }
        recordItemRect(rects, "panels:show");
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Show the panels again (%s)", shortcutHint("hide-panels"));
        }
    }
    ImGui::End();
    ImGui::PopStyleVar(2);
    return pressed;
}

// The "Tab: show the panels" hint in the view's corner while Tab hid them (the desktop).
void drawHiddenPanelsHint(float scale) {
    static const std::string hint = std::string(shortcutHint("hide-panels")) + ": show the panels";
    const ImVec2 size = ImGui::CalcTextSize(hint.c_str());
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::GetBackgroundDrawList()->AddText(
        ImVec2(display.x - size.x - 8.0f * scale, display.y - size.y - 6.0f * scale),
        IM_COL32(200, 200, 200, 160), hint.c_str());
}

void drawDockSplitters(PanelContext panel, float scale) {
    const DockLayout& layout = panel.state.layout;
    if (panel.state.panelsHidden || layout.timeline.empty() || layout.compact) {
        return;
    }
    SettingsEdit edit(panel.state.settings, panel.commands);
    scene::DockProportions& dock = edit.values.dock;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float half = std::round(3.0f * scale);
    // A column's width as the options table bounds it (dock_left_width, dock_right_width).
    const auto column = [](const options::Option& option, float fraction) {
        return std::clamp(fraction, static_cast<float>(options::kSmallestDockFraction),
                          static_cast<float>(*option.maximum));
    };
    if (!dock.leftCollapsed) {
        drawSplitter(panel.rects, "left", {layout.leftWidth - half, 0, 2 * half, layout.timeline.y},
                     false, [&](ImVec2 mouse) {
                         dock.leftWidth = column(options::kDockLeftWidth, mouse.x / display.x);
                     });
    }
    if (!dock.rightCollapsed) {
        drawSplitter(panel.rects, "right",
                     {display.x - layout.rightWidth - half, 0, 2 * half, layout.timeline.y}, false,
                     [&](ImVec2 mouse) {
                         dock.rightWidth =
                             column(options::kDockRightWidth, (display.x - mouse.x) / display.x);
                     });
    }
    if (layout.bottomHeight > 0.0f) {
        drawSplitter(panel.rects, "bottom",
                     {layout.view.x, layout.view.bottom() - half, layout.view.width, 2 * half},
                     true, [&](ImVec2 mouse) {
                         // At least 0.10 by dragging; the table's top.
                         dock.bottomHeight =
                             std::clamp((layout.timeline.y - mouse.y) / display.y, 0.10f,
                                        static_cast<float>(*options::kDockBottomHeight.maximum));
                     });
    }
}

// What the View menu chose of the interface's own state; its entry applies it.
struct ViewMenuChoice {
    bool togglePanels = false;
    bool toggleCompare = false;
    bool showShortcuts = false;
};

ViewMenuChoice drawViewMenuItems(PanelContext panel) {
    const ViewerState& state = panel.state;
    ViewMenuChoice choice;
    SettingsEdit edit(state.settings, panel.commands);
    scene::DockProportions& dock = edit.values.dock;
    choice.togglePanels =
        ImGui::MenuItem("Hide panels", shortcutHint("hide-panels"), state.panelsHidden);
    recordItemRect(panel.rects, "menu:View>Hide panels");
    // The compact layout (a phone) has no columns to collapse or resize.
    const bool columns = !state.layout.compact;
    if (ImGui::MenuItem("Collapse left column", nullptr, dock.leftCollapsed, columns)) {
        dock.leftCollapsed = !dock.leftCollapsed;
    }
    recordItemRect(panel.rects, "menu:View>Collapse left column");
    if (ImGui::MenuItem("Collapse right column", nullptr, dock.rightCollapsed, columns)) {
        dock.rightCollapsed = !dock.rightCollapsed;
    }
    recordItemRect(panel.rects, "menu:View>Collapse right column");
    if (ImGui::MenuItem("Reset panel sizes", nullptr, false, columns)) {
        dock = scene::DockProportions{};
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Curves", nullptr, edit.values.showCurves)) {
        edit.values.showCurves = !edit.values.showCurves;
    }
    recordItemRect(panel.rects, "menu:View>Curves");
    if (ImGui::MenuItem("Several figures in place", nullptr, edit.values.severalFiguresInPlace)) {
        edit.values.severalFiguresInPlace = !edit.values.severalFiguresInPlace;
    }
    recordItemRect(panel.rects, "menu:View>Several figures in place");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Two or more files: each figure walks on the spot in its place in the "
                          "row (its travel hidden, for the view only), or travels in a lane as "
                          "wide as its motion");
    }
    choice.toggleCompare = ImGui::MenuItem("Compare two files", nullptr, state.comparePanelOpen,
                                           state.scene.characters().size() >= 2);
    ImGui::Separator();
    choice.showShortcuts = ImGui::MenuItem("Keyboard shortcuts", shortcutHint("shortcut-sheet"));
    return choice;
}

} // namespace

void drawSplitters(PanelContext panel, float scale) {
    drawDockSplitters(panel, scale);
}

// The controls draw from a PanelContext; what they change of the interface's own state (the
// drawer, the hidden panels, the sheet's request) comes back here, the one place that keeps it.
void drawDockControls(ViewerState& state, float scale) {
    PanelContext panel = PanelContext::of(state);
    {
        SettingsEdit edit(state.settings, panel.commands);
        drawStrip(panel.rects, "Left column", state.layout.leftStrip, ">",
                  edit.values.dock.leftCollapsed);
        drawStrip(panel.rects, "Right column", state.layout.rightStrip, "<",
                  edit.values.dock.rightCollapsed);
    }
    if (const std::optional<CompactDrawer> drawer = drawCompactTabs(panel, scale)) {
        state.compactDrawer = *drawer;
    }
    if (state.panelsHidden && platform::kInBrowser) {
        if (drawShowPanelsButton(panel.rects, scale)) { // a page may have no keyboard for Tab
            state.panelsHidden = false;
        }
    } else if (state.panelsHidden) {
        drawHiddenPanelsHint(scale);
    }
    drawShortcutSheet(panel.rects, std::exchange(state.shortcutsRequested, false), scale);
}

void drawViewMenu(ViewerState& state) {
    const bool open = ImGui::BeginMenu("View");
    recordItemRect(state, "menu:View"); // the page's phone checks tap it
    if (!open) {
        return;
    }
    const ViewMenuChoice choice = drawViewMenuItems(PanelContext::of(state));
    if (choice.togglePanels) {
        state.panelsHidden = !state.panelsHidden;
    }
    if (choice.toggleCompare) {
        state.comparePanelOpen = !state.comparePanelOpen;
    }
    if (choice.showShortcuts) {
        state.shortcutsRequested = true;
    }
    ImGui::EndMenu();
}

} // namespace bvhscope::viewer
