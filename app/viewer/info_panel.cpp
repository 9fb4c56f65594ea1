// The facts about one file (core/summary.h, what `bvhscope info` prints) and its warnings with
// line numbers.
#include "app/viewer/panel_layout.h"
#include "app/viewer/panels.h"
#include "core/diagnostic.h"

namespace bvhscope::viewer {

namespace {

void row(const char* label, const char* format, auto... values) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", label);
    ImGui::TableNextColumn();
    ImGui::Text(format, values...);
}

} // namespace

void drawInfoPanel(ViewerState& state, float scale) {
    placeNextPanel(scale, true, 0.0f, 0.40f);
    if (!ImGui::Begin("Info")) {
        ImGui::End();
        return;
    }
    recordWindowRect(state, "Info");
    const std::vector<Character>& characters = state.scene.characters();
    if (characters.empty()) {
        ImGui::TextDisabled("No file open. Drop .bvh files on the window.");
        ImGui::End();
        return;
    }
    if (state.infoCharacter >= characters.size()) {
        state.infoCharacter = 0;
    }
    const Character& character = characters[state.infoCharacter];
    const bvh::DocumentSummary& summary = character.summary;
    if (ImGui::BeginTable("facts", 2, ImGuiTableFlags_SizingFixedFit)) {
        row("File", "%s", character.displayName.c_str());
        row("Joints", "%zu (+%zu end sites)", summary.joints, summary.endSites);
        row("Frames", "%u", summary.framesPresent);
        if (summary.framesDeclared && *summary.framesDeclared != summary.framesPresent) {
            row("Declared", "%lld", static_cast<long long>(*summary.framesDeclared));
        }
        row("FPS", "%.2f%s", summary.framesPerSecond, summary.frameTimeAssumed ? " (assumed)" : "");
        row("Duration", "%.3f s", summary.durationSeconds);
        row("Channels", "%zu", summary.channels);
        row("Translation", "%s (%s)",
            std::string(bvh::translationModeName(character.translation)).c_str(),
            summary.translationRequested == bvh::TranslationMode::Auto ? "detected" : "chosen");
        row("Up axis", "%s%s", std::string(bvh::upAxisName(character.upAxis)).c_str(),
            state.settings.upAxis == UpAxisChoice::Auto ? " (detected)" : " (override)");
        row("Unit", "%s%s", std::string(bvh::lengthUnitName(character.unit)).c_str(),
            state.settings.unit == UnitChoice::Auto ? " (detected)" : " (override)");
        row("Height", "%.2f m%s", character.figureHeightMetres,
            character.unit == bvh::LengthUnit::Unknown ? " (scaled to human height)" : "");
        row("Warnings", "%zu", summary.warnings);
        ImGui::EndTable();
    }
    if (!character.sourcePath.empty()) {
        ImGui::TextDisabled("%s", character.sourcePath.c_str());
    } else {
        ImGui::TextDisabled("bundled sample (generated walk cycle)");
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
