// The selected joint's channels over the whole clip: one plot for its rotations (degrees), one
// for its positions (file units), the playhead, Euler flips (red lines) and jitter (orange
// dots) marked, and the list of those events. Clicking or dragging in a plot seeks (and
// pauses); clicking an event jumps to it. Shown while a joint is selected and the user asked for
// it (View > Curves, or Selected joint's Show curves; ViewerSettings::showCurves), until closed.
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/panels/settings_edit.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace bvhscope::viewer {

namespace {

constexpr ImU32 kFlipColor = IM_COL32(235, 70, 60, 255);
constexpr ImU32 kJitterColor = IM_COL32(250, 160, 40, 255);
constexpr ImU32 kPlayheadColor = IM_COL32(255, 210, 80, 255);

ImU32 channelColor(bvh::ChannelType type) {
    switch (bvh::channelAxis(type)) {
    case 0:
        return IM_COL32(240, 90, 90, 255);
    case 1:
        return IM_COL32(110, 210, 110, 255);
    case 2:
        return IM_COL32(100, 150, 250, 255);
    default:
        return IM_COL32(180, 180, 180, 255);
    }
}

ImU32 eventColor(bvh::ChannelEventKind kind) {
    return kind == bvh::ChannelEventKind::Jitter ? kJitterColor : kFlipColor;
}

// Pressed and held still on a plot, nothing more is asked: no command, so the viewer may sleep.
void seekToFrame(PanelContext& panel, const scene::Character& character, double frame) {
    const ViewerState& state = panel.state;
    const scene::Playback& playback = state.playback;
    const double time = frame * scene::frameTimeInUse(character);
    if (playback.playing() || std::clamp(time, 0.0, playback.duration()) != playback.time()) {
        panel.commands.push(command::PauseAt{time});
    }
}

struct PlotGroup {
    const char* id; // "rotation", "position", "other"
    const char* unit;
    std::vector<std::size_t> series; // indices into CurveView::series
};

// [SECTION] One plot: the curves of a group of channels over every frame

// Where a plot lies on screen and the value range it shows: the group's values with 6 % of
// room above and below (2 units when they are all one value).
struct PlotArea {
    ImDrawList* draw = nullptr;
    ImVec2 origin;
    ImVec2 end;
    float width = 0.0f;
    std::uint32_t frames = 0;
    float low = 0.0f;
    float high = 0.0f;
    float pad = 0.0f;
    float top = 0.0f;        // where `high` is drawn: 2 pixels inside the plot
    float plotHeight = 0.0f; // from `high` down to `low`

    float yOf(float value) const { return top + (high - value) / (high - low) * plotHeight; }
    float xOf(double frame) const {
        return origin.x +
               (frames > 1 ? static_cast<float>(frame / double(frames - 1)) : 0.5f) * width;
    }
};

PlotArea plotArea(const CurveView& curves, const PlotGroup& group, ImVec2 origin, float width,
                  float height) {
    PlotArea area;
    area.draw = ImGui::GetWindowDrawList();
    area.origin = origin;
    area.end = ImVec2(origin.x + width, origin.y + height);
    area.width = width;
    area.frames = curves.frameCount;
    bool first = true;
    for (const std::size_t k : group.series) {
        area.low = first ? curves.series[k].minimum : std::min(area.low, curves.series[k].minimum);
        area.high =
            first ? curves.series[k].maximum : std::max(area.high, curves.series[k].maximum);
        first = false;
    }
    if (area.high - area.low < 1e-6f) {
        area.low -= 1.0f;
        area.high += 1.0f;
    }
    area.pad = (area.high - area.low) * 0.06f;
    area.low -= area.pad;
    area.high += area.pad;
    area.top = origin.y + 2.0f;
    area.plotHeight = height - 4.0f;
    return area;
}

// Curves: every point when they fit, else per pixel column the range of its frames.
void drawPlotCurves(const PlotArea& area, const CurveView& curves, const PlotGroup& group,
                    float scale) {
    std::vector<ImVec2> points;
    for (const std::size_t k : group.series) {
        const std::vector<float>& values = curves.series[k].values;
        const ImU32 color = channelColor(curves.series[k].type);
        points.clear();
        if (area.frames <= static_cast<std::uint32_t>(area.width * 2.0f)) {
            for (std::uint32_t f = 0; f < area.frames; ++f) {
                points.emplace_back(area.xOf(f), area.yOf(values[f]));
            }
        } else {
            const int columns = static_cast<int>(area.width);
            for (int column = 0; column < columns; ++column) {
                const auto from =
                    static_cast<std::uint32_t>(double(column) / columns * area.frames);
                const auto to = std::max(from + 1, static_cast<std::uint32_t>(
                                                       double(column + 1) / columns * area.frames));
                const auto [lo, hi] =
                    std::minmax_element(values.begin() + from, values.begin() + to);
                const float x = area.origin.x + static_cast<float>(column) + 0.5f;
                area.draw->AddLine(ImVec2(x, area.yOf(*lo)), ImVec2(x, area.yOf(*hi) - 1.0f),
                                   color);
                points.emplace_back(x, area.yOf(values[from]));
            }
        }
        if (points.size() >= 2) {
            area.draw->AddPolyline(points.data(), static_cast<int>(points.size()), color, 0,
                                   1.5f * scale);
        }
    }
}

// Events of these channels: flips as lines, jitter as dots on the curve. The one under the
// pointer (within 3 pixels, when `hovered`), or null.
const bvh::ChannelEvent* drawPlotEvents(const PlotArea& area, const CurveView& curves,
                                        const PlotGroup& group, bool hovered, float mouseX,
                                        float scale) {
    const bvh::ChannelEvent* hoveredEvent = nullptr;
    for (const bvh::ChannelEvent& event : curves.events) {
        const auto owner = std::ranges::find_if(
            group.series, [&](std::size_t k) { return curves.series[k].column == event.column; });
        if (owner == group.series.end()) {
            continue;
        }
        const float x = area.xOf(event.frame);
        if (event.kind == bvh::ChannelEventKind::Jitter) {
            const float y = area.yOf(curves.series[*owner].values[event.frame]);
            area.draw->AddCircle(ImVec2(x, y), 4.0f * scale, kJitterColor, 0, 2.0f);
        } else {
            area.draw->AddLine(ImVec2(x, area.origin.y), ImVec2(x, area.end.y), kFlipColor,
                               1.5f * scale);
            area.draw->AddTriangleFilled(ImVec2(x - 4.0f * scale, area.origin.y),
                                         ImVec2(x + 4.0f * scale, area.origin.y),
                                         ImVec2(x, area.origin.y + 6.0f * scale), kFlipColor);
        }
        if (hovered && std::abs(mouseX - x) < 3.0f * scale) {
            hoveredEvent = &event;
        }
    }
    return hoveredEvent;
}

// Range labels and the legend, each on a dark plate so a curve passing under it cannot hide it.
void drawPlotLabels(const PlotArea& area, const CurveView& curves, const PlotGroup& group) {
    auto plated = [&](ImVec2 at, ImU32 color, const char* text) {
        const ImVec2 size = ImGui::CalcTextSize(text);
        area.draw->AddRectFilled(ImVec2(at.x - 2.0f, at.y),
                                 ImVec2(at.x + size.x + 2.0f, at.y + size.y),
                                 IM_COL32(24, 26, 30, 215), 2.0f);
        area.draw->AddText(at, color, text);
    };
    char label[64];
    std::snprintf(label, sizeof label, "%.4g %s", static_cast<double>(area.high - area.pad),
                  group.unit);
    plated(ImVec2(area.origin.x + 4.0f, area.origin.y + 2.0f), IM_COL32(170, 170, 180, 255), label);
    std::snprintf(label, sizeof label, "%.4g %s", static_cast<double>(area.low + area.pad),
                  group.unit);
    plated(ImVec2(area.origin.x + 4.0f, area.end.y - ImGui::GetTextLineHeight() - 2.0f),
           IM_COL32(170, 170, 180, 255), label);
    float legendX = area.end.x - 4.0f;
    for (auto k = group.series.rbegin(); k != group.series.rend(); ++k) {
        const std::string name(bvh::channelTypeName(curves.series[*k].type));
        legendX -= ImGui::CalcTextSize(name.c_str()).x + 8.0f;
        plated(ImVec2(legendX, area.origin.y + 2.0f), channelColor(curves.series[*k].type),
               name.c_str());
    }
}

// The values of the group's channels at `frame`, and the event under the pointer if any.
void drawPlotTooltip(const scene::Character& character, const CurveView& curves,
                     const PlotGroup& group, std::uint32_t frame,
                     const bvh::ChannelEvent* hoveredEvent) {
    ImGui::BeginTooltip();
    ImGui::Text("frame %u  (%.3f s)", frame, frame * scene::frameTimeInUse(character));
    for (const std::size_t k : group.series) {
        const bvh::ChannelSeries& series = curves.series[k];
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(channelColor(series.type)), "%s %.4f",
                           std::string(bvh::channelTypeName(series.type)).c_str(),
                           static_cast<double>(series.values[frame]));
    }
    if (hoveredEvent != nullptr) {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(eventColor(hoveredEvent->kind)),
                           "%s at frame %u: %+.2f",
                           std::string(bvh::channelEventKindName(hoveredEvent->kind)).c_str(),
                           hoveredEvent->frame, hoveredEvent->magnitude);
    }
    ImGui::EndTooltip();
}

