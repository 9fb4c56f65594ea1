// The web page's one viewer (app/web/web_entry.cpp starts it from main() and the browser steps
// it once per animation frame), for the page's JavaScript API (app/web/web_api.cpp).
#pragma once

#include "app/viewer/io/file_loading.h"
#include "app/viewer/session/viewer_state.h"
#include "app/viewer/viewer_app.h"

#include <memory>
#include <string>
#include <vector>

namespace bvhscope::web {

// The running viewer's session; nullptr before main() has started it (or when it could not
// start: no WebGL2).
viewer::ViewerState* viewerState();
// Writes settings.ini, up_axes.tsv and imgui.ini into /settings, as the desktop viewer does
// when it quits (a page is never told reliably that it ends).
void saveSettingsNow();
// Milliseconds of the last drawn frame (input to present); 0 before the first.
double lastFrameMilliseconds();
// The viewer's input events, received and applied, as they are now ({0, 0} before it starts).
viewer::InputEventCounts inputEventCounts();
// Every completed load's timings, oldest first (at most the last 100).
const std::vector<viewer::LoadTiming>& completedLoadTimings();
// Deletes from /files each file whose load finished (loaded or failed) since the last call:
// the viewer keeps what it read, and the page gives every load a name of its own
// (bvhscope_page.js), so the bytes of a finished load are never read again. Called after each
// step of the loads.
void removeReadFiles();
// The download the page is feeding under `path` (web_streams.cpp), handed over once: the
// viewer's load of `path` reads it as it arrives. Null when `path` is not one.
std::shared_ptr<bvh::StreamedText> takeStreamedText(const std::string& path);
// Tells the page script (Module.bvhscopeStepped) that the viewer's state may have changed: its
// open() calls look whether their files loaded, so each settles when its file is taken.
void tellPageStepped();
// Sets the viewer's window (and so the canvas) to `width` x `height` CSS pixels, at least 1x1.
void resizeWindow(int width, int height);

} // namespace bvhscope::web
