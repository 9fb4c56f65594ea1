#include "app/viewer/view_labels.h"

#include "app/viewer/panels/panel_layout.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <imgui.h>
#include <vector>

namespace bvhscope::viewer {

namespace {

// The label's anchor: a little above the highest joint of the current pose.
std::optional<glm::vec3> labelAnchor(const scene::Character& character,
                                     const std::vector<glm::vec3>* positions) {
    if (positions == nullptr || positions->empty()) {
        return std::nullopt;
    }
    glm::vec3 top = positions->front();
    for (const glm::vec3& position : *positions) {
        top = position.y > top.y ? position : top;
    }
    top.y += 0.08f * static_cast<float>(character.axes.figureHeightMetres);
    return top;
}

bool marked(scene::JointMarks marks, const std::optional<scene::Selection>& selection,
            std::size_t character, std::size_t node) {
    return marks == scene::JointMarks::All ||
           (marks == scene::JointMarks::Selection && selection &&
            selection->character == character &&
            selection->node == static_cast<bvh::NodeIndex>(node));
}

// Joint names and local axes (Settings > Appearance), for the selected joint or all of them.
void drawJointMarks(ViewerState& state, ImDrawList* draw) {
    const scene::ViewerSettings& settings = state.settings;
    if (settings.jointNames == scene::JointMarks::Off &&
        settings.jointAxes == scene::JointMarks::Off) {
        return;
    }
    const LayoutRect& view = state.layout.view;
    const glm::vec2 viewSize(view.width, view.height);
    auto toWindow = [&](const glm::vec3& point) -> std::optional<ImVec2> {
        const auto pixel = render::projectToPixel(state.camera, viewSize, point);
        if (!pixel) {
            return std::nullopt;
        }
        return ImVec2(view.x + pixel->x, view.y + pixel->y);
    };
    const ImU32 axisColors[3] = {IM_COL32(235, 70, 60, 255), IM_COL32(90, 210, 90, 255),
                                 IM_COL32(80, 140, 250, 255)};
    const std::vector<scene::Character>& characters = state.scene.characters();
    for (std::size_t c = 0; c < characters.size(); ++c) {
        const scene::Character& character = characters[c];
        const bvh::Skeleton& skeleton = character.clip->document.skeleton;
        const std::vector<glm::vec3>* positions = state.scene.positionsIn(state.pose, c);
        if (!character.appearance.visible || positions == nullptr) {
            continue;
        }
        const scene::CharacterPose& pose = state.pose.characters[c];
        const glm::dmat3 toViewer(character.axes.fileToViewer);
        const float length = 0.08f * static_cast<float>(character.axes.figureHeightMetres);
        for (std::size_t node = 0; node < positions->size(); ++node) {
            const glm::vec3 origin = (*positions)[node];
            const auto at = toWindow(origin);
            if (!at) {
                continue;
            }
            if (marked(settings.jointAxes, state.selection, c, node)) {
                for (int axis = 0; axis < 3; ++axis) {
                    glm::dvec3 unit(0.0);
                    unit[axis] = 1.0;
                    const glm::vec3 direction(
                        glm::normalize(toViewer * (pose.world[node].rotation * unit)));
                    if (const auto end = toWindow(origin + direction * length)) {
                        draw->AddLine(*at, *end, axisColors[axis], 2.0f);
                        state.widgetRects.rects["jointaxis:" + std::to_string(c) + ":" +
                                                skeleton.names[node] + ":" + "XYZ"[axis]] = {
                            std::min(at->x, end->x), std::min(at->y, end->y),
                            std::abs(end->x - at->x), std::abs(end->y - at->y)};
                    }
                }
            }
            if (marked(settings.jointNames, state.selection, c, node) &&
                !skeleton.isEndSite[node]) {
                const char* name = skeleton.names[node].c_str();
                const ImVec2 size = ImGui::CalcTextSize(name);
                const ImVec2 text(std::round(at->x + 6.0f), std::round(at->y - size.y * 0.5f));
                draw->AddRectFilled(ImVec2(text.x - 2.0f, text.y),
                                    ImVec2(text.x + size.x + 2.0f, text.y + size.y),
                                    IM_COL32(0, 0, 0, 120), 2.0f);
                draw->AddText(text, IM_COL32(230, 230, 235, 255), name);
                state.widgetRects.rects["jointname:" + std::to_string(c) + ":" +
                                        skeleton.names[node]] = {text.x, text.y, size.x, size.y};
            }
        }
    }
}

} // namespace

void drawViewLabels(ViewerState& state) {
    const LayoutRect& view = state.layout.view;
    if (view.empty()) {
        return;
    }
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    draw->PushClipRect(ImVec2(view.x, view.y), ImVec2(view.right(), view.bottom()), true);
    drawJointMarks(state, draw);
    if (!state.settings.showFileLabels) {
        draw->PopClipRect();
        return;
    }
    const std::vector<scene::Character>& characters = state.scene.characters();
    std::vector<LayoutRect> placed; // labels drawn so far, padding included
    for (std::size_t i = 0; i < characters.size(); ++i) {
        const scene::Character& character = characters[i];
        const auto anchor = character.appearance.visible
                                ? labelAnchor(character, state.scene.positionsIn(state.pose, i))
                                : std::nullopt;
        if (!anchor) {
            continue;
        }
        const auto pixel =
            render::projectToPixel(state.camera, glm::vec2(view.width, view.height), *anchor);
        if (!pixel) {
            continue; // behind the eye
        }
        // At most a quarter of the view wide: long names are elided in the middle.
        const std::string name = elideToWidth(character.clip->displayName, view.width / 4.0f);
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
        const glm::vec4& color = character.appearance.color;
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
