// Live streams in the interface (issue 28): File > Connect to live stream... and its dialog
// (host, port, format, skeleton file; the answers kept in the settings), and the timeline's live
// row: Live (back to the newest frame), Record / Stop, and the status line (connected or
// reconnecting, frames per second, latency, frames dropped or malformed, the last error).
#include "app/options/option_table.h"
#include "app/platform/browser.h"
#include "app/viewer/panels/desktop_only_items.h"
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/panels/settings_edit.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cstdio>
#include <imgui.h>
#include <imgui_stdlib.h>
#include <string>
#include <utility>

namespace bvhscope::viewer {

namespace {

constexpr const char* kConnectDialog = "Connect to live stream";
constexpr const char* kFormats[] = {"auto", "axis", "lines", "bvh", "vmc", "mocopi"};

// What the stream's connection is, in the status line. A followed file is "following" while it
// is read and "not readable" while its name holds nothing that can be (missing, a named pipe):
// never "connected" when nothing is.
const char* connectionWord(bvhscope::live::LiveStatus::Connection connection, bool followsFile) {
    using Connection = bvhscope::live::LiveStatus::Connection;
    switch (connection) {
    case Connection::Starting:
        return followsFile ? "opening" : "connecting";
    case Connection::Connected:
        return followsFile ? "following" : "connected";
    case Connection::Reconnecting:
        return followsFile ? "not readable" : "reconnecting";
    case Connection::Ended:
        return "closed";
    }
    return "";
}

// One stream's status line: what an operator glances at next to the capture software. Its
// name is elided to `nameWidth` pixels and the line to kMostDrawnTextBytes, whatever the name
// and the last error hold (layout/text_elision.h).
std::string statusLine(const LiveStreamStatus& status, float nameWidth) {
    const bvh::live::DecodeCounters& counters = status.source.counters;
    char numbers[256];
    std::snprintf(
        numbers, sizeof numbers,
        "  %.0f fps  latency %.1f ms  %llu frames  dropped %llu  malformed %llu",
        status.source.framesPerSecond, status.latencyMilliseconds,
        static_cast<unsigned long long>(status.framesReceived),
        static_cast<unsigned long long>(status.source.framesDropped + status.framesNotShown),
        static_cast<unsigned long long>(counters.malformedLines + counters.overlongLines +
                                        status.source.datagrams.dropped()));
    std::string line =
        elideToWidth(elideMiddleToBytes(status.name, kMostDrawnTextBytes / 4), nameWidth) + " " +
        connectionWord(status.source.connection, status.followsFile) + numbers;
    if (status.recording) {
        line += "  REC " + std::to_string(status.framesRecorded) + " frames";
    }
    // A sender that changed its skeleton or rate: each change is a new character (and take).
    if (const std::uint32_t changes = status.source.skeletonChanges; changes > 0) {
        line +=
            "  skeleton changed " + std::to_string(changes) + (changes == 1 ? " time" : " times");
    }
    if (!status.source.waitingFor.empty()) {
        line += "  " + status.source.waitingFor;
    }
    // A second device sending to a VMC port: its datagrams are left out, and said so.
    if (status.source.otherSenderDatagrams > 0) {
        line += "  another sender (" + status.source.otherSender +
                ") is also sending: " + std::to_string(status.source.otherSenderDatagrams) +
                " datagrams ignored";
    }
    if (!status.mismatch.empty()) {
        line += "  " + status.mismatch;
    } else if (!status.source.lastError.empty()) {
        line += "  last error: " + status.source.lastError;
    }
    return elideMiddleToBytes(line);
}

// The dialog's answers are kept in the settings (SettingsEdit); `requested`: the menu item asked
// for it since the last frame.
void drawConnectDialog(PanelContext panel, bool requested, float scale) {
    if (requested) {
        ImGui::OpenPopup(kConnectDialog);
    }
    if (!ImGui::BeginPopupModal(kConnectDialog, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        return;
    }
    SettingsEdit edit(panel.state.settings, panel.commands);
    scene::ViewerSettings& settings = edit.values;
    const float fieldWidth = 320.0f * scale;
    ImGui::SetNextItemWidth(fieldWidth);
    ImGui::InputText("Host", &settings.liveHost);
    ImGui::SetNextItemWidth(fieldWidth);
    ImGui::InputInt("Port", &settings.livePort); // within live_port's range when applied
    ImGui::SetNextItemWidth(fieldWidth);
    if (ImGui::BeginCombo("Format", settings.liveFormat.c_str())) {
        for (const char* format : kFormats) {
            if (ImGui::Selectable(format, settings.liveFormat == format)) {
                settings.liveFormat = format;
            }
        }
        ImGui::EndCombo();
    }
    ImGui::SetNextItemWidth(fieldWidth);
    ImGui::InputTextWithHint("Skeleton", "BVH file (lines: needed; axis: built-in)",
                             &settings.liveSkeleton);
    ImGui::TextDisabled("Axis Neuron / Axis Studio broadcast on port 7001 by default.");
    ImGui::TextDisabled("vmc, mocopi: listen on UDP (Host: the address to listen on, 0.0.0.0 for "
                        "all; VMC's port is 39539, mocopi's 12351).");
    if (ImGui::Button("Connect")) {
        LiveStreamRequest request;
        request.host = settings.liveHost;
        request.port = static_cast<std::uint16_t>(
            std::clamp(settings.livePort, static_cast<int>(*options::kLivePort.minimum),
                       static_cast<int>(*options::kLivePort.maximum)));
        if (settings.liveFormat == "vmc") {
            request.datagram = bvhscope::live::DatagramAddress{bvhscope::live::DatagramFormat::Vmc,
                                                               settings.liveHost, request.port};
        }
        request.format = bvh::live::parseStreamFormat(settings.liveFormat)
                             .value_or(bvh::live::StreamFormat::Auto);
        request.skeletonPath = request.datagram ? std::string() : settings.liveSkeleton;
        panel.commands.push(command::ConnectLive{request});
        ImGui::CloseCurrentPopup();
    }
    recordItemRect(panel.rects, "live:connect");
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) {
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

} // namespace

// The menu item only asks for the dialog: the interface keeps the request until the dialog
// opens on the next frame.
void drawLiveMenuItems(ViewerState& state) {
    if (drawMenuItem(placedMenuItem({"Connect to live stream...", "", true, ""},
                                    DesktopOnlyFeature::LiveStreams, platform::kInBrowser))) {
        state.liveConnectRequested = true;
    }
    recordItemRect(state.widgetRects, "menu:File>Connect to live stream");
}

void drawLiveConnectDialog(ViewerState& state, float scale) {
    drawConnectDialog(PanelContext::of(state), std::exchange(state.liveConnectRequested, false),
                      scale);
}

void drawLiveControls(PanelContext& panel, float scale) {
    const ViewerState& state = panel.state;
    const std::vector<std::unique_ptr<LiveStream>>& streams = state.live.streams();
    if (streams.empty()) {
        return;
    }
    const bool following = state.live.followingNow();
    if (following) {
        ImGui::BeginDisabled();
    }
    if (ImGui::Button("Live")) {
        panel.commands.push(command::FollowLive{});
    }
    if (following) {
        ImGui::EndDisabled();
    }
    recordItemRect(panel.rects, "timeline:live");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
        ImGui::SetTooltip(following ? "Showing the newest frame" : "Back to the newest frame");
    }
    ImGui::SameLine();
    const bool recording = state.live.recording();
    if (ImGui::Button(recording ? "Stop" : "Record", ImVec2(70.0f * scale, 0.0f))) {
        panel.commands.push(recording ? Command{command::StopLiveRecording{}}
                                      : Command{command::StartLiveRecording{}});
    }
    recordItemRect(panel.rects, "timeline:record");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x, 40.0f * scale));
    {
        SettingsEdit folder(state.settings, panel.commands);
        ImGui::InputTextWithHint("##takes", "takes folder (default ~/bvhscope-takes)",
                                 &folder.values.liveRecordFolder);
    }
    for (std::size_t i = 0; i < streams.size(); ++i) {
        const LiveStreamStatus status = streams[i]->status();
        const bool problem =
            !status.mismatch.empty() ||
            status.source.connection != bvhscope::live::LiveStatus::Connection::Connected;
        // The line on one row: elided to it, whole (up to its bound) in the tooltip.
        const float width = std::max(ImGui::GetContentRegionAvail().x, 1.0f);
        const std::string line = statusLine(status, width / 3.0f);
        const std::string shown = elideToWidth(line, width);
        if (problem) {
            ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.7f, 0.3f, 1.0f));
        }
        ImGui::TextUnformatted(shown.c_str());
        if (problem) {
            ImGui::PopStyleColor();
        }
        recordShownText(panel.rects, "live:status:" + std::to_string(i), shown);
        if (shown.size() != line.size() && ImGui::IsItemHovered()) {
            ImGui::SetTooltip("%s", line.c_str());
        }
    }
}

