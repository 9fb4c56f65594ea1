// Default panel placement (first run only): files and joints on the left, info, selection and
// settings on the right, the timeline along the bottom.
#pragma once

#include "app/viewer/viewer_state.h"

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
    ImGui::SetNextWindowPos(ImVec2(x, usable * top), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(width, usable * height), ImGuiCond_FirstUseEver);
}

// Remembers the current window's rectangle (for --state-out: tests skip pixels under panels).
inline void recordWindowRect(ViewerState& state, const char* name) {
    const ImVec2 position = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    state.widgetRects.rects[std::string("window:") + name] = {position.x, position.y, size.x,
                                                              size.y};
}

} // namespace bvhscope::viewer
