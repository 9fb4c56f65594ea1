#include "app/viewer/viewer_app.h"

#include "app/viewer/camera_controller.h"
#include "app/viewer/file_loading.h"
#include "app/viewer/glfw_window.h"
#include "app/viewer/imgui_layer.h"
#include "app/viewer/panels.h"
#include "app/viewer/settings_store.h"
#include "app/viewer/state_dump.h"
#include "app/viewer/viewer_state.h"
#include "render/frame_capture.h"
#include "render/grid_renderer.h"
#include "render/render_target.h"
#include "render/skeleton_renderer.h"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <glad/gl.h>
#include <imgui.h>

namespace bvhscope::viewer {

namespace {

constexpr int kScreenshotFrame = 4; // imgui sizes auto-fit windows over the first frames
const render::OrbitCamera kDefaultCamera{};

// [SECTION] Files

void openFiles(ViewerState& state, const std::vector<std::string>& paths, std::ostream& err) {
    std::vector<std::string> failed;
    for (const std::string& path : paths) {
        LoadOutcome outcome = loadCharacterFile(path);
        if (!outcome.character) {
            for (const std::string& line : outcome.errorLines) {
                err << line << "\n";
                failed.push_back(line);
            }
            continue;
        }
        applyAxes(*outcome.character, state.settings.upAxis, state.settings.unit);
        state.scene.add(std::move(*outcome.character));
        state.infoCharacter = state.scene.characters().size() - 1;
    }
    if (!failed.empty()) {
        state.errorLines = std::move(failed);
        state.openErrorPopup = true;
    }
}

void frameAll(ViewerState& state, float aspect) {
    render::frameBounds(state.camera, state.scene.motionBounds(), aspect);
}

// [SECTION] Requests from panels and input, handled once per frame

void handleRequests(ViewerState& state, float aspect, std::ostream& err) {
    const std::size_t before = state.scene.characters().size();
    if (!state.filesToOpen.empty()) {
        std::vector<std::string> paths;
        paths.swap(state.filesToOpen);
        openFiles(state, paths, err);
    }
    const bool added = state.scene.characters().size() > before;
    if (state.characterToRemove) {
        const std::size_t index = *state.characterToRemove;
        state.scene.remove(index);
        if (state.selection && state.selection->character == index) {
            state.selection.reset();
        } else if (state.selection && state.selection->character > index) {
            --state.selection->character;
        }
        state.characterToRemove.reset();
    }
    if (state.axesChanged) {
        for (Character& character : state.scene.characters()) {
            applyAxes(character, state.settings.upAxis, state.settings.unit);
        }
        state.scene.arrangeSideBySide();
        state.axesChanged = false;
        state.frameAllRequested = true;
    }
    state.playback.setClip(state.scene.duration(), state.scene.frameTime());
    if (added && state.settings.frameOnLoad) {
        state.frameAllRequested = true;
    }
    if (state.characterToFocus) {
        render::frameBounds(state.camera, state.scene.motionBounds(*state.characterToFocus),
                            aspect);
        state.infoCharacter = *state.characterToFocus;
        state.characterToFocus.reset();
    }
    if (state.resetCameraRequested) {
        const float fov = state.camera.verticalFovRadians;
        state.camera = kDefaultCamera;
        state.camera.verticalFovRadians = fov;
        state.frameAllRequested = true;
        state.resetCameraRequested = false;
    }
    if (state.frameAllRequested) {
        frameAll(state, aspect);
        state.frameAllRequested = false;
    }
}

// [SECTION] Drawing the scene

struct SceneRenderers {
    render::SkeletonRenderer skeletons;
    render::GridRenderer grid;
    render::MultisampleTarget target;
    std::vector<render::BoneInstance> bones;
    std::vector<render::BoneInstance> joints;
};

void drawScene(ViewerState& state, SceneRenderers& renderers, int framebufferWidth,
               int framebufferHeight) {
    const ViewerSettings& settings = state.settings;
    renderers.target.resize(framebufferWidth, framebufferHeight, settings.msaaSamples);
    renderers.target.bind();
    glClearColor(settings.backgroundColor.r, settings.backgroundColor.g, settings.backgroundColor.b,
                 1.0f);
    glClearDepth(1.0);
    glClearStencil(0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);

    const float aspect =
        static_cast<float>(framebufferWidth) / static_cast<float>(std::max(framebufferHeight, 1));
    render::ViewParameters view;
    view.viewProjection =
        render::projectionMatrix(state.camera, aspect) * render::viewMatrix(state.camera);
    view.eyePosition = render::eyePosition(state.camera);

    const render::Bounds bounds = state.scene.motionBounds();
    const render::GridLayout grid = render::gridForBounds(bounds);
    if (settings.showGrid) {
        renderers.grid.drawGrid(view, grid, render::GridColors{});
    }
    const SceneLook look{settings.boneThickness, settings.selectionColor};
    state.scene.buildInstances(state.selection, look, renderers.bones, renderers.joints);
    render::SkeletonStyle style;
    style.bones = settings.boneStyle;
    style.drawJoints = settings.showJoints;
    style.drawShadow = settings.showShadow;
    style.groundHeight = grid.groundHeight;
    style.shadowFadeHeight = bounds.empty() ? 1.0f : std::max(bounds.size().y * 0.6f, 1e-3f);
    renderers.skeletons.drawSkeletons(view, renderers.bones, renderers.joints, style);
    renderers.target.resolveToDefaultFramebuffer();
    glViewport(0, 0, framebufferWidth, framebufferHeight);
}

void drawPanels(ViewerState& state, float scale) {
    state.widgetRects.rects.clear();
    drawFileListPanel(state, scale);
    drawJointTreePanel(state, scale);
    drawInfoPanel(state, scale);
    drawSelectionPanel(state, scale);
    drawSettingsPanel(state, scale);
    drawTimelinePanel(state, scale);
    drawErrorPopup(state);
}

std::string windowTitle(const ViewerState& state) {
    const auto& characters = state.scene.characters();
    if (characters.empty()) {
        return "bvhscope";
    }
    std::string title = "bvhscope - " + characters.front().displayName;
    if (characters.size() > 1) {
        title += " (+" + std::to_string(characters.size() - 1) + ")";
    }
    return title;
}

} // namespace

int runViewer(const ViewerOptions& options, std::ostream& err) {
    const bool capturing = options.screenshot.has_value();
    const std::optional<std::filesystem::path> configDir = configDirectory();
    ViewerState state;
    if (configDir) {
        state.settings = loadSettings(*configDir / "settings.ini");
    }
    ViewerSettings& settings = state.settings;
    const int width = options.width.value_or(settings.windowWidth);
    const int height = options.height.value_or(settings.windowHeight);

    GlfwLibrary glfw;
    if (!glfw.ok()) {
        err << "bvhscope: cannot start the window system: " << GlfwLibrary::lastError() << "\n";
        return 1;
    }
    Window window(width, height, "bvhscope");
    if (window.handle() == nullptr) {
        err << "bvhscope: " << window.error() << "\n";
        return 1;
    }
    // A capture reads the saved layout but must not change what the user keeps.
    std::optional<std::filesystem::path> iniFile;
    if (configDir) {
        iniFile = *configDir / "imgui.ini";
        std::error_code error;
        std::filesystem::create_directories(*configDir, error);
    }
    ImGuiLayer imgui(window.handle(), capturing ? std::nullopt : iniFile);
    if (capturing && iniFile && std::filesystem::exists(*iniFile)) {
        ImGui::LoadIniSettingsFromDisk(iniFile->string().c_str());
    }
    SceneRenderers renderers;
    if (!renderers.skeletons.error().empty() || !renderers.grid.error().empty()) {
        err << "bvhscope: shader error: " << renderers.skeletons.error() << renderers.grid.error()
            << "\n";
        return 1;
    }

    // [SECTION] Opening what the command line names (or the bundled sample)
    state.camera.verticalFovRadians = glm::radians(settings.fieldOfViewDegrees);
    if (options.files.empty()) {
        LoadOutcome sample = loadBundledSample();
        if (sample.character) {
            state.scene.add(std::move(*sample.character));
        }
    } else {
        state.filesToOpen = options.files;
    }
    state.playback.setSpeed(settings.playbackSpeed);
    state.playback.setLoop(settings.loop);
    {
        int windowWidth = 0;
        int windowHeight = 0;
        glfwGetWindowSize(window.handle(), &windowWidth, &windowHeight);
        handleRequests(state, static_cast<float>(windowWidth) / std::max(windowHeight, 1), err);
        frameAll(state, static_cast<float>(windowWidth) / std::max(windowHeight, 1));
    }
    if (options.frame) {
        state.playback.seekFrame(std::min(*options.frame, state.playback.lastFrame()));
    } else if (settings.playOnOpen && !capturing) {
        state.playback.play();
    }
    glfwSetWindowTitle(window.handle(), windowTitle(state).c_str());

    // [SECTION] The frame loop
    ViewportInput input;
    int exitCode = 0;
    double lastTime = glfwGetTime();
    std::string lastState;
    for (int frameNumber = 0; !glfwWindowShouldClose(window.handle()); ++frameNumber) {
        glfwPollEvents();
        int windowWidth = 0;
        int windowHeight = 0;
        glfwGetWindowSize(window.handle(), &windowWidth, &windowHeight);
        int framebufferWidth = 0;
        int framebufferHeight = 0;
        glfwGetFramebufferSize(window.handle(), &framebufferWidth, &framebufferHeight);
        if (framebufferWidth <= 0 || framebufferHeight <= 0) {
            glfwWaitEvents(); // minimised
            continue;
        }
        const float aspect = static_cast<float>(windowWidth) / std::max(windowHeight, 1);

        for (std::string& path : window.takeDroppedPaths()) {
            state.filesToOpen.push_back(std::move(path));
        }
        const std::size_t charactersBefore = state.scene.characters().size();
        handleRequests(state, aspect, err);
        if (state.scene.characters().size() != charactersBefore) {
            glfwSetWindowTitle(window.handle(), windowTitle(state).c_str());
        }

        const double now = glfwGetTime();
        state.playback.update(std::min(now - lastTime, 0.25));
        lastTime = now;
        state.camera.verticalFovRadians = glm::radians(settings.fieldOfViewDegrees);
        state.scene.evaluate(state.playback.time(), settings.interpolate
                                                        ? bvh::Interpolation::Linear
                                                        : bvh::Interpolation::Nearest);
        if (settings.followSelection && state.selection &&
            state.selection->character < state.scene.characters().size()) {
            const Character& followed = state.scene.characters()[state.selection->character];
            state.camera.target =
                followed.viewerPositions[static_cast<std::size_t>(state.selection->node)];
        }

        imgui.beginFrame();
        const ImGuiIO& io = ImGui::GetIO();
        if (!io.WantCaptureMouse) {
            input.handleMouse(state, glm::vec2(windowWidth, windowHeight));
        }
        const std::vector<int> keys = window.takeKeyPresses();
        if (!io.WantCaptureKeyboard) {
            input.handleKeys(state, keys);
        }
        drawPanels(state, imgui.contentScale());

        drawScene(state, renderers, framebufferWidth, framebufferHeight);
        imgui.render();

        if (options.stateOut) {
            std::string text = formatState(state, windowWidth, windowHeight);
            if (text != lastState) {
                writeStateFile(*options.stateOut, text);
                lastState = std::move(text);
            }
        }
        if (capturing && frameNumber >= kScreenshotFrame) {
            const render::Image image =
                render::readDefaultFramebuffer(framebufferWidth, framebufferHeight);
            if (!render::writePng(*options.screenshot, image)) {
                err << "bvhscope: cannot write " << *options.screenshot << "\n";
                exitCode = 1;
            }
            break;
        }
        glfwSwapBuffers(window.handle());
    }

    if (configDir && !capturing) {
        int windowWidth = 0;
        int windowHeight = 0;
        glfwGetWindowSize(window.handle(), &windowWidth, &windowHeight);
        settings.windowWidth = windowWidth;
        settings.windowHeight = windowHeight;
        settings.playbackSpeed = static_cast<float>(state.playback.speed());
        saveSettings(*configDir / "settings.ini", settings);
    }
    return exitCode;
}

} // namespace bvhscope::viewer
