// The viewer's ImGui panels. Each draws one window from a PanelContext (panel_context.h): the
// state to read, the commands it pushes, the rectangles it records; a form or other state only
// the interface keeps is given on its own. None touches GL or files. The entries still taking
// the ViewerState are listed in tools/check_panel_state.py (a CTest), until they are converted.
#pragma once

#include "app/viewer/panels/panel_context.h"
#include "app/viewer/session/viewer_state.h"

#include <imgui.h>

namespace bvhscope::viewer {

// Each panel is docked at its rectangle in state.layout (layout/dock_layout.h), and draws nothing
// when that is empty (a collapsed column, Tab). `scale` is the content scale, for sizes given
// in unscaled pixels.
void drawTimelinePanel(ViewerState& state, float scale);
void drawJointTreePanel(ViewerState& state);
void drawSelectionPanel(ViewerState& state);
void drawInfoPanel(ViewerState& state);
void drawFileListPanel(ViewerState& state, float scale);
void drawSettingsPanel(PanelContext panel);
void drawErrorPopup(ViewerState& state);
// File > Export and File > Export video: their items in the File menu (drawn by the Files
// panel), what they do (also Ctrl+E and Ctrl+Shift+E), and the export dialog.
void drawExportMenuItems(ViewerState& state);
void openExportDialog(ViewerState& state, ExportFormat format = ExportFormat::Bvh);
void openVideoExportDialog(ViewerState& state);
void drawExportDialog(ViewerState& state, float scale);
// File > Save picture... (Ctrl+Shift+S; panels/picture_dialog.cpp): on the desktop a dialog for
// the file and the size; in the page a download at once.
void openPictureDialog(ViewerState& state);
void drawPictureDialog(PanelContext panel, UiState::PictureDialog& dialog, float scale);
// File > Export video: file, size, quality, sound; progress and Cancel while it runs.
void drawVideoExportPanel(ViewerState& state, float scale);
// The viewer's own file chooser (session/in_window_chooser.h) while one is asked for, as a modal.
// The Export dialog calls it from inside itself (`insideExportDialog`), as a modal over a modal
// must be opened; every other purpose is drawn by the top-level call.
void drawInWindowChooser(ViewerState& state, float scale, bool insideExportDialog = false);
// The same from a PanelContext and the chooser it is given (the Export dialog's own call).
void drawInWindowChooser(PanelContext panel, InWindowChooser& chooser, float scale,
                         bool insideExportDialog);
// Notices (session/notices.h) over the bottom of the view, fading.
void drawNotices(ViewerState& state, float scale);
// Live streams (live_panel.cpp): File > Connect to live stream... and its dialog; the timeline's
// row of Live, Record / Stop and each stream's status line (nothing without a stream); and the
// part of the timeline no longer in memory, shaded.
void drawLiveMenuItems(ViewerState& state);
void drawLiveConnectDialog(ViewerState& state, float scale);
void drawLiveControls(PanelContext& panel, float scale);
void drawLiveUnheldSpan(const ViewerState& state, ImVec2 origin, float width, float height,
                        double duration);

} // namespace bvhscope::viewer
