#include "app/viewer/panels/audio_panel.h"

#include "app/media/audio_clip.h"
#include "app/options/option_table.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
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

namespace {

// "Sound: NAME (first 60 min)", its name elided to what is left of the row (at most a third of
// the strip, so the controls after it keep their place), the whole path in the tooltip.
void drawSoundName(const AudioTrack& track, float scale) {
    const std::string name = bvh::utf8FromPath(track.path().filename());
    const std::string cut =
        track.truncated()
            ? " (first " + std::to_string(std::lround(media::kMaxDecodedSoundSeconds / 60.0)) +
                  " min)"
            : std::string();
    const float room = std::max(ImGui::GetContentRegionAvail().x / 3.0f, 120.0f * scale) -
                       ImGui::CalcTextSize(("Sound: " + cut).c_str()).x;
    const std::string shown = "Sound: " + elideToWidth(name, std::max(room, 1.0f)) + cut;
    ImGui::TextUnformatted(shown.c_str());
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s\nPlays with playback at 1x; silent at other speeds and in "
                          "reverse; scrubbing plays short snippets.",
                          bvh::utf8FromPath(track.path()).c_str());
    }
}

} // namespace

// A row of its own under the scrub bar (which takes the whole width), flowing onto another
// when the strip is narrow: nothing is laid out past the window's right edge.
void drawAudioControls(PanelContext& panel, float scale) {
    const ViewerState& state = panel.state;
    const AudioTrack& track = state.audio;
    if (!track.loaded() && !track.loading()) {
        return;
    }
    if (track.loading() && !track.loaded()) {
        ImGui::TextUnformatted("Sound: loading...");
        return;
    }
    ImGui::AlignTextToFramePadding();
    drawSoundName(track, scale);
    recordItemRect(panel.rects, "audio:name");
    const float offsetWidth = 110.0f * scale;
    sameLineIfFits(offsetWidth + ImGui::GetStyle().ItemInnerSpacing.x +
                   ImGui::CalcTextSize("Offset (s)").x);
    ImGui::SetNextItemWidth(offsetWidth);
    float offset = static_cast<float>(track.offsetSeconds);
    // The options table's range, as --audio-offset takes it.
    if (ImGui::DragFloat("Offset (s)", &offset, 0.005f,
                         static_cast<float>(*options::kAudioOffset.minimum),
                         static_cast<float>(*options::kAudioOffset.maximum), "%+.3f")) {
        panel.commands.push(command::SetSoundOffset{offset});
    }
    recordItemRect(panel.rects, "audio:offset");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Where the capture's frame 0 is in the sound: positive when the "
                          "capture starts after the music. Drag, or double-click to type.");
    }
    sameLineIfFits(checkboxWidth("Mute"));
    if (bool muted = track.muted; ImGui::Checkbox("Mute", &muted)) {
        panel.commands.push(command::MuteSound{muted});
    }
    recordItemRect(panel.rects, "audio:mute");
    sameLineIfFits(buttonWidth("Remove sound"));
    if (ImGui::Button("Remove sound")) {
        panel.commands.push(command::RemoveSound{});
    }
    recordItemRect(panel.rects, "audio:remove");
    const std::string reason = state.audioPlayer.unavailableReason();
    if (!reason.empty()) {
        const char* silent = "(silent: no audio device)";
        sameLineIfFits(ImGui::CalcTextSize(silent).x);
        ImGui::TextColored(ImVec4(1.0f, 0.7f, 0.3f, 1.0f), "%s", silent);
        recordItemRect(panel.rects, "audio:silent");
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s", reason.c_str());
        }
    }
}

} // namespace bvhscope::viewer
