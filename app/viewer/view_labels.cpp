#include "app/viewer/view_labels.h"

#include "app/viewer/panels/panel_layout.h"

#include <algorithm>
#include <cmath>
#include <imgui.h>
#include <vector>

namespace bvhscope::viewer {

namespace {

// The label's anchor: a little above the highest joint of the current pose.
std::optional<glm::vec3> labelAnchor(const Character& character) {
    if (character.viewerPositions.empty()) {
        return std::nullopt;
    }
    glm::vec3 top = character.viewerPositions.front();
    for (const glm::vec3& position : character.viewerPositions) {
        top = position.y > top.y ? position : top;
    }
    top.y += 0.08f * static_cast<float>(character.figureHeightMetres);
    return top;
}

} // namespace

void drawViewLabels(ViewerState& state) {
    const LayoutRect& view = state.layout.view;
    if (!state.settings.showFileLabels || view.empty()) {
        return;
    }
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    draw->PushClipRect(ImVec2(view.x, view.y), ImVec2(view.right(), view.bottom()), true);
    const std::vector<Character>& characters = state.scene.characters();
    std::vector<LayoutRect> placed; // labels drawn so far, padding included
    for (std::size_t i = 0; i < characters.size(); ++i) {
        const Character& character = characters[i];
        const auto anchor = character.visible ? labelAnchor(character) : std::nullopt;
        if (!anchor) {
            continue;
        }
        const auto pixel =
            render::projectToPixel(state.camera, glm::vec2(view.width, view.height), *anchor);
        if (!pixel) {
            continue; // behind the eye
        }
        // At most a quarter of the view wide: long names are elided in the middle.
        const std::string name = elideToWidth(character.displayName, view.width / 4.0f);
        const ImVec2 size = ImGui::CalcTextSize(name.c_str());
        const ImVec2 padding(4.0f, 1.0f);
        ImVec2 at(std::round(view.x + pixel->x - size.x * 0.5f),
                  std::round(view.y + pixel->y - size.y));
        // Figures close together: a label that would cover one placed before goes up a row.
        for (bool moved = true; moved;) {
            moved = false;
            for (const LayoutRect& other : placed) {
                if (at.x - padding.x < other.right() && other.x < at.x + size.x + padding.x &&
                    at.y - padding.y < other.bottom() && other.y < at.y + size.y + padding.y) {
                    at.y = other.y - size.y - 2.0f * padding.y - 1.0f;
                    moved = true;
                }
            }
        }
        // A figure that fills the view keeps its label inside, over its head.
        at.y = std::max(at.y, view.y + padding.y);
        placed.push_back({at.x - padding.x, at.y - padding.y, size.x + 2.0f * padding.x,
                          size.y + 2.0f * padding.y});
        draw->AddRectFilled(ImVec2(at.x - padding.x, at.y - padding.y),
                            ImVec2(at.x + size.x + padding.x, at.y + size.y + padding.y),
                            IM_COL32(0, 0, 0, 140), 3.0f);
        const glm::vec4& color = character.color;
        draw->AddText(at,
                      ImGui::ColorConvertFloat4ToU32(ImVec4(std::min(color.r * 1.15f, 1.0f),
                                                            std::min(color.g * 1.15f, 1.0f),
                                                            std::min(color.b * 1.15f, 1.0f), 1.0f)),
                      name.c_str());
        state.widgetRects.rects["label:" + std::to_string(i)] = {at.x, at.y, size.x, size.y};
    }
    draw->PopClipRect();
}

} // namespace bvhscope::viewer
