// The page's animation frames (platform/page_frames.h): emscripten's main loop runs one viewer
// step per requestAnimationFrame; pausing it cancels the next request, so a paused page costs
// the browser nothing until an event resumes it.
#include "app/viewer/platform/page_frames.h"

#include <emscripten.h>

namespace bvhscope::viewer {

namespace {

bool gPaused = false;
PageWake gWake = PageWake::None;
bool gFetching = false;

} // namespace

void pausePageFrames() {
    if (!gPaused) {
        gPaused = true;
        emscripten_pause_main_loop();
    }
}

void wakePageFrames(PageWake why) {
    if (why == PageWake::Input || gWake == PageWake::None) {
        gWake = why;
    }
    if (gPaused) {
        gPaused = false;
        emscripten_resume_main_loop();
    }
}

PageWake takePageWake() {
    const PageWake wake = gWake;
    gWake = PageWake::None;
    return wake;
}

bool pageFramesPaused() {
    return gPaused;
}

void setPageFetching(bool fetching) {
    gFetching = fetching;
}

bool pageFetching() {
    return gFetching;
}

void keepPageReading() {
    EM_ASM({
        if (Module.bvhscopeReadLoads) {
            Module.bvhscopeReadLoads();
        }
    });
}

} // namespace bvhscope::viewer
