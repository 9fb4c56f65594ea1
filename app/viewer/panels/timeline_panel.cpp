// The timeline: transport buttons, speed, loop, sampling, the rest-pose toggle, a scrub bar
// with the in/out range and the selected joint's Euler flips and jitter as warning ticks, and
// the frame number and time.
#include "app/options/option_table.h"
#include "app/viewer/panels/analysis_panels.h"
#include "app/viewer/panels/audio_panel.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/panels/settings_edit.h"
#include "app/viewer/platform/imgui_layer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bvhscope::viewer {

namespace {

// [SECTION] The selected joint's channel events (curves_panel.cpp lists them): red ticks for
// Euler flips, orange for jitter, along the top of the bar, with a tooltip.
void drawEventTicks(const ViewerState& state, const auto& xOf, ImVec2 origin, float height,
                    float scale) {
    const CurveView& curves = state.analysis.curves;
    const std::vector<scene::Character>& characters = state.scene.characters();
    if (!curves.selection || curves.selection->character >= characters.size() ||
        curves.events.empty()) {
        return;
    }
    const scene::Character& character = characters[curves.selection->character];
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const double frameTime = scene::frameTimeInUse(character);
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
void drawRestPoseReminder(const ViewerState& state, float scale) {
    if (state.analysis.showRestPose) {
        const char* text = "REST POSE (the OFFSETs, no motion)  -  P to go back";
        const ImVec2 size = ImGui::CalcTextSize(text);
        const ImVec2 display = ImGui::GetIO().DisplaySize;
        ImGui::GetBackgroundDrawList()->AddText(ImVec2((display.x - size.x) * 0.5f, 36.0f * scale),
                                                IM_COL32(255, 210, 80, 255), text);
    }
}

// [SECTION] The ruler's frame numbers, along the top of the scrub bar: every 1, 2 or 5 times a
// power of ten frames, as often as the widest number leaves room for.
void drawRulerNumbers(const scene::Playback& playback, const auto& xOf, ImVec2 origin, float width,
                      float scale) {
    const std::int64_t lastFrame = playback.lastFrame();
    if (lastFrame <= 0) {
        return;
    }
    const std::string widest = std::to_string(lastFrame);
    const float room = ImGui::CalcTextSize(widest.c_str()).x + 10.0f * scale;
    const float pixelsPerFrame = width / static_cast<float>(lastFrame);
    std::int64_t step = 1;
    for (std::int64_t power = 1; step * pixelsPerFrame < room; power *= 10) {
        for (const std::int64_t factor : {1, 2, 5, 10}) {
            step = factor * power;
            if (step * pixelsPerFrame >= room) {
                break;
            }
        }
    }
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImU32 color = IM_COL32(190, 190, 200, 220);
    for (std::int64_t frame = 0; frame <= lastFrame; frame += step) {
        const std::string number = std::to_string(frame);
        const float x = xOf(playback.timeOfFrame(frame));
        const float textWidth = ImGui::CalcTextSize(number.c_str()).x;
        if (x + 2.0f * scale + textWidth > origin.x + width) {
            break; // the last number would run past the bar's end
        }
        draw->AddText(ImVec2(x + 2.0f * scale, origin.y + 1.0f * scale), color, number.c_str());
    }
}

// [SECTION] The scrub bar: drag anywhere on it; the pose follows while dragging.
void drawScrubBar(PanelContext& panel, float scale) {
    const ViewerState& state = panel.state;
    const scene::Playback& playback = state.playback;
    // Room for the ruler's numbers over the ticks.
    const float height = ImGui::GetFontSize() + 12.0f * scale;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = std::max(ImGui::GetContentRegionAvail().x, 10.0f);
    ImGui::InvisibleButton("##scrub", ImVec2(width, height));
    panel.rects.rects["timeline"] = {origin.x, origin.y, width, height};
    const double duration = playback.duration();
    if (ImGui::IsItemActive() && duration > 0.0) {
        const float fraction =
            std::clamp((ImGui::GetIO().MousePos.x - origin.x) / width, 0.0f, 1.0f);
        // Held still, the bar asks nothing: no command, so the viewer may sleep.
        if (const double time = fraction * duration; time != playback.time()) {
            panel.commands.push(command::Seek{time});
        }
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
    drawLiveUnheldSpan(state, origin, width, height, duration);
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
    drawRulerNumbers(playback, xOf, origin, width, scale);
    drawEventTicks(state, xOf, origin, height, scale);
    const float playhead = xOf(playback.time());
    draw->AddLine(ImVec2(playhead, origin.y), ImVec2(playhead, end.y), IM_COL32(255, 210, 80, 255),
                  2.0f * scale);
}

// In and out frames, flowing after the transport row's items when the strip is wide enough.
void drawRangeControls(PanelContext& panel, float scale) {
    const ViewerState& state = panel.state;
    const scene::Playback& playback = state.playback;
    int range[2] = {static_cast<int>(std::llround(playback.rangeStart() / playback.frameTime())),
                    static_cast<int>(std::llround(playback.rangeEnd() / playback.frameTime()))};
    const float fieldWidth = 130.0f * scale;
    sameLineIfFits(fieldWidth + ImGui::GetStyle().ItemInnerSpacing.x +
                   ImGui::CalcTextSize("Range (frames)").x);
    ImGui::SetNextItemWidth(fieldWidth);
    if (ImGui::DragInt2("Range (frames)", range, 0.5f, 0, static_cast<int>(playback.lastFrame()))) {
        panel.commands.push(command::SetPlaybackRange{
            playback.timeOfFrame(range[0]), playback.timeOfFrame(std::max(range[0], range[1]))});
    }
    // "[ In" and "Out ]" are one bracket: they move to the next row together (issue 42).
    sameLineIfFits(buttonWidth("[ In") + ImGui::GetStyle().ItemSpacing.x + buttonWidth("Out ]"));
    if (ImGui::Button("[ In")) {
        panel.commands.push(command::MarkIn{});
    }
    recordItemRect(panel.rects, "timeline:in");
    ImGui::SameLine();
    if (ImGui::Button("Out ]")) {
        panel.commands.push(command::MarkOut{});
    }
    recordItemRect(panel.rects, "timeline:out");
    sameLineIfFits(buttonWidth("Full range"));
    if (ImGui::Button("Full range")) {
        panel.commands.push(command::FullRange{});
    }
}

// "Frame 12 / 65  0.400 s / 2.167 s" in the monospaced face, so it keeps its width while it
// counts.
void drawFrameReadout(const scene::Playback& playback) {
    char text[160];
    std::snprintf(text, sizeof text, "Frame %lld / %lld  %.3f s / %.3f s%s",
                  static_cast<long long>(playback.frame()),
                  static_cast<long long>(playback.lastFrame()), playback.time(),
                  playback.duration(),
                  playback.reverse() && playback.playing() ? " (reverse)" : "");
    ImGui::PushFont(monospaceFont());
    sameLineIfFits(ImGui::CalcTextSize(text).x + ImGui::GetStyle().ItemSpacing.x);
    ImGui::Dummy(ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f)); // apart from the buttons
    ImGui::SameLine(0.0f, 0.0f);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::PopFont();
}

// Files at other rates or lengths: each one's own frame at the common time (">" marks the
// selected file, whose frames the timeline steps), flowing onto more rows when they do not fit.
void drawFileFrames(PanelContext& panel, float scale) {
    const ViewerState& state = panel.state;
    const std::vector<scene::Character>& characters = state.scene.characters();
    if (characters.size() < 2) {
        return;
    }
    const std::vector<std::string> names = openFileNames(state);
    ImGui::PushFont(monospaceFont());
    for (std::size_t i = 0; i < characters.size(); ++i) {
        const scene::Character& character = characters[i];
        const double local =
            scene::Scene::localTime(character, state.playback.time(), state.settings.loop);
        char text[96];
        std::snprintf(text, sizeof text, "%s%s %u/%u @%.4g", i == state.infoCharacter ? ">" : "",
                      elideAmongToWidth(character.clip->displayName, names, 160.0f * scale).c_str(),
                      scene::frameAt(character, local),
                      std::max(scene::playableFrameCount(character), 1u) - 1,
                      1.0 / scene::frameTimeInUse(character));
        if (i > 0) {
            sameLineIfFits(ImGui::CalcTextSize(text).x + ImGui::GetStyle().ItemSpacing.x);
        }
        ImGui::TextColored(ImVec4(character.appearance.color.r, character.appearance.color.g,
                                  character.appearance.color.b, 1),
                           "%s", text);
        recordShownText(panel.rects, "timeline:file:" + std::to_string(i), text);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s: frame %u at %.4g fps", character.clip->displayName.c_str(),
                              scene::frameAt(character, local),
                              1.0 / scene::frameTimeInUse(character));
        }
    }
    ImGui::PopFont();
}

