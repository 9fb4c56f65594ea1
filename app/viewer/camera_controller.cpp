#include "app/viewer/camera_controller.h"

#include "app/pictures/scene_drawing.h"
#include "app/viewer/file_shortcuts.h"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <cmath>
#include <imgui.h>

namespace bvhscope::viewer {

void ViewportInput::handleMouse(ViewerState& state, const LayoutRect& view) {
    const ImGuiIO& io = ImGui::GetIO();
    render::OrbitCamera& camera = state.camera;
    const glm::vec2 delta(io.MouseDelta.x, io.MouseDelta.y);
    const bool validDelta = std::isfinite(delta.x) && std::isfinite(delta.y) &&
                            io.MousePos.x > -1e6f; // imgui marks "no mouse" with -FLT_MAX
    const glm::vec2 viewSize(std::max(view.width, 1.0f), std::max(view.height, 1.0f));
    const glm::vec2 inView(io.MousePos.x - view.x, io.MousePos.y - view.y);
    const bool overView = validDelta && inView.x >= 0.0f && inView.y >= 0.0f &&
                          inView.x < view.width && inView.y < view.height;

    if (overView && (io.MouseWheel != 0.0f || io.MouseWheelH != 0.0f)) {
        zoom(camera, (state.settings.invertZoom ? -1.0f : 1.0f) * io.MouseWheel);
        if (io.MouseWheelH != 0.0f) {
            orbit(camera, -0.1f * io.MouseWheelH, 0.0f);
        }
        state.follow.noteUserMoved();
    }
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        // The press frame may carry the jump from wherever the pointer was: no camera move.
        pressedInViewport_ = overView;
        return;
    }
    if (!validDelta) {
        return;
    }
    const bool left = io.MouseDown[ImGuiMouseButton_Left];
    const bool panning = io.MouseDown[ImGuiMouseButton_Right] ||
                         io.MouseDown[ImGuiMouseButton_Middle] || (left && io.KeyShift);
    if (panning) {
        pan(camera, delta, viewSize.y);
        state.follow.stop(); // the user chose where to look
    } else if (left && io.KeyCtrl) {
        zoom(camera, -delta.y * 0.02f);
        state.follow.noteUserMoved();
    } else if (left && pressedInViewport_) {
        const float radiansPerPixel = 0.008f * state.settings.orbitSensitivity;
        orbit(camera, -delta.x * radiansPerPixel, delta.y * radiansPerPixel);
        if (delta.x != 0.0f || delta.y != 0.0f) {
            state.follow.noteUserMoved();
        }
    }
    if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && pressedInViewport_) {
        pressedInViewport_ = false;
        // A click, not the end of an orbit: imgui measures the drag from the press position.
        if (io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 16.0f) {
            const render::Ray ray = render::pixelRay(camera, viewSize, inView);
            const SceneLook look = sceneDrawOptions(state.settings).look; // bodies too
            if (const auto picked = state.scene.pick(state.pose, ray, look)) {
                state.selection = picked;
                state.infoCharacter = picked->character;
                state.revealSelectionInTree = true;
            } else {
                state.selection.reset();
            }
        }
    }
}

void ViewportInput::handleKeys(ViewerState& state, const std::vector<KeyPress>& keys) {
    Playback& playback = state.playback;
    for (const KeyPress& press : keys) {
        if (handleFileShortcut(state, press)) { // Ctrl+O, W, Q, E (file_shortcuts.h)
            continue;
        }
        switch (press.key) {
        case GLFW_KEY_SPACE:
            playback.togglePlay();
            break;
        case GLFW_KEY_LEFT:
            playback.pause();
            playback.step(-1);
            break;
        case GLFW_KEY_RIGHT:
            playback.pause();
            playback.step(1);
            break;
        case GLFW_KEY_HOME:
            playback.toFirst();
            break;
        case GLFW_KEY_END:
            playback.toLast();
            break;
        case GLFW_KEY_J:
            playback.shuttleBackward();
            break;
        case GLFW_KEY_K:
            // The shuttle's speeds are transient: stopping returns to the user's speed.
            playback.shuttleStop();
            playback.setSpeed(state.settings.playbackSpeed);
            break;
        case GLFW_KEY_L:
            playback.shuttleForward();
            break;
        case GLFW_KEY_LEFT_BRACKET:
            playback.markIn();
            break;
        case GLFW_KEY_RIGHT_BRACKET:
            playback.markOut();
            break;
        case GLFW_KEY_F: // also while following: distance and height anew, still following
            state.commands.push(command::FrameFigures{});
            if (!state.scene.empty()) { // said, as the picture may not change at all
                state.notices.post("Framed: the camera follows the figures (A: the whole clip)");
            }
            break;
        case GLFW_KEY_A: // the whole clip (a travelling figure becomes small)
            state.commands.push(command::FrameClip{});
            break;
        case GLFW_KEY_R:
            state.commands.push(command::ResetCamera{});
            break;
        case GLFW_KEY_PAGE_DOWN: // the folder browser's next file (folder_navigation.h)
            state.commands.push(command::StepTakes{1});
            break;
        case GLFW_KEY_PAGE_UP:
            state.commands.push(command::StepTakes{-1});
            break;
        case GLFW_KEY_TAB: // every panel hidden: the view takes the whole window
            state.panelsHidden = !state.panelsHidden;
            break;
        case GLFW_KEY_Z: // Ctrl+Z: the last Remove undone
            if (press.ctrl()) {
                state.commands.push(command::UndoRemove{});
            }
            break;
        case GLFW_KEY_F1:
            state.shortcutsRequested = true;
            break;
        case GLFW_KEY_SLASH: // "?" on most layouts is Shift+/
            state.shortcutsRequested = state.shortcutsRequested || press.shift();
            break;
        default:
            break;
        }
    }
}

} // namespace bvhscope::viewer
