// The facts about one file (core/analysis/summary.h, what `bvhscope info` prints) and its warnings
// with line numbers; the analyses' findings (a Frame Time written short or at odds with the motion,
// with a one-click fix; the rest pose disagreeing with the animation), the per-file fps override
// and the A/B compare numbers.
#include "app/viewer/panels/analysis_panels.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/panels/text_colors.h"
#include "core/model/diagnostic.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace bvhscope::viewer {

namespace {

// [SECTION] Frame rate: the override field and the Frame Time findings
void drawFrameRate(PanelContext& panel, std::size_t index) {
    const ViewerState& state = panel.state;
    const scene::Character& character = state.scene.characters()[index];
    ImGui::TextUnformatted("Play at");
    ImGui::SameLine();
    double framesPerSecond = 1.0 / scene::frameTimeInUse(character);
    // The field takes what "Play at" and its "fps" label leave, up to what a rate needs.
    const float fpsLabel = ImGui::CalcTextSize("fps").x + ImGui::GetStyle().ItemInnerSpacing.x;
    ImGui::SetNextItemWidth(std::clamp(ImGui::GetContentRegionAvail().x - fpsLabel,
                                       ImGui::GetFontSize() * 2.0f, ImGui::GetFontSize() * 8.0f));
    // Applied on Enter: typing "60" must not pass through 6 fps.
    if (ImGui::InputDouble("fps##override", &framesPerSecond, 0.0, 0.0, "%.8g",
                           ImGuiInputTextFlags_EnterReturnsTrue)) {
        panel.commands.push(command::SetFramesPerSecond{index, framesPerSecond});
    }
    recordItemRect(panel.rects, "info:fps");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Playback and the timeline use this rate; the file is not changed.\n"
                          "Export writes the file's Frame Time unless told otherwise.");
    }
    if (character.playRate.framesPerSecondOverride) {
        sameLineIfFits(buttonWidth("File's rate"));
        if (ImGui::SmallButton("File's rate")) {
            panel.commands.push(command::SetFramesPerSecond{index, std::nullopt});
        }
        recordItemRect(panel.rects, "info:fps-reset");
    }

    // The fixes first (the panel is short; they must be in view), the explanations after.
    const bvh::FrameTimeReport& report = character.clip->frameTime();
    if (report.written) {
        const bvh::WrittenCommonRate& written = *report.written;
        const bool inUse =
            character.playRate.framesPerSecondOverride &&
            *character.playRate.framesPerSecondOverride == written.rate.framesPerSecond;
        const std::string label = "Use exactly " + std::string(written.rate.name) + " fps";
        ImGui::BeginDisabled(inUse);
        if (ImGui::SmallButton(label.c_str())) {
            panel.commands.push(command::SetFramesPerSecond{index, written.rate.framesPerSecond});
        }
        ImGui::EndDisabled();
        recordItemRect(panel.rects, "info:fix-written");
    }
    if (report.speed.suspicion) {
        const std::string label =
            "Play at " + std::string(report.speed.suspicion->suggested.name) + " fps";
        if (report.written) {
            sameLineIfFits(buttonWidth(label.c_str()));
        }
        if (ImGui::SmallButton(label.c_str())) {
            panel.commands.push(command::SetFramesPerSecond{
                index, report.speed.suspicion->suggested.framesPerSecond});
        }
        recordItemRect(panel.rects, "info:fix-speed");
    }
    if (report.speed.suspicion) {
        ImGui::PushStyleColor(ImGuiCol_Text, kWarningTextColor);
        textWrappedAtSpaces("%s", report.speed.suspicion->message.c_str());
        ImGui::PopStyleColor();
    }
    if (report.written) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        textWrappedAtSpaces("%s", report.written->message.c_str());
        ImGui::PopStyleColor();
    }
}

