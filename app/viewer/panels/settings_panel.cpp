// Appearance, playback, camera and conversion settings (saved on exit, see settings_store.h).
// Every widget edits a copy of the settings (settings_edit.h) over its option's range in the
// options table (app/options/option_table.h), with the option's help as its tooltip.
#include "app/options/option_table.h"
#include "app/pictures/scene_drawing.h"
#include "app/scene/overlays.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/panels/settings_edit.h"

#include <algorithm>
#include <string>

namespace bvhscope::viewer {

namespace {

// [SECTION] Widgets over the options table

void optionTooltip(const options::Option& option) {
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%.*s", static_cast<int>(option.help.size()), option.help.data());
    }
}

// A slider over the option's whole range.
void optionSlider(const char* id, const options::Option& option, float& value, const char* format,
                  ImGuiSliderFlags flags = ImGuiSliderFlags_None) {
    ImGui::SliderFloat(id, &value, static_cast<float>(*option.minimum),
                       static_cast<float>(*option.maximum), format, flags);
    optionTooltip(option);
}

void optionSlider(const char* id, const options::Option& option, int& value, const char* format,
                  ImGuiSliderFlags flags = ImGuiSliderFlags_None) {
    ImGui::SliderInt(id, &value, static_cast<int>(*option.minimum),
                     static_cast<int>(*option.maximum), format, flags);
    optionTooltip(option);
}

void optionCheckbox(const char* label, const options::Option& option, bool& value) {
    ImGui::Checkbox(label, &value);
    optionTooltip(option);
}

// [SECTION] Sections

// The contact statistics of the character the info panel shows, as the session analysed them
// (keepShownFootContacts in session.cpp) with the settings in force: an edit shows from the next
// frame.
void drawContactStatistics(const ViewerState& state) {
    const scene::ViewerSettings& settings = state.settings;
    const std::vector<scene::Character>& characters = state.scene.characters();
    if (!settings.showFootContacts || state.infoCharacter >= characters.size()) {
        return;
    }
    const scene::Character& character = characters[state.infoCharacter];
    const scene::CharacterFootContacts* contacts = state.overlays.keptFootContacts(
        character, scene::overlayOptions(settings).contactThresholds);
    if (contacts == nullptr) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s: no feet found or no frames", character.clip->displayName.c_str());
        ImGui::PopStyleColor();
        return;
    }
    const double frames = std::max<double>(contacts->analysis.frameCount, 1);
    for (const bvh::FootContactTrack& track : contacts->analysis.feet) {
        ImGui::TextWrapped(
            "%s: %.0f%% contact, %u sliding",
            character.clip->document.skeleton.names[static_cast<std::size_t>(track.node)].c_str(),
            100.0 * track.contactFrames / frames, track.slidingFrames);
    }
}

// Trails, ghosts and foot contacts (overlays.h).
void drawOverlaySettings(const ViewerState& state, scene::ViewerSettings& settings) {
    if (!ImGui::CollapsingHeader("Overlays")) {
        return;
    }
    ImGui::PushID("Overlays");
    // Sliders carry their meaning in their text and span the panel: the panel is narrow, and a
    // label beside a slider would be cut.
    const auto fullWidth = [] { ImGui::SetNextItemWidth(-FLT_MIN); };
    optionCheckbox("Trail", options::kShowTrails, settings.showTrails);
    fullWidth();
    optionSlider("##trailFrames", options::kTrailFrames, settings.trailFrames, "+/- %d frames",
                 ImGuiSliderFlags_Logarithmic);
    optionCheckbox("Ghosts", options::kShowGhosts, settings.showGhosts);
    fullWidth();
    optionSlider("##ghostCount", options::kGhostCount, settings.ghostCount, "%d either side");
    fullWidth();
    optionSlider("##ghostStep", options::kGhostStep, settings.ghostStep, "every %d frames",
                 ImGuiSliderFlags_Logarithmic);
    fullWidth();
    optionSlider("##ghostOpacity", options::kGhostOpacity, settings.ghostOpacity, "opacity %.2f");
    optionCheckbox("Foot contacts", options::kShowFootContacts, settings.showFootContacts);
    sameLineIfFits(ImGui::CalcTextSize("contact").x);
    ImGui::TextColored(
        ImVec4(scene::kContactColor.r, scene::kContactColor.g, scene::kContactColor.b, 1.0f),
        "contact");
    sameLineIfFits(ImGui::CalcTextSize("slide").x);
    ImGui::TextColored(
        ImVec4(scene::kSlideColor.r, scene::kSlideColor.g, scene::kSlideColor.b, 1.0f), "slide");
    labelAbove("Slides above (heights/s)");
    optionSlider("##slideSpeed", options::kFootSlideSpeed, settings.footSlideSpeed, "%.3f",
                 ImGuiSliderFlags_Logarithmic);
    drawContactStatistics(state);
    ImGui::PopID();
}

