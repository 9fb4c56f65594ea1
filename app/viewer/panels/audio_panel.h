// The sound on the timeline: its waveform drawn in the scrub bar at the times it plays (shifted
// by the offset), and a row with its name, the offset, mute, and why it is silent when there
// is no audio device. Dear ImGui; called by the timeline panel.
#pragma once

#include "app/viewer/panels/panel_context.h"
#include "app/viewer/session/viewer_state.h"

#include <imgui.h>

namespace bvhscope::viewer {

// The waveform over the bar from `origin` (width x height pixels) showing capture times 0 to
// `duration`.
void drawWaveform(const AudioTrack& track, ImVec2 origin, float width, float height,
                  double duration);
// The sound's controls on rows of their own, wrapped to the panel; nothing without a sound
// (or a load in progress).
void drawAudioControls(PanelContext& panel, float scale);

} // namespace bvhscope::viewer
