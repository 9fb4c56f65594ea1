// File > Export and Export glTF: their items in the Files panel's File menu, Ctrl+E, the export
// dialog (one modal over the character being exported, for either format) and the result popup. The
// dialog edits its form (state.exportForm); the file is written by the session (exportCharacter),
// never from here.
#include "app/media/media_features.h"
#include "app/platform/browser.h"
#include "app/viewer/panels/desktop_only_items.h"
#include "app/viewer/panels/key_bindings.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/session/picture_request.h"
#include "core/platform/utf8_path.h"

#include <array>
#include <cstdio>
#include <filesystem>
#include <imgui.h>
#include <imgui_stdlib.h>

namespace bvhscope::viewer {

namespace {

// The dialog's ImGui id; its title ("Export", "Export glTF") goes before it.
constexpr const char* kDialogName = "###export-dialog";
constexpr const char* kResultName = "Export result";

// [SECTION] Option rows

void drawAxisChoice(ExportSettings& settings, const scene::Character& character) {
    ImGui::TextUnformatted("Up axis");
    ImGui::SameLine(110.0f);
    if (settings.format == ExportFormat::Gltf) {
        ImGui::TextDisabled("%s in the viewer, +Y in glTF: the figure stands as shown",
                            std::string(bvh::upAxisName(character.axes.upAxis)).c_str());
        return;
    }
    if (character.axes.upAxis == bvh::UpAxis::PositiveY) {
        ImGui::TextDisabled("+Y in the file and as shown: unchanged");
        return;
    }
    if (ImGui::RadioButton("As shown (+Y up)", settings.axis == ExportAxis::AsShown)) {
        settings.axis = ExportAxis::AsShown;
    }
    ImGui::SameLine();
    const std::string inFile =
        "As in file (" + std::string(bvh::upAxisName(character.axes.upAxis)) + " up)";
    if (ImGui::RadioButton(inFile.c_str(), settings.axis == ExportAxis::AsInFile)) {
        settings.axis = ExportAxis::AsInFile;
    }
}

// glTF is in metres, as shown; a factor makes the figure that much larger.
void drawGltfScaleChoice(ExportSettings& settings) {
    ImGui::TextUnformatted("Scale");
    ImGui::SameLine(110.0f);
    if (ImGui::RadioButton("As shown (metres)", settings.scale != ExportScale::Factor)) {
        settings.scale = ExportScale::AsShown;
    }
    ImGui::SameLine();
    if (ImGui::RadioButton("Factor", settings.scale == ExportScale::Factor)) {
        settings.scale = ExportScale::Factor;
    }
    if (settings.scale == ExportScale::Factor) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(100.0f);
        ImGui::InputDouble("##factor", &settings.scaleFactor, 0.0, 0.0, "%g");
        ImGui::SameLine();
        ImGui::TextDisabled("x the size shown");
    }
}

void drawScaleChoice(ExportSettings& settings, const scene::Character& character) {
    if (settings.format == ExportFormat::Gltf) {
        drawGltfScaleChoice(settings);
        return;
    }
    ImGui::TextUnformatted("Scale");
    ImGui::SameLine(110.0f);
    const double shown = shownScale(character);
    char label[96];
    std::snprintf(label, sizeof label, "As shown (x%g, %s to m)", shown,
                  std::string(bvh::lengthUnitName(character.axes.unit)).c_str());
    if (ImGui::RadioButton(label, settings.scale == ExportScale::AsShown)) {
        settings.scale = ExportScale::AsShown;
    }
    ImGui::SameLine();
    if (ImGui::RadioButton("As in file", settings.scale == ExportScale::AsInFile)) {
        settings.scale = ExportScale::AsInFile;
    }
    ImGui::SameLine();
    if (ImGui::RadioButton("Factor", settings.scale == ExportScale::Factor)) {
        settings.scale = ExportScale::Factor;
    }
    if (settings.scale == ExportScale::Factor) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(100.0f);
        ImGui::InputDouble("##factor", &settings.scaleFactor, 0.0, 0.0, "%g");
    }
}

void drawRotationOrderChoice(ExportSettings& settings) {
    static constexpr std::array<const char*, 6> kOrders = {"XYZ", "XZY", "YXZ",
                                                           "YZX", "ZXY", "ZYX"};
    const std::string current =
        settings.rotationOrder ? settings.rotationOrder->name() : "As in file";
    ImGui::SetNextItemWidth(160.0f);
    if (ImGui::BeginCombo("Rotation order", current.c_str())) {
        if (ImGui::Selectable("As in file", !settings.rotationOrder)) {
            settings.rotationOrder.reset();
        }
        for (const char* order : kOrders) {
            if (ImGui::Selectable(order, current == order)) {
                settings.rotationOrder = bvh::parseEulerOrder(order);
            }
        }
        ImGui::EndCombo();
    }
}

