// The standard file shortcuts, as a desktop application has them: Ctrl+O open, Ctrl+W close the
// selected file, Ctrl+Q quit, Ctrl+E export, Ctrl+Shift+E export video. The File menu and the
// shortcut sheet (F1) show the same keys. Called from ViewportInput::handleKeys, so only when
// ImGui does not want the keyboard (a field being typed in keeps its keys).
#pragma once

#include "app/viewer/session/viewer_state.h"

namespace bvhscope::viewer {

// `key` is a GLFW key code pressed this frame; Ctrl and Shift are read from ImGui's state.
// True when it was one of these shortcuts (the key then means nothing else).
bool handleFileShortcut(ViewerState& state, int key);

} // namespace bvhscope::viewer