// The speed: presets beside a drag field whose pixels are hundredths (a short drag is a small
// change; Ctrl+click types a value). Shows the speed in effect (J/K/L shuttle included); only a
// change made here becomes the speed the user keeps.
void drawSpeedControls(PanelContext& panel, float scale) {
    const ViewerState& state = panel.state;
    const scene::Playback& playback = state.playback;
    constexpr std::pair<const char*, float> kPresets[] = {
        {"0.25x", 0.25f}, {"0.5x", 0.5f}, {"1x", 1.0f}, {"2x", 2.0f}};
    const float fieldWidth = 70.0f * scale;
    float presetsWidth = 0.0f;
    for (const auto& [label, speed] : kPresets) {
        presetsWidth += buttonWidth(label) + ImGui::GetStyle().ItemSpacing.x;
    }
    sameLineIfFits(ImGui::CalcTextSize("Speed").x + presetsWidth + fieldWidth +
                   2.0f * ImGui::GetStyle().ItemSpacing.x);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Speed");
    for (const auto& [label, preset] : kPresets) {
        ImGui::SameLine();
        const bool current = std::abs(playback.speed() - preset) < 1e-4;
        if (current) {
            ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        }
        if (ImGui::Button(label)) {
            panel.commands.push(command::SetPlaybackSpeed{preset});
        }
        if (current) {
            ImGui::PopStyleColor();
        }
        recordItemRect(panel.rects, std::string("timeline:speed:") + label);
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(fieldWidth);
    float speed = static_cast<float>(playback.speed());
    const options::Option& option = options::kPlaybackSpeed;
    if (ImGui::DragFloat("##speed", &speed, static_cast<float>(option.step),
                         static_cast<float>(*option.minimum), static_cast<float>(*option.maximum),
                         "%.2fx", ImGuiSliderFlags_AlwaysClamp)) {
        panel.commands.push(command::SetPlaybackSpeed{speed});
    }
    recordItemRect(panel.rects, "timeline:speed");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Drag: %sx a pixel; Ctrl+click to type (%sx to %sx)",
                          options::numberText(option.step).c_str(),
                          options::numberText(*option.minimum).c_str(),
                          options::numberText(*option.maximum).c_str());
    }
}

