#include "app/viewer/camera_controller.h"

#include "app/pictures/scene_drawing.h"
#include "app/viewer/panels/key_bindings.h"

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
            const scene::SceneLook look =
                pictures::sceneDrawOptions(state.settings).look; // bodies too
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
    runKeyBindings(state, keys);
}

} // namespace bvhscope::viewer
