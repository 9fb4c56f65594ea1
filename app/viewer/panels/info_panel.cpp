// The facts about one file (core/analysis/summary.h, what `bvhscope info` prints) and its warnings
// with line numbers; the analyses' findings (a Frame Time written short or at odds with the motion,
// with a one-click fix; the rest pose disagreeing with the animation), the per-file fps override
// and the A/B compare numbers.
#include "app/viewer/analysis/analysis_panels.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "core/model/diagnostic.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace bvhscope::viewer {

namespace {

const ImVec4 kWarningColor(1.0f, 0.72f, 0.30f, 1.0f);

// [SECTION] Frame rate: the override field and the Frame Time findings
void drawFrameRate(ViewerState& state, std::size_t index) {
    Character& character = state.scene.characters()[index];
    ImGui::TextUnformatted("Play at");
    ImGui::SameLine();
    double framesPerSecond = 1.0 / frameTimeInUse(character);
    // The field takes what "Play at" and its "fps" label leave, up to what a rate needs.
    const float fpsLabel = ImGui::CalcTextSize("fps").x + ImGui::GetStyle().ItemInnerSpacing.x;
    ImGui::SetNextItemWidth(std::clamp(ImGui::GetContentRegionAvail().x - fpsLabel,
                                       ImGui::GetFontSize() * 2.0f, ImGui::GetFontSize() * 8.0f));
    // Applied on Enter: typing "60" must not pass through 6 fps.
    if (ImGui::InputDouble("fps##override", &framesPerSecond, 0.0, 0.0, "%.8g",
                           ImGuiInputTextFlags_EnterReturnsTrue)) {
        applyFramesPerSecondOverride(state.scene, state.playback, index, framesPerSecond);
    }
    recordItemRect(state, "info:fps");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Playback and the timeline use this rate; the file is not changed.\n"
                          "Export writes the file's Frame Time unless told otherwise.");
    }
    if (character.framesPerSecondOverride) {
        sameLineIfFits(buttonWidth("File's rate"));
        if (ImGui::SmallButton("File's rate")) {
            applyFramesPerSecondOverride(state.scene, state.playback, index, std::nullopt);
        }
        recordItemRect(state, "info:fps-reset");
    }

    // The fixes first (the panel is short; they must be in view), the explanations after.
    const bvh::FrameTimeReport& report = character.frameTime;
    if (report.written) {
        const bvh::WrittenCommonRate& written = *report.written;
        const bool inUse = character.framesPerSecondOverride &&
                           *character.framesPerSecondOverride == written.rate.framesPerSecond;
        const std::string label = "Use exactly " + std::string(written.rate.name) + " fps";
        ImGui::BeginDisabled(inUse);
        if (ImGui::SmallButton(label.c_str())) {
            applyFramesPerSecondOverride(state.scene, state.playback, index,
                                         written.rate.framesPerSecond);
        }
        ImGui::EndDisabled();
        recordItemRect(state, "info:fix-written");
    }
    if (report.speed.suspicion) {
        const std::string label =
            "Play at " + std::string(report.speed.suspicion->suggested.name) + " fps";
        if (report.written) {
            sameLineIfFits(buttonWidth(label.c_str()));
        }
        if (ImGui::SmallButton(label.c_str())) {
            applyFramesPerSecondOverride(state.scene, state.playback, index,
                                         report.speed.suspicion->suggested.framesPerSecond);
        }
        recordItemRect(state, "info:fix-speed");
    }
    if (report.speed.suspicion) {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarningColor);
        ImGui::TextWrapped("%s", report.speed.suspicion->message.c_str());
        ImGui::PopStyleColor();
    }
    if (report.written) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", report.written->message.c_str());
        ImGui::PopStyleColor();
    }
}

// [SECTION] Rest pose against the animation
void drawRestAnimationAgreement(const ViewerState& state, const Character& character) {
    const bvh::RestAnimationAgreement& agreement = character.restAnimation;
    if (!agreement.disagrees()) {
        return;
    }
    ImGui::PushStyleColor(ImGuiCol_Text, kWarningColor);
    for (const std::string& message : agreement.messages) {
        ImGui::TextWrapped("%s", message.c_str());
    }
    ImGui::PopStyleColor();
    if (agreement.upDisagrees) {
        ImGui::TextWrapped(state.settings.upAxis == UpAxisChoice::Auto
                               ? "Shown %s up, as the animation stands (Settings > Axes and "
                                 "units overrides it; P shows the rest pose)."
                               : "Shown %s up, as chosen in Settings > Axes and units.",
                           std::string(bvh::upAxisName(character.upAxis)).c_str());
    }
    if (agreement.scaleDisagrees()) {
        ImGui::TextWrapped("Shown as the OFFSETs' unit says; the root may float or sink.");
    }
}

