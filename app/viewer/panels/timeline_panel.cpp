// The timeline: transport buttons, speed, loop, sampling, the rest-pose toggle, a scrub bar
// with the in/out range and the selected joint's Euler flips and jitter as warning ticks, and
// the frame number and time.
#include "app/viewer/analysis/analysis_panels.h"
#include "app/viewer/audio/audio_panel.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace bvhscope::viewer {

namespace {

// [SECTION] The selected joint's channel events (curves_panel.cpp lists them): red ticks for
// Euler flips, orange for jitter, along the top of the bar, with a tooltip.
void drawEventTicks(ViewerState& state, const auto& xOf, ImVec2 origin, float height, float scale) {
    const CurveView& curves = state.analysis.curves;
    const std::vector<Character>& characters = state.scene.characters();
    if (!curves.selection || curves.selection->character >= characters.size() ||
        curves.events.empty()) {
        return;
    }
    const Character& character = characters[curves.selection->character];
    const bvh::Skeleton& skeleton = character.document.skeleton;
    const double frameTime = frameTimeInUse(character);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const bool hovered = ImGui::IsItemHovered();
    const float mouseX = ImGui::GetIO().MousePos.x;
    std::vector<const bvh::ChannelEvent*> underMouse;
    for (const bvh::ChannelEvent& event : curves.events) {
        const float x = xOf(event.frame * frameTime);
        const bool jitter = event.kind == bvh::ChannelEventKind::Jitter;
        const ImU32 color = jitter ? IM_COL32(250, 160, 40, 255) : IM_COL32(235, 70, 60, 255);
        draw->AddLine(ImVec2(x, origin.y), ImVec2(x, origin.y + height * (jitter ? 0.35f : 0.5f)),
                      color, 2.0f * scale);
        if (hovered && std::abs(mouseX - x) <= 3.0f * scale) {
            underMouse.push_back(&event);
        }
    }
    if (!underMouse.empty()) {
        ImGui::BeginTooltip();
        for (const bvh::ChannelEvent* event : underMouse) {
            ImGui::Text("frame %u: %s %s %s %+.1f", event->frame,
                        skeleton.names[static_cast<std::size_t>(event->node)].c_str(),
                        skeleton.channelNames[event->column].c_str(),
                        std::string(bvh::channelEventKindName(event->kind)).c_str(),
                        event->magnitude);
        }
        ImGui::EndTooltip();
    }
}

// A reminder over the viewport while the rest pose is shown.
void drawRestPoseReminder(ViewerState& state, float scale) {
    if (state.analysis.showRestPose) {
        const char* text = "REST POSE (the OFFSETs, no motion)  -  P to go back";
        const ImVec2 size = ImGui::CalcTextSize(text);
        const ImVec2 display = ImGui::GetIO().DisplaySize;
        ImGui::GetBackgroundDrawList()->AddText(ImVec2((display.x - size.x) * 0.5f, 36.0f * scale),
                                                IM_COL32(255, 210, 80, 255), text);
    }
}

// [SECTION] The scrub bar: drag anywhere on it; the pose follows while dragging.
void drawScrubBar(ViewerState& state, float scale) {
    Playback& playback = state.playback;
    const float height = 26.0f * scale;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = std::max(ImGui::GetContentRegionAvail().x, 10.0f);
    ImGui::InvisibleButton("##scrub", ImVec2(width, height));
    state.widgetRects.rects["timeline"] = {origin.x, origin.y, width, height};
    const double duration = playback.duration();
    if (ImGui::IsItemActive() && duration > 0.0) {
        const float fraction =
            std::clamp((ImGui::GetIO().MousePos.x - origin.x) / width, 0.0f, 1.0f);
        playback.seek(fraction * duration);
    }

    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 end(origin.x + width, origin.y + height);
    draw->AddRectFilled(origin, end, IM_COL32(40, 42, 48, 255), 3.0f);
    auto xOf = [&](double time) {
        return origin.x + static_cast<float>(duration > 0.0 ? time / duration : 0.0) * width;
    };
    // The playback range.
    draw->AddRectFilled(ImVec2(xOf(playback.rangeStart()), origin.y),
                        ImVec2(xOf(playback.rangeEnd()), end.y), IM_COL32(60, 80, 110, 255), 3.0f);
    drawWaveform(state.audio, origin, width, height, duration);
    // Ticks: every frame when they are far enough apart, else every 10th or 100th.
    const std::int64_t lastFrame = playback.lastFrame();
    std::int64_t tickEvery = 1;
    while (lastFrame > 0 && width / static_cast<float>(lastFrame) * tickEvery < 6.0f) {
        tickEvery *= 10;
    }
    for (std::int64_t frame = 0; frame <= lastFrame && lastFrame > 0; frame += tickEvery) {
        const float x = xOf(playback.timeOfFrame(frame));
        const bool major = frame % (tickEvery * 10) == 0;
        draw->AddLine(ImVec2(x, end.y - (major ? 10.0f : 5.0f) * scale), ImVec2(x, end.y),
                      IM_COL32(140, 140, 150, major ? 200 : 110));
    }
    drawEventTicks(state, xOf, origin, height, scale);
    const float playhead = xOf(playback.time());
    draw->AddLine(ImVec2(playhead, origin.y), ImVec2(playhead, end.y), IM_COL32(255, 210, 80, 255),
                  2.0f * scale);
}

void drawRangeControls(ViewerState& state) {
    Playback& playback = state.playback;
    int range[2] = {static_cast<int>(std::llround(playback.rangeStart() / playback.frameTime())),
                    static_cast<int>(std::llround(playback.rangeEnd() / playback.frameTime()))};
    ImGui::SetNextItemWidth(180.0f);
    if (ImGui::DragInt2("Range in/out", range, 0.5f, 0, static_cast<int>(playback.lastFrame()))) {
        playback.setRange(playback.timeOfFrame(range[0]),
                          playback.timeOfFrame(std::max(range[0], range[1])));
    }
    ImGui::SameLine();
    if (ImGui::Button("[ In")) {
        playback.markIn();
    }
    ImGui::SameLine();
    if (ImGui::Button("Out ]")) {
        playback.markOut();
    }
    ImGui::SameLine();
    if (ImGui::Button("Full range")) {
        playback.clearRange();
    }
}

} // namespace