void drawPlot(PanelContext& panel, const scene::Character& character, const PlotGroup& group,
              float height, float scale) {
    const ViewerState& state = panel.state;
    const CurveView& curves = state.analysis.curves;
    const std::uint32_t frames = curves.frameCount;
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = std::max(ImGui::GetContentRegionAvail().x, 40.0f);
    ImGui::InvisibleButton(group.id, ImVec2(width, height));
    panel.rects.rects[std::string("curves:plot:") + group.id] = {origin.x, origin.y, width, height};
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    auto frameUnder = [&](float x) {
        const float fraction = std::clamp((x - origin.x) / width, 0.0f, 1.0f);
        return std::round(fraction * static_cast<float>(frames > 1 ? frames - 1 : 0));
    };
    if (ImGui::IsItemActive() && frames > 0) {
        seekToFrame(panel, character, frameUnder(mouse.x));
    }

    const PlotArea area = plotArea(curves, group, origin, width, height);
    area.draw->AddRectFilled(area.origin, area.end, IM_COL32(30, 32, 38, 255), 3.0f);
    area.draw->PushClipRect(area.origin, area.end, true);
    if (area.low < 0.0f && area.high > 0.0f) {
        area.draw->AddLine(ImVec2(origin.x, area.yOf(0.0f)), ImVec2(area.end.x, area.yOf(0.0f)),
                           IM_COL32(80, 84, 95, 255));
    }
    drawPlotCurves(area, curves, group, scale);
    const bvh::ChannelEvent* hoveredEvent =
        drawPlotEvents(area, curves, group, hovered, mouse.x, scale);
    // The playhead, at the character's own frame for the current time.
    const double playheadFrame =
        std::clamp(state.playback.time() / scene::frameTimeInUse(character), 0.0,
                   double(frames > 0 ? frames - 1 : 0));
    const float playhead = area.xOf(playheadFrame);
    area.draw->AddLine(ImVec2(playhead, area.origin.y), ImVec2(playhead, area.end.y),
                       kPlayheadColor, 2.0f * scale);
    drawPlotLabels(area, curves, group);
    area.draw->PopClipRect();

    if (hovered && frames > 0) {
        drawPlotTooltip(character, curves, group, static_cast<std::uint32_t>(frameUnder(mouse.x)),
                        hoveredEvent);
    }
}