// [SECTION] Rest pose against the animation
void drawRestAnimationAgreement(const ViewerState& state, const scene::Character& character) {
    const bvh::RestAnimationAgreement& agreement = character.clip->restAnimation;
    if (!agreement.disagrees()) {
        return;
    }
    ImGui::PushStyleColor(ImGuiCol_Text, kWarningTextColor);
    for (const std::string& message : agreement.messages) {
        textWrappedAtSpaces("%s", message.c_str());
    }
    ImGui::PopStyleColor();
    if (agreement.upDisagrees) {
        textWrappedAtSpaces(character.axes.stance.source != bvh::UpAxisSource::Override
                                ? "Shown %s up, as the animation stands (Up below overrides it "
                                  "for this file; P shows the rest pose)."
                                : "Shown %s up, as chosen for this file.",
                            std::string(bvh::upAxisName(character.axes.upAxis)).c_str());
    }
    (void)state;
    if (agreement.scaleDisagrees()) {
        ImGui::TextWrapped("Shown as the OFFSETs' unit says; the root may float or sink.");
    }
}

// [SECTION] Up axis and ground, per file
// The file's own up axis (never a global setting that changes the next file), and whether a
// figure off the ground is shown standing on it.
void drawStance(PanelContext& panel, std::size_t index) {
    const ViewerState& state = panel.state;
    const scene::Character& character = state.scene.characters()[index];
    const scene::UpAxisChoice current =
        character.axes.upAxisOverride.value_or(state.settings.upAxis);
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("auto (+Y)").x + ImGui::GetFrameHeight() * 2);
    const std::string preview =
        current == scene::UpAxisChoice::Auto
            ? "auto (" + std::string(bvh::upAxisName(character.clip->summary.stance.upAxis)) + ")"
            : scene::upAxisChoiceName(current);
    if (ImGui::BeginCombo("Up##file", preview.c_str())) {
        for (const scene::UpAxisChoice choice : scene::kUpAxisChoices) {
            if (ImGui::Selectable(scene::upAxisChoiceName(choice), choice == current)) {
                panel.commands.push(command::SetUpAxis{index, choice});
            }
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("This file's up axis. Auto decides from the motion: the lowest points "
                          "rest on a level floor the body rises from.");
    }
    if (!character.clip->sourcePath.empty() && state.rememberedUpAxesFile) {
        sameLineIfFits(checkboxWidth("Remember"));
        bool remember = state.rememberedUpAxes.find(character.clip->sourcePath).has_value();
        const bool toggled = ImGui::Checkbox("Remember", &remember);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Keep this file's up axis (by its path) for the next time it opens");
        }
        if (toggled) {
            panel.commands.push(command::RememberUpAxis{index, remember});
        }
    }
    const bvh::Stance& stance = character.axes.stance;
    if (stance.needsLift()) {
        const double metres = std::abs(character.axes.groundLiftMetres);
        const char* verb = character.axes.groundLiftMetres > 0.0 ? "lifted" : "lowered";
        if (character.axes.showAsInFile) {
            textWrappedAtSpaces("Shown as in the file: %s %.2f m from the ground.",
                                character.axes.groundLiftMetres > 0.0 ? "sunk" : "floating",
                                metres);
        } else {
            textWrappedAtSpaces("Shown %s %.2f m onto the ground.", verb, metres);
        }
        bool asInFile = character.axes.showAsInFile;
        if (ImGui::Checkbox("As in the file", &asInFile)) {
            panel.commands.push(command::ShowAsInFile{index, asInFile});
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Show the figure where the file puts it, off the ground");
        }
    }
}

// A fact: its name, and its value wrapped to the column at its spaces (a narrow column wraps,
// never cuts, and never breaks a number). Each line is recorded for --state-out as
// "shown:info:LABEL:LINE=TEXT".
void row(PanelContext& panel, const char* label, const char* format, auto... values) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", label);
    ImGui::TableNextColumn();
    const std::vector<std::string> lines = textWrappedAtSpaces(format, values...);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        panel.rects.rects["shown:info:" + std::string(label) + ":" + std::to_string(i) + "=" +
                          lines[i]] = {};
    }
}