// Capsules, Octahedral, Lines or Body (a surface built from the skeleton; capsules until it is
// built). Each choice's rectangle is recorded ("settings:bones", "settings:bones:body"...) for
// the GUI tests.
void drawBoneStyleCombo(WidgetRects& rects, render::BoneStyle& current) {
    using render::BoneStyle;
    const struct {
        BoneStyle style;
        const char* label;
        const char* rect;
    } kChoices[] = {{BoneStyle::Capsule, "Capsules", "settings:bones:capsules"},
                    {BoneStyle::Octahedral, "Octahedral", "settings:bones:octahedral"},
                    {BoneStyle::Line, "Lines", "settings:bones:lines"},
                    {BoneStyle::Body, "Body", "settings:bones:body"}};
    const char* preview = kChoices[0].label;
    for (const auto& choice : kChoices) {
        if (choice.style == current) {
            preview = choice.label;
        }
    }
    const bool open = ImGui::BeginCombo("##bones", preview);
    recordItemRect(rects, "settings:bones");
    if (!open) {
        return;
    }
    for (const auto& choice : kChoices) {
        if (ImGui::Selectable(choice.label, choice.style == current)) {
            current = choice.style;
        }
        recordItemRect(rects, choice.rect);
    }
    ImGui::EndCombo();
}

// Off, the selected joint or all joints, for joint names or axes.
void jointMarksCombo(const char* label, const char* id, const options::Option& option,
                     scene::JointMarks& marks) {
    constexpr const char* kJointMarks = "Off\0Selected joint\0All joints\0";
    int chosen = static_cast<int>(marks);
    labelAbove(label);
    if (ImGui::Combo(id, &chosen, kJointMarks)) {
        marks = static_cast<scene::JointMarks>(chosen);
    }
    optionTooltip(option);
}

// Checkboxes for what is drawn, several to a row where they fit.
void drawShownThings(WidgetRects& rects, scene::ViewerSettings& settings) {
    optionCheckbox("Joints", options::kShowJoints, settings.showJoints);
    sameLineIfFits(checkboxWidth("Grid"));
    optionCheckbox("Grid", options::kShowGrid, settings.showGrid);
    sameLineIfFits(checkboxWidth("Shadow"));
    optionCheckbox("Shadow", options::kShowShadow, settings.showShadow);
    sameLineIfFits(checkboxWidth("File names"));
    ImGui::Checkbox("File names", &settings.showFileLabels);
    recordItemRect(rects, "settings:file-names");
    optionTooltip(options::kShowFileLabels);
}

void drawAppearanceSettings(PanelContext& panel, scene::ViewerSettings& settings) {
    if (!ImGui::CollapsingHeader("Appearance", ImGuiTreeNodeFlags_DefaultOpen)) {
        return;
    }
    labelAbove("Bones");
    drawBoneStyleCombo(panel.rects, settings.boneStyle);
    if (panel.state.bonesOverMeshBudget) {
        ImGui::TextWrapped("Over %zu bones on screen: drawn as lines, without joints or shadows.",
                           pictures::kMeshBoneBudget);
    }
    labelAbove("Thickness");
    optionSlider("##thickness", options::kBoneThickness, settings.boneThickness, "%.2fx",
                 ImGuiSliderFlags_Logarithmic);
    drawShownThings(panel.rects, settings);
    jointMarksCombo("Joint names in the view", "##jointNames", options::kJointNames,
                    settings.jointNames);
    jointMarksCombo("Joint axes (X red, Y green, Z blue)", "##jointAxes", options::kJointAxes,
                    settings.jointAxes);
    optionCheckbox("Hide static links", options::kStaticRootLinksHidden,
                   settings.hideStaticRootLinks);
    ImGui::ColorEdit3("Background", &settings.backgroundColor.r, ImGuiColorEditFlags_NoInputs);
    sameLineIfFits(checkboxWidth("Selection"));
    ImGui::ColorEdit3("Selection", &settings.selectionColor.r, ImGuiColorEditFlags_NoInputs);
    // Below the table's range, kAutomaticMsaaSamples: 4 on a GPU, none on a software renderer
    // (render/math/renderer_info.h).
    const std::string automatic = panel.state.automaticMsaaSamples > 0
                                      ? "auto: " + std::to_string(panel.state.automaticMsaaSamples)
                                      : std::string("auto: off");
    labelAbove("MSAA samples");
    ImGui::SliderInt("##msaa", &settings.msaaSamples, scene::kAutomaticMsaaSamples,
                     static_cast<int>(*options::kMsaaSamples.maximum),
                     settings.msaaSamples == scene::kAutomaticMsaaSamples ? automatic.c_str()
                                                                          : "%d");
    optionTooltip(options::kMsaaSamples);
}

