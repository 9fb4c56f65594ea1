// File > Export video: the file name (its extension picks MP4, WebM or GIF), size, quality and
// sound, then a progress bar with Cancel while the viewer keeps running.
#include "app/media/video_format.h"
#include "app/pictures/picture_size.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"

#include <algorithm>
#include <array>
#include <imgui.h>

namespace bvhscope::viewer {

namespace {

// The dialog's form is the panel's own, given mutably apart from the state it reads. Returns
// whether Browse... asked for a chooser (the entry keeps the request, as the interface's).
bool drawVideoExportForm(PanelContext panel, VideoExportForm& dialog, float scale) {
    const ViewerState& state = panel.state;
    const VideoExportProgress& progress = state.videoExport;
    bool browse = false;
    if (!dialog.open) {
        return browse;
    }
    ImGui::SetNextWindowPos(ImVec2(280.0f * scale, 60.0f * scale), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Export video", &dialog.open,
                      ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::End();
        return browse;
    }
    recordWindowRect(panel.rects, "Export video");
    const scene::Playback& playback = state.playback;
    ImGui::Text("Frames %lld to %lld (the in/out range), as the view shows them",
                static_cast<long long>(std::llround(playback.rangeStart() / playback.frameTime())),
                static_cast<long long>(std::llround(playback.rangeEnd() / playback.frameTime())));
    ImGui::BeginDisabled(progress.running);
    std::array<char, 1024> path{};
    std::copy_n(dialog.path.begin(), std::min(dialog.path.size(), path.size() - 1), path.begin());
    ImGui::SetNextItemWidth(320.0f * scale - buttonWidth("Browse...") -
                            ImGui::GetStyle().ItemSpacing.x);
    if (ImGui::InputText("##file", path.data(), path.size())) {
        dialog.path = path.data();
        dialog.pathEdited = true;
    }
    recordItemRect(panel.rects, "video:path");
    showPathEndWhenIdle(panel.rects, "video:path", dialog.path);
    ImGui::SameLine();
    // The desktop's save dialog, or the viewer's own where there is none.
    using Purpose = ViewerState::ChooserPurpose;
    ImGui::BeginDisabled(state.chooserOpen != Purpose::None || state.inWindowChooser.active());
    if (ImGui::Button("Browse...")) {
        browse = true;
    }
    ImGui::EndDisabled();
    recordItemRect(panel.rects, "video:browse");
    ImGui::SameLine();
    ImGui::TextUnformatted("File");
    const auto container = media::videoContainerFor(dialog.path);
    if (!container) {
        ImGui::TextColored(ImVec4(1.0f, 0.7f, 0.3f, 1.0f), "End the name in .mp4, .webm or .gif");
    }
    int size[2] = {dialog.width, dialog.height};
    ImGui::SetNextItemWidth(320.0f * scale);
    if (ImGui::InputInt2("Size", size)) {
        dialog.width = std::clamp(size[0], pictures::kMinPictureSide, pictures::kMaxPictureSide);
        dialog.height = std::clamp(size[1], pictures::kMinPictureSide, pictures::kMaxPictureSide);
    }
    if (container && *container != media::VideoContainer::Gif) {
        const int maximum = media::maximumCrf(*container);
        int crf = dialog.crf < 0 ? media::defaultCrf(*container) : dialog.crf;
        ImGui::SetNextItemWidth(320.0f * scale);
        if (ImGui::SliderInt("Quality (CRF)", &crf, 0, maximum)) {
            dialog.crf = crf;
        }
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("Lower is better and larger; default %d",
                              media::defaultCrf(*container));
        }
        if (state.audio.loaded()) {
            ImGui::Checkbox("With the sound", &dialog.withSound);
        }
    }
    ImGui::Checkbox("Label (file, frame, timecode)", &dialog.label);
    const bool canStart = container.has_value() && !state.scene.empty();
    ImGui::BeginDisabled(!canStart);
    if (ImGui::Button("Export")) {
        panel.commands.push(command::StartVideoExport{dialog}); // it says how it went
    }
    recordItemRect(panel.rects, "button:Export video");
    ImGui::EndDisabled();
    ImGui::EndDisabled();

    if (progress.running) {
        const float fraction =
            progress.total > 0 ? static_cast<float>(progress.encoded) / progress.total : 0.0f;
        const std::string label =
            std::to_string(progress.encoded) + " / " + std::to_string(progress.total) + " frames";
        ImGui::ProgressBar(fraction, ImVec2(320.0f * scale, 0.0f), label.c_str());
        if (ImGui::Button("Cancel")) {
            panel.commands.push(command::CancelVideoExport{});
        }
        recordItemRect(panel.rects, "button:Cancel video");
    }
    if (!progress.message.empty()) {
        const ImVec4 color =
            progress.failed ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : ImVec4(0.6f, 0.9f, 0.6f, 1.0f);
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 440.0f * scale);
        ImGui::TextColored(color, "%s", progress.message.c_str());
        ImGui::PopTextWrapPos();
        recordItemRect(panel.rects, progress.failed ? "video:failed" : "video:message");
    }
    ImGui::End();
    return browse;
}

} // namespace

void drawVideoExportPanel(ViewerState& state, float scale) {
    if (drawVideoExportForm(PanelContext::of(state), state.videoExportForm, scale)) {
        state.chooserRequested = ViewerState::ChooserPurpose::VideoTarget;
    }
}

} // namespace bvhscope::viewer
