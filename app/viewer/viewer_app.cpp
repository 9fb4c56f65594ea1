#include "app/viewer/viewer_app.h"

#include "app/viewer/analysis/analysis_panels.h"
#include "app/viewer/camera_controller.h"
#include "app/viewer/folder/folder_navigation.h"
#include "app/viewer/folder/folder_panel.h"
#include "app/viewer/folder/folder_thumbnails.h"
#include "app/viewer/frame_statistics.h"
#include "app/viewer/io/file_loading.h"
#include "app/viewer/io/settings_store.h"
#include "app/viewer/panels/opaque_panels.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/platform/glfw_window.h"
#include "app/viewer/platform/heap_tuning.h"
#include "app/viewer/platform/imgui_layer.h"
#include "app/viewer/platform/termination.h"
#include "app/viewer/scene/scene_drawing.h"
#include "app/viewer/state_dump.h"
#include "app/viewer/viewer_state.h"
#include "render/gl/frame_capture.h"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <glad/gl.h>
#include <imgui.h>
#include <iostream>

namespace bvhscope::viewer {

namespace {

constexpr int kScreenshotFrame = 4; // imgui sizes auto-fit windows over the first frames
const render::OrbitCamera kDefaultCamera{};

// [SECTION] Files

// Files load in the background (file_loading.h); pollLoads() takes what they produced. A
// folder opens in the browser (folder_navigation.h).
void openFiles(ViewerState& state, const std::vector<std::string>& paths) {
    openPaths(state, paths);
}

void removeCharacter(ViewerState& state, std::size_t index) {
    state.scene.remove(index); // a character still loading cancels its load
    onCharacterRemoved(state.analysis, index);
    if (state.selection && state.selection->character == index) {
        state.selection.reset();
    } else if (state.selection && state.selection->character > index) {
        --state.selection->character;
    }
}

void pollLoads(ViewerState& state, std::ostream& err) {
    FileLoads::Events events =
        state.loads.update(state.scene, state.settings.upAxis, state.settings.unit);
    for (const std::size_t index : events.failedCharacters) {
        removeCharacter(state, index); // only that file: what was open stays
    }
    if (events.added) {
        state.infoCharacter = state.scene.characters().size() - 1;
    }
    if (events.reshaped || !events.failedCharacters.empty()) {
        state.scene.arrangeSideBySide();
        state.frameAllRequested = state.frameAllRequested || state.settings.frameOnLoad;
    }
    if (!events.errorLines.empty()) {
        for (const std::string& line : events.errorLines) {
            err << line << "\n";
        }
        // Added to what the popup shows until it is closed.
        state.errorLines.insert(state.errorLines.end(), events.errorLines.begin(),
                                events.errorLines.end());
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
        openFiles(state, paths);
    }
    pollLoads(state, err);
    updateFolderBrowsing(state);
    const bool added = state.scene.characters().size() > before;
    if (state.characterToRemove) {
        removeCharacter(state, *state.characterToRemove);
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
    if (state.exportDialog.exportRequested) {
        ExportDialog& dialog = state.exportDialog;
        dialog.exportRequested = false;
        if (dialog.character < state.scene.characters().size()) {
            dialog.result =
                exportCharacter(state.scene.characters()[dialog.character], dialog.settings);
        }
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

// [SECTION] Drawing

void drawPanels(ViewerState& state, const FolderThumbnails& thumbnails, int thumbnailPixels,
                float scale) {
    state.widgetRects.rects.clear();
    drawFileListPanel(state, scale);
    drawJointTreePanel(state, scale);
    drawInfoPanel(state, scale);
    drawSelectionPanel(state, scale);
    drawSettingsPanel(state, scale);
    drawTimelinePanel(state, scale);
    drawCurvesPanel(state, scale);
    drawComparePanel(state, scale);
    drawFolderPanel(state, thumbnails, thumbnailPixels, scale); // last: on top when it appears
    drawErrorPopup(state);
    drawExportDialog(state, scale);
}

// [SECTION] Timing prints (--print-load-timing) and the render benchmark (--bench-render)

double millisecondsSince(std::chrono::steady_clock::time_point start,
                         std::chrono::steady_clock::time_point end) {
    return std::chrono::duration<double, std::milli>(end - start).count();
}

void printLoadTimings(FileLoads& loads, std::chrono::steady_clock::time_point processStart,
                      bool print, std::ostream& out) {
    for (const LoadTiming& timing : loads.takeCompletedTimings()) {
        if (!print) {
            continue;
        }
        auto stage = [&](const char* name, const std::optional<LoadTiming::Clock::time_point>& at) {
            char text[64];
            if (at) {
                std::snprintf(text, sizeof text, "%s %.1f ms", name,
                              millisecondsSince(processStart, *at));
            } else {
                std::snprintf(text, sizeof text, "%s - ms", name);
            }
            return std::string(text);
        };
        out << "load " << timing.path << ": " << stage("started", timing.started) << ", "
            << stage("header", timing.header) << ", "
            << stage("first frame", timing.firstFrameShown) << ", "
            << stage("complete", timing.complete) << (timing.failed ? " (failed)" : "")
            << " since process start\n"
            << std::flush;
    }
}

// The benchmark's file, read once, as `count` characters side by side (copies of the
// document: every character owns its frames, as files opened separately do).
bool addBenchmarkCharacters(ViewerState& state, const ViewerOptions::RenderBenchmark& bench,
                            std::ostream& err) {
    LoadOutcome outcome = loadCharacterFile(bench.file);
    if (!outcome.character) {
        for (const std::string& line : outcome.errorLines) {
            err << line << "\n";
        }
        return false;
    }
    const Character& first = *outcome.character;
    for (int i = 1; i < bench.characters; ++i) {
        Character copy = makeCharacter(first.displayName, first.sourcePath, first.document);
        applyAxes(copy, state.settings.upAxis, state.settings.unit);
        state.scene.add(std::move(copy));
    }
    applyAxes(*outcome.character, state.settings.upAxis, state.settings.unit);
    state.scene.add(std::move(*outcome.character));
    return true;
}

constexpr int kBenchmarkWarmUpFrames = 5; // shader and font-atlas uploads, first layout

void printBenchmark(const ViewerOptions& options, std::span<const double> frameMilliseconds,
                    double firstSwapMilliseconds, int width, int height, std::ostream& out) {
    const ViewerOptions::RenderBenchmark& bench = *options.benchRender;
    const FrameTimeSummary summary = summarizeFrameTimes(frameMilliseconds);
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    char text[512];
    std::snprintf(text, sizeof text,
                  "bench-render %s: %d characters, %zu frames at %dx%d\n"
                  "GL renderer: %s\n"
                  "frame time (CPU + GPU): median %.3f ms, p99 %.3f ms, min %.3f ms, max %.3f ms\n"
                  "startup to first frame: %.1f ms\n",
                  bench.file.c_str(), bench.characters, frameMilliseconds.size(), width, height,
                  renderer != nullptr ? renderer : "(unknown)", summary.median, summary.p99,
                  summary.min, summary.max, firstSwapMilliseconds);
    out << text << std::flush;
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
    keepFreedHeapForReuse();
    const bool capturing = options.screenshot.has_value();
    const bool benchmarking = options.benchRender.has_value();
    // The benchmark measures the default look, whatever the user keeps.
    const std::optional<std::filesystem::path> configDir =
        benchmarking ? std::nullopt : configDirectory();
    ViewerState state;
    if (configDir) {
        state.settings = loadSettings(*configDir / "settings.ini");
    }
    ViewerSettings& settings = state.settings;
    int width = options.width.value_or(benchmarking ? 1280 : settings.windowWidth);
    int height = options.height.value_or(benchmarking ? 720 : settings.windowHeight);
    if (options.pauseAfterHeaderMs) {
        state.loads.pauseAfterHeaderForTests(
            std::chrono::milliseconds(*options.pauseAfterHeaderMs));
    }
    // Reading starts before the window exists: the header is usually ready when it opens.
    openFiles(state, options.files);

    GlfwLibrary glfw;
    if (!glfw.ok()) {
        err << "bvhscope: cannot start the window system: " << GlfwLibrary::lastError() << "\n";
        return 1;
    }
    if (!benchmarking) {
        // The saved size (a hand-edited one too) fits the monitor; sizes given on the command
        // line are taken as they are.
        WindowSize workArea;
        if (GLFWmonitor* monitor = glfwGetPrimaryMonitor()) {
            int x = 0;
            int y = 0;
            glfwGetMonitorWorkarea(monitor, &x, &y, &workArea.width, &workArea.height);
        }
        const WindowSize fitted = fitWindowToWorkArea({width, height}, workArea);
        width = options.width ? width : fitted.width;
        height = options.height ? height : fitted.height;
    }
    Window window(width, height, "bvhscope");
    if (window.handle() == nullptr) {
        err << "bvhscope: " << window.error() << "\n";
        return 1;
    }
    if (benchmarking) {
        glfwSwapInterval(0); // as fast as possible, not at the display's rate
    }
    // A capture reads the saved layout but must not change what the user keeps.
    std::optional<std::filesystem::path> iniFile;
    if (configDir) {
        iniFile = *configDir / "imgui.ini";
        if (const std::string problem = settingsDirectoryProblem(*configDir); !problem.empty()) {
            // Said now, in the viewer, rather than lost silently when it quits.
            state.errorLines.push_back("bvhscope: the settings will not be saved: " + problem);
            state.openErrorPopup = true;
            err << state.errorLines.back() << "\n";
        }
    }
    ImGuiLayer imgui(window.handle(), capturing ? std::nullopt : iniFile);
    if (capturing && iniFile && std::filesystem::exists(*iniFile)) {
        ImGui::LoadIniSettingsFromDisk(iniFile->string().c_str());
    }
    SceneDrawer sceneDrawer;
    if (!sceneDrawer.error().empty()) {
        err << "bvhscope: shader error: " << sceneDrawer.error() << "\n";
        return 1;
    }
    FolderThumbnails thumbnails;

    // [SECTION] Opening what the command line names (or the bundled sample)
    state.camera.verticalFovRadians = glm::radians(settings.fieldOfViewDegrees);
    if (benchmarking) {
        if (!addBenchmarkCharacters(state, *options.benchRender, err)) {
            return 1;
        }
    } else if (options.files.empty()) {
        LoadOutcome sample = loadBundledSample();
        if (sample.character) {
            state.scene.add(std::move(*sample.character));
        }
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
    // Files from the command line are framed, and --frame applied, once they are loaded.
    bool startupLoadsPending = !options.files.empty();
    if (options.frame && !startupLoadsPending) {
        state.playback.seekFrame(std::min(*options.frame, state.playback.lastFrame()));
    } else if (options.frame || benchmarking) {
        // paused: --frame, or the benchmark steps one frame per frame
    } else if (settings.playOnOpen && !capturing) {
        state.playback.play();
    }
    std::string title = windowTitle(state);
    glfwSetWindowTitle(window.handle(), title.c_str());

    // [SECTION] The frame loop
    ViewportInput input;
    int exitCode = 0;
    double lastTime = glfwGetTime();
    std::string lastState;
    int framesSinceLoaded = 0; // a screenshot waits for every load, then for the layout
    std::optional<double> firstSwapMilliseconds;
    std::vector<double> benchmarkFrameMilliseconds;
    SceneOverlays overlays; // rebuilt every frame, kept for its storage
    FolderTimingReport folderTiming;
    double lastFrameMilliseconds = 0.0; // the thumbnails' budget follows it
    installTerminationHandlers();
    for (int frameNumber = 0; !glfwWindowShouldClose(window.handle()) && !terminationRequested();
         ++frameNumber) {
        const auto frameStart = std::chrono::steady_clock::now();
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
        handleRequests(state, aspect, err);
        if (std::string now = windowTitle(state); now != title) { // files opened or browsed
            title = std::move(now);
            glfwSetWindowTitle(window.handle(), title.c_str());
        }
        const bool loading = state.loads.busy(state.scene) || state.folder.browseLoad.has_value();
        if (startupLoadsPending && !loading) {
            frameAll(state, aspect);
            if (options.frame) {
                state.playback.seekFrame(std::min(*options.frame, state.playback.lastFrame()));
            }
            startupLoadsPending = false;
        }
        // A screenshot of a folder also waits for every summary and thumbnail.
        framesSinceLoaded = loading || state.folder.busy() ? 0 : framesSinceLoaded + 1;

        const double now = glfwGetTime();
        if (benchmarking) {
            state.playback.seekFrame(frameNumber % (state.playback.lastFrame() + 1));
        }
        state.playback.update(std::min(now - lastTime, 0.25));
        lastTime = now;
        state.camera.verticalFovRadians = glm::radians(settings.fieldOfViewDegrees);
        const bvh::Interpolation interpolation =
            settings.interpolate ? bvh::Interpolation::Linear : bvh::Interpolation::Nearest;
        state.scene.evaluate(state.playback.time(), interpolation);
        updateAnalysisViews(state.analysis, state.scene, state.selection, interpolation);
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
            handleAnalysisKeys(state, keys);
        }
        const int thumbnailPixels =
            static_cast<int>(std::lround(kThumbnailSize * imgui.contentScale()));
        thumbnails.update(state.folder, settings, thumbnailPixels,
                          thumbnailBudget(lastFrameMilliseconds));
        drawPanels(state, thumbnails, thumbnailPixels, imgui.contentScale());

        const SceneDrawOptions drawOptions = sceneDrawOptions(settings);
        OverlayOptions overlayChoices = overlayOptions(settings);
        overlayChoices.trailWidthPixels *= imgui.contentScale();
        state.overlays.build(state.scene, state.selection, overlayChoices, drawOptions.look,
                             state.playback.time(), overlays);
        imgui.endFrame();
        std::optional<render::PixelRect> sceneArea;
        if (!options.drawUnderPanels) {
            sceneArea = areaOutsidePanels(framebufferWidth, framebufferHeight);
            if (frameNumber == 50)
                fprintf(stderr, "area %d %d %d %d\n", sceneArea->x, sceneArea->y, sceneArea->width,
                        sceneArea->height);
        }
        sceneDrawer.draw(state.scene, state.camera, state.selection, drawOptions, framebufferWidth,
                         framebufferHeight, 0, &overlays, sceneArea);
        state.bonesOverMeshBudget = sceneDrawer.budgetForcedLines();
        state.automaticMsaaSamples = sceneDrawer.automaticSamples();
        imgui.draw();

        if (options.stateOut) {
            std::string text = formatState(state, windowWidth, windowHeight);
            if (text != lastState) {
                writeStateFile(*options.stateOut, text);
                lastState = std::move(text);
            }
        }
        if (capturing && framesSinceLoaded > kScreenshotFrame) {
            const render::Image image =
                render::readDefaultFramebuffer(framebufferWidth, framebufferHeight);
            if (!render::writePng(*options.screenshot, image)) {
                err << "bvhscope: cannot write " << *options.screenshot << "\n";
                exitCode = 1;
            }
            break;
        }
        glfwSwapBuffers(window.handle());
        if (benchmarking) {
            glFinish(); // the GPU's part of the frame is in the measurement
        }
        const auto frameEnd = std::chrono::steady_clock::now();
        if (!firstSwapMilliseconds) {
            firstSwapMilliseconds = millisecondsSince(options.processStart, frameEnd);
            if (options.printLoadTiming) {
                std::fprintf(stdout, "first swap %.1f ms since process start\n",
                             *firstSwapMilliseconds);
                std::fflush(stdout);
            }
        }
        state.loads.frameShown(frameEnd);
        printLoadTimings(state.loads, options.processStart, options.printLoadTiming, std::cout);
        lastFrameMilliseconds = millisecondsSince(frameStart, frameEnd);
        if (options.printLoadTiming && frameNumber > 0) { // the first frame compiles shaders
            folderTiming.frameShown(state.folder, lastFrameMilliseconds, frameEnd, std::cout);
        }
        if (benchmarking && frameNumber >= kBenchmarkWarmUpFrames) {
            benchmarkFrameMilliseconds.push_back(millisecondsSince(frameStart, frameEnd));
            if (std::ssize(benchmarkFrameMilliseconds) >= options.benchRender->frames) {
                printBenchmark(options, benchmarkFrameMilliseconds, *firstSwapMilliseconds,
                               framebufferWidth, framebufferHeight, std::cout);
                break;
            }
        }
    }

    if (configDir && !capturing && !benchmarking) {
        int windowWidth = 0;
        int windowHeight = 0;
        glfwGetWindowSize(window.handle(), &windowWidth, &windowHeight);
        settings.windowWidth = windowWidth;
        settings.windowHeight = windowHeight;
        if (const std::string problem = saveSettings(*configDir / "settings.ini", settings);
            !problem.empty()) {
            err << "bvhscope: the settings were not saved: " << problem << "\n";
        }
    }
    return exitCode;
}

} // namespace bvhscope::viewer
