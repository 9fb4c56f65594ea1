// The selected joint: its channels' values at the current frame, its local and world
// position (file units and axes), where it is in the viewer (metres, Y up), and what the
// analyses say about it (flips and jitter in its curves, its A/B compare distance).
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/panels/settings_edit.h"

namespace bvhscope::viewer {

namespace {

void drawAnalysisNotes(const ViewerState& state) {
    const scene::Selection& selection = *state.selection;
    const CurveView& curves = state.analysis.curves;
    if (curves.selection == selection && !curves.events.empty()) {
        std::size_t flips = 0;
        for (const bvh::ChannelEvent& event : curves.events) {
            flips += event.kind != bvh::ChannelEventKind::Jitter ? 1 : 0;
        }
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.72f, 0.30f, 1.0f));
        textWrappedAtSpaces("Curves: %zu Euler flips, %zu jitter frames", flips,
                            curves.events.size() - flips);
        ImGui::PopStyleColor();
    }
    const CompareView& compare = state.analysis.compare;
    if (compare.active && (selection.character == compare.a || selection.character == compare.b)) {
        const std::vector<double>& distances =
            selection.character == compare.a ? compare.distanceOfNodeA : compare.distanceOfNodeB;
        const auto node = static_cast<std::size_t>(selection.node);
        if (node < distances.size()) {
            if (distances[node] < 0.0) {
                ImGui::TextWrapped("Compare: no joint of that name in the other file");
            } else {
                textWrappedAtSpaces("Compare: %s from the other file's",
                                    formatMetres(distances[node]).c_str());
            }
        }
    }
}

// Similar: the takes that move like this one, in the Browser when it holds the file, else the
// other files open (listed by drawSimilarList). On the line of Camera follows and Curves, where
// a short panel still shows it.
void drawSimilarButton(PanelContext& panel, std::size_t character) {
    sameLineIfFits(buttonWidth("Similar"));
    if (ImGui::SmallButton("Similar")) {
        // The Browser shows its ranking while it is open.
        panel.commands.push(command::ShowSimilarTakes{character});
    }
    recordItemRect(panel.rects, "selection:similar");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Rank the takes by how alike they move to this one: the Browser's "
                          "folder when it holds this file, else the other files open");
    }
}

// The other files open, nearest first, while the ranking is of this character's clip.
void drawSimilarList(PanelContext& panel, std::size_t character) {
    const SimilarCharacters& similar = panel.state.analysis.similar;
    if (!similar.isFor(panel.state.scene, character)) {
        return;
    }
    if (similar.ranked.empty()) {
        ImGui::TextDisabled("No other file open has motion to compare");
        return;
    }
    ImGui::TextDisabled("Moving most like it:");
    for (std::size_t i = 0; i < similar.ranked.size(); ++i) {
        elidedText(std::to_string(i + 1) + ". " + similar.ranked[i].name);
        recordItemRect(panel.rects, "selection:similar:" + std::to_string(i));
    }
    ImGui::Separator();
}

// The joint's channels and their values at the playback time, in the file's unit `fileUnit`.
void drawChannelValues(PanelContext& panel, const scene::Character& character, std::size_t node,
                       const std::string& fileUnit) {
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const bvh::Motion& motion = character.clip->document.motion;
    const std::uint32_t frame = scene::frameAt(character, panel.state.playback.time());
    const std::span<const bvh::ChannelType> channels =
        skeleton.channelsOf(static_cast<bvh::NodeIndex>(node));
    if (!channels.empty() && ImGui::BeginTable("channels", 2, ImGuiTableFlags_RowBg)) {
        // The names as wide as they are, the values take the rest: "92.473 cm" on one line in
        // a 170-pixel column.
        ImGui::TableSetupColumn("Channel", ImGuiTableColumnFlags_WidthFixed);
        ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        for (std::size_t k = 0; k < channels.size(); ++k) {
            const std::size_t column = skeleton.channelBegin[node] + k;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(skeleton.channelNames[column].c_str());
            ImGui::TableNextColumn();
            if (motion.frameCount > 0) {
                const auto value = static_cast<double>(motion.frame(frame)[column]);
                if (bvh::isRotation(channels[k])) {
                    ImGui::Text("%.3f\u00b0", value);
                } else if (bvh::isPosition(channels[k])) {
                    ImGui::Text("%.3f %s", value, fileUnit.c_str());
                } else {
                    ImGui::Text("%.4f", value);
                }
            } else {
                ImGui::TextDisabled("no frames");
            }
            recordItemRect(panel.rects, "selection:channel:" + std::to_string(k));
        }
        ImGui::EndTable();
    }
}