// [SECTION] The events list: click to jump
void drawEventList(PanelContext& panel, const scene::Character& character) {
    const ViewerState& state = panel.state;
    const CurveView& curves = state.analysis.curves;
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    ImGui::BeginChild("events", ImVec2(0.0f, 0.0f), true);
    for (std::size_t k = 0; k < curves.events.size(); ++k) {
        const bvh::ChannelEvent& event = curves.events[k];
        char text[160];
        if (event.kind == bvh::ChannelEventKind::Jitter) {
            std::snprintf(text, sizeof text, "frame %-6u %-10s jitter  |d2| %.3g (%.0fx usual)",
                          event.frame, skeleton.channelNames[event.column].c_str(), event.magnitude,
                          event.detail);
        } else {
            std::snprintf(text, sizeof text, "frame %-6u %-10s %-6s  jump %+.1f deg, turn %.1f deg",
                          event.frame, skeleton.channelNames[event.column].c_str(),
                          std::string(bvh::channelEventKindName(event.kind)).c_str(),
                          event.magnitude, event.detail);
        }
        ImGui::PushID(static_cast<int>(k));
        ImGui::PushStyleColor(ImGuiCol_Text,
                              ImGui::ColorConvertU32ToFloat4(eventColor(event.kind)));
        if (ImGui::Selectable(text, state.playback.frame() == std::int64_t{event.frame})) {
            seekToFrame(panel, character, event.frame);
        }
        ImGui::PopStyleColor();
        ImGui::PopID();
        if (k < 20) {
            const ImVec2 min = ImGui::GetItemRectMin();
            const ImVec2 size = ImGui::GetItemRectSize();
            panel.rects.rects["curves:event:" + std::to_string(k)] = {min.x, min.y, size.x, size.y};
        }
    }
    ImGui::EndChild();
}

