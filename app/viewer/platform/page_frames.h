// The page's animation frames (issue 44): a page cannot block in a wait for events as the
// desktop viewer does (glfwWaitEventsTimeout), so when nothing moves it stops asking the browser
// for frames altogether, and the page's events start them again.
//   web/page_frames.cpp  the web build's only: pauses and resumes emscripten's main loop (the
//                        browser's requestAnimationFrame), and starts the page script's reading
//                        of files between frames (app/web/bvhscope_page.js).
// The desktop viewer does not use these.
#pragma once

namespace bvhscope::viewer {

// Stops the browser's animation frames until wakePageFrames(): the page then draws and
// computes nothing. Call from within a frame whose picture is already on the screen.
void pausePageFrames();

// Why the frames were woken: the user's input (the page draws every frame for a moment, even
// while a file is read), or another event (an open, a resize, a file read to its end).
enum class PageWake { None, Event, Input };

// Starts the animation frames again (when paused) and asks that the next one be drawn. Safe to
// call at any time, from any event handler, as often as events come.
void wakePageFrames(PageWake why = PageWake::Event);

// What woke the frames since the last call (Input over Event), then None until the next wake:
// the frame loop counts it as activity.
PageWake takePageWake();

// True while the animation frames are paused.
bool pageFramesPaused();

// The page script is bringing files in (fetching them, copying them into the page's file
// system): like reading, that gets the page's time, and the picture is drawn a few times a
// second meanwhile.
void setPageFetching(bool fetching);
bool pageFetching();

// Has the page script read files in tasks of its own between frames, until nothing is left to
// read (Module.bvhscopeReadLoads). Cheap when it already does.
void keepPageReading();

} // namespace bvhscope::viewer
