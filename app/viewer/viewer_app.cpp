#include "app/viewer/viewer_app.h"

#include "app/folder/browser_pacing.h"
#include "app/platform/browser.h"
#include "app/platform/cache_directory.h"
#include "app/platform/config_directory.h"
#include "app/platform/heap_tuning.h"
#include "app/viewer/camera_controller.h"
#include "app/viewer/file_chooser_flow.h"
#include "app/viewer/folder/folder_hover_play.h"
#include "app/viewer/folder/folder_thumbnails.h"
#include "app/viewer/frame_settle.h"
#include "app/viewer/io/file_loading.h"
#include "app/viewer/io/settings_store.h"
#include "app/viewer/layout/window_fit.h"
#include "app/viewer/layout_button_hold.h"
#include "app/viewer/panels/analysis_panels.h"
#include "app/viewer/panels/dock_panels.h"
#include "app/viewer/panels/folder_panel.h"
#include "app/viewer/panels/opaque_panels.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/panels/retarget_panels.h"
#include "app/viewer/platform/console.h"
#include "app/viewer/platform/download.h"
#include "app/viewer/platform/file_chooser.h"
#include "app/viewer/platform/glfw_window.h"
#include "app/viewer/platform/imgui_layer.h"
#include "app/viewer/platform/page_frames.h"
#include "app/viewer/platform/termination.h"
#include "app/viewer/session/folder_navigation.h"
#include "app/viewer/session/picture_request.h"
#include "app/viewer/session/session.h"
#include "app/viewer/session/viewer_state.h"
#include "app/viewer/view_labels.h"
#include "app/viewer/view_shape_watch.h"
#include "app/viewer/viewer_probe.h"
#include "core/analysis/motion_index.h"
#include "core/platform/utf8_path.h"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <glad/gl.h>
#include <imgui.h>
#include <optional>

