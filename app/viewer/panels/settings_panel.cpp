// Appearance, playback, camera and conversion settings (saved on exit, see settings_store.h).
#include "app/pictures/scene_drawing.h"
#include "app/scene/overlays.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"

#include <algorithm>
#include <string>

namespace bvhscope::viewer {

namespace {

// Trails, ghosts and foot contacts (overlays.h), with the contact statistics of the character
// the info panel shows.
void drawOverlaySettings(ViewerState& state) {
    if (!ImGui::CollapsingHeader("Overlays")) {
        return;
    }
    ViewerSettings& settings = state.settings;
    ImGui::PushID("Overlays");
    // Sliders carry their meaning in their text and span the panel: the panel is narrow, and a
    // label beside a slider would be cut.
    const auto fullWidth = [] { ImGui::SetNextItemWidth(-FLT_MIN); };
    ImGui::Checkbox("Trail", &settings.showTrails);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("The path of the selected joint, or of each root when none is selected");
    }
    fullWidth();
    ImGui::SliderInt("##trailFrames", &settings.trailFrames, 1, 600, "+/- %d frames",
                     ImGuiSliderFlags_Logarithmic);
    ImGui::Checkbox("Ghosts", &settings.showGhosts);
    fullWidth();
    ImGui::SliderInt("##ghostCount", &settings.ghostCount, 1, 20, "%d either side");
    fullWidth();
    ImGui::SliderInt("##ghostStep", &settings.ghostStep, 1, 120, "every %d frames",
                     ImGuiSliderFlags_Logarithmic);
    fullWidth();
    ImGui::SliderFloat("##ghostOpacity", &settings.ghostOpacity, 0.05f, 1.0f, "opacity %.2f");
    ImGui::Checkbox("Foot contacts", &settings.showFootContacts);
    sameLineIfFits(ImGui::CalcTextSize("contact").x);
    ImGui::TextColored(ImVec4(kContactColor.r, kContactColor.g, kContactColor.b, 1.0f), "contact");
    sameLineIfFits(ImGui::CalcTextSize("slide").x);
    ImGui::TextColored(ImVec4(kSlideColor.r, kSlideColor.g, kSlideColor.b, 1.0f), "slide");
    labelAbove("Slides above (heights/s)");
    ImGui::SliderFloat("##slideSpeed", &settings.footSlideSpeed, 0.005f, 1.0f, "%.3f",
                       ImGuiSliderFlags_Logarithmic);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("A foot in contact slides when it moves along the ground faster than "
                          "this many figure heights per second (0.1 = 17 cm/s for 1.7 m)");
    }
    const std::vector<Character>& characters = state.scene.characters();
    if (settings.showFootContacts && state.infoCharacter < characters.size()) {
        const Character& character = characters[state.infoCharacter];
        const CharacterFootContacts* contacts =
            state.overlays.footContacts(character, overlayOptions(settings).contactThresholds);
        if (contacts == nullptr) {
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            ImGui::TextWrapped("%s: no feet found or no frames",
                               character.clip->displayName.c_str());
            ImGui::PopStyleColor();
        } else {
            const double frames = std::max<double>(contacts->analysis.frameCount, 1);
            for (const bvh::FootContactTrack& track : contacts->analysis.feet) {
                ImGui::TextWrapped(
                    "%s: %.0f%% contact, %u sliding",
                    character.clip->document.skeleton.names[static_cast<std::size_t>(track.node)]
                        .c_str(),
                    100.0 * track.contactFrames / frames, track.slidingFrames);
            }
        }
    }
    ImGui::PopID();
}

// Capsules, Octahedral, Lines or Body (a surface built from the skeleton; capsules until it is
// built). Each choice's rectangle is recorded ("settings:bones", "settings:bones:body"...) for
// the GUI tests.
void drawBoneStyleCombo(ViewerState& state) {
    using render::BoneStyle;
    const struct {
        BoneStyle style;
        const char* label;
        const char* rect;
    } kChoices[] = {{BoneStyle::Capsule, "Capsules", "settings:bones:capsules"},
                    {BoneStyle::Octahedral, "Octahedral", "settings:bones:octahedral"},
                    {BoneStyle::Line, "Lines", "settings:bones:lines"},
                    {BoneStyle::Body, "Body", "settings:bones:body"}};
    BoneStyle& current = state.settings.boneStyle;
    const char* preview = kChoices[0].label;
    for (const auto& choice : kChoices) {
        if (choice.style == current) {
            preview = choice.label;
        }
    }
    const bool open = ImGui::BeginCombo("##bones", preview);
    recordItemRect(state, "settings:bones");
    if (!open) {
        return;
    }
    for (const auto& choice : kChoices) {
        if (ImGui::Selectable(choice.label, choice.style == current)) {
            current = choice.style;
        }
        recordItemRect(state, choice.rect);
    }
    ImGui::EndCombo();
}

} // namespace

