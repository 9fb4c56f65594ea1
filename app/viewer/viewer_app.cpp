#include "app/viewer/viewer_app.h"

#include "app/media/audio_clip.h"
#include "app/media/media_features.h"
#include "app/pictures/scene_drawing.h"
#include "app/pictures/text_painter.h"
#include "app/platform/heap_tuning.h"
#include "app/viewer/camera_controller.h"
#include "app/viewer/folder/folder_thumbnails.h"
#include "app/viewer/frame_statistics.h"
#include "app/viewer/io/file_loading.h"
#include "app/viewer/io/settings_store.h"
#include "app/viewer/io/video_export.h"
#include "app/viewer/layout/window_fit.h"
#include "app/viewer/panels/analysis_panels.h"
#include "app/viewer/panels/clipped_text.h"
#include "app/viewer/panels/dock_panels.h"
#include "app/viewer/panels/folder_panel.h"
#include "app/viewer/panels/opaque_panels.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/platform/console.h"
#include "app/viewer/platform/file_chooser.h"
#include "app/viewer/platform/glfw_window.h"
#include "app/viewer/platform/imgui_layer.h"
#include "app/viewer/platform/termination.h"
#include "app/viewer/session/folder_navigation.h"
#include "app/viewer/session/viewer_state.h"
#include "app/viewer/state_dump.h"
#include "app/viewer/view_labels.h"
#include "core/platform/utf8_path.h"
#include "render/gl/frame_capture.h"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
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
// A sound file (.wav, .flac, .ogg, .mp3...) becomes the sound played with the captures.
void openFiles(ViewerState& state, const std::vector<std::string>& paths) {
    std::vector<std::string> captures;
    for (const std::string& path : paths) {
        if (media::isSoundFileName(bvh::pathFromUtf8(path))) {
            state.audio.load(bvh::pathFromUtf8(path));
        } else {
            captures.push_back(path);
        }
    }
    if (!captures.empty()) {
        openPaths(state, captures);
    }
}

// [SECTION] Sound

// A capture with a sound of the same name beside it (take12.bvh, take12.wav) brings it along
// when no sound is loaded yet.
// A build without sound does not look (a sound file dropped or opened says it has none).
void findSoundBesideCaptures(ViewerState& state) {
    if (!media::soundAvailable() || state.audio.loaded() || state.audio.loading()) {
        return;
    }
    for (const Character& character : state.scene.characters()) {
        if (character.sourcePath.empty()) {
            continue;
        }
        if (auto sound = media::findAudioBesideCapture(bvh::pathFromUtf8(character.sourcePath))) {
            state.audio.load(*sound);
            return;
        }
    }
}

// Once a frame, after playback advanced: takes a finished sound load and keeps the device with
// playback.
void updateSound(ViewerState& state, double wallSeconds, std::ostream& err) {
    if (state.audioRemoveRequested) {
        state.audio.clear();
        state.audioPlayer.setClip(nullptr);
        state.audioRemoveRequested = false;
    }
    if (state.audio.poll()) {
        if (!state.audio.error().empty()) {
            err << state.audio.error() << "\n";
            state.errorLines = {state.audio.error()};
            state.openErrorPopup = true;
        } else {
            state.audioPlayer.setClip(state.audio.clip());
            if (!state.audioPlayer.available() && !state.audioDeviceReported) {
                err << "bvhscope: " << state.audioPlayer.unavailableReason()
                    << "; the sound is shown but not heard\n";
                state.audioDeviceReported = true;
            }
        }
    }
    const Playback& playback = state.playback;
    state.audioPlayer.update(state.audio, playback.playing(), playback.reverse(), playback.speed(),
                             playback.time(), wallSeconds);
}

// Ctrl+Z brings back this many of the last files removed (each keeps its frames in memory).
constexpr std::size_t kUndoableRemovals = 8;

