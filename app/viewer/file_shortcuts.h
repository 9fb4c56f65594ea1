// The standard file shortcuts, as a desktop application has them: Ctrl+O open, Ctrl+W close the
// selected file, Ctrl+Q quit, Ctrl+E export, Ctrl+Shift+E export video, Ctrl+Shift+S save
// picture. The File menu and the
// shortcut sheet (F1) show the same keys. Called from ViewportInput::handleKeys, so only when
// ImGui does not want the keyboard (a field being typed in keeps its keys).
#pragma once

#include "app/viewer/platform/input_queue.h"
#include "app/viewer/session/viewer_state.h"

namespace bvhscope::viewer {

// `press` is a key pressed this frame, with the modifiers it was pressed with (so a tap shorter
// than a frame still counts). True when it was one of these shortcuts (the key then means
// nothing else). A key held down does not repeat them: holding Ctrl+W closes one file.
bool handleFileShortcut(ViewerState& state, const KeyPress& press);

} // namespace bvhscope::viewer