// [SECTION] The facts table
// What the file is: its name, joints, frames and rate.
void drawClipFacts(PanelContext& panel, const scene::Character& character) {
    const ViewerState& state = panel.state;
    const bvh::DocumentSummary& summary = character.clip->summary;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("File");
    ImGui::TableNextColumn();
    recordShownText(panel.rects, "info:file",
                    elidedText(character.clip->displayName, openFileNames(state)));
    // Near the top, where a short panel still shows it: what the view leaves out.
    if (character.arrangement.inPlace) {
        row(panel, "Root motion", "%s", "in place (travel hidden; View menu)");
    }
    row(panel, "Joints", "%zu (+%zu end sites)", summary.joints, summary.endSites);
    if (character.isLive()) { // a live stream: the frames received, and those in memory
        row(panel, "Frames", "%u (%u in memory)", character.liveFeed.frameCount,
            character.liveFeed.frameCount - character.liveFeed.firstHeldFrame);
    } else {
        row(panel, "Frames", "%u", summary.framesPresent);
    }
    if (summary.framesDeclared && *summary.framesDeclared != summary.framesPresent) {
        row(panel, "Declared", "%lld", static_cast<long long>(*summary.framesDeclared));
    }
    if (character.playRate.framesPerSecondOverride) {
        row(panel, "FPS", "%.8g (override; file %.8g)", *character.playRate.framesPerSecondOverride,
            summary.framesPerSecond);
    } else {
        row(panel, "FPS", "%.8g%s", summary.framesPerSecond, scene::frameRateNote(character));
    }
    row(panel, "Duration", "%.3f s", scene::playableDuration(character));
    row(panel, "Channels", "%zu", summary.channels);
    row(panel, "Translation", "%s (%s)",
        std::string(bvh::translationModeName(character.clip->translation)).c_str(),
        summary.translationRequested == bvh::TranslationMode::Auto ? "detected" : "chosen");
}

// How the file stands: up axis, facing, a static root, IK goal bones.
void drawStanceFacts(PanelContext& panel, const scene::Character& character, std::size_t index) {
    const ViewerState& state = panel.state;
    const bvh::Stance& stance = character.axes.stance;
    row(panel, "Up axis", "%s (%s; rest pose says %s)",
        std::string(bvh::upAxisName(character.axes.upAxis)).c_str(),
        stance.source == bvh::UpAxisSource::Override
            ? "override"
            : ("from the " + std::string(bvh::upAxisSourceName(stance.source))).c_str(),
        std::string(bvh::upAxisName(stance.restPoseUp)).c_str());
    if (stance.facing) {
        const glm::dvec3& f = *stance.facing;
        row(panel, "Facing", "(%.2f, %.2f, %.2f) in the file (%s)", f.x, f.y, f.z,
            std::string(bvh::facingSourceName(stance.facingSource)).c_str());
    }
    if (!stance.staticRoots.empty()) {
        // Its position in the file: the link to the body is not drawn (it is an offset, not
        // a bone), so this is where the user reads where it is.
        const auto root = static_cast<std::size_t>(stance.staticRoots.front());
        const std::vector<bvh::RigidTransform>* world =
            index < state.pose.characters.size() ? &state.pose.characters[index].world : nullptr;
        const glm::dvec3 at =
            world != nullptr && root < world->size() ? (*world)[root].translation : glm::dvec3(0.0);
        row(panel, "Static root", "%s at (%.4g, %.4g, %.4g) (never moves; its link is %s)",
            character.clip->document.skeleton.names[root].c_str(), at.x, at.y, at.z,
            state.settings.hideStaticRootLinks ? "hidden" : "dashed");
    }
    if (!stance.goalBranches.empty()) {
        // Unreal's ik_foot_root and ik_hand_root chains: drawn as the static link is, so this
        // says why bones of the file are not drawn.
        const bvh::Skeleton& skeleton = character.clip->document.skeleton;
        const auto first = static_cast<std::size_t>(stance.goalBranches.front());
        const auto joints = static_cast<std::size_t>(
            std::ranges::count_if(stance.goalBranches, [&](bvh::NodeIndex node) {
                return skeleton.isEndSite[static_cast<std::size_t>(node)] == 0;
            }));
        row(panel, "Goal bones", "%zu IK goal joints from %s (not the body; their bones are %s)",
            joints, skeleton.names[first].c_str(),
            state.settings.hideStaticRootLinks ? "hidden" : "dashed");
    }
}