// A fact: its name, and its value wrapped to the column (a narrow column wraps, never cuts).
void row(const char* label, const char* format, auto... values) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", label);
    ImGui::TableNextColumn();
    ImGui::TextWrapped(format, values...);
}

} // namespace

void drawInfoPanel(ViewerState& state) {
    if (!beginDockedPanel(state, "Info", state.layout.info)) {
        return;
    }
    const std::vector<Character>& characters = state.scene.characters();
    if (characters.empty()) {
        ImGui::TextWrapped("No file open. Drop .bvh files on the window.");
        ImGui::End();
        return;
    }
    if (state.infoCharacter >= characters.size()) {
        state.infoCharacter = 0;
    }
    const Character& character = characters[state.infoCharacter];
    const std::size_t index = state.infoCharacter;
    const bvh::DocumentSummary& summary = character.summary;
    if (ImGui::BeginTable("facts", 2)) {
        ImGui::TableSetupColumn("fact", ImGuiTableColumnFlags_WidthFixed);
        ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("File");
        ImGui::TableNextColumn();
        elidedText(character.displayName);
        row("Joints", "%zu (+%zu end sites)", summary.joints, summary.endSites);
        row("Frames", "%u", summary.framesPresent);
        if (summary.framesDeclared && *summary.framesDeclared != summary.framesPresent) {
            row("Declared", "%lld", static_cast<long long>(*summary.framesDeclared));
        }
        if (character.framesPerSecondOverride) {
            row("FPS", "%.8g (override; file %.8g)", *character.framesPerSecondOverride,
                summary.framesPerSecond);
        } else {
            row("FPS", "%.8g%s", summary.framesPerSecond,
                summary.frameTimeAssumed ? " (assumed)" : "");
        }
        row("Duration", "%.3f s", playableDuration(character));
        row("Channels", "%zu", summary.channels);
        row("Translation", "%s (%s)",
            std::string(bvh::translationModeName(character.translation)).c_str(),
            summary.translationRequested == bvh::TranslationMode::Auto ? "detected" : "chosen");
        row("Up axis", "%s%s", std::string(bvh::upAxisName(character.upAxis)).c_str(),
            state.settings.upAxis != UpAxisChoice::Auto ? " (override)"
            : character.restAnimation.upDisagrees       ? " (from the animation)"
                                                        : " (detected)");
        row("Unit", "%s%s", std::string(bvh::lengthUnitName(character.unit)).c_str(),
            state.settings.unit == UnitChoice::Auto ? " (detected)" : " (override)");
        row("Height", "%.2f m%s", character.figureHeightMetres,
            character.unit == bvh::LengthUnit::Unknown ? " (scaled to human height)" : "");
        row("Warnings", "%zu", summary.warnings);
        ImGui::EndTable();
    }
    if (!character.sourcePath.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        elidedText(character.sourcePath);
        ImGui::PopStyleColor();
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("bundled sample (generated walk cycle)");
        ImGui::PopStyleColor();
    }
    drawFrameRate(state, index);
    drawRestAnimationAgreement(state, character);
    if (state.analysis.compare.active &&
        (index == state.analysis.compare.a || index == state.analysis.compare.b) &&
        ImGui::CollapsingHeader("Compare", ImGuiTreeNodeFlags_DefaultOpen)) {
        drawCompareSummary(state, index);
    }
    const std::string shownPath =
        character.sourcePath.empty() ? character.displayName : character.sourcePath;
    if (summary.warnings > 0 &&
        ImGui::CollapsingHeader("Warnings", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (const bvh::Diagnostic& diagnostic : character.document.diagnostics) {
            ImGui::TextWrapped("%s", bvh::formatDiagnostic(shownPath, diagnostic).c_str());
        }
    }
    ImGui::End();
}

} // namespace bvhscope::viewer
