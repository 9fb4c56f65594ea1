// The page's downloads (issue 31): File > Save picture (PNG), and which written files are the
// browser's to download. A file written under SessionState::downloadsFolder goes on
// downloadsReady; the frame loop hands that list to offerDownloads (platform/download.h).
//
// Save picture in the frame: the menu pushes command::SavePicture; the session, applying it,
// names the file (picturePath) in pictureRequest; the frame loop, once the scene is drawn and
// before the panels are, calls savePictureIfRequested, which reads the view back, writes the
// PNG and queues it for download. The picture is therefore the frame after the click, without
// the menu that was open over it.
#pragma once

#include "app/viewer/session/session_state.h"
#include "render/math/uncovered_area.h"

#include <filesystem>
#include <functional>
#include <string>

namespace bvhscope::viewer {

// `<downloadsFolder>/<stem>-frame-<N>.png` for the file whose facts the Info panel shows and the
// frame the timeline shows (io/picture_export.h pictureFileName).
std::filesystem::path picturePath(const SessionState& session);

// Whether `target` (UTF-8, as an export's outcome names it) is in the downloads folder.
bool isDownload(const SessionState& session, const std::string& target);

// When a picture was asked for: reads back `view` (the layout's view rectangle in framebuffer
// pixels, top-left origin) of the window's back buffer (`framebuffer` 0; a test, or the frame
// loop for a picture of a chosen size drawn offscreen, passes a framebuffer object) and writes
// pictureRequest. Then a notice "Wrote NAME" and the file on
// downloadsReady (the page; the desktop: a notice "Wrote PATH"), or the reason in the error
// popup (and on `err`). Clears the request either way.
// Needs the current GL context; does nothing (no GL call) when nothing was asked for.
void savePictureIfRequested(SessionState& session, int framebufferWidth, int framebufferHeight,
                            const render::PixelRect& view, std::ostream& err,
                            unsigned framebuffer = 0);

// When a picture of a chosen size was asked for (PictureRequest width and height set): `draw`
// renders the scene, as the view shows it, into the framebuffer object it is given, of that
// size (io/picture_export.h saveDrawnPicture); then as savePictureIfRequested. Does nothing for
// any other request, which the call above then takes.
void saveSizedPictureIfRequested(
    SessionState& session,
    const std::function<void(unsigned framebuffer, int width, int height)>& draw,
    std::ostream& err);

} // namespace bvhscope::viewer
