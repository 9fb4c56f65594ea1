// File > Save picture... on the desktop (issue 42): the view as drawn, without the panels, as a
// PNG, at the view's size or a chosen one. The page saves at once into its downloads instead
// (export_dialog.cpp's menu item). The dialog names the file in the folder pictures were last
// saved to (else the home folder), pushes command::SavePicture, and the frame loop writes the
// picture once the scene is drawn (session/picture_request.h).
#include "app/pictures/picture_size.h"
#include "app/viewer/io/export.h"
#include "app/viewer/io/picture_export.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cmath>
#include <imgui.h>
#include <imgui_stdlib.h>

namespace bvhscope::viewer {

namespace {

// The dialog's form (UiState::PictureDialog) is the panel's own: it is given mutably, apart from
// the state it reads. The folder the next picture starts in is the session's, set when it
// applies command::SavePicture.
void openPictureForm(PanelContext panel, UiState::PictureDialog& dialog) {
    const ViewerState& state = panel.state;
    if (!state.downloadsFolder.empty()) {
        panel.commands.push(command::SavePicture{}); // the page: a download, at once
        return;
    }
    const std::vector<scene::Character>& characters = state.scene.characters();
    const std::string capture =
        characters.empty()
            ? std::string()
            : characters[std::min(state.infoCharacter, characters.size() - 1)].clip->displayName;
    const std::filesystem::path folder = startingExportFolder(state.settings.exportFolderPicture);
    dialog.path = bvh::utf8FromPath(
        folder / bvh::pathFromUtf8(pictureFileName(capture, state.playback.frame())));
    dialog.open = true;
}

void drawPictureForm(PanelContext panel, UiState::PictureDialog& dialog, float scale) {
    const ViewerState& state = panel.state;
    if (!dialog.open) {
        return;
    }
    ImGui::SetNextWindowPos(ImVec2(280.0f * scale, 60.0f * scale), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Save picture", &dialog.open,
                      ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::End();
        return;
    }
    recordWindowRect(panel.rects, "Save picture");
    ImGui::TextUnformatted("The view as drawn at the frame shown, without the panels (PNG)");
    ImGui::SetNextItemWidth(420.0f * scale);
    ImGui::InputText("File", &dialog.path);
    recordItemRect(panel.rects, "picture:path");
    if (ImGui::IsItemActive()) { // for --state-out: GUI tests type once it has the keyboard
        recordItemRect(panel.rects, "picture:path (typing)");
    }
    showPathEndWhenIdle(panel.rects, "picture:path", dialog.path);
    const LayoutRect& view = state.layout.view;
    const int viewWidth =
        static_cast<int>(std::lround(view.width * ImGui::GetIO().DisplayFramebufferScale.x));
    const int viewHeight =
        static_cast<int>(std::lround(view.height * ImGui::GetIO().DisplayFramebufferScale.y));
    const std::string viewLabel =
        "The view's size (" + std::to_string(viewWidth) + " x " + std::to_string(viewHeight) + ")";
    if (ImGui::RadioButton(viewLabel.c_str(), dialog.viewSize)) {
        dialog.viewSize = true;
    }
    recordItemRect(panel.rects, "picture:view-size");
    if (ImGui::RadioButton("This size", !dialog.viewSize)) {
        dialog.viewSize = false;
    }
    recordItemRect(panel.rects, "picture:chosen-size");
    ImGui::SameLine();
    ImGui::BeginDisabled(dialog.viewSize);
    int size[2] = {dialog.width, dialog.height};
    ImGui::SetNextItemWidth(200.0f * scale);
    if (ImGui::InputInt2("##size", size)) {
        dialog.width = std::clamp(size[0], pictures::kMinPictureSide, pictures::kMaxPictureSide);
        dialog.height = std::clamp(size[1], pictures::kMinPictureSide, pictures::kMaxPictureSide);
    }
    recordItemRect(panel.rects, "picture:size");
    recordShownText(panel.rects, "picture:size",
                    std::to_string(dialog.width) + "x" + std::to_string(dialog.height));
    ImGui::EndDisabled();
    const bool named = !bvh::pathFromUtf8(dialog.path).filename().empty();
    ImGui::BeginDisabled(!named);
    if (ImGui::Button("Save", ImVec2(110.0f * scale, 0.0f))) {
        panel.commands.push(command::SavePicture{dialog.path, dialog.viewSize ? 0 : dialog.width,
                                                 dialog.viewSize ? 0 : dialog.height});
        dialog.open = false;
    }
    ImGui::EndDisabled();
    recordItemRect(panel.rects, "picture:save");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(110.0f * scale, 0.0f))) {
        dialog.open = false;
    }
    recordItemRect(panel.rects, "picture:cancel");
    ImGui::End();
}

} // namespace

void openPictureDialog(ViewerState& state) {
    openPictureForm(PanelContext::of(state), state.pictureDialog);
}

void drawPictureDialog(PanelContext panel, UiState::PictureDialog& dialog, float scale) {
    drawPictureForm(panel, dialog, scale);
}

} // namespace bvhscope::viewer
