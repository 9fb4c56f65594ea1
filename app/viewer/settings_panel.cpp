// Appearance, playback, camera and conversion settings (saved on exit, see settings_store.h).
#include "app/viewer/panel_layout.h"
#include "app/viewer/panels.h"

namespace bvhscope::viewer {

void drawSettingsPanel(ViewerState& state, float scale) {
    placeNextPanel(scale, true, 0.68f, 0.32f);
    if (!ImGui::Begin("Settings")) {
        ImGui::End();
        return;
    }
    recordWindowRect(state, "Settings");
    ViewerSettings& settings = state.settings;
    if (ImGui::CollapsingHeader("Appearance", ImGuiTreeNodeFlags_DefaultOpen)) {
        int style = static_cast<int>(settings.boneStyle);
        if (ImGui::Combo("Bones", &style, "Capsules\0Octahedral\0Lines\0")) {
            settings.boneStyle = static_cast<render::BoneStyle>(style);
        }
        ImGui::SliderFloat("Thickness", &settings.boneThickness, 0.1f, 5.0f, "%.2f",
                           ImGuiSliderFlags_Logarithmic);
        ImGui::Checkbox("Joints", &settings.showJoints);
        ImGui::SameLine();
        ImGui::Checkbox("Grid", &settings.showGrid);
        ImGui::SameLine();
        ImGui::Checkbox("Shadow", &settings.showShadow);
        ImGui::ColorEdit3("Background", &settings.backgroundColor.r, ImGuiColorEditFlags_NoInputs);
        ImGui::SameLine();
        ImGui::ColorEdit3("Selection", &settings.selectionColor.r, ImGuiColorEditFlags_NoInputs);
        ImGui::SliderInt("MSAA samples", &settings.msaaSamples, 0, 8);
    }
    if (ImGui::CollapsingHeader("Axes and units")) {
        int upAxis = static_cast<int>(settings.upAxis);
        if (ImGui::Combo("Up axis", &upAxis, "Auto (rest pose)\0+Y\0+Z\0")) {
            settings.upAxis = static_cast<UpAxisChoice>(upAxis);
            state.axesChanged = true;
        }
        int unit = static_cast<int>(settings.unit);
        if (ImGui::Combo("Unit", &unit, "Auto (rest pose)\0mm\0cm\0m\0inch\0")) {
            settings.unit = static_cast<UnitChoice>(unit);
            state.axesChanged = true;
        }
    }
    if (ImGui::CollapsingHeader("Playback")) {
        ImGui::Checkbox("Play when a file opens", &settings.playOnOpen);
        ImGui::Checkbox("Interpolate between frames", &settings.interpolate);
    }
    if (ImGui::CollapsingHeader("Camera")) {
        ImGui::SliderFloat("Field of view", &settings.fieldOfViewDegrees, 10.0f, 120.0f,
                           "%.0f deg");
        ImGui::SliderFloat("Orbit speed", &settings.orbitSensitivity, 0.1f, 5.0f, "%.2f");
        ImGui::Checkbox("Invert zoom", &settings.invertZoom);
        ImGui::Checkbox("Frame all on load", &settings.frameOnLoad);
        ImGui::Checkbox("Follow selected joint", &settings.followSelection);
        if (ImGui::Button("Frame all (F)")) {
            state.frameAllRequested = true;
        }
        ImGui::SameLine();
        if (ImGui::Button("Reset (R)")) {
            state.resetCameraRequested = true;
        }
    }
    ImGui::End();
}

} // namespace bvhscope::viewer