void drawInterpolationChoice(ExportSettings& settings) {
    ImGui::TextUnformatted("Between keys");
    ImGui::SameLine(110.0f);
    if (ImGui::RadioButton("Linear", settings.interpolation == bvh::GltfInterpolation::Linear)) {
        settings.interpolation = bvh::GltfInterpolation::Linear;
    }
    ImGui::SameLine();
    if (ImGui::RadioButton("Step", settings.interpolation == bvh::GltfInterpolation::Step)) {
        settings.interpolation = bvh::GltfInterpolation::Step;
    }
    ImGui::SameLine();
    ImGui::TextDisabled("(.glb or .gltf by the file name)");
}

// The page: the file's name only. It is written into the downloads folder, which the user never
// sees, and arrives as a browser download (no chooser: the browser decides where it goes).
void drawDownloadNameRow(PanelContext& panel, ExportSettings& settings) {
    ImGui::TextUnformatted("Download as");
    ImGui::SameLine(110.0f);
    std::string name = bvh::utf8FromPath(bvh::pathFromUtf8(settings.targetPath).filename());
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::InputText("##target", &name)) {
        // A name only: whatever folder is typed, the file stays in the downloads folder.
        const std::filesystem::path typed = bvh::pathFromUtf8(name).filename();
        settings.targetPath =
            typed.empty() ? std::string() : bvh::utf8FromPath(panel.state.downloadsFolder / typed);
    }
    recordItemRect(panel.rects, "export:path");
}

// Returns whether Browse... asked for a chooser (the entry keeps the request).
bool drawTargetRow(PanelContext& panel, const scene::Character& character,
                   ExportSettings& settings) {
    const ViewerState& state = panel.state;
    bool browse = false;
    if (!state.downloadsFolder.empty()) {
        drawDownloadNameRow(panel, settings);
        return browse;
    }
    ImGui::TextUnformatted("Save as");
    ImGui::SameLine(110.0f);
    ImGui::SetNextItemWidth(-(buttonWidth("Browse...") + ImGui::GetStyle().ItemSpacing.x));
    ImGui::InputText("##target", &settings.targetPath);
    recordItemRect(panel.rects, "export:path");
    if (ImGui::IsItemActive()) { // for --state-out: GUI tests type once it has the keyboard
        recordItemRect(panel.rects, "export:path (typing)");
    }
    showPathEndWhenIdle(panel.rects, "export:path", settings.targetPath);
    ImGui::SameLine();
    ImGui::BeginDisabled(state.chooserOpen != ViewerState::ChooserPurpose::None);
    if (ImGui::Button("Browse...")) {
        // The desktop's save dialog, or the viewer's own (drawn over this one).
        browse = true;
    }
    ImGui::EndDisabled();
    recordItemRect(panel.rects, "export:browse");
    if (!character.clip->sourcePath.empty() && settings.targetPath == character.clip->sourcePath) {
        const bool gltf = settings.format == ExportFormat::Gltf;
        ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1.0f),
                           gltf                      ? "This is the input file: export refuses it."
                           : settings.overwriteInput ? "This replaces the input file."
                                                     : "This is the input file: export refuses it "
                                                       "unless \"Overwrite the input file\" is "
                                                       "ticked.");
    }
    return browse;
}

void drawFramesRow(const ViewerState& state, const scene::Character& character,
                   ExportSettings& settings) {
    const bvh::Motion& motion = character.clip->document.motion;
    ImGui::TextUnformatted("Frames");
    ImGui::SameLine(110.0f);
    const int lastFrame = static_cast<int>(std::max<std::uint32_t>(motion.frameCount, 1) - 1);
    int frames[2] = {static_cast<int>(settings.firstFrame), static_cast<int>(settings.lastFrame)};
    ImGui::SetNextItemWidth(160.0f);
    if (ImGui::DragInt2("##frames", frames, 0.5f, 0, lastFrame)) {
        settings.firstFrame = std::clamp(frames[0], 0, lastFrame);
        settings.lastFrame = std::clamp(frames[1], frames[0], lastFrame);
    }
    ImGui::SameLine();
    ImGui::TextDisabled("%lld frames of %u",
                        static_cast<long long>(settings.lastFrame - settings.firstFrame + 1),
                        motion.frameCount);
    ImGui::SameLine();
    if (ImGui::SmallButton("Timeline range")) {
        std::tie(settings.firstFrame, settings.lastFrame) =
            framesInRange(character, state.playback.rangeStart(), state.playback.rangeEnd());
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("Whole clip")) {
        settings.firstFrame = 0;
        settings.lastFrame = lastFrame;
    }
}

