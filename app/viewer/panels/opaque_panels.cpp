#include "app/viewer/panels/opaque_panels.h"

#include <cmath>
#include <imgui.h>
#include <imgui_internal.h> // the window list: the public API only speaks of the current window

namespace bvhscope::viewer {

namespace {

// The pixels wholly inside [min, max) of ImGui's coordinates scaled to the framebuffer.
render::PixelRect insidePixels(ImVec2 min, ImVec2 max, ImVec2 scale) {
    const int left = static_cast<int>(std::ceil(min.x * scale.x));
    const int top = static_cast<int>(std::ceil(min.y * scale.y));
    const int right = static_cast<int>(std::floor(max.x * scale.x));
    const int bottom = static_cast<int>(std::floor(max.y * scale.y));
    return render::PixelRect{left, top, right - left, bottom - top};
}

} // namespace

bool panelsAreOpaque() {
    const ImGuiStyle& style = ImGui::GetStyle();
    for (const ImGuiCol color :
         {ImGuiCol_WindowBg, ImGuiCol_TitleBg, ImGuiCol_TitleBgActive, ImGuiCol_MenuBarBg}) {
        if (style.Colors[color].w < 1.0f) {
            return false;
        }
    }
    return true;
}

std::vector<render::PixelRect> opaquePanelRects() {
    std::vector<render::PixelRect> rects;
    if (!panelsAreOpaque()) {
        return rects;
    }
    constexpr ImGuiWindowFlags kNotAPanel = ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Popup |
                                            ImGuiWindowFlags_Tooltip |
                                            ImGuiWindowFlags_NoBackground;
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    for (const ImGuiWindow* window : ImGui::GetCurrentContext()->Windows) {
        // What ImGui::Render drew (IsWindowActiveAndVisible); Active is false when collapsed.
        if (!window->Active || window->Hidden || window->Collapsed ||
            (window->Flags & kNotAPanel) != 0) {
            continue;
        }
        const ImVec2 min = window->Pos;
        const ImVec2 max(window->Pos.x + window->Size.x, window->Pos.y + window->Size.y);
        // A rounded rectangle covers the cross of two rectangles, each inset by the rounding.
        const float rounding = std::ceil(window->WindowRounding);
        rects.push_back(
            insidePixels(ImVec2(min.x + rounding, min.y), ImVec2(max.x - rounding, max.y), scale));
        rects.push_back(
            insidePixels(ImVec2(min.x, min.y + rounding), ImVec2(max.x, max.y - rounding), scale));
    }
    return rects;
}

render::PixelRect areaOutsidePanels(int framebufferWidth, int framebufferHeight) {
    const std::vector<render::PixelRect> panels = opaquePanelRects();
    return render::uncoveredBounds(framebufferWidth, framebufferHeight, panels);
}

} // namespace bvhscope::viewer
