// A/B compare: two open files with the same joint names, overlaid (B where A stands) or side by
// side, synced by time. B's bones are coloured by how far each joint is from A's (a ramp from
// green to red at 10 % of B's height, with a legend); the joint tree shows the distances; the
// numbers are in the viewer's metres (what is on screen).
#include "app/viewer/panels/analysis_panels.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/text_colors.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace bvhscope::viewer {

namespace {

std::string characterLabel(const std::vector<scene::Character>& characters, std::size_t index) {
    return std::to_string(index + 1) + ": " + characters[index].clip->displayName;
}

std::string nodeName(const bvh::Skeleton& skeleton, bvh::NodeIndex node) {
    return skeleton.names[static_cast<std::size_t>(node)];
}

// A combo of the open files; for B, files sharing too few joint names with A are disabled.
void drawChoice(PanelContext& panel, const char* label, std::size_t& chosen,
                const std::size_t* matchWith) {
    const ViewerState& state = panel.state;
    const std::vector<scene::Character>& characters = state.scene.characters();
    const std::string current =
        chosen < characters.size() ? characterLabel(characters, chosen) : "";
    // The combo takes the row less its label; the file shown in it is elided to fit.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = std::max(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(label).x -
                                     style.ItemInnerSpacing.x,
                                 ImGui::GetFontSize() * 4.0f);
    ImGui::SetNextItemWidth(width);
    const std::string preview =
        elideToWidth(current, width - ImGui::GetFrameHeight() - 2.0f * style.FramePadding.x);
    if (ImGui::BeginCombo(label, preview.c_str())) {
        for (std::size_t c = 0; c < characters.size(); ++c) {
            double fraction = 1.0;
            if (matchWith != nullptr && *matchWith < characters.size()) {
                fraction = bvh::matchNodesByName(characters[*matchWith].clip->document.skeleton,
                                                 characters[c].clip->document.skeleton)
                               .matchedFraction();
            }
            const bool usable = fraction >= kMinMatchedFraction;
            ImGui::BeginDisabled(!usable);
            if (ImGui::Selectable(characterLabel(characters, c).c_str(), c == chosen)) {
                chosen = c;
            }
            ImGui::EndDisabled();
            if (!usable && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
                ImGui::SetTooltip("Only %.0f%% of the joint names match.", 100.0 * fraction);
            }
        }
        ImGui::EndCombo();
    }
    recordItemRect(panel.rects, std::string("compare:") + label);
}

void drawLegend(const CompareView& compare, float scale) {
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = std::min(ImGui::GetContentRegionAvail().x, 260.0f * scale);
    const float height = 10.0f * scale;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    auto color = [&](double fraction) {
        const glm::vec4 ramp = differenceColor(fraction * compare.redAtMetres, compare.redAtMetres);
        return ImGui::ColorConvertFloat4ToU32(ImVec4(ramp.r, ramp.g, ramp.b, 1.0f));
    };
    const float half = width * 0.5f;
    draw->AddRectFilledMultiColor(origin, ImVec2(origin.x + half, origin.y + height), color(0.0),
                                  color(0.5), color(0.5), color(0.0));
    draw->AddRectFilledMultiColor(ImVec2(origin.x + half, origin.y),
                                  ImVec2(origin.x + width, origin.y + height), color(0.5),
                                  color(1.0), color(1.0), color(0.5));
    ImGui::Dummy(ImVec2(width, height));
    // Under the ramp's start, middle and end, each inside the ramp's width.
    const std::string middle = formatMetres(compare.redAtMetres * 0.5);
    const std::string end = ">= " + formatMetres(compare.redAtMetres);
    const float middleWidth = ImGui::CalcTextSize(middle.c_str()).x;
    const float endWidth = ImGui::CalcTextSize(end.c_str()).x;
    const float start = ImGui::GetCursorPosX();
    ImGui::TextDisabled("0");
    if (middleWidth + endWidth + ImGui::CalcTextSize("0").x + 4.0f * scale < width) {
        ImGui::SameLine(start + std::max(half - middleWidth * 0.5f, ImGui::CalcTextSize("0 ").x));
        ImGui::TextDisabled("%s", middle.c_str());
    }
    ImGui::SameLine(start + std::max(width - endWidth, 0.0f));
    ImGui::TextDisabled("%s", end.c_str());
}

} // namespace