namespace bvhscope::viewer {

namespace {

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
    request.curvesShown = curves.selection && state.settings.showCurves &&
                          curves.selection->character < state.scene.characters().size();
    request.compareShown = state.comparePanelOpen && state.scene.characters().size() >= 2;
    request.jointSelected = state.selection.has_value();
    // The phone's layout is the page's: a narrow desktop window keeps its columns.
    request.compact =
        platform::kInBrowser && wantsCompactLayout(request.windowWidth, scale, state.touchOnly);
    request.drawer = state.compactDrawer;
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

// [SECTION] Drawing

void drawPanels(ViewerState& state, const FolderThumbnails& thumbnails, FolderHoverPlay& hoverPlay,
                int thumbnailPixels, float scale) {
    state.widgetRects.rects.clear();
    const LayoutRect& view = state.layout.view;
    state.widgetRects.rects["view"] = {view.x, view.y, view.width, view.height};
    drawDockControls(state, scale);
    drawFileListPanel(state, scale);
    drawJointTreePanel(state);
    drawInfoPanel(state);
    drawSelectionPanel(state);
    drawSettingsPanel(PanelContext::of(state));
    drawTimelinePanel(state, scale);
    drawCurvesPanel(state, scale);
    drawComparePanel(state, scale);
    drawRetargetMapPanel(state, scale);
    drawFolderPanel(PanelContext::of(state), thumbnails, hoverPlay, thumbnailPixels, scale);
    drawSplitters(PanelContext::of(state), scale); // over the panels' edges
    drawErrorPopup(state);
    drawExportDialog(state, scale);
    drawLiveConnectDialog(state, scale);
    drawVideoExportPanel(state, scale);
    drawPictureDialog(PanelContext::of(state), state.pictureDialog, scale);
    drawInWindowChooser(state, scale); // the Export dialog draws its own, nested in it
    drawNotices(state, scale);
}

std::string windowTitle(const ViewerState& state) {
    const auto& characters = state.scene.characters();
    if (characters.empty()) {
        return "bvhscope";
    }
    std::string title = "bvhscope - " + characters.front().clip->displayName;
    if (characters.size() > 1) {
        title += " (+" + std::to_string(characters.size() - 1) + ")";
    }
    return title;
}

// [SECTION] File > Export video, stepped by the frame loop

// A slice of drawing per UI frame (the export samples its own poses, so the view is untouched),
// and the progress written back to the session; the job ends here when it is done.
void stepVideoExport(SessionState& session, pictures::SceneDrawer& drawer, std::ostream& err) {
    std::unique_ptr<VideoExportJob>& job = session.videoJob;
    VideoExportProgress& progress = session.videoExport;
    progress.running = job != nullptr;
    if (!job) {
        return;
    }
    // About 40 % of a 60 Hz frame for drawing pictures: the viewer stays responsive.
    job->step(session.scene, session.overlays, drawer, std::chrono::milliseconds(7));
    progress.total = job->total();
    progress.drawn = job->drawn();
    progress.encoded = job->encoded();
    switch (job->status()) {
    case VideoExportJob::Status::Running:
        return;
    case VideoExportJob::Status::Done:
        progress.failed = false;
        progress.message = "Wrote " + bvh::utf8FromPath(job->output()) + " (" +
                           std::to_string(job->total()) + " frames)";
        break;
    case VideoExportJob::Status::Cancelled:
        progress.failed = false;
        progress.message = "Cancelled: nothing was written";
        break;
    case VideoExportJob::Status::Failed:
        progress.failed = true;
        progress.message =
            "Cannot export " + bvh::utf8FromPath(job->output()) + ": " + job->error();
        err << "bvhscope: " << progress.message << "\n";
        break;
    }
    job.reset();
    progress.running = false;
}

// [SECTION] What the viewer keeps between runs

// settings.ini and the remembered up axes, from the platform's config folder (none for a
// benchmark, which measures the default look).
void loadKeptState(ViewerState& state, const std::optional<std::filesystem::path>& configDir,
                   std::ostream& err) {
    if (!configDir) {
        return;
    }
    SettingsRead settings = loadSettingsWithWarnings(*configDir / "settings.ini");
    state.settings = settings.settings;
    // A value skipped or clamped: said on stderr and over the view, not in the modal of files
    // that did not load (the viewer starts as usual).
    for (std::string& warning : settings.warnings) {
        err << warning << "\n";
        state.notices.post(std::move(warning));
    }
    std::string problem;
    state.rememberedUpAxes = RememberedUpAxes::load(*configDir / "up_axes.tsv", &problem);
    if (problem.empty()) {
        state.rememberedUpAxesFile = *configDir / "up_axes.tsv";
    } else {
        // Left as it is: not read, and never written over.
        state.errorLines.push_back("bvhscope: up axes are not remembered this time: " + problem);
        state.openErrorPopup = true;
    }
    loadRememberedSubfolders(state, *configDir / "subfolders.tsv");
    if (const auto cache = platform::cacheDirectory()) {
        state.motionIndexFile = *cache / bvh::kMotionIndexFileName;
    }
    if (const std::string problem = settingsDirectoryProblem(*configDir); !problem.empty()) {
        // Said now, in the viewer, rather than lost silently when it quits.
        state.errorLines.push_back("bvhscope: the settings will not be saved: " + problem);
        state.openErrorPopup = true;
    }
}

void saveKeptState(ViewerState& state, const std::filesystem::path& configDir, const Window& window,
                   const ImGuiLayer& imgui, std::ostream& err) {
    int windowWidth = 0;
    int windowHeight = 0;
    glfwGetWindowSize(window.handle(), &windowWidth, &windowHeight);
    state.settings.windowWidth = windowWidth;
    state.settings.windowHeight = windowHeight;
    if (const std::string problem = saveSettings(configDir / "settings.ini", state.settings);
        !problem.empty()) {
        err << "bvhscope: the settings were not saved: " << problem << "\n";
    }
    if (const std::string problem = imgui.saveLayout(); !problem.empty()) {
        err << "bvhscope: the window layout was not saved: " << problem << "\n";
    }
}

// [SECTION] The window

// The size kept in settings.ini (the default, or a hand-edited one) fitted to the monitor's
// work area; a size given on the command line (--size), or a benchmark's, is taken as it is.
std::unique_ptr<Window> openWindow(const ViewerOptions& options,
                                   const scene::ViewerSettings& settings, bool benchmarking,
                                   std::ostream& err) {
    const int width = options.width.value_or(benchmarking ? 1280 : settings.windowWidth);
    const int height = options.height.value_or(benchmarking ? 720 : settings.windowHeight);
    const bool fitToScreen = !options.width && !options.height && !benchmarking;
    const WindowPlacement placement =
        fitToScreen ? fitWindowToWorkArea(width, height, primaryMonitorWorkArea())
                    : WindowPlacement{0, 0, width, height};
    auto window = std::make_unique<Window>(placement.width, placement.height, "bvhscope");
    if (window->handle() == nullptr) {
        err << "bvhscope: " << window->error() << "\n";
        return nullptr;
    }
    releaseConsoleOwnedAlone(); // started from Explorer: no empty console beside the window
    if (fitToScreen) {
        glfwSetWindowPos(window->handle(), placement.x, placement.y);
    }
    if (benchmarking) {
        glfwSwapInterval(0); // as fast as possible, not at the display's rate
    }
    return window;
}

} // namespace

// [SECTION] The frame loop
//
// Named, not in the anonymous namespace: RunningViewer (below, declared in viewer_app.h) owns
// one.

// What one frame knows of the window.
struct FrameSize {
    int windowWidth = 0;
    int windowHeight = 0;
    int framebufferWidth = 0;
    int framebufferHeight = 0;
};

class FrameLoop {
public:
    FrameLoop(const ViewerOptions& options, ViewerState& state, Window& window, ImGuiLayer& imgui,
              ViewerProbe* probe, std::ostream& err)
        : options_(options), state_(state), window_(window), imgui_(imgui), probe_(probe),
          err_(err) {}

