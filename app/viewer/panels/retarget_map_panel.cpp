#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/retarget_panels.h"
#include "app/viewer/panels/text_colors.h"
#include "core/platform/utf8_path.h"

#include <imgui.h>
#include <imgui_stdlib.h>
#include <string>

namespace bvhscope::viewer {
namespace {

std::string sourceJointName(const bvh::Skeleton& source, bvh::NodeIndex node) {
    return node == bvh::kNoParent ? std::string("none")
                                  : source.names[static_cast<std::size_t>(node)];
}

// One row's combo: "none", then every joint of the source; a choice pushes SetRetargetSource.
void drawSourceChoice(PanelContext& panel, const RetargetedCharacter& record, std::size_t character,
                      std::size_t row) {
    const bvh::Skeleton& source = record.inputs.source->document.skeleton;
    const bvh::Skeleton& target = record.inputs.target->document.skeleton;
    const bvh::NodeIndex chosen = record.inputs.map.sourceOf[row];
    ImGui::SetNextItemWidth(-FLT_MIN);
    const bool open = ImGui::BeginCombo("##source", sourceJointName(source, chosen).c_str());
    recordItemRect(panel.rects, "retarget:row:" + target.names[row]);
    if (!open) {
        return;
    }
    for (bvh::NodeIndex node = bvh::kNoParent;
         node < static_cast<bvh::NodeIndex>(source.nodeCount()); ++node) {
        if (node != bvh::kNoParent && source.isEndSite[static_cast<std::size_t>(node)] != 0) {
            continue;
        }
        const std::string name = sourceJointName(source, node);
        if (ImGui::Selectable(name.c_str(), node == chosen) && node != chosen) {
            panel.commands.push(
                command::SetRetargetSource{character, static_cast<bvh::NodeIndex>(row), node});
        }
        recordItemRect(panel.rects, "retarget:choice:" + name);
    }
    ImGui::EndCombo();
}

void drawMapTable(PanelContext& panel, const RetargetedCharacter& record, std::size_t character) {
    const bvh::Skeleton& target = record.inputs.target->document.skeleton;
    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY;
    const float footer = 2.0f * ImGui::GetFrameHeightWithSpacing();
    if (!ImGui::BeginTable("##map", 3, flags, ImVec2(0.0f, -footer))) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(record.inputs.target->displayName.c_str(),
                            ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn(record.inputs.source->displayName.c_str(),
                            ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableSetupColumn("role", ImGuiTableColumnFlags_WidthStretch, 0.6f);
    ImGui::TableHeadersRow();
    for (std::size_t row = 0; row < target.nodeCount(); ++row) {
        if (target.isEndSite[row] != 0) {
            continue;
        }
        ImGui::PushID(static_cast<int>(row));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(target.names[row].c_str());
        ImGui::TableNextColumn();
        drawSourceChoice(panel, record, character, row);
        ImGui::TableNextColumn();
        const bool matched = record.inputs.map.sourceOf[row] != bvh::kNoParent;
        ImGui::TextDisabled("%s", matched ? record.inputs.map.why[row].c_str() : "rest rotation");
        ImGui::PopID();
    }
    ImGui::EndTable();
}

// Where "Save map" writes when nothing was typed: beside the target, "SOURCE onto TARGET.map".
std::string defaultMapPath(const RetargetedCharacter& record, const scene::Clip& shown) {
    const std::string& beside = record.inputs.target->sourcePath;
    const std::filesystem::path name = bvh::pathFromUtf8(shown.displayName).stem();
    const std::filesystem::path folder =
        beside.empty() ? std::filesystem::path() : bvh::pathFromUtf8(beside).parent_path();
    return bvh::utf8FromPath(folder / name) + ".map";
}

// `form`: the panel's own, given mutably apart from the state it reads.
void drawSaveRow(PanelContext& panel, UiState::RetargetMapForm& form,
                 const RetargetedCharacter& record, std::size_t character) {
    if (form.record != record.id) {
        form = {record.id, defaultMapPath(record, *panel.state.scene.characters()[character].clip)};
    }
    const float buttonWidth = ImGui::CalcTextSize("Save map").x +
                              2.0f * ImGui::GetStyle().FramePadding.x +
                              ImGui::GetStyle().ItemSpacing.x;
    ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x - buttonWidth, 1.0f));
    ImGui::InputText("##mappath", &form.path);
    recordItemRect(panel.rects, "retarget:path");
    ImGui::SameLine();
    if (ImGui::Button("Save map")) {
        panel.commands.push(command::SaveRetargetMap{character, form.path});
    }
    recordItemRect(panel.rects, "retarget:save");
}

} // namespace

void drawRetargetOntoMenu(const PanelContext& panel, std::size_t source) {
    const std::vector<scene::Character>& characters = panel.state.scene.characters();
    const bool open = ImGui::BeginMenu("Retarget onto", characters.size() >= 2);
    recordItemRect(panel.rects, "files:retarget-onto:" + std::to_string(source));
    if (!open) {
        return;
    }
    for (std::size_t target = 0; target < characters.size(); ++target) {
        if (target == source) {
            continue;
        }
        const scene::Character& skeleton = characters[target];
        const std::string label = skeleton.clip->displayName + "##" + std::to_string(target);
        if (ImGui::MenuItem(label.c_str(), nullptr, false,
                            !skeleton.loading() && !skeleton.isLive())) {
            panel.commands.push(command::Retarget{source, target});
        }
        recordItemRect(panel.rects,
                       "files:retarget:" + std::to_string(source) + ":" + std::to_string(target));
    }
    ImGui::EndMenu();
}

namespace {

void drawRetargetMap(PanelContext panel, UiState::RetargetMapForm& form, float scale) {
    const ViewerState& state = panel.state;
    const std::vector<scene::Character>& characters = state.scene.characters();
    const std::size_t character = state.infoCharacter;
    const RetargetedCharacter* record =
        character < characters.size() ? state.retargeting.find(characters[character].clip.get())
                                      : nullptr;
    if (record == nullptr) {
        return;
    }
    const LayoutRect& view = state.layout.view;
    // First shown in the view's lower right corner, over the floor more than the figures.
    const ImVec2 size(std::min(420.0f * scale, view.width * 0.5f),
                      std::min(300.0f * scale, view.height * 0.45f));
    ImGui::SetNextWindowPos(
        ImVec2(view.right() - size.x - 8.0f * scale, view.bottom() - size.y - 8.0f * scale),
        ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(size, ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Retarget map", nullptr, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    recordWindowRect(panel.rects, "retarget");
    ImGui::TextWrapped("%s: each joint of %s and the joint of %s that drives it.",
                       characters[character].clip->displayName.c_str(),
                       record->inputs.target->displayName.c_str(),
                       record->inputs.source->displayName.c_str());
    if (record->inputs.map.sourceOf != record->shownMap.sourceOf) {
        ImGui::TextColored(kWarningTextColor, "Retargeting with the edited map...");
    }
    drawMapTable(panel, *record, character);
    drawSaveRow(panel, form, *record, character);
    ImGui::End();
}

} // namespace

void drawRetargetMapPanel(ViewerState& state, float scale) {
    drawRetargetMap(PanelContext::of(state), state.retargetMapForm, scale);
}

} // namespace bvhscope::viewer
