// Docked panels: each panel's rectangle comes from the layout computed every frame
// (layout/dock_layout.h, in ViewerState::layout), so panels cannot be dragged off the window,
// never float over the 3D view, and follow resizes. imgui.ini keeps nothing of them.
#pragma once

#include "app/viewer/layout/dock_layout.h"
#include "app/viewer/layout/text_elision.h"
#include "app/viewer/layout/text_wrapping.h"
#include "app/viewer/session/viewer_state.h"

#include <algorithm>
#include <cstdio>
#include <imgui.h>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::viewer {

// Flags every docked panel has: placed and sized by the layout only.
// NoFocusOnAppearing: in ImGui 1.86 a window that appears takes the focus and clears the
// active item, so a panel opening between a press and its release in another panel (a slow
// frame) cancelled that click.
inline constexpr ImGuiWindowFlags kDockedPanelFlags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
    ImGuiWindowFlags_NoFocusOnAppearing;

// Remembers the current window's rectangle (for --state-out: tests skip pixels under panels).
inline void recordWindowRect(WidgetRects& rects, const char* name) {
    const ImVec2 position = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    rects.rects[std::string("window:") + name] = {position.x, position.y, size.x, size.y};
}
// The panels still drawn from the ViewerState itself (panel_context.h) record through it.
inline void recordWindowRect(ViewerState& state, const char* name) {
    recordWindowRect(state.widgetRects, name);
}

// Begins the panel `name` at `rect`. False (and nothing to End) when the rectangle is empty
// (the column is collapsed, or Tab hid the panels) or the window is not drawn; otherwise the
// caller draws the content and calls ImGui::End. `open`, when given, adds a close button.
inline bool beginDockedPanel(WidgetRects& rects, const char* name, const LayoutRect& rect,
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
    recordWindowRect(rects, name);
    return true;
}
inline bool beginDockedPanel(ViewerState& state, const char* name, const LayoutRect& rect,
                             ImGuiWindowFlags flags = 0, bool* open = nullptr) {
    return beginDockedPanel(state.widgetRects, name, rect, flags, open);
}

// `text` elided in the middle to `width` pixels of the current font (layout/text_elision.h).
inline std::string elideToWidth(std::string_view text, float width) {
    return elideMiddle(text, width, [](std::string_view piece) {
        return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
    });
}

// `text` elided to `width` pixels so that it reads apart from `names` shown beside it (the
// open files, a joint's siblings): what they share goes first (layout/text_elision.h).
inline std::string elideAmongToWidth(std::string_view text, std::span<const std::string> names,
                                     float width) {
    return elideDistinct(text, names, width, [](std::string_view piece) {
        return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
    });
}

// The open files' names as panels show them (for elideAmongToWidth).
inline std::vector<std::string> openFileNames(const ViewerState& state) {
    std::vector<std::string> names;
    for (const scene::Character& character : state.scene.characters()) {
        names.push_back(character.clip->displayName);
    }
    return names;
}

// Text elided to the space left on the line, with the whole of it in a tooltip when elided;
// what it shows. With `names`, it stays apart from them (elideAmongToWidth).
inline std::string elidedText(std::string_view text, std::span<const std::string> names = {}) {
    const float width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
    std::string shown = elideAmongToWidth(text, names, width);
    ImGui::TextUnformatted(shown.c_str());
    if (shown.size() != text.size() && ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%.*s", static_cast<int>(text.size()), text.data());
    }
    return shown;
}

// [SECTION] Fitting narrow docks: rows that flow, labels above their widgets

// Text wrapped to the space left on the line at spaces only, never inside a number as
// TextWrapped does ("23. / 999808"; layout/text_wrapping.h); the lines shown.
inline std::vector<std::string> textWrappedAtSpaces(std::string_view text) {
    const float width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
    std::vector<std::string> lines = wrapAtSpaces(text, width, [](std::string_view piece) {
        return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
    });
    if (lines.empty()) {
        ImGui::NewLine();
    }
    for (const std::string& line : lines) {
        ImGui::TextUnformatted(line.c_str());
    }
    return lines;
}

// printf-style textWrappedAtSpaces.
template <typename... Values>
std::vector<std::string> textWrappedAtSpaces(const char* format, Values... values) {
    char text[1024];
    std::snprintf(text, sizeof text, format, values...);
    return textWrappedAtSpaces(std::string_view(text));
}

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
inline void recordItemRect(WidgetRects& rects, const std::string& name) {
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 size = ImGui::GetItemRectSize();
    rects.rects[name] = {min.x, min.y, size.x, size.y};
}
inline void recordItemRect(ViewerState& state, const std::string& name) {
    recordItemRect(state.widgetRects, name);
}

// Records the last item's rectangle with the text it shows, as "shown:NAME=TEXT" (for
// --state-out: tests read what an elided name became).
inline void recordShownText(WidgetRects& rects, const std::string& name, std::string_view shown) {
    recordItemRect(rects, "shown:" + name + "=" + std::string(shown));
}
inline void recordShownText(ViewerState& state, const std::string& name, std::string_view shown) {
    recordShownText(state.widgetRects, name, shown);
}

// After a path field (InputText) not being edited: a path too long for it shows its end, where
// the file's name and extension are (an export's extension chooses its format), over the
// field's own text, which ImGui shows from the start. Recorded as "shown:NAME=TEXT".
inline void showPathEndWhenIdle(WidgetRects& rects, const std::string& name,
                                std::string_view path) {
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    const ImVec2 padding = ImGui::GetStyle().FramePadding;
    const float inner = max.x - min.x - 2.0f * padding.x;
    std::string shown(path);
    if (!ImGui::IsItemActive() && ImGui::CalcTextSize(shown.c_str()).x > inner) {
        shown = elideStart(path, inner, [](std::string_view piece) {
            return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
        });
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const ImGuiCol background =
            ImGui::IsItemHovered() ? ImGuiCol_FrameBgHovered : ImGuiCol_FrameBg;
        // The frame's colour is translucent: an opaque window colour first, so the text below
        // is covered.
        ImVec4 opaque = ImGui::GetStyleColorVec4(ImGuiCol_PopupBg);
        opaque.w = 1.0f;
        draw->AddRectFilled(ImVec2(min.x + 1.0f, min.y + 1.0f), ImVec2(max.x - 1.0f, max.y - 1.0f),
                            ImGui::GetColorU32(opaque));
        draw->AddRectFilled(ImVec2(min.x + 1.0f, min.y + 1.0f), ImVec2(max.x - 1.0f, max.y - 1.0f),
                            ImGui::GetColorU32(background));
        draw->AddText(ImVec2(min.x + padding.x, min.y + padding.y),
                      ImGui::GetColorU32(ImGuiCol_Text), shown.c_str());
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%.*s", static_cast<int>(path.size()), path.data());
        }
    }
    recordShownText(rects, name, shown);
}
inline void showPathEndWhenIdle(ViewerState& state, const std::string& name,
                                std::string_view path) {
    showPathEndWhenIdle(state.widgetRects, name, path);
}

} // namespace bvhscope::viewer