// Its size: unit, height, and the count of warnings listed below.
void drawScaleFacts(PanelContext& panel, const scene::Character& character) {
    const ViewerState& state = panel.state;
    row(panel, "Unit", "%s%s", std::string(bvh::lengthUnitName(character.axes.unit)).c_str(),
        state.settings.unit == scene::UnitChoice::Auto ? " (detected)" : " (override)");
    row(panel, "Height", "%.2f m%s", character.axes.figureHeightMetres,
        character.axes.unit == bvh::LengthUnit::Unknown &&
                !character.axes.stance.belowPlacePrecision
            ? " (scaled to human height)"
            : "");
    if (character.axes.stance.belowPlacePrecision) {
        // Every joint lands on one point (core/analysis/stance.h, [SECTION] Ground): why the view
        // shows no figure, as `info` and `render` say it.
        ImGui::PushStyleColor(ImGuiCol_Text, kWarningTextColor);
        row(panel, "Figure", "0 tall where it stands (%s)",
            bvh::placePrecisionNote(character.clip->summary.restPose.height).c_str());
        ImGui::PopStyleColor();
    }
    row(panel, "Warnings", "%zu", character.clip->summary.warnings);
}

void drawFactsTable(PanelContext& panel, const scene::Character& character, std::size_t index) {
    if (!ImGui::BeginTable("facts", 2)) {
        return;
    }
    ImGui::TableSetupColumn("fact", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    drawClipFacts(panel, character);
    drawStanceFacts(panel, character, index);
    drawScaleFacts(panel, character);
    ImGui::EndTable();
}

// [SECTION] Below the table: the path, the per-file choices, compare and the warnings
void drawSourcePath(const scene::Character& character) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (!character.clip->sourcePath.empty()) {
        elidedText(character.clip->sourcePath);
    } else {
        ImGui::TextWrapped("bundled sample (generated walk cycle)");
    }
    ImGui::PopStyleColor();
}

void drawWarnings(const scene::Character& character) {
    const std::string shownPath = character.clip->sourcePath.empty() ? character.clip->displayName
                                                                     : character.clip->sourcePath;
    if (character.clip->summary.warnings > 0 &&
        ImGui::CollapsingHeader("Warnings", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (const bvh::Diagnostic& diagnostic : character.clip->document.diagnostics) {
            ImGui::TextWrapped("%s", bvh::formatDiagnostic(shownPath, diagnostic).c_str());
        }
    }
}

// The panel, from what it may read and change (panel_context.h).
void drawFileInfo(PanelContext panel) {
    const ViewerState& state = panel.state;
    if (!beginDockedPanel(panel.rects, "Info", state.layout.info)) {
        return;
    }
    const std::vector<scene::Character>& characters = state.scene.characters();
    if (characters.empty()) {
        ImGui::TextWrapped("No file open. Drop .bvh files on the window.");
        ImGui::End();
        return;
    }
    const std::size_t index = state.infoCharacter < characters.size() ? state.infoCharacter : 0;
    const scene::Character& character = characters[index];
    drawFactsTable(panel, character, index);
    drawSourcePath(character);
    drawStance(panel, index);
    drawFrameRate(panel, index);
    drawRestAnimationAgreement(state, character);
    if (state.analysis.compare.active &&
        (index == state.analysis.compare.a || index == state.analysis.compare.b) &&
        ImGui::CollapsingHeader("Compare", ImGuiTreeNodeFlags_DefaultOpen)) {
        drawCompareSummary(state, panel.commands, index);
    }
    drawWarnings(character);
    ImGui::End();
}

} // namespace

void drawInfoPanel(ViewerState& state) {
    drawFileInfo(PanelContext::of(state));
}

} // namespace bvhscope::viewer