void drawRateRows(PanelContext& panel, const scene::Character& character,
                  ExportSettings& settings) {
    ImGui::Checkbox("Resample to", &settings.resample);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100.0f);
    ImGui::BeginDisabled(!settings.resample);
    ImGui::InputDouble("fps", &settings.framesPerSecond, 0.0, 0.0, "%g");
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextDisabled("(file: %g fps)", character.clip->document.motion.framesPerSecond());
    if (character.playRate.framesPerSecondOverride) {
        char label[96];
        std::snprintf(label, sizeof label, "Write the viewer's %g fps as the Frame Time",
                      *character.playRate.framesPerSecondOverride);
        ImGui::Checkbox(label, &settings.useFramesPerSecondOverride);
        recordItemRect(panel.rects, "export:use-override");
    }
}

// A Character Studio .mnm map read from disk: the page has no disk to read it from.
void drawRenameRow(const ViewerState& state, ExportSettings& settings) {
    ImGui::TextUnformatted("Rename by");
    ImGui::SameLine(110.0f);
    ImGui::SetNextItemWidth(300.0f);
    const bool inPage = state.inPage;
    ImGui::BeginDisabled(inPage);
    ImGui::InputTextWithHint(
        "##mnm", inPage ? "names.mnm (in the desktop app only)" : "names.mnm (optional)",
        &settings.mnmPath);
    ImGui::EndDisabled();
    if (inPage && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip(
            "In the desktop app only: %s",
            std::string(desktopOnlyExplanation(DesktopOnlyFeature::RenameMap)).c_str());
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(settings.mnmPath.empty());
    ImGui::Checkbox("Reverse", &settings.reverseMnm);
    ImGui::EndDisabled();
}

// [SECTION] The result popup, nested in the dialog

// The width result messages wrap at: most of the window, whatever the lines' lengths.
float resultWrapWidth() {
    return std::max(ImGui::GetIO().DisplaySize.x * 0.8f - 2.0f * ImGui::GetStyle().WindowPadding.x,
                    100.0f);
}

// Returns true when the user dismissed a successful export (the dialog then closes too).
bool drawResultPopup(PanelContext& panel, ExportForm& form) {
    const ViewerState& state = panel.state;
    const ExportDialog& dialog = state.exportDialog;
    bool closeDialog = false;
    const ImVec2 center(ImGui::GetIO().DisplaySize.x * 0.5f, ImGui::GetIO().DisplaySize.y * 0.5f);
    // Always: it fits its contents over its first frames and should stay centred meanwhile.
    ImGui::SetNextWindowPos(center, ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal(kResultName, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        // Every line wraps inside the window (issue 42: "Nothing was written" and a long path
        // ran off its edge): the popup is at most 80 % of the window wide.
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + resultWrapWidth());
        if (dialog.result) {
            const ExportOutcome& result = *dialog.result;
            if (result.ok && isDownload(state, result.targetPath)) { // the page
                const std::string name =
                    bvh::utf8FromPath(bvh::pathFromUtf8(result.targetPath).filename());
                ImGui::TextWrapped("Wrote %s", name.c_str());
                ImGui::TextDisabled("The browser saves it as a download.");
                ImGui::Text("%u joints, %u frames", result.jointsWritten, result.framesWritten);
            } else if (result.ok) {
                ImGui::TextWrapped("Wrote %s", result.targetPath.c_str());
                ImGui::Text("%u joints, %u frames", result.jointsWritten, result.framesWritten);
            } else {
                ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
                ImGui::TextWrapped("Nothing was written; the open file is unchanged.");
                ImGui::PopStyleColor();
            }
            ImGui::Separator();
            for (const std::string& line : result.lines) {
                ImGui::TextWrapped("%s", elideMiddleToBytes(line).c_str());
                recordItemRect(panel.rects, "export:result:line");
            }
            ImGui::Separator();
            if (ImGui::Button("Copy")) {
                std::string text;
                for (const std::string& line : result.lines) {
                    text += line + "\n";
                }
                ImGui::SetClipboardText(text.c_str());
            }
            ImGui::SameLine();
            const bool ok = result.ok;
            if (ImGui::Button("OK") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
                closeDialog = ok;
                form.exported = false;
                panel.commands.push(command::DismissExportResult{});
                ImGui::CloseCurrentPopup();
            } else {
                recordItemRect(panel.rects, ok ? "export:result:ok" : "export:result:failed");
            }
        } else {
            ImGui::CloseCurrentPopup();
        }
        ImGui::PopTextWrapPos();
        recordWindowRect(panel.rects, "export-result");
        ImGui::EndPopup();
    }
    return closeDialog;
}

} // namespace