    // One turn of the loop: wait for something to draw (natively), read input, update, draw,
    // present. False once the window closes, termination is asked for or the probe is done;
    // exitCode is then the process's.
    bool step(int& exitCode);
    const std::string& shaderError() const { return drawerError_; }
    double lastFrameMilliseconds() const { return lastFrameMilliseconds_; }
    // Every load that completed, oldest first (the page's JavaScript API reports them).
    const std::vector<LoadTiming>& completedLoadTimings() const { return completedTimings_; }

private:
    bool awaitFrame();
#ifndef __EMSCRIPTEN__
    void awaitBrowserWorkFrame();
#endif
    int thumbnailPixels() const;
    bool readInput(FrameSize& size);
    void afterStartupLoads();
    void drawInterface();
    void drawScene(const FrameSize& size);
    void updateBodies();

    const ViewerOptions& options_;
    ViewerState& state_;
    Window& window_;
    ImGuiLayer& imgui_;
    ViewerProbe* probe_;
    std::ostream& err_;

    pictures::SceneDrawer drawer_;
    std::string drawerError_ = drawer_.error();
    FolderThumbnails thumbnails_;
    FolderHoverPlay hoverPlay_; // the hovered Browser cell's take
    FileChooser chooser_;       // joined (its dialog closed) when the viewer ends
    ViewportInput input_;
    ViewShapeWatch viewShape_; // re-frames when a panel opens under the view (view_shape_watch.h)
    scene::SceneOverlays overlays_; // rebuilt every frame, kept for its storage
    std::string title_;
    double lastTime_ = glfwGetTime();
    double lastFrameMilliseconds_ = 0.0; // the thumbnails' budget follows it
    double lastFrameBegan_ = 0.0;        // glfwGetTime() (awaitBrowserWorkFrame)
    int framesDrawn_ = 0;
    std::vector<LoadTiming> completedTimings_;
    // Files from the command line are framed, and --frame applied, once they are loaded.
    bool startupLoadsPending_ = !options_.files.empty();
    LayoutButtonHold buttonHold_;         // a click waits out a frame laid out anew
    double lastActivity_ = glfwGetTime(); // the last input, command or change (awaitFrame)
    int framesAtActivity_ = 0; // framesDrawn_ at lastActivity_ (settling, the Browser's pacing)
#ifdef __EMSCRIPTEN__
    bool pageDrawsNow(double now);
    double lastDrawnTime_ = 0.0; // the page's last drawn frame (awaitFrame)
    double lastInput_ = 0.0;     // the page's last event from outside (awaitFrame)
#endif
};

namespace {

// Paused means asleep. While nothing moves (sessionIsMoving), no command is waiting and the
// frames after the last input have settled (frame_settle.h: a popup fits its contents, a hover
// lights up, a tapped tab's drawer is laid out), the loop waits for events instead of drawing the
// same picture again; it wakes every kIdleWakeSeconds without drawing, to see a termination
// request (a signal does not end GLFW's wait). True when a frame should be drawn now.
constexpr double kIdleWakeSeconds = 0.5;
constexpr std::size_t kKeptLoadTimings = 100;
// The page's frame interval while a file is read and the user does nothing (awaitFrame): four
// pictures a second show the file coming in; the rest of the time is the reader's.
[[maybe_unused]] constexpr double kReadingRedrawSeconds = 0.25;
// While the Browser's summaries and thumbnails are all that moves and the user does nothing,
// frames come at folder::browserWorkFrameDue's times (browser_pacing.h, awaitBrowserWorkFrame).
// Meanwhile, with no thumbnail to draw, the loop looks this often whether the last summary is in
// (the pool has no way to wake the window's wait), so the complete list is shown within 20 ms.
[[maybe_unused]] constexpr double kBrowserWorkPollSeconds = 0.02;

} // namespace

bool FrameLoop::awaitFrame() {
    const double now = glfwGetTime();
#ifdef __EMSCRIPTEN__
    // An event the page saw (input, a resize, an open, a load done reading) woke the frames.
    if (const PageWake wake = takePageWake(); wake != PageWake::None) {
        lastActivity_ = now;
        framesAtActivity_ = framesDrawn_;
        lastInput_ = wake == PageWake::Input ? now : lastInput_;
    }
    // The page cannot wait for the playing Browser cell's next picture: it keeps its frames.
    const bool hoverPlays = hoverPlay_.nextRedraw().has_value();
#else
    const bool hoverPlays = false; // the wait below wakes for its next picture
#endif
    const bool foregroundMoves =
        sessionMovesBesidesBrowserWork(state_) || !state_.commands.empty() || chooser_.busy() ||
        startupLoadsPending_ || scene::bodiesBuilding(state_.scene) || hoverPlay_.reading() ||
        hoverPlays || window_.input().pending(); // events a frame left for the next
    if (foregroundMoves) {
        lastActivity_ = now;
        framesAtActivity_ = framesDrawn_;
    }
    const bool browserWorks = state_.folder.busy();
#ifndef __EMSCRIPTEN__
    const folder::ViewerActivity activity{now, lastActivity_, framesDrawn_ - framesAtActivity_};
    if (browserWorks && folder::browserWorkPacingApplies(activity, kSettleSeconds)) {
        awaitBrowserWorkFrame();
        return true;
    }
#endif
    const bool mustDraw =
        foregroundMoves || browserWorks || (probe_ != nullptr && !probe_->allowsSleep());
    if (mustDraw || stillSettling(now - lastActivity_, framesDrawn_ - framesAtActivity_)) {
#ifdef __EMSCRIPTEN__
        return pageDrawsNow(now);
#else
        return true;
#endif
    }
    if (probe_ != nullptr) {
        probe_->beforeSleep();
    }
#ifdef __EMSCRIPTEN__
    // The page cannot block in a wait: it stops asking for animation frames, and its events
    // start them again (platform/page_frames.h).
    pausePageFrames();
    return false;
#else
    // A hovered Browser cell that plays wakes the loop for its next picture only (10 a
    // second), not every frame.
    const std::optional<double> redraw = hoverPlay_.nextRedraw();
    const double wait =
        redraw ? std::clamp(*redraw - now, 0.0, kIdleWakeSeconds) : kIdleWakeSeconds;
    glfwWaitEventsTimeout(wait);
    const double woke = glfwGetTime();
    if (redraw && woke >= *redraw) {
        return true; // the playing cell's next picture
    }
    if (woke - now >= wait * 0.95) {
        return false; // the timeout: nothing happened
    }
    lastActivity_ = woke;
    framesAtActivity_ = framesDrawn_;
    return true;
#endif
}

#ifndef __EMSCRIPTEN__
// Until the next frame is due (browser_pacing.h: sooner once a row on screen changed), the main
// thread draws the pending thumbnails (a slow frame's budget at a time, between which it looks
// for events) and then waits for events; any event ends the wait at once, so input is answered
// as fast as before. The summaries finished meanwhile are taken too, so their thumbnails need
// not wait for a frame, and the frame comes at once when the last summary or thumbnail is in.
void FrameLoop::awaitBrowserWorkFrame() {
    folder::BrowserWorkFrame frame{lastFrameBegan_, state_.folder.summarizing(), false,
                                   hoverPlay_.nextRedraw()};
    const folder::FolderBrowser::OnScreenProgress shown = state_.folder.onScreenProgress();
    for (double now = glfwGetTime(); now < folder::browserWorkFrameDue(frame);
         now = glfwGetTime()) {
        state_.folder.update();
        if (frame.summarizing != state_.folder.summarizing() || !state_.folder.busy()) {
            return;
        }
        const int drawn = thumbnails_.update(state_.folder, state_.settings, thumbnailPixels(),
                                             kThumbnailsPerSlowFrame);
        frame.onScreenChanged = frame.onScreenChanged || state_.folder.onScreenProgress() != shown;
        if (drawn == 0) {
            const double waitFrom = glfwGetTime();
            const double wait = std::clamp(folder::browserWorkFrameDue(frame) - waitFrom, 0.0,
                                           kBrowserWorkPollSeconds);
            glfwWaitEventsTimeout(wait);
            if (glfwGetTime() - waitFrom < wait * 0.95) {
                return; // woken by an event
            }
        } else {
            glfwPollEvents();
        }
        if (window_.input().pending() || glfwWindowShouldClose(window_.handle())) {
            return;
        }
    }
}

#endif

int FrameLoop::thumbnailPixels() const {
    return static_cast<int>(std::lround(kThumbnailSize * imgui_.contentScale()));
}

#ifdef __EMSCRIPTEN__
bool FrameLoop::pageDrawsNow(double now) {
    // The page has one thread: while it fetches files, and once the files being read show their
    // first poses, bringing them in gets its time and the picture is drawn a few times a second
    // (app/web/bvhscope_page.js reads between frames), unless the user is doing something.
    const bool reading =
        (state_.loads.reading(state_.scene) && state_.loads.onlyStreaming(state_.scene)) ||
        pageFetching();
    if (reading && now - lastInput_ >= kSettleSeconds &&
        now - lastDrawnTime_ < kReadingRedrawSeconds) {
        return false;
    }
    lastDrawnTime_ = now;
    return true;
}
#endif

// Input: the window's events, its size, the docked layout, drops and the chooser's answer
// (as commands). False while the window is minimised (nothing to draw).
bool FrameLoop::readInput(FrameSize& size) {
    glfwPollEvents();
    glfwGetWindowSize(window_.handle(), &size.windowWidth, &size.windowHeight);
    glfwGetFramebufferSize(window_.handle(), &size.framebufferWidth, &size.framebufferHeight);
    if (size.framebufferWidth <= 0 || size.framebufferHeight <= 0) {
        glfwWaitEventsTimeout(kIdleWakeSeconds); // minimised
        return false;
    }
    updateLayout(state_, size.windowWidth, size.windowHeight, imgui_.contentScale());
    std::vector<std::string> dropped = window_.takeDroppedPaths();
    if (!dropped.empty()) {
        state_.commands.push(command::Open{std::move(dropped)});
    }
    updateFileChooser(state_, chooser_, window_, err_);
    return true;
}

// Once the files named on the command line are loaded: --frame, and the figures framed from
// their front as they stand there.
void FrameLoop::afterStartupLoads() {
    if (!startupLoadsPending_ || state_.loads.busy(state_.scene) ||
        state_.folder.browseLoad.has_value()) {
        return;
    }
    if (options_.frame) {
        state_.playback.seekFrame(std::min(*options_.frame, state_.playback.lastFrame()));
    }
    state_.commands.push(command::FrameFigures{true});
    startupLoadsPending_ = false;
}

// The panels: input on the view becomes commands and camera moves, then every panel.
void FrameLoop::drawInterface() {
    const ButtonHold buttonHold = buttonHold_.next(state_.layout);
    const FrameInput input = window_.input().takeFrame(imgui_.keyboardHold(), buttonHold);
    state_.inputEventsReceived = window_.input().received();
    state_.inputEventsApplied = window_.input().applied();
    imgui_.beginFrame(input);
    const ImGuiIO& io = ImGui::GetIO();
    if (!io.WantCaptureMouse) {
        input_.handleMouse(state_, state_.layout.view);
    }
    if (!io.WantCaptureKeyboard) {
        input_.handleKeys(state_, input.presses);
    }
    const int pixels = thumbnailPixels();
    thumbnails_.update(state_.folder, state_.settings, pixels,
                       thumbnailBudget(lastFrameMilliseconds_));
    drawPanels(state_, thumbnails_, hoverPlay_, pixels, imgui_.contentScale());
    // The hovered cell's take, read and redrawn after the panels reported the hover.
    hoverPlay_.update(state_.folder, thumbnails_, state_.settings, pixels, glfwGetTime());
    if (const auto playing = hoverPlay_.playing()) {
        state_.browserPlaying = std::pair(playing->position, playing->frame);
    } else {
        state_.browserPlaying.reset();
    }
    drawViewLabels(state_);
    if (probe_ != nullptr) {
        probe_->afterPanels(state_);
    }
    imgui_.endFrame();
}

// The body look (character_body.h): each character's build started or kept while it is chosen,
// dropped otherwise; a build that falls back says why, once, on stderr and over the view.
void FrameLoop::updateBodies() {
    if (state_.settings.boneStyle != render::BoneStyle::Body) {
        scene::dropBodies(state_.scene);
        return;
    }
    for (std::string& message : scene::requestBodies(state_.scene, scene::BodyBuild::Wait::No)) {
        err_ << "bvhscope: " << message << "\n";
        state_.notices.post(std::move(message));
    }
}

// The 3D view (outside the opaque panels), then the panels over it.
void FrameLoop::drawScene(const FrameSize& size) {
    const pictures::SceneDrawOptions drawOptions = pictures::sceneDrawOptions(state_.settings);
    scene::OverlayOptions overlayChoices = scene::overlayOptions(state_.settings);
    overlayChoices.trailWidthPixels *= imgui_.contentScale();
    state_.overlays.build(state_.scene, state_.pose, state_.selection, overlayChoices,
                          drawOptions.look, state_.playback.time(), overlays_);
    std::optional<render::PixelRect> sceneArea;
    if (!options_.drawUnderPanels) {
        sceneArea = areaOutsidePanels(size.framebufferWidth, size.framebufferHeight);
    }
    // File > Save picture at a chosen size: drawn offscreen first (the window's draw follows).
    saveSizedPictureIfRequested(
        state_,
        [&](unsigned framebuffer, int width, int height) {
            drawer_.draw(state_.scene, state_.pose, state_.camera, state_.selection, drawOptions,
                         width, height, framebuffer, &overlays_);
        },
        err_);
    drawer_.draw(state_.scene, state_.pose, state_.camera, state_.selection, drawOptions,
                 size.framebufferWidth, size.framebufferHeight, 0, &overlays_, sceneArea,
                 viewPixels(state_.layout.view, size.windowWidth, size.framebufferWidth));
    state_.bonesOverMeshBudget = drawer_.budgetForcedLines();
    state_.automaticMsaaSamples = drawer_.automaticSamples();
    // File > Save picture: the view as drawn, without the panels.
    savePictureIfRequested(state_, size.framebufferWidth, size.framebufferHeight,
                           viewPixels(state_.layout.view, size.windowWidth, size.framebufferWidth),
                           err_);
    offerDownloads(state_.downloadsReady); // exports and pictures written this frame (the page)
    imgui_.draw();
}

bool FrameLoop::step(int& exitCode) {
    if (glfwWindowShouldClose(window_.handle()) || terminationRequested()) {
        return false;
    }
    const bool draw = awaitFrame();
    if (probe_ != nullptr && probe_->idleMeasured(state_, framesDrawn_)) {
        return false;
    }
    if (!draw) {
        return true;
    }
    // Input
    const auto frameStart = std::chrono::steady_clock::now();
    lastFrameBegan_ = glfwGetTime();
    FrameSize size;
    if (!readInput(size)) {
        return true;
    }
    const int frameNumber = framesDrawn_++;
    state_.framesDrawn = framesDrawn_;
    const float aspect = viewAspect(state_);
    viewShape_.update(state_, state_.layout.view);
    afterStartupLoads();
    // Commands and the session's update (playback, the live pose, framing)
    const double now = glfwGetTime();
    if (probe_ != nullptr) {
        probe_->beforeUpdate(state_, frameNumber);
    }
    state_.camera.verticalFovRadians = glm::radians(state_.settings.fieldOfViewDegrees);
    state_.live.awaitFreshFrame(); // the live figure drawn at the frame just read
    // Loads without a thread of their own (the page's) are read in the page's own tasks between
    // frames (app/web: bvhscope_web_advance_loads), not here: the task that reads a file's last
    // byte takes it, so the file is loaded before a frame has to be drawn.
    updateSession(state_, state_.commands.take(),
                  SessionFrame{aspect, std::min(now - lastTime_, 0.25)}, err_);
    lastTime_ = now;
    updateBodies();
    stepVideoExport(state_, drawer_, err_);
    if (std::string title = windowTitle(state_); title != title_) { // files opened or browsed
        title_ = std::move(title);
        glfwSetWindowTitle(window_.handle(), title_.c_str());
    }
    // Panels, then the picture
    drawInterface();
    drawScene(size);
    const bool loading = state_.loads.busy(state_.scene) || state_.folder.browseLoad.has_value() ||
                         scene::bodiesBuilding(state_.scene) ||
                         state_.live.awaitingFirstFrames(state_.scene);
    const bool layoutSettled =
        dockLayoutFor(state_, size.windowWidth, size.windowHeight, imgui_.contentScale())
            .timeline.height == state_.layout.timeline.height;
    if (probe_ != nullptr &&
        probe_->afterDraw(state_, loading, layoutSettled, size.windowWidth, size.windowHeight,
                          size.framebufferWidth, size.framebufferHeight, exitCode, err_)) {
        return false;
    }
    // Present
    glfwSwapBuffers(window_.handle());
    lastFrameMilliseconds_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - frameStart)
            .count();
    state_.loads.frameShown(std::chrono::steady_clock::now());
    const std::vector<LoadTiming> timings = state_.loads.takeCompletedTimings();
    completedTimings_.insert(completedTimings_.end(), timings.begin(), timings.end());
    if (completedTimings_.size() > kKeptLoadTimings) {
        completedTimings_.erase(completedTimings_.begin(),
                                completedTimings_.end() - kKeptLoadTimings);
    }
    return probe_ == nullptr ||
           !probe_->afterPresent(state_, frameNumber, frameStart, timings, size.framebufferWidth,
                                 size.framebufferHeight);
}