void drawSettingsPanel(ViewerState& state) {
    if (!beginDockedPanel(state, "Settings", state.layout.settings)) {
        return;
    }
    ViewerSettings& settings = state.settings;
    if (ImGui::CollapsingHeader("Appearance", ImGuiTreeNodeFlags_DefaultOpen)) {
        labelAbove("Bones");
        drawBoneStyleCombo(state);
        if (state.bonesOverMeshBudget) {
            ImGui::TextWrapped(
                "Over %zu bones on screen: drawn as lines, without joints or shadows.",
                kMeshBoneBudget);
        }
        labelAbove("Thickness");
        ImGui::SliderFloat("##thickness", &settings.boneThickness, 0.1f, 5.0f, "%.2fx",
                           ImGuiSliderFlags_Logarithmic);
        ImGui::Checkbox("Joints", &settings.showJoints);
        sameLineIfFits(checkboxWidth("Grid"));
        ImGui::Checkbox("Grid", &settings.showGrid);
        sameLineIfFits(checkboxWidth("Shadow"));
        ImGui::Checkbox("Shadow", &settings.showShadow);
        sameLineIfFits(checkboxWidth("File names"));
        ImGui::Checkbox("File names", &settings.showFileLabels);
        recordItemRect(state, "settings:file-names");
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Each figure's file name above it in the view");
        }
        constexpr const char* kJointMarks = "Off\0Selected joint\0All joints\0";
        int names = static_cast<int>(settings.jointNames);
        labelAbove("Joint names in the view");
        if (ImGui::Combo("##jointNames", &names, kJointMarks)) {
            settings.jointNames = static_cast<JointMarks>(names);
        }
        int axes = static_cast<int>(settings.jointAxes);
        labelAbove("Joint axes (X red, Y green, Z blue)");
        if (ImGui::Combo("##jointAxes", &axes, kJointMarks)) {
            settings.jointAxes = static_cast<JointMarks>(axes);
        }
        ImGui::Checkbox("Hide static links", &settings.hideStaticRootLinks);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("A root that never moves (at the origin, above the moving hips) is "
                              "linked to the body by a thin dashed line; hide it instead.");
        }
        ImGui::ColorEdit3("Background", &settings.backgroundColor.r, ImGuiColorEditFlags_NoInputs);
        sameLineIfFits(checkboxWidth("Selection"));
        ImGui::ColorEdit3("Selection", &settings.selectionColor.r, ImGuiColorEditFlags_NoInputs);
        // -1 is automatic: 4 on a GPU, none on a software renderer (render/math/renderer_info.h).
        const std::string automatic = state.automaticMsaaSamples > 0
                                          ? "auto: " + std::to_string(state.automaticMsaaSamples)
                                          : std::string("auto: off");
        labelAbove("MSAA samples");
        ImGui::SliderInt("##msaa", &settings.msaaSamples, kAutomaticMsaaSamples, 8,
                         settings.msaaSamples == kAutomaticMsaaSamples ? automatic.c_str() : "%d");
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("auto: 4 samples on a GPU, none on a software renderer");
        }
    }
    drawOverlaySettings(state);
    if (ImGui::CollapsingHeader("Axes and units")) {
        // The default for files opened from now on; each open file keeps its own (Info panel).
        int upAxis = static_cast<int>(settings.upAxis);
        labelAbove("Up axis of new files");
        if (ImGui::Combo("##upAxis", &upAxis, "Auto (from the motion)\0+Y\0+Z\0-Y\0-Z\0+X\0-X\0")) {
            state.commands.push(
                command::SetDefaultAxes{static_cast<UpAxisChoice>(upAxis), settings.unit});
        }
        int unit = static_cast<int>(settings.unit);
        labelAbove("Unit");
        if (ImGui::Combo("##unit", &unit, "Auto (rest pose)\0mm\0cm\0m\0inch\0")) {
            state.commands.push(
                command::SetDefaultAxes{settings.upAxis, static_cast<UnitChoice>(unit)});
        }
    }
    if (ImGui::CollapsingHeader("Playback")) {
        ImGui::Checkbox("Play on open", &settings.playOnOpen);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Start playing when a file opens");
        }
        ImGui::Checkbox("Interpolate", &settings.interpolate);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Blend between frames when the time falls between two");
        }
        labelAbove("Live window");
        ImGui::SliderFloat("##livewindow", &settings.liveWindowSeconds, 5.0f, 1800.0f, "%.0f s",
                           ImGuiSliderFlags_Logarithmic);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Seconds of a live stream kept in memory to scrub back (streams "
                              "connected from now on); Record keeps every frame on disk");
        }
    }
    if (ImGui::CollapsingHeader("Camera")) {
        labelAbove("Field of view");
        ImGui::SliderFloat("##fov", &settings.fieldOfViewDegrees, 10.0f, 120.0f, "%.0f deg");
        labelAbove("Orbit speed");
        ImGui::SliderFloat("##orbit", &settings.orbitSensitivity, 0.1f, 5.0f, "%.2fx");
        ImGui::Checkbox("Invert zoom", &settings.invertZoom);
        ImGui::Checkbox("Frame on load", &settings.frameOnLoad);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Frame the figure as it stands when a file opens");
        }
        ImGui::Checkbox("Follow selection", &settings.followSelection);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Keep the selected joint in view as it moves");
        }
        if (ImGui::Button("Frame figure (F)")) {
            state.commands.push(command::FrameFigures{});
        }
        sameLineIfFits(buttonWidth("Whole clip (A)"));
        if (ImGui::Button("Whole clip (A)")) {
            state.commands.push(command::FrameClip{});
        }
        sameLineIfFits(buttonWidth("Reset (R)"));
        if (ImGui::Button("Reset (R)")) {
            state.commands.push(command::ResetCamera{});
        }
    }
    ImGui::End();
}

} // namespace bvhscope::viewer