// [SECTION] The menu items and what they do

namespace {

// The folder being browsed (a library), which an export never starts in.
std::filesystem::path exportLibraryToAvoid(const ViewerState& state) {
    return state.folder.isOpen() ? state.folder.folder() : std::filesystem::path();
}

} // namespace

namespace {

// The dialog opens on the next draw, for `format`, when there is a file to export.
void requestExportDialog(const ViewerState& state, ExportForm& form, ExportFormat format) {
    if (!state.scene.empty()) {
        form.openRequested = true;
        form.requestedFormat = format;
    }
}

} // namespace

void openExportDialog(ViewerState& state, ExportFormat format) {
    requestExportDialog(state, state.exportForm, format);
}

void openVideoExportDialog(ViewerState& state) {
    if (platform::kInBrowser || !media::videoAvailable() ||
        state.scene.empty()) { // also Ctrl+Shift+E
        return;
    }
    VideoExportForm& video = state.videoExportForm;
    video.open = true;
    if (!video.pathEdited) { // the last video's folder, or home (issue 42)
        video.path = exportPathIn(
            startingExportFolder(state.settings.exportFolderVideo, exportLibraryToAvoid(state)),
            state.scene.characters().front(), ".mp4");
    }
}

void drawExportMenuItems(ViewerState& state) {
    if (ImGui::MenuItem("Export...", shortcutHint("export"), false, !state.scene.empty())) {
        openExportDialog(state);
    }
    recordItemRect(state.widgetRects, "menu:File>Export");
    if (ImGui::MenuItem("Export glTF...", nullptr, false, !state.scene.empty())) {
        openExportDialog(state, ExportFormat::Gltf);
    }
    recordItemRect(state.widgetRects, "menu:File>Export glTF");
    // A build without FFmpeg (media_features.h) shows the item disabled, saying why; the page
    // says the desktop app has it (desktop_only_items.h).
    const bool videoBuilt = media::videoAvailable();
    MenuItemText video{videoBuilt || platform::kInBrowser ? "Export video..."
                                                          : "Export video... (not in this build)",
                       shortcutHint("export-video"), videoBuilt && !state.scene.empty(), ""};
    if (!videoBuilt) {
        video.tooltip = std::string(media::kNoVideoMessage) +
                        "; export PNG frames with `bvhscope render` instead";
    }
    if (drawMenuItem(
            placedMenuItem(video, DesktopOnlyFeature::VideoExport, platform::kInBrowser))) {
        openVideoExportDialog(state);
    }
    recordItemRect(state.widgetRects, "menu:File>Export video");
    // The view as a PNG: in the page a download at once, on the desktop a dialog for the file
    // and the size (picture_dialog.cpp).
    const bool page = !state.downloadsFolder.empty();
    if (ImGui::MenuItem(page ? "Save picture (PNG)" : "Save picture...",
                        shortcutHint("save-picture"))) {
        openPictureDialog(state);
    }
    recordItemRect(state.widgetRects, "menu:File>Save picture");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip(page ? "The view as shown, at the frame shown, as a PNG download"
                               : "The view as shown, at the frame shown, as a PNG file");
    }
}

// [SECTION] The dialog

