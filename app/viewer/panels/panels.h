// The viewer's ImGui panels. Each draws one window from the shared ViewerState and edits it;
// none touches GL or files (requests go through ViewerState for the app loop).
#pragma once

#include "app/viewer/viewer_state.h"

namespace bvhscope::viewer {

// `scale` is the monitor content scale; default positions and sizes use it on first run only
// (afterwards imgui.ini in the config directory remembers the layout).
void drawTimelinePanel(ViewerState& state, float scale);
void drawJointTreePanel(ViewerState& state, float scale);
void drawSelectionPanel(ViewerState& state, float scale);
void drawInfoPanel(ViewerState& state, float scale);
void drawFileListPanel(ViewerState& state, float scale);
void drawSettingsPanel(ViewerState& state, float scale);
void drawErrorPopup(ViewerState& state);
// File > Export: the menu (in the Files panel's menu bar), Ctrl+E, and the export dialog.
void drawFileMenu(ViewerState& state);
void drawExportDialog(ViewerState& state, float scale);
// File > Export video: file, size, quality, sound; progress and Cancel while it runs.
void drawVideoExportPanel(ViewerState& state, float scale);

} // namespace bvhscope::viewer
