// Choosing files, once a frame: what a menu, button or shortcut asked for
// (UiState::chooserRequested) goes to the desktop's chooser (platform/file_chooser.h: the XDG
// portal, the Windows shell's dialog); where there is none (no D-Bus session, no portal), to
// the viewer's own chooser in the window (session/in_window_chooser.h, drawn by
// panels/file_chooser_panel.h), and the reason is said on stderr and in a notice. What either
// one chose is delivered the same way: files opened, or a save dialog's field filled.
#pragma once

#include "app/viewer/platform/file_chooser.h"
#include "app/viewer/platform/glfw_window.h"
#include "app/viewer/session/viewer_state.h"

#include <ostream>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// Starts what was asked, and delivers what a chooser answered. Call once a frame, with the
// input, before the panels.
void updateFileChooser(ViewerState& state, FileChooser& chooser, const Window& window,
                       std::ostream& err);

// What a chooser for `purpose` answered: files to open (a command), or the path of an Export
// or Export video dialog.
void deliverChosenPaths(ViewerState& state, ViewerState::ChooserPurpose purpose,
                        const std::vector<std::string>& paths);

// Shows the viewer's own chooser for `purpose`, starting in the folder that suits it: the
// export's target's, else the most recent folder (kept in recent_folders.txt beside
// settings.ini), else the selected file's, else the working directory.
void openInWindowChooser(ViewerState& state, ViewerState::ChooserPurpose purpose);

} // namespace bvhscope::viewer