namespace {

// The dialog opened: for the file Info shows, with the defaults, on the desktop in the folder
// this kind was last written to (else home).
void startExportDialog(PanelContext& panel, ExportForm& form) {
    const ViewerState& state = panel.state;
    const std::vector<scene::Character>& characters = state.scene.characters();
    form.openRequested = false;
    if (characters.empty()) {
        return;
    }
    form.character = std::min(state.infoCharacter, characters.size() - 1);
    form.settings = defaultExportSettings(characters[form.character], state.playback,
                                          form.requestedFormat, state.downloadsFolder);
    if (state.downloadsFolder.empty()) {
        const bool gltf = form.requestedFormat == ExportFormat::Gltf;
        form.settings.targetPath =
            exportPathIn(startingExportFolder(gltf ? state.settings.exportFolderGltf
                                                   : state.settings.exportFolderBvh,
                                              exportLibraryToAvoid(state)),
                         characters[form.character], gltf ? ".glb" : ".bvh");
    }
    form.exported = false;
    panel.commands.push(command::DismissExportResult{}); // an earlier export's
    ImGui::OpenPopup(kDialogName);
}

// The form and the chooser are the interface's own, given mutably apart from the state it reads.
// Returns whether Browse... asked for the desktop's chooser.
bool drawExportForm(PanelContext panel, ExportForm& form, InWindowChooser& chooser, float scale) {
    const ViewerState& state = panel.state;
    bool browse = false;
    const ImGuiIO& io = ImGui::GetIO();
    // Ctrl+E as ImGui saw it, as well as from the window's keys (key_bindings.h): this one works
    // while a field has the keyboard too.
    if (bindingPressedInImGui("export") && !ImGui::IsPopupOpen(kDialogName)) {
        requestExportDialog(state, form, ExportFormat::Bvh);
    }
    const std::vector<scene::Character>& characters = state.scene.characters();
    if (form.openRequested) {
        startExportDialog(panel, form);
    }
    // The outcome of an export pressed since the dialog opened.
    const bool outcomeShown = form.exported && state.exportDialog.result.has_value();
    const ImVec2 center(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f);
    ImGui::SetNextWindowPos(center, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(620.0f * scale, 0.0f), ImGuiCond_Appearing);
    const std::string title =
        (form.settings.format == ExportFormat::Gltf ? "Export glTF" : "Export") +
        std::string(kDialogName);
    if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        return browse;
    }
    recordItemRect(panel.rects, "export:dialog");
    if (form.character >= characters.size()) {
        ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
        return browse;
    }
    const scene::Character& character = characters[form.character];
    ExportSettings& settings = form.settings;

    ImGui::Text("Export %s", character.clip->displayName.c_str());
    if (!character.clip->sourcePath.empty()) {
        ImGui::TextDisabled("from %s", character.clip->sourcePath.c_str());
    }
    ImGui::Separator();

    browse = drawTargetRow(panel, character, settings);
    drawFramesRow(state, character, settings);
    drawAxisChoice(settings, character);
    drawScaleChoice(settings, character);
    drawRateRows(panel, character, settings);
    if (settings.format == ExportFormat::Bvh) { // glTF keeps quaternions: no Euler order
        drawRotationOrderChoice(settings);
    }
    ImGui::Checkbox("In place (remove the root's horizontal travel)", &settings.inPlace);

    drawRenameRow(state, settings);
    if (settings.format == ExportFormat::Gltf) {
        drawInterpolationChoice(settings);
        ImGui::Checkbox("Body mesh", &settings.body);
        recordItemRect(panel.rects, "export:body");
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("The figure's body as a skinned mesh, as `convert --body` writes "
                              "it: viewers that draw only meshes then show a figure");
        }
    } else if (state.downloadsFolder.empty()) { // a download never replaces the input
        ImGui::Checkbox("Overwrite the input file", &settings.overwriteInput);
    }
    ImGui::Separator();

    bool close = false;
    ImGui::BeginDisabled(settings.targetPath.empty());
    if (ImGui::Button("Export", ImVec2(120.0f * scale, 0.0f))) {
        panel.commands.push(command::Export{form.character, settings});
        form.exported = true;
    }
    ImGui::EndDisabled();
    recordItemRect(panel.rects, "export:Export");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(120.0f * scale, 0.0f)) ||
        (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)) && !outcomeShown &&
         !state.inWindowChooser.active())) { // Escape there closes the chooser only
        close = true;
    }
    recordItemRect(panel.rects, "export:Cancel");

    if (outcomeShown && !ImGui::IsPopupOpen(kResultName)) {
        ImGui::OpenPopup(kResultName);
    }
    if (drawResultPopup(panel, form)) {
        close = true;
    }
    drawInWindowChooser(panel, chooser, scale, true);
    if (close) {
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
    return browse;
}

} // namespace

void drawExportDialog(ViewerState& state, float scale) {
    if (drawExportForm(PanelContext::of(state), state.exportForm, state.inWindowChooser, scale)) {
        state.chooserRequested = ViewerState::ChooserPurpose::ExportTarget;
    }
}

} // namespace bvhscope::viewer