// Everything a running viewer owns, in the order it is made (and unmade in reverse).
class RunningViewer {
public:
    RunningViewer(const ViewerOptions& options, std::ostream& err) : options(options), err(err) {}

    const ViewerOptions options; // a copy: the probe and the loop keep references to it
    std::ostream& err;
    std::unique_ptr<ViewerProbe> probe;
    bool benchmarking = false;
    bool capturing = false;
    std::optional<std::filesystem::path> configDir;
    ViewerState state;
    render::BoneStyle keptBoneStyle{};
    std::optional<GlfwLibrary> glfw;
    std::unique_ptr<Window> window;
    std::unique_ptr<ImGuiLayer> imgui;
    std::unique_ptr<FrameLoop> loop;
    int exitCode = 0;
};

void RunningViewerDeleter::operator()(RunningViewer* viewer) const {
    delete viewer;
}

namespace {

// The kept state, --bones, and what the command line asks to open (reading starts before the
// window exists: the header is usually ready when it opens).
void prepareSession(RunningViewer& viewer) {
    const ViewerOptions& options = viewer.options;
    ViewerState& state = viewer.state;
    loadKeptState(state, viewer.configDir, viewer.err);
    // --bones is for this run: the kept setting is written back unless the user changes it.
    viewer.keptBoneStyle = state.settings.boneStyle;
    if (options.boneStyle) {
        state.settings.boneStyle = *options.boneStyle;
    }
    for (const std::string& line : state.errorLines) {
        viewer.err << line << "\n";
    }
    if (options.pauseAfterHeaderMs) {
        state.loads.pauseAfterHeaderForTests(
            std::chrono::milliseconds(*options.pauseAfterHeaderMs));
    }
    if (!options.files.empty()) {
        applyCommand(state, command::Open{options.files}, 1.0f, viewer.err);
    }
    for (const LiveStreamRequest& request : options.liveStreams) {
        applyCommand(state, command::ConnectLive{request}, 1.0f, viewer.err);
    }
    if (options.audioOffsetSeconds) {
        state.audio.offsetSeconds = *options.audioOffsetSeconds;
    }
}

// The window, ImGui and the frame loop; false (said on err) when one cannot start.
bool openViewerWindow(RunningViewer& viewer) {
    ViewerState& state = viewer.state;
    viewer.glfw.emplace();
    if (!viewer.glfw->ok()) {
        viewer.err << "bvhscope: cannot start the window system: " << GlfwLibrary::lastError()
                   << "\n";
        return false;
    }
    viewer.window = openWindow(viewer.options, state.settings, viewer.benchmarking, viewer.err);
    if (!viewer.window) {
        return false;
    }
    // A capture reads the saved layout but must not change what the user keeps.
    std::optional<LayoutFile> layout;
    if (viewer.configDir) {
        layout = LayoutFile{*viewer.configDir / "imgui.ini", !viewer.capturing};
    }
    viewer.imgui = std::make_unique<ImGuiLayer>(viewer.window->handle(), layout);
    if (!viewer.imgui->layoutProblem().empty()) {
        state.errorLines.push_back("bvhscope: the window layout is not kept this time: " +
                                   viewer.imgui->layoutProblem());
        state.openErrorPopup = true;
        viewer.err << state.errorLines.back() << "\n";
    }
    int windowWidth = 0;
    int windowHeight = 0;
    glfwGetWindowSize(viewer.window->handle(), &windowWidth, &windowHeight);
    updateLayout(state, windowWidth, windowHeight, viewer.imgui->contentScale());
    viewer.loop = std::make_unique<FrameLoop>(viewer.options, state, *viewer.window, *viewer.imgui,
                                              viewer.probe.get(), viewer.err);
#ifndef __EMSCRIPTEN__
    // A live stream's events wake the loop asleep in glfwWaitEventsTimeout: a connection that
    // sends nothing costs no frames, and its next frame is drawn at once.
    state.live.setWake([] { glfwPostEmptyEvent(); });
#endif
    if (!viewer.loop->shaderError().empty()) {
        viewer.err << "bvhscope: shader error: " << viewer.loop->shaderError() << "\n";
        return false;
    }
    return true;
}

// The bundled sample when nothing is named, playback as the settings say, and the first
// framing.
void startPlayback(RunningViewer& viewer) {
    const ViewerOptions& options = viewer.options;
    ViewerState& state = viewer.state;
    if (options.files.empty() && options.liveStreams.empty() && !viewer.benchmarking &&
        options.openBundledSample) {
        LoadOutcome sample = loadBundledSample();
        if (sample.character) {
            state.scene.add(std::move(*sample.character));
        }
    }
    state.playback.setSpeed(state.settings.playbackSpeed);
    state.playback.setLoop(state.settings.loop);
    state.playback.setClip(state.scene.duration(), state.scene.frameTime(state.infoCharacter));
    if (options.frame && options.files.empty()) {
        state.playback.seekFrame(std::min(*options.frame, state.playback.lastFrame()));
    } else if (options.frame || viewer.benchmarking || options.benchIdleSeconds) {
        // paused: --frame, the render benchmark steps one frame per frame, and the idle one
        // measures a paused viewer
    } else if (state.settings.playOnOpen && !viewer.capturing) {
        state.playback.play();
    }
    // Framed as they stand at the frame shown first.
    state.commands.push(command::FrameFigures{true});
}

} // namespace