// `undoable`: the user's Remove (Ctrl+Z puts it back); a failed load is not.
void removeCharacter(ViewerState& state, std::size_t index, bool undoable = false) {
    if (index >= state.scene.characters().size()) {
        return;
    }
    if (undoable && !state.scene.characters()[index].loading()) {
        Character taken = state.scene.take(index);
        taken.browsed = false; // back as an ordinary file: the browser has moved on
        state.removedCharacters.push_back({index, std::move(taken)});
        if (state.removedCharacters.size() > kUndoableRemovals) {
            state.removedCharacters.erase(state.removedCharacters.begin());
        }
    } else {
        state.scene.remove(index); // a character still loading cancels its load
    }
    onCharacterRemoved(state.analysis, index);
    if (state.selection && state.selection->character == index) {
        state.selection.reset();
    } else if (state.selection && state.selection->character > index) {
        --state.selection->character;
    }
}

void undoRemove(ViewerState& state) {
    if (state.removedCharacters.empty()) {
        return;
    }
    ViewerState::RemovedCharacter removed = std::move(state.removedCharacters.back());
    state.removedCharacters.pop_back();
    const std::size_t index = std::min(removed.index, state.scene.characters().size());
    state.scene.insert(index, std::move(removed.character));
    onCharacterInserted(state.analysis, index);
    if (state.selection && state.selection->character >= index) {
        ++state.selection->character;
    }
    state.infoCharacter = index;
}

