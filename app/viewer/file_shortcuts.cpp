#include "app/viewer/file_shortcuts.h"

#include "app/platform/browser.h"
#include "app/viewer/panels/panels.h"

#include <GLFW/glfw3.h>

namespace bvhscope::viewer {

bool handleFileShortcut(ViewerState& state, const KeyPress& press) {
    const int key = press.key;
    if (key != GLFW_KEY_O && key != GLFW_KEY_W && key != GLFW_KEY_Q && key != GLFW_KEY_E &&
        key != GLFW_KEY_S) {
        return false;
    }
    if (!press.ctrl() || press.alt()) {
        return false;
    }
    if (press.repeat) {
        return true; // held: the shortcut acted on the press
    }
    using Purpose = ViewerState::ChooserPurpose;
    const bool choosing = state.chooserOpen != Purpose::None || state.inWindowChooser.active();
    switch (key) {
    case GLFW_KEY_O:
        if (!choosing) {
            state.chooserRequested = Purpose::OpenFiles;
        }
        return true;
    case GLFW_KEY_W: // the file the Files panel highlights and Info describes
        if (state.infoCharacter < state.scene.characters().size()) {
            state.commands.push(command::Remove{state.infoCharacter});
        }
        return true;
    case GLFW_KEY_Q:
        // As the window's close button: the frame loop ends and the settings are kept. The
        // window is the one whose context is current (the viewer has one). A page is closed
        // with its tab: there the key does nothing (the browser keeps its own Ctrl+Q).
        if (kInBrowser) {
            return false;
        }
        glfwSetWindowShouldClose(glfwGetCurrentContext(), GLFW_TRUE);
        return true;
    case GLFW_KEY_E:
        // From the window's key queue, so a quick tap is never lost (the export dialog also
        // reads Ctrl+E from ImGui, for when a field has the keyboard).
        if (press.shift()) {
            openVideoExportDialog(state);
        } else {
            openExportDialog(state);
        }
        return true;
    case GLFW_KEY_S: // Ctrl+Shift+S, Save picture; Ctrl+S saves nothing here
        if (!press.shift()) {
            return false;
        }
        openPictureDialog(state);
        return true;
    default:
        return false;
    }
}

} // namespace bvhscope::viewer
