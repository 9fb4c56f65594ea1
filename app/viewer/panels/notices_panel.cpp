// Notices (session/notices.h) over the bottom of the 3D view: each shown for kShownSeconds,
// then faded out over kFadeSeconds and dropped. Click-through: they never take the mouse.
#include "app/viewer/panels/panel_context.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/panels.h"

#include <algorithm>
#include <imgui.h>
#include <string>
#include <vector>

namespace bvhscope::viewer {

namespace {

// The notices, from what they may read and change (panel_context.h).
void drawFadingNotices(PanelContext panel, float scale) {
    const ViewerState& state = panel.state;
    if (state.inWindowChooser.active()) {
        return; // it says why it is there itself; the notices wait, their time not started
    }
    const double now = ImGui::GetTime();
    // The session starts their time and drops the faded ones (NoticesDrawn); until it has,
    // they are drawn as it will hold them.
    if (state.notices.changeWhenDrawnAt(now)) {
        panel.commands.push(command::NoticesDrawn{now});
    }
    std::vector<Notice> items;
    for (const Notice& notice : state.notices.items) {
        if (!Notices::fadedOut(notice, now)) {
            items.push_back({notice.text, notice.shownSince < 0.0 ? now : notice.shownSince});
        }
    }
    if (items.empty()) {
        return;
    }
    // Over the view, or the whole window while Tab hides the panels.
    const LayoutRect& view = state.layout.view;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float left = view.empty() ? 0.0f : view.x;
    const float width = view.empty() ? display.x : view.width;
    const float bottom = view.empty() ? display.y : view.bottom();
    const float margin = 10.0f * scale;
    ImGui::SetNextWindowPos(ImVec2(left + width * 0.5f, bottom - margin), ImGuiCond_Always,
                            ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f),
                                        ImVec2(std::max(width - 2.0f * margin, 1.0f), FLT_MAX));
    const Notice& newest = items.back();
    const double age = now - newest.shownSince;
    const float alpha = static_cast<float>(
        std::clamp(1.0 - (age - Notices::kShownSeconds) / Notices::kFadeSeconds, 0.0, 1.0));
    ImGui::PushStyleVar(ImGuiStyleVar_Alpha, std::max(alpha, 0.05f));
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                                        ImGuiWindowFlags_NoSavedSettings |
                                        ImGuiWindowFlags_NoFocusOnAppearing |
                                        ImGuiWindowFlags_NoNav | ImGuiWindowFlags_AlwaysAutoResize;
    if (ImGui::Begin("##notices", nullptr, kFlags)) {
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::max(width - 4.0f * margin, 1.0f));
        for (const Notice& notice : items) {
            // Sentences on screen start with a capital; stderr's lines follow "bvhscope: ". A
            // notice may quote anything (a host name, a path): bounded, as all drawn text.
            std::string shown = elideMiddleToBytes(notice.text);
            if (!shown.empty() && shown.front() >= 'a' && shown.front() <= 'z') {
                shown.front() = static_cast<char>(shown.front() - 'a' + 'A');
            }
            ImGui::TextUnformatted(shown.c_str());
            recordItemRect(panel.rects, "notice:" + notice.text);
        }
        ImGui::PopTextWrapPos();
    }
    ImGui::End();
    ImGui::PopStyleVar();
}

} // namespace

void drawNotices(ViewerState& state, float scale) {
    drawFadingNotices(PanelContext::of(state), scale);
}

} // namespace bvhscope::viewer
