// Default panel placement (first run only): files and joints on the left, info, selection and
// settings on the right, the timeline along the bottom.
#pragma once

#include "app/viewer/viewer_state.h"

#include <cmath>
#include <imgui.h>

namespace bvhscope::viewer {

inline constexpr float kSideColumnWidth = 270.0f;
inline constexpr float kTimelineHeight = 112.0f;

// Places the next window in a column: x from the left (or right when negative), y and height
// as fractions of the space above the timeline.
inline void placeNextPanel(float scale, bool rightSide, float top, float height) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float width = kSideColumnWidth * scale;
    const float usable = display.y - kTimelineHeight * scale;
    const float x = rightSide ? display.x - width : 0.0f;
    // Whole-pixel edges, so that panels one above the other meet with no gap for the 3D view to
    // show through (and be drawn for, opaque_panels.h).
    const float y = std::round(usable * top);
    const float bottom = std::round(usable * (top + height));
    ImGui::SetNextWindowPos(ImVec2(x, y), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(width, bottom - y), ImGuiCond_FirstUseEver);
}

// Remembers the current window's rectangle (for --state-out: tests skip pixels under panels).
inline void recordWindowRect(ViewerState& state, const char* name) {
    const ImVec2 position = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    state.widgetRects.rects[std::string("window:") + name] = {position.x, position.y, size.x,
                                                              size.y};
}

} // namespace bvhscope::viewer
