// Docked panels: each panel's rectangle comes from the layout computed every frame
// (layout/dock_layout.h, in ViewerState::layout), so panels cannot be dragged off the window,
// never float over the 3D view, and follow resizes. imgui.ini keeps nothing of them.
#pragma once

#include "app/viewer/layout/dock_layout.h"
#include "app/viewer/layout/text_elision.h"
#include "app/viewer/session/viewer_state.h"

#include <algorithm>
#include <imgui.h>
#include <string>
#include <string_view>

namespace bvhscope::viewer {

// Flags every docked panel has: placed and sized by the layout only.
inline constexpr ImGuiWindowFlags kDockedPanelFlags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

// Remembers the current window's rectangle (for --state-out: tests skip pixels under panels).
inline void recordWindowRect(ViewerState& state, const char* name) {
    const ImVec2 position = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    state.widgetRects.rects[std::string("window:") + name] = {position.x, position.y, size.x,
                                                              size.y};
}

// Begins the panel `name` at `rect`. False (and nothing to End) when the rectangle is empty
// (the column is collapsed, or Tab hid the panels) or the window is not drawn; otherwise the
// caller draws the content and calls ImGui::End. `open`, when given, adds a close button.
inline bool beginDockedPanel(ViewerState& state, const char* name, const LayoutRect& rect,
                             ImGuiWindowFlags flags = 0, bool* open = nullptr) {
    if (rect.empty()) {
        return false;
    }
    ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(rect.width, rect.height), ImGuiCond_Always);
    if (!ImGui::Begin(name, open, kDockedPanelFlags | flags)) {
        ImGui::End();
        return false;
    }
    recordWindowRect(state, name);
    return true;
}

// `text` elided in the middle to `width` pixels of the current font (layout/text_elision.h).
inline std::string elideToWidth(std::string_view text, float width) {
    return elideMiddle(text, width, [](std::string_view piece) {
        return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
    });
}

// Text elided to the space left on the line, with the whole of it in a tooltip when elided.
inline void elidedText(std::string_view text) {
    const float width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
    const std::string shown = elideToWidth(text, width);
    ImGui::TextUnformatted(shown.c_str());
    if (shown.size() != text.size() && ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%.*s", static_cast<int>(text.size()), text.data());
    }
}

// [SECTION] Fitting narrow docks: rows that flow, labels above their widgets

// Continues the current line when an item `width` wide still fits before the window's right
// edge, else starts a new one (a row of buttons or checkboxes that wraps like text).
inline void sameLineIfFits(float width) {
    const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
    if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) {
        ImGui::SameLine();
    }
}

// The width of a button (Button, SmallButton has less height only) with this label.
inline float buttonWidth(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + 2.0f * ImGui::GetStyle().FramePadding.x;
}

// The width of a checkbox or radio button with this label.
inline float checkboxWidth(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
           ImGui::CalcTextSize(label, nullptr, true).x;
}

// A label on its own line and the next widget across the whole width under it: a label beside
// a widget in a narrow column is cut (the widget's own label must then be hidden, "##name").
inline void labelAbove(const char* label) {
    ImGui::TextWrapped("%s", label);
    ImGui::SetNextItemWidth(-FLT_MIN);
}

// Records the last item's rectangle under `name` (for --state-out).
inline void recordItemRect(ViewerState& state, const std::string& name) {
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 size = ImGui::GetItemRectSize();
    state.widgetRects.rects[name] = {min.x, min.y, size.x, size.y};
}

} // namespace bvhscope::viewer
