#include "app/viewer/panels/audio_panel.h"

#include "app/media/audio_clip.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace bvhscope::viewer {

void drawWaveform(const AudioTrack& track, ImVec2 origin, float width, float height,
                  double duration) {
    if (!track.loaded() || duration <= 0.0 || width < 2.0f) {
        return;
    }
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float middle = origin.y + height * 0.5f;
    const double secondsPerPixel = duration / width;
    const ImU32 color = track.muted ? IM_COL32(90, 100, 110, 160) : IM_COL32(70, 170, 160, 190);
    for (int column = 0; column < static_cast<int>(width); ++column) {
        const double from = column * secondsPerPixel + track.offsetSeconds;
        const auto [low, high] = track.waveform().envelope(from, from + secondsPerPixel);
        if (high - low <= 0.0f) {
            continue;
        }
        const float x = origin.x + static_cast<float>(column) + 0.5f;
        draw->AddLine(ImVec2(x, middle - high * height * 0.5f),
                      ImVec2(x, middle - low * height * 0.5f + 1.0f), color);
    }
}

void drawAudioControls(ViewerState& state, float scale) {
    AudioTrack& track = state.audio;
    if (!track.loaded() && !track.loading()) {
        return;
    }
    ImGui::SameLine();
    ImGui::TextDisabled("|");
    ImGui::SameLine();
    if (track.loading() && !track.loaded()) {
        ImGui::TextUnformatted("Sound: loading...");
        return;
    }
    const std::string name = bvh::utf8FromPath(track.path().filename());
    const std::string cut =
        " (first " + std::to_string(std::lround(media::kMaxDecodedSoundSeconds / 60.0)) + " min)";
    ImGui::Text("Sound: %s%s", name.c_str(), track.truncated() ? cut.c_str() : "");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s\nPlays with playback at 1x; silent at other speeds and in "
                          "reverse; scrubbing plays short snippets.",
                          bvh::utf8FromPath(track.path()).c_str());
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110.0f * scale);
    float offset = static_cast<float>(track.offsetSeconds);
    if (ImGui::DragFloat("Offset (s)", &offset, 0.005f, -3600.0f, 3600.0f, "%+.3f")) {
        track.offsetSeconds = offset;
    }
    state.widgetRects.rects["audio:offset"] = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y,
                                               ImGui::GetItemRectSize().x,
                                               ImGui::GetItemRectSize().y};
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Where the capture's frame 0 is in the sound: positive when the "
                          "capture starts after the music. Drag, or double-click to type.");
    }
    ImGui::SameLine();
    ImGui::Checkbox("Mute", &track.muted);
    ImGui::SameLine();
    if (ImGui::SmallButton("Remove sound")) {
        state.commands.push(command::RemoveSound{});
    }
    const std::string reason = state.audioPlayer.unavailableReason();
    if (!reason.empty()) {
        ImGui::SameLine();
        ImGui::TextColored(ImVec4(1.0f, 0.7f, 0.3f, 1.0f), "(silent: no audio device)");
        state.widgetRects.rects["audio:silent"] = {
            ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectSize().x,
            ImGui::GetItemRectSize().y};
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s", reason.c_str());
        }
    }
}

} // namespace bvhscope::viewer