// The panel, from what it may read and change (panel_context.h).
void drawSelectedJoint(PanelContext panel) {
    const ViewerState& state = panel.state;
    if (!beginDockedPanel(panel.rects, "Selected joint", state.layout.selection)) {
        return;
    }
    const std::vector<scene::Character>& characters = state.scene.characters();
    if (!state.selection || state.selection->character >= characters.size()) {
        ImGui::TextWrapped("Click a joint in the tree or the view.");
        ImGui::End();
        return;
    }
    const scene::Character& character = characters[state.selection->character];
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const auto node = static_cast<std::size_t>(state.selection->node);
    elidedText(skeleton.isEndSite[node] ? std::string_view("End Site") : skeleton.names[node]);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    elidedText(character.clip->displayName, openFileNames(state));
    if (skeleton.parents[node] != bvh::kNoParent) {
        elidedText("parent: " + skeleton.names[static_cast<std::size_t>(skeleton.parents[node])]);
    }
    ImGui::PopStyleColor();
    // Near the top, where a short panel still shows it; the app loop moves the camera target
    // while it is set.
    {
        SettingsEdit edit(state.settings, panel.commands);
        ImGui::Checkbox("Camera follows", &edit.values.followSelection);
    }
    recordItemRect(panel.rects, "selection:follow");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("The camera follows this joint");
    }
    // Curves open only when asked (issue 42): selecting a joint takes no room from the view.
    if (!state.settings.showCurves) {
        sameLineIfFits(buttonWidth("Curves"));
        if (ImGui::SmallButton("Curves")) {
            SettingsEdit edit(state.settings, panel.commands);
            edit.values.showCurves = true;
        }
        recordItemRect(panel.rects, "selection:curves");
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip(
                "This joint's channels over the clip, under the view (View > Curves)");
        }
    }
    drawSimilarButton(panel, state.selection->character);
    drawSimilarList(panel, state.selection->character); // asked for: shown at once, not scrolled to
    // Lengths in the file's own unit where it is known (the values are the file's numbers).
    const std::string fileUnit = character.axes.unit == bvh::LengthUnit::Unknown
                                     ? std::string("file units")
                                     : std::string(bvh::lengthUnitName(character.axes.unit));

    drawChannelValues(panel, character, node, fileUnit);
    // The pose the view shows (not sampled yet on the frame a file arrives: nothing to say).
    if (state.scene.positionsIn(state.pose, state.selection->character) != nullptr) {
        const scene::CharacterPose& pose = state.pose.characters[state.selection->character];
        const glm::dvec3 local = pose.local[node].translation;
        const glm::dvec3 world = pose.world[node].translation;
        const glm::vec3 viewer = pose.viewerPositions[node];
        textWrappedAtSpaces("Local (%s): %.2f, %.2f, %.2f", fileUnit.c_str(), local.x, local.y,
                            local.z);
        textWrappedAtSpaces("World (%s): %.2f, %.2f, %.2f", fileUnit.c_str(), world.x, world.y,
                            world.z);
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        textWrappedAtSpaces("In the view (m, Y up): %.3f, %.3f, %.3f",
                            static_cast<double>(viewer.x), static_cast<double>(viewer.y),
                            static_cast<double>(viewer.z));
        ImGui::PopStyleColor();
    }
    drawAnalysisNotes(state);
    ImGui::End();
}

} // namespace

void drawSelectionPanel(ViewerState& state) {
    drawSelectedJoint(PanelContext::of(state));
}

} // namespace bvhscope::viewer
