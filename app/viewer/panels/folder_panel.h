// The Browser panel: the open folder's files, one row each with its thumbnail, name, joints,
// frames, fps, duration and status (queued, reading, ok, N warnings, error; the diagnostics in
// the row's tooltip). A click shows the file as the browsed character (folder_navigation.h),
// Ctrl+click adds it as a character of its own; Previous/Next buttons (and Page Up/Page Down in
// the viewport) step through the list. List / Grid beside the filter shows the same takes in
// the same order as a grid of thumbnails instead (folder_grid.h). Shown only while a folder is
// open.
#pragma once

#include "app/viewer/folder/folder_hover_play.h"
#include "app/viewer/folder/folder_thumbnails.h"
#include "app/viewer/session/viewer_state.h"

namespace bvhscope::viewer {

void drawFolderPanel(PanelContext panel, const FolderThumbnails& thumbnails,
                     FolderHoverPlay& hoverPlay, int thumbnailPixels, float scale);

} // namespace bvhscope::viewer