// The default for files opened from now on; each open file keeps its own (Info panel). The
// session changes the open files as command::SetDefaultAxes does.
void drawAxesSettings(scene::ViewerSettings& settings) {
    if (!ImGui::CollapsingHeader("Axes and units")) {
        return;
    }
    int upAxis = static_cast<int>(settings.upAxis);
    labelAbove("Up axis of new files");
    if (ImGui::Combo("##upAxis", &upAxis, "Auto (from the motion)\0+Y\0+Z\0-Y\0-Z\0+X\0-X\0")) {
        settings.upAxis = static_cast<scene::UpAxisChoice>(upAxis);
    }
    optionTooltip(options::kUpAxis);
    int unit = static_cast<int>(settings.unit);
    labelAbove("Unit");
    if (ImGui::Combo("##unit", &unit, "Auto (rest pose)\0mm\0cm\0m\0inch\0")) {
        settings.unit = static_cast<scene::UnitChoice>(unit);
    }
    optionTooltip(options::kUnit);
}

void drawPlaybackSettings(scene::ViewerSettings& settings) {
    if (!ImGui::CollapsingHeader("Playback")) {
        return;
    }
    optionCheckbox("Play on open", options::kPlayOnOpen, settings.playOnOpen);
    optionCheckbox("Interpolate", options::kInterpolate, settings.interpolate);
    labelAbove("Live window");
    optionSlider("##livewindow", options::kLiveWindowSeconds, settings.liveWindowSeconds, "%.0f s",
                 ImGuiSliderFlags_Logarithmic);
}

void drawCameraSettings(CommandQueue& commands, scene::ViewerSettings& settings) {
    if (!ImGui::CollapsingHeader("Camera")) {
        return;
    }
    labelAbove("Field of view");
    optionSlider("##fov", options::kFieldOfView, settings.fieldOfViewDegrees, "%.0f deg");
    labelAbove("Orbit speed");
    optionSlider("##orbit", options::kOrbitSensitivity, settings.orbitSensitivity, "%.2fx");
    optionCheckbox("Invert zoom", options::kInvertZoom, settings.invertZoom);
    optionCheckbox("Frame on load", options::kFrameOnLoad, settings.frameOnLoad);
    optionCheckbox("Follow selection", options::kFollowSelection, settings.followSelection);
    if (ImGui::Button("Frame figure (F)")) {
        commands.push(command::FrameFigures{});
    }
    sameLineIfFits(buttonWidth("Whole clip (A)"));
    if (ImGui::Button("Whole clip (A)")) {
        commands.push(command::FrameClip{});
    }
    sameLineIfFits(buttonWidth("Reset (R)"));
    if (ImGui::Button("Reset (R)")) {
        commands.push(command::ResetCamera{});
    }
}

} // namespace

void drawSettingsPanel(PanelContext panel) {
    if (!beginDockedPanel(panel.rects, "Settings", panel.state.layout.settings)) {
        return;
    }
    SettingsEdit edit(panel.state.settings, panel.commands);
    drawAppearanceSettings(panel, edit.values);
    drawOverlaySettings(panel.state, edit.values);
    drawAxesSettings(edit.values);
    drawPlaybackSettings(edit.values);
    drawCameraSettings(panel.commands, edit.values);
    ImGui::End();
}

} // namespace bvhscope::viewer