void drawLiveUnheldSpan(const ViewerState& state, ImVec2 origin, float width, float height,
                        double duration) {
    if (duration <= 0.0) {
        return;
    }
    ImDrawList* draw = ImGui::GetWindowDrawList();
    for (const scene::Character& character : state.scene.characters()) {
        if (!character.isLive() || character.liveFeed.firstHeldFrame == 0) {
            continue;
        }
        // Frames before the window: on the timeline, no longer in memory (on disk if recorded).
        const double end = character.liveFeed.firstHeldFrame * scene::frameTimeInUse(character);
        const float x = origin.x + static_cast<float>(std::min(end / duration, 1.0)) * width;
        draw->AddRectFilled(origin, ImVec2(x, origin.y + height), IM_COL32(20, 20, 24, 220), 3.0f);
        if (x - origin.x > ImGui::CalcTextSize("not in memory").x + 8.0f) {
            draw->AddText(ImVec2(origin.x + 4.0f, origin.y + height - ImGui::GetFontSize() - 2.0f),
                          IM_COL32(150, 150, 160, 255), "not in memory");
        }
        if (ImGui::IsMouseHoveringRect(origin, ImVec2(x, origin.y + height))) {
            ImGui::SetTooltip("Older live frames are not kept in memory (Settings: live window); "
                              "Record keeps every frame on disk");
        }
    }
}

} // namespace bvhscope::viewer