void pollLoads(ViewerState& state, std::ostream& err) {
    FileLoads::Events events =
        state.loads.update(state.scene, state.settings.upAxis, state.settings.unit);
    for (const std::size_t index : events.failedCharacters) {
        removeCharacter(state, index); // only that file: what was open stays
    }
    if (events.added) {
        state.infoCharacter = state.scene.characters().size() - 1;
        findSoundBesideCaptures(state);
    }
    if (events.reshaped || !events.failedCharacters.empty()) {
        state.scene.arrangeSideBySide();
        state.frameFiguresRequested = state.frameFiguresRequested || state.settings.frameOnLoad;
        state.turnToFrontRequested = state.frameFiguresRequested;
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

// Files opened (or loaded) since the last frame take the up axis remembered for their path.
void applyRememberedUpAxes(ViewerState& state) {
    bool changed = false;
    for (Character& character : state.scene.characters()) {
        if (character.rememberedUpAxisChecked) {
            continue;
        }
        character.rememberedUpAxisChecked = true;
        if (character.upAxisOverride || character.sourcePath.empty()) {
            continue;
        }
        if (const std::optional<UpAxisChoice> remembered =
                state.rememberedUpAxes.find(character.sourcePath)) {
            character.upAxisOverride = *remembered;
            applyAxes(character, state.settings.upAxis, state.settings.unit);
            changed = true;
        }
    }
    if (changed) {
        state.scene.arrangeSideBySide();
        state.frameFiguresRequested = state.frameFiguresRequested || state.settings.frameOnLoad;
    }
}

// The whole clip of every visible character.
void frameClip(ViewerState& state, float aspect) {
    render::frameBounds(state.camera, state.scene.motionBounds(), aspect);
    state.follow.stop();
}

// The figures as they stand now, followed from here on.
void frameFiguresNow(ViewerState& state, float aspect, bool turnToFront) {
    state.scene.evaluate(state.playback.time(),
                         state.settings.interpolate ? bvh::Interpolation::Linear
                                                    : bvh::Interpolation::Nearest,
                         state.settings.loop);
    // The camera projects into the docked view rectangle alone, so its aspect is all framing
    // needs.
    frameFigures(state.camera, state.scene, aspect, turnToFront);
    state.follow.start(state.camera, state.scene);
}

// [SECTION] File > Export video

// Starts, steps (a slice of drawing per UI frame), cancels and reports the export. Runs before
// the frame's own evaluation, which puts the scene back at the playback time.
void runVideoExport(ViewerState& state, std::unique_ptr<VideoExportJob>& job, SceneDrawer& drawer,
                    std::ostream& err) {
    VideoExportDialog& dialog = state.videoExport;
    if (dialog.startRequested && !job) {
        dialog.startRequested = false;
        VideoExportSettings settings;
        settings.output = dialog.path;
        settings.container =
            media::videoContainerFor(dialog.path).value_or(media::VideoContainer::Mp4);
        settings.width = dialog.width;
        settings.height = dialog.height;
        settings.crf = dialog.crf;
        settings.startSeconds = state.playback.rangeStart();
        settings.endSeconds = state.playback.rangeEnd();
        settings.frameTime = state.playback.frameTime();
        settings.camera = state.camera;
        settings.drawOptions = sceneDrawOptions(state.settings);
        settings.overlays = overlayOptions(state.settings);
        settings.interpolation =
            state.settings.interpolate ? bvh::Interpolation::Linear : bvh::Interpolation::Nearest;
        if (dialog.withSound && state.audio.loaded()) {
            settings.audio = state.audio.clip();
            settings.audioOffsetSeconds = state.audio.offsetSeconds;
        }
        if (dialog.label) {
            // The label `bvhscope render` stamps, timed by the timeline's frames.
            std::string title;
            for (const Character& character : state.scene.characters()) {
                title += (title.empty() ? "" : " + ") + character.displayName;
            }
            const double frameTime = settings.frameTime;
            const std::int64_t lastFrame = state.playback.lastFrame();
            auto painter = std::make_shared<headless::TextPainter>();
            settings.decorate = [painter, title, frameTime, lastFrame](render::Image& image,
                                                                       double time) {
                const std::int64_t frame = std::llround(time / frameTime);
                headless::stampFrameLabel(image, *painter,
                                          headless::frameLabel(title, frame, lastFrame, frameTime));
            };
        }
        std::string error;
        job = VideoExportJob::start(std::move(settings), error);
        dialog.failed = !job;
        dialog.message = job ? "" : "Cannot export " + dialog.path + ": " + error;
    }
    dialog.startRequested = false;
    dialog.running = job != nullptr;
    if (!job) {
        return;
    }
    if (dialog.cancelRequested) {
        job->cancel();
        dialog.cancelRequested = false;
    }
    // About 40 % of a 60 Hz frame for drawing pictures: the viewer stays responsive.
    job->step(state.scene, state.overlays, drawer, std::chrono::milliseconds(7));
    dialog.total = job->total();
    dialog.drawn = job->drawn();
    dialog.encoded = job->encoded();
    switch (job->status()) {
    case VideoExportJob::Status::Running:
        return;
    case VideoExportJob::Status::Done:
        dialog.failed = false;
        dialog.message = "Wrote " + bvh::utf8FromPath(job->output()) + " (" +
                         std::to_string(job->total()) + " frames)";
        break;
    case VideoExportJob::Status::Cancelled:
        dialog.failed = false;
        dialog.message = "Cancelled: nothing was written";
        break;
    case VideoExportJob::Status::Failed:
        dialog.failed = true;
        dialog.message = "Cannot export " + bvh::utf8FromPath(job->output()) + ": " + job->error();
        err << "bvhscope: " << dialog.message << "\n";
        break;
    }
    job.reset();
    dialog.running = false;
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
        removeCharacter(state, *state.characterToRemove, true);
        state.characterToRemove.reset();
    }
    if (state.undoRemoveRequested) {
        undoRemove(state);
        state.undoRemoveRequested = false;
    }
    applyRememberedUpAxes(state);
    if (state.axesChanged) {
        for (Character& character : state.scene.characters()) {
            applyAxes(character, state.settings.upAxis, state.settings.unit);
        }
        state.scene.arrangeSideBySide();
        state.axesChanged = false;
        state.frameFiguresRequested = true;
        state.turnToFrontRequested = true;
    }
    // Stepping and the timeline's frame numbers follow the selected file's rate.
    state.playback.setClip(state.scene.duration(), state.scene.frameTime(state.infoCharacter));
    if (added && state.settings.frameOnLoad) {
        state.frameFiguresRequested = true;
        state.turnToFrontRequested = true;
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
        state.frameFiguresRequested = true;
        state.resetCameraRequested = false;
    }
    if (state.frameClipRequested) {
        frameClip(state, aspect);
        state.frameClipRequested = false;
        state.frameFiguresRequested = false;
    }
    if (state.frameFiguresRequested) {
        frameFiguresNow(state, aspect, state.turnToFrontRequested);
        state.frameFiguresRequested = false;
        state.turnToFrontRequested = false;
    }
}

// [SECTION] Layout

// The docks for this frame (layout/dock_layout.h): from the window's size in ImGui's
// coordinates, the content scale, and which analysis panels are up.
DockLayout dockLayoutFor(const ViewerState& state, int windowWidth, int windowHeight, float scale) {
    const CurveView& curves = state.analysis.curves;
    DockRequest request;
    request.windowWidth = static_cast<float>(windowWidth);
    request.windowHeight = static_cast<float>(windowHeight);
    request.scale = scale;
    request.timelineHeight = state.timelineContentHeight;
    request.panelsHidden = state.panelsHidden;
    request.browserShown = state.folder.isOpen();
    request.curvesShown = curves.selection && !curves.closed &&
                          curves.selection->character < state.scene.characters().size();
    request.compareShown = state.comparePanelOpen && state.scene.characters().size() >= 2;
    return computeDockLayout(request, state.settings.dock);
}

void updateLayout(ViewerState& state, int windowWidth, int windowHeight, float scale) {
    state.layout = dockLayoutFor(state, windowWidth, windowHeight, scale);
}

float viewAspect(const ViewerState& state) {
    const LayoutRect& view = state.layout.view;
    return view.empty() ? 1.0f : view.width / view.height;
}

// The view's rectangle in framebuffer pixels (a HiDPI framebuffer can be larger than the
// window's coordinates).
render::PixelRect viewPixels(const LayoutRect& view, int windowWidth, int framebufferWidth) {
    const float toPixels =
        windowWidth > 0 ? static_cast<float>(framebufferWidth) / static_cast<float>(windowWidth)
                        : 1.0f;
    const int left = static_cast<int>(std::lround(view.x * toPixels));
    const int top = static_cast<int>(std::lround(view.y * toPixels));
    const int right = static_cast<int>(std::lround(view.right() * toPixels));
    const int bottom = static_cast<int>(std::lround(view.bottom() * toPixels));
    return render::PixelRect{left, top, right - left, bottom - top};
}

// [SECTION] The desktop's file chooser (platform/file_chooser.h)

void updateFileChooser(ViewerState& state, FileChooser& chooser, const Window& window,
                       std::ostream& err) {
    using Purpose = ViewerState::ChooserPurpose;
    if (state.chooserRequested != Purpose::None && !chooser.busy()) {
        FileChooserRequest request;
        request.parentWindow = window.dialogParent();
        switch (state.chooserRequested) {
        case Purpose::OpenFiles:
            request.kind = FileChooserRequest::Kind::OpenFiles;
            request.title = "Open BVH files";
            break;
        case Purpose::OpenFolder:
            request.kind = FileChooserRequest::Kind::OpenFolder;
            request.title = "Open a folder of BVH files";
            break;
        default: {
            request.kind = FileChooserRequest::Kind::SaveFile;
            request.title = "Export BVH";
            const std::filesystem::path target =
                bvh::pathFromUtf8(state.exportDialog.settings.targetPath);
            request.suggestedName = bvh::utf8FromPath(target.filename());
            request.suggestedFolder = bvh::utf8FromPath(target.parent_path());
            break;
        }
        }
        if (chooser.start(request)) {
            state.chooserOpen = state.chooserRequested;
        }
    }
    state.chooserRequested = Purpose::None;
    const std::optional<FileChooserAnswer> answer = chooser.takeAnswer();
    if (!answer) {
        return;
    }
    const Purpose purpose = state.chooserOpen;
    state.chooserOpen = Purpose::None;
    if (answer->unavailable) {
        err << "bvhscope: no desktop file chooser (" << answer->error
            << "); type the path in the Files panel\n";
        state.focusPathField = purpose != Purpose::ExportTarget;
        return;
    }
    if (answer->cancelled || answer->paths.empty()) {
        return;
    }
    if (purpose == Purpose::ExportTarget) {
        state.exportDialog.settings.targetPath = answer->paths.front();
    } else {
        state.filesToOpen.insert(state.filesToOpen.end(), answer->paths.begin(),
                                 answer->paths.end());
    }
}

// [SECTION] Drawing

void drawPanels(ViewerState& state, const FolderThumbnails& thumbnails, int thumbnailPixels,
                float scale) {
    state.widgetRects.rects.clear();
    const LayoutRect& view = state.layout.view;
    state.widgetRects.rects["view"] = {view.x, view.y, view.width, view.height};
    drawDockControls(state, scale);
    drawFileListPanel(state, scale);
    drawJointTreePanel(state);
    drawInfoPanel(state);
    drawSelectionPanel(state);
    drawSettingsPanel(state);
    drawTimelinePanel(state, scale);
    drawCurvesPanel(state, scale);
    drawComparePanel(state, scale);
    drawFolderPanel(state, thumbnails, thumbnailPixels, scale);
    drawSplitters(state, scale); // over the panels' edges
    drawErrorPopup(state);
    drawExportDialog(state, scale);
    drawVideoExportPanel(state, scale);
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
        state.rememberedUpAxesFile = *configDir / "up_axes.tsv";
        state.rememberedUpAxes = RememberedUpAxes::load(*state.rememberedUpAxesFile);
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
    if (options.audioOffsetSeconds) {
        state.audio.offsetSeconds = *options.audioOffsetSeconds;
    }

    GlfwLibrary glfw;
    if (!glfw.ok()) {
        err << "bvhscope: cannot start the window system: " << GlfwLibrary::lastError() << "\n";
        return 1;
    }
    // The size kept in settings.ini (the default, or a hand-edited one) fitted to the monitor's
    // work area; a size given on the command line (--size) is taken as it is.
    const bool fitToScreen = !options.width && !options.height && !benchmarking;
    const WindowPlacement placement =
        fitToScreen ? fitWindowToWorkArea(width, height, primaryMonitorWorkArea())
                    : WindowPlacement{0, 0, width, height};
    Window window(placement.width, placement.height, "bvhscope");
    if (window.handle() == nullptr) {
        err << "bvhscope: " << window.error() << "\n";
        return 1;
    }
    releaseConsoleOwnedAlone(); // started from Explorer: no empty console beside the window
    if (fitToScreen) {
        glfwSetWindowPos(window.handle(), placement.x, placement.y);
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
    {
        int windowWidth = 0;
        int windowHeight = 0;
        glfwGetWindowSize(window.handle(), &windowWidth, &windowHeight);
        updateLayout(state, windowWidth, windowHeight, imgui.contentScale());
    }
    if (capturing && iniFile && std::filesystem::exists(*iniFile)) {
        ImGui::LoadIniSettingsFromDisk(
            bvh::utf8FromPath(*iniFile).c_str()); // UTF-8, as ImGui opens files
    }
    SceneDrawer sceneDrawer;
    std::unique_ptr<VideoExportJob> videoExport; // File > Export video, while it runs
    if (!sceneDrawer.error().empty()) {
        err << "bvhscope: shader error: " << sceneDrawer.error() << "\n";
        return 1;
    }
    FolderThumbnails thumbnails;
    FileChooser chooser; // joined (its dialog closed) when the viewer ends

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
    handleRequests(state, viewAspect(state), err);
    // Files from the command line are framed, and --frame applied, once they are loaded.
    bool startupLoadsPending = !options.files.empty();
    if (options.frame && !startupLoadsPending) {
        state.playback.seekFrame(std::min(*options.frame, state.playback.lastFrame()));
    } else if (options.frame || benchmarking) {
        // paused: --frame, or the benchmark steps one frame per frame
    } else if (settings.playOnOpen && !capturing) {
        state.playback.play();
    }
    frameFiguresNow(state, viewAspect(state), true); // as they stand at the frame shown first
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
        updateLayout(state, windowWidth, windowHeight, imgui.contentScale());
        const float aspect = viewAspect(state);

        for (std::string& path : window.takeDroppedPaths()) {
            state.filesToOpen.push_back(std::move(path));
        }
        updateFileChooser(state, chooser, window, err);
        handleRequests(state, aspect, err);
        if (std::string now = windowTitle(state); now != title) { // files opened or browsed
            title = std::move(now);
            glfwSetWindowTitle(window.handle(), title.c_str());
        }
        const bool loading = state.loads.busy(state.scene) || state.folder.browseLoad.has_value();
        if (startupLoadsPending && !loading) {
            if (options.frame) {
                state.playback.seekFrame(std::min(*options.frame, state.playback.lastFrame()));
            }
            frameFiguresNow(state, aspect, true);
            startupLoadsPending = false;
        }
        // A screenshot of a folder also waits for every summary and thumbnail.
        framesSinceLoaded = loading || state.folder.busy() ? 0 : framesSinceLoaded + 1;

        const double now = glfwGetTime();
        if (benchmarking) {
            state.playback.seekFrame(frameNumber % (state.playback.lastFrame() + 1));
        }
        const double wallSeconds = std::min(now - lastTime, 0.25);
        state.playback.update(wallSeconds);
        lastTime = now;
        updateSound(state, wallSeconds, err);
        runVideoExport(state, videoExport, sceneDrawer, err);
        state.camera.verticalFovRadians = glm::radians(settings.fieldOfViewDegrees);
        const bvh::Interpolation interpolation =
            settings.interpolate ? bvh::Interpolation::Linear : bvh::Interpolation::Nearest;
        state.scene.evaluate(state.playback.time(), interpolation, settings.loop);
        updateAnalysisViews(state.analysis, state.scene, state.selection, interpolation);
        if (!settings.followSelection) {
            state.follow.update(state.camera, state.scene, wallSeconds);
        }
        if (settings.followSelection && state.selection &&
            state.selection->character < state.scene.characters().size()) {
            const Character& followed = state.scene.characters()[state.selection->character];
            state.camera.target =
                followed.viewerPositions[static_cast<std::size_t>(state.selection->node)];
        }

        imgui.beginFrame();
        const ImGuiIO& io = ImGui::GetIO();
        if (!io.WantCaptureMouse) {
            input.handleMouse(state, state.layout.view);
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
        drawViewLabels(state);

        const SceneDrawOptions drawOptions = sceneDrawOptions(settings);
        OverlayOptions overlayChoices = overlayOptions(settings);
        overlayChoices.trailWidthPixels *= imgui.contentScale();
        state.overlays.build(state.scene, state.selection, overlayChoices, drawOptions.look,
                             state.playback.time(), overlays);
        imgui.endFrame();
        if (options.stateOut) {
            state.clippedText = findClippedText();
        }
        std::optional<render::PixelRect> sceneArea;
        if (!options.drawUnderPanels) {
            sceneArea = areaOutsidePanels(framebufferWidth, framebufferHeight);
        }
        sceneDrawer.draw(state.scene, state.camera, state.selection, drawOptions, framebufferWidth,
                         framebufferHeight, 0, &overlays, sceneArea,
                         viewPixels(state.layout.view, windowWidth, framebufferWidth));
        state.bonesOverMeshBudget = sceneDrawer.budgetForcedLines();
        state.automaticMsaaSamples = sceneDrawer.automaticSamples();
        imgui.draw();

        // A frame whose timeline measured a new height (the first, or a resize that wraps its
        // controls differently) is redrawn settled on the next: tests read settled ones only.
        const bool layoutSettled =
            dockLayoutFor(state, windowWidth, windowHeight, imgui.contentScale()).timeline.height ==
            state.layout.timeline.height;
        if (options.stateOut && layoutSettled) {
            std::string text = formatState(state, windowWidth, windowHeight);
            if (text != lastState) {
                writeStateFile(bvh::pathFromUtf8(*options.stateOut), text);
                lastState = std::move(text);
            }
        }
        if (capturing && framesSinceLoaded > kScreenshotFrame) {
            const render::Image image =
                render::readDefaultFramebuffer(framebufferWidth, framebufferHeight);
            if (!render::writePng(bvh::pathFromUtf8(*options.screenshot), image)) {
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