void handleAnalysisKeys(ViewerState& state, const std::vector<int>& keys) {
    for (const int key : keys) {
        if (key == GLFW_KEY_P) {
            state.analysis.showRestPose = !state.analysis.showRestPose;
        }
    }
}

void drawTimelinePanel(ViewerState& state, float scale) {
    drawRestPoseReminder(state, scale);
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(0.0f, display.y - kTimelineHeight * scale),
                            ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(display.x, kTimelineHeight * scale), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Timeline")) {
        ImGui::End();
        return;
    }
    recordWindowRect(state, "Timeline");
    Playback& playback = state.playback;
    ViewerSettings& settings = state.settings;

    if (ImGui::Button("|<")) {
        playback.toFirst();
    }
    ImGui::SameLine();
    if (ImGui::Button("<")) {
        playback.step(-1);
    }
    ImGui::SameLine();
    if (ImGui::Button(playback.playing() ? "Pause" : "Play", ImVec2(60.0f * scale, 0.0f))) {
        playback.togglePlay();
    }
    ImGui::SameLine();
    if (ImGui::Button(">")) {
        playback.step(1);
    }
    ImGui::SameLine();
    if (ImGui::Button(">|")) {
        playback.toLast();
    }
    ImGui::SameLine();
    if (ImGui::Checkbox("Loop", &settings.loop)) {
        playback.setLoop(settings.loop);
    }
    ImGui::SameLine();
    ImGui::Checkbox("Interpolate", &settings.interpolate);
    ImGui::SameLine();
    ImGui::Checkbox("Rest pose (P)", &state.analysis.showRestPose);
    {
        const ImVec2 min = ImGui::GetItemRectMin();
        const ImVec2 size = ImGui::GetItemRectSize();
        state.widgetRects.rects["timeline:restpose"] = {min.x, min.y, size.x, size.y};
    }
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Show the OFFSET rest pose instead of the animation");
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(140.0f * scale);
    // Shows the speed in effect (J/K/L shuttle included); only a change made here becomes the
    // speed the user keeps.
    float speed = static_cast<float>(playback.speed());
    if (ImGui::SliderFloat("Speed", &speed, 0.1f, 4.0f, "%.2fx", ImGuiSliderFlags_Logarithmic)) {
        playback.setSpeed(speed);
        settings.playbackSpeed = static_cast<float>(playback.speed());
    }
    ImGui::SameLine();
    ImGui::Text("Frame %lld / %lld   %.3f s / %.3f s%s", static_cast<long long>(playback.frame()),
                static_cast<long long>(playback.lastFrame()), playback.time(), playback.duration(),
                playback.reverse() && playback.playing() ? "  (reverse)" : "");
    // Files at other rates or lengths: each one's own frame at the common time.
    const std::vector<Character>& characters = state.scene.characters();
    if (characters.size() > 1) {
        for (std::size_t i = 0; i < characters.size(); ++i) {
            const Character& character = characters[i];
            const double local = Scene::localTime(character, playback.time(), settings.loop);
            ImGui::SameLine();
            ImGui::TextColored(ImVec4(character.color.r, character.color.g, character.color.b, 1),
                               "%s%s %u/%u @%.4g", i == state.infoCharacter ? ">" : "",
                               character.displayName.c_str(), frameAt(character, local),
                               std::max(playableFrameCount(character), 1u) - 1,
                               1.0 / frameTimeInUse(character));
        }
    }

    drawScrubBar(state, scale);
    drawRangeControls(state);
    drawAudioControls(state, scale);
    ImGui::End();
}

} // namespace bvhscope::viewer