RunningViewerPointer startViewer(const ViewerOptions& options, std::ostream& err) {
    platform::keepFreedHeapForReuse();
    RunningViewerPointer viewer(new RunningViewer(options, err));
    viewer->probe = ViewerProbe::attach(viewer->options);
    viewer->benchmarking = viewer->probe && viewer->probe->benchmarking();
    viewer->capturing = viewer->probe && viewer->probe->capturing();
    // The benchmark measures the default look, whatever the user keeps.
    if (!viewer->benchmarking) {
        viewer->configDir = platform::configDirectory();
    }
    prepareSession(*viewer);
    if (!openViewerWindow(*viewer)) {
        return nullptr;
    }
    viewer->state.camera.verticalFovRadians =
        glm::radians(viewer->state.settings.fieldOfViewDegrees);
    if (viewer->probe && !viewer->probe->prepare(viewer->state, err)) {
        return nullptr;
    }
    startPlayback(*viewer);
    installTerminationHandlers();
    return viewer;
}

bool stepViewer(RunningViewer& viewer) {
    return viewer.loop->step(viewer.exitCode);
}

void saveViewerSettings(RunningViewer& viewer) {
    ViewerState& state = viewer.state;
    if (!viewer.configDir || viewer.capturing || viewer.benchmarking) {
        return;
    }
    const render::BoneStyle chosen = state.settings.boneStyle;
    if (viewer.options.boneStyle && chosen == *viewer.options.boneStyle) {
        state.settings.boneStyle = viewer.keptBoneStyle;
    }
    saveKeptState(state, *viewer.configDir, *viewer.window, *viewer.imgui, viewer.err);
    state.settings.boneStyle = chosen;
}

