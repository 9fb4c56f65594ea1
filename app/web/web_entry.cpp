// The web page's main(): the desktop viewer (app/viewer) in the page's canvas, stepped once per
// browser animation frame. The page (app/web/index.html, bvhscope_page.js) has already made
// /files, /downloads and /settings in the in-memory file system; files are opened by name
// relative to /files, so messages name them as `bvhscope check NAME` does, and each is deleted
// once its load has finished (removeReadFiles).
#include "app/viewer/platform/page_frames.h"
#include "app/viewer/viewer_app.h"
#include "app/web/web_session.h"

#include <algorithm>
#include <emscripten.h>
#include <filesystem>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace bvhscope::web {

namespace {

viewer::RunningViewer* gViewer = nullptr;

// The canvas follows the page's size (CSS pixels: emscripten's GLFW 3.2 has no content scale).
viewer::ViewerOptions pageSizedOptions() {
    viewer::ViewerOptions options;
    options.width = static_cast<int>(EM_ASM_INT({ return window.innerWidth; }));
    options.height = static_cast<int>(EM_ASM_INT({ return window.innerHeight; }));
    // ?url=...: the page fetches those captures; the sample would only flash before them.
    options.openBundledSample =
        EM_ASM_INT({ return new URLSearchParams(location.search).getAll('url').length; }) == 0;
    return options;
}

void stepFrame() {
    if (gViewer != nullptr) {
        viewer::stepViewer(*gViewer);
        removeReadFiles();
        // The page's open() calls look at the state a frame left (bvhscope_page.js): a file
        // shows loaded once a frame took it, and the call settles then, not a poll later.
        tellPageStepped();
        // A file opened in this frame is read between frames from now on.
        if (const viewer::ViewerState& state = viewer::viewerStateOf(*gViewer);
            state.loads.reading(state.scene)) {
            viewer::keepPageReading();
        }
    }
}

const std::vector<viewer::LoadTiming> kNoTimings;

} // namespace

viewer::ViewerState* viewerState() {
    return gViewer != nullptr ? &viewer::viewerStateOf(*gViewer) : nullptr;
}

void saveSettingsNow() {
    if (gViewer != nullptr) {
        viewer::saveViewerSettings(*gViewer);
    }
}

double lastFrameMilliseconds() {
    return gViewer != nullptr ? viewer::lastFrameMillisecondsOf(*gViewer) : 0.0;
}

viewer::InputEventCounts inputEventCounts() {
    return gViewer != nullptr ? viewer::inputEventCountsOf(*gViewer) : viewer::InputEventCounts{};
}

const std::vector<viewer::LoadTiming>& completedLoadTimings() {
    return gViewer != nullptr ? viewer::completedLoadTimingsOf(*gViewer) : kNoTimings;
}

void tellPageStepped() {
    EM_ASM({
        if (Module.bvhscopeStepped) {
            Module.bvhscopeStepped();
        }
    });
}

void resizeWindow(int width, int height) {
    // Not glfwSetWindowSize: emscripten's GLFW asks for fullscreen instead when the size equals
    // the screen's (a phone turned, with the page filling its screen) and leaves the canvas at
    // the old size. Resizing the canvas itself tells GLFW through its resize listener, which
    // sets the window's size and calls the viewer's size callbacks.
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdollar-in-identifier-extension" // EM_ASM's $0, $1
    EM_ASM({ Browser.setCanvasSize($0, $1); }, std::max(width, 1), std::max(height, 1));
#pragma clang diagnostic pop
}

void removeReadFiles() {
    // The loads whose files are gone, among those listed: by path and start, not by completion
    // time (loads finished in one frame share it, and the list is in the order opened).
    using Handled = std::pair<std::string, viewer::LoadTiming::Clock::time_point>;
    static std::vector<Handled> handled;
    const std::vector<viewer::LoadTiming>& timings = completedLoadTimings();
    for (const viewer::LoadTiming& timing : timings) {
        const Handled load{timing.path, timing.started};
        if (!timing.complete || std::find(handled.begin(), handled.end(), load) != handled.end()) {
            continue;
        }
        handled.push_back(load);
        const std::filesystem::path path(timing.path);
        if (path.is_relative()) { // a name the page wrote under /files, the working directory
            std::error_code ignored;
            std::filesystem::remove(std::filesystem::path("/files") / path, ignored);
        }
    }
    std::erase_if(handled, [&](const Handled& load) {
        return std::none_of(timings.begin(), timings.end(), [&](const viewer::LoadTiming& timing) {
            return timing.path == load.first && timing.started == load.second;
        });
    });
}

} // namespace bvhscope::web

int main() {
    std::error_code ignored;
    for (const char* folder : {"/files", "/downloads", "/settings"}) {
        std::filesystem::create_directories(folder, ignored);
    }
    std::filesystem::current_path("/files", ignored);
    // Lives for the page's lifetime: main() never returns to its caller (the browser's loop
    // takes over), so nothing may live on its stack.
    static bvhscope::viewer::RunningViewerPointer viewer =
        bvhscope::viewer::startViewer(bvhscope::web::pageSizedOptions(), std::cerr);
    if (!viewer) {
        EM_ASM({
            if (Module.bvhscopeFailed) {
                Module.bvhscopeFailed();
            }
        });
        return 1;
    }
    bvhscope::web::gViewer = viewer.get();
    // The page's downloads are read while they arrive (web_streams.cpp).
    bvhscope::viewer::viewerStateOf(*viewer).loads.readStreamedTextsFrom(
        bvhscope::web::takeStreamedText);
    // The page script follows the window's size (resize, orientationchange, the visual
    // viewport) and calls bvhscope_web_resize.
    emscripten_set_main_loop(bvhscope::web::stepFrame, 0, EM_TRUE);
    return 0;
}