// The panel, from what it may read and change (panel_context.h).
void drawJointCurves(PanelContext panel, float scale) {
    const ViewerState& state = panel.state;
    const CurveView& curves = state.analysis.curves;
    const std::vector<scene::Character>& characters = state.scene.characters();
    if (!curves.selection || !state.settings.showCurves ||
        curves.selection->character >= characters.size()) {
        return;
    }
    bool open = true;
    if (!beginDockedPanel(panel.rects, "Curves", state.layout.curves, 0, &open)) {
        return;
    }
    if (!open) {
        SettingsEdit edit(state.settings, panel.commands);
        edit.values.showCurves = false;
    }
    const scene::Character& character = characters[curves.selection->character];
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const auto node = static_cast<std::size_t>(curves.selection->node);
    ImGui::TextUnformatted(skeleton.isEndSite[node] ? "End Site" : skeleton.names[node].c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("(%s)", character.clip->displayName.c_str());
    std::size_t flips = 0;
    for (const bvh::ChannelEvent& event : curves.events) {
        flips += event.kind != bvh::ChannelEventKind::Jitter ? 1 : 0;
    }
    const std::size_t jitter = curves.events.size() - flips;
    if (flips > 0) {
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kFlipColor), "%zu Euler flip%s", flips,
                           flips == 1 ? "" : "s");
    }
    if (jitter > 0) {
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kJitterColor), "%zu jitter", jitter);
    }
    if (character.loading()) {
        ImGui::TextDisabled("The curves appear once the whole file is read.");
        ImGui::End();
        return;
    }
    if (character.isLive()) {
        ImGui::TextDisabled("A live stream has no curves: Record it, then open the take.");
        ImGui::End();
        return;
    }
    if (curves.series.empty()) {
        ImGui::TextDisabled(skeleton.isEndSite[node]
                                ? "An End Site has no channels: select its joint."
                                : "This joint has no channels.");
        ImGui::End();
        return;
    }
    const bool consistent =
        std::ranges::all_of(curves.series, [&](const bvh::ChannelSeries& series) {
            return series.values.size() == curves.frameCount;
        });
    if (curves.frameCount == 0 || !consistent) {
        ImGui::TextDisabled("The file has no frames (a rest pose only).");
        ImGui::End();
        return;
    }

    PlotGroup rotation{"rotation", "deg", {}};
    PlotGroup position{"position", "units", {}};
    PlotGroup other{"other", "", {}};
    for (std::size_t k = 0; k < curves.series.size(); ++k) {
        const bvh::ChannelType type = curves.series[k].type;
        (bvh::isRotation(type)   ? rotation
         : bvh::isPosition(type) ? position
                                 : other)
            .series.push_back(k);
    }
    std::vector<const PlotGroup*> groups;
    for (const PlotGroup* group : {&rotation, &position, &other}) {
        if (!group->series.empty()) {
            groups.push_back(group);
        }
    }
    const float listHeight = curves.events.empty() ? 0.0f : 80.0f * scale;
    const float spacing = ImGui::GetStyle().ItemSpacing.y;
    const float available =
        ImGui::GetContentRegionAvail().y - listHeight - spacing * static_cast<float>(groups.size());
    const float plotHeight = std::max(50.0f * scale, available / static_cast<float>(groups.size()));
    for (const PlotGroup* group : groups) {
        drawPlot(panel, character, *group, plotHeight, scale);
    }
    if (!curves.events.empty()) {
        drawEventList(panel, character);
    }
    ImGui::End();
}

} // namespace

void drawCurvesPanel(ViewerState& state, float scale) {
    drawJointCurves(PanelContext::of(state), scale);
}

} // namespace bvhscope::viewer