int finishViewer(RunningViewer& viewer) {
    saveViewerSettings(viewer);
    // A sound still being decoded is stopped here, as the state's destructor would, so that
    // --state-out's last state can say it was stopped unfinished: closing (SIGTERM, the window
    // closed) never waits for a decode to end (issue 26).
    viewer.state.audio.stopLoading();
    if (viewer.probe) {
        viewer.probe->atExit(viewer.state);
    }
    return viewer.exitCode;
}

ViewerState& viewerStateOf(RunningViewer& viewer) {
    return viewer.state;
}

double lastFrameMillisecondsOf(const RunningViewer& viewer) {
    return viewer.loop->lastFrameMilliseconds();
}

const std::vector<LoadTiming>& completedLoadTimingsOf(const RunningViewer& viewer) {
    return viewer.loop->completedLoadTimings();
}

InputEventCounts inputEventCountsOf(const RunningViewer& viewer) {
    const InputQueue& input = viewer.window->input();
    return {input.received(), input.applied()};
}

int runViewer(const ViewerOptions& options, std::ostream& err) {
    const RunningViewerPointer viewer = startViewer(options, err);
    if (!viewer) {
        return 1;
    }
    while (stepViewer(*viewer)) {
    }
    return finishViewer(*viewer);
}

} // namespace bvhscope::viewer