void drawCompareSummary(const ViewerState& state, CommandQueue& commands, std::size_t character) {
    const CompareView& compare = state.analysis.compare;
    const std::vector<scene::Character>& characters = state.scene.characters();
    if (!compare.active || (character != compare.a && character != compare.b)) {
        return;
    }
    const bvh::Skeleton& a = characters[compare.a].clip->document.skeleton;
    ImGui::TextWrapped("%s against %s", characterLabel(characters, compare.b).c_str(),
                       characterLabel(characters, compare.a).c_str());
    ImGui::TextWrapped(
        "%zu of %zu joints matched", compare.matching.pairs.size(),
        std::max(a.nodeCount(), characters[compare.b].clip->document.skeleton.nodeCount()));
    if (!compare.matching.unmatchedA.empty() || !compare.matching.unmatchedB.empty()) {
        sameLineIfFits(ImGui::CalcTextSize("(?)").x);
        ImGui::TextDisabled("(?)");
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            std::size_t shown = 0;
            for (const bvh::NodeIndex node : compare.matching.unmatchedA) {
                if (shown++ < 15) {
                    ImGui::Text("only in A: %s", nodeName(a, node).c_str());
                }
            }
            for (const bvh::NodeIndex node : compare.matching.unmatchedB) {
                if (shown++ < 30) {
                    ImGui::Text(
                        "only in B: %s",
                        nodeName(characters[compare.b].clip->document.skeleton, node).c_str());
                }
            }
            ImGui::EndTooltip();
        }
    }
    if (compare.matching.pairs.empty()) {
        return;
    }
    ImGui::TextWrapped("Now: mean %s, max %s (%s)", formatMetres(compare.now.mean).c_str(),
                       formatMetres(compare.now.max).c_str(),
                       nodeName(a, compare.matching.pairs[compare.now.maxPair].first).c_str());
    if (compare.clip) {
        ImGui::TextWrapped("Clip: mean %s, max %s (%s, %.2f s)",
                           formatMetres(compare.clip->meanOfMeans).c_str(),
                           formatMetres(compare.clip->max).c_str(),
                           nodeName(a, compare.matching.pairs[compare.clip->maxPair].first).c_str(),
                           compare.clip->maxTimeSeconds);
        sameLineIfFits(buttonWidth("Go"));
        ImGui::PushID(static_cast<int>(character));
        if (ImGui::SmallButton("Go")) {
            commands.push(command::PauseAt{compare.clip->maxTimeSeconds});
        }
        ImGui::PopID();
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("Clip: once both files are read.");
        ImGui::PopStyleColor();
    }
}

namespace {

// The choices, edited on a copy of the session's: a change goes to the session as SetCompare.
command::SetCompare compareChoices(const CompareView& compare) {
    return {compare.enabled,        compare.a,         compare.b, compare.layout,
            compare.relativeToRoot, compare.alignStart};
}

void drawCompareChoices(PanelContext& panel) {
    const ViewerState& state = panel.state;
    const command::SetCompare before = compareChoices(state.analysis.compare);
    command::SetCompare choices = before;
    ImGui::Checkbox("Compare A with B", &choices.enabled);
    recordItemRect(panel.rects, "compare:enable");
    drawChoice(panel, "A", choices.a, nullptr);
    drawChoice(panel, "B", choices.b, &choices.a);
    if (ImGui::RadioButton("Overlay", choices.layout == CompareLayout::Overlay)) {
        choices.layout = CompareLayout::Overlay;
    }
    recordItemRect(panel.rects, "compare:overlay");
    sameLineIfFits(checkboxWidth("Side by side"));
    if (ImGui::RadioButton("Side by side", choices.layout == CompareLayout::SideBySide)) {
        choices.layout = CompareLayout::SideBySide;
    }
    recordItemRect(panel.rects, "compare:side");
    sameLineIfFits(checkboxWidth("Relative to root"));
    ImGui::Checkbox("Relative to root", &choices.relativeToRoot);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Compare poses only: each figure's root is moved onto the other's.");
    }
    sameLineIfFits(checkboxWidth("Align start"));
    ImGui::Checkbox("Align start", &choices.alignStart);
    recordItemRect(panel.rects, "compare:align-start");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("B turned and moved so that its first frame stands where A's does, "
                          "facing the same way (side by side: turned only)");
    }
    if (choices != before) {
        panel.commands.push(choices);
    }
}

// The panel, from what it may read and change (panel_context.h); whether it stays open (its
// close button).
bool drawCompare(PanelContext panel, float scale) {
    const ViewerState& state = panel.state;
    const std::vector<scene::Character>& characters = state.scene.characters();
    bool open = state.comparePanelOpen;
    if (!open) {
        if (state.analysis.compare.enabled) { // closing the panel ends the comparison
            command::SetCompare ended = compareChoices(state.analysis.compare);
            ended.enabled = false;
            panel.commands.push(ended);
        }
        return false;
    }
    if (characters.size() < 2 ||
        !beginDockedPanel(panel.rects, "Compare", state.layout.compare, 0, &open)) {
        return open;
    }
    drawCompareChoices(panel);
    const CompareView& compare = state.analysis.compare;
    ImGui::Separator();
    if (!compare.enabled) {
        ImGui::TextWrapped("Tick Compare: B's bones show how far each joint is from A's, and the "
                           "joint tree shows the distances.");
    } else if (!compare.active) {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarningTextColor);
        ImGui::TextWrapped("%s", compare.inactiveReason.c_str());
        ImGui::PopStyleColor();
    } else {
        drawCompareSummary(state, panel.commands, compare.a);
        drawLegend(compare, scale);
    }
    ImGui::End();
    return open;
}

} // namespace

// Whether the panel is open is the interface's own state: its close button changes it here.
void drawComparePanel(ViewerState& state, float scale) {
    state.comparePanelOpen = drawCompare(PanelContext::of(state), scale);
}

} // namespace bvhscope::viewer