// The panel, from what it may read and change (panel_context.h); the height its content
// needed, when it was drawn.
std::optional<float> drawTransport(PanelContext panel, float scale) {
    const ViewerState& state = panel.state;
    drawRestPoseReminder(state, scale);
    // No title bar: the strip's controls say what it is, and the view gets the height.
    if (!beginDockedPanel(panel.rects, "Timeline", state.layout.timeline,
                          ImGuiWindowFlags_NoTitleBar)) {
        return std::nullopt;
    }
    const scene::Playback& playback = state.playback;

    // One row of controls on a wide window; on a narrow one they flow onto more rows, and the
    // strip grows to fit them (the layout reads timelineContentHeight).
    if (ImGui::Button("|<")) {
        panel.commands.push(command::ToRangeStart{});
    }
    ImGui::SameLine();
    if (ImGui::Button("<")) {
        panel.commands.push(command::StepFrames{-1});
    }
    ImGui::SameLine();
    if (ImGui::Button(playback.playing() ? "Pause" : "Play", ImVec2(60.0f * scale, 0.0f))) {
        panel.commands.push(command::TogglePlay{});
    }
    ImGui::SameLine();
    if (ImGui::Button(">")) {
        panel.commands.push(command::StepFrames{1});
    }
    ImGui::SameLine();
    if (ImGui::Button(">|")) {
        panel.commands.push(command::ToRangeEnd{});
    }
    drawFrameReadout(playback);
    drawSpeedControls(panel, scale);
    sameLineIfFits(checkboxWidth("Loop"));
    if (bool loop = state.settings.loop; ImGui::Checkbox("Loop", &loop)) {
        panel.commands.push(command::SetLoop{loop});
    }
    {
        SettingsEdit edit(state.settings, panel.commands);
        sameLineIfFits(checkboxWidth("Interpolate"));
        ImGui::Checkbox("Interpolate", &edit.values.interpolate);
    }
    sameLineIfFits(checkboxWidth("Rest pose (P)"));
    if (bool restPose = state.analysis.showRestPose; ImGui::Checkbox("Rest pose (P)", &restPose)) {
        panel.commands.push(command::ShowRestPose{restPose});
    }
    recordItemRect(panel.rects, "timeline:restpose");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Show the OFFSET rest pose instead of the animation");
    }
    drawFileFrames(panel, scale);
    drawRangeControls(panel, scale);
    drawLiveControls(panel, scale);
    drawScrubBar(panel, scale);
    drawAudioControls(panel, scale);
    const float contentHeight = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y +
                                ImGui::GetStyle().WindowPadding.y;
    ImGui::End();
    return contentHeight;
}

} // namespace

// The height the content needs is the interface's own measure: the layout gives the strip that
// much from the next frame.
void drawTimelinePanel(ViewerState& state, float scale) {
    if (const std::optional<float> height = drawTransport(PanelContext::of(state), scale)) {
        state.timelineContentHeight = *height;
    }
}

} // namespace bvhscope::viewer
