// The Browser's grid (issue 39): the takes the filter keeps, in the list's order, as square
// cells of `cell` pixels, as many a row as fit the panel's width, each its thumbnail (drawn at
// the thumbnails' own size and scaled into the cell) or, until it is drawn, its status, over
// its file name cut in the middle. Only the rows of cells on screen are drawn, and only their
// thumbnails asked for (FolderBrowser::setVisibleRows). Clicks act as on a row (folder_take.h).
// Records `browser:grid` and one `browser:cell:POSITION` per visible cell, POSITION as in
// --state-out's `browser row` lines.
#pragma once

#include "app/viewer/folder/folder_hover_play.h"
#include "app/viewer/folder/folder_thumbnails.h"
#include "app/viewer/panels/panel_context.h"

namespace bvhscope::viewer {

// The hovered cell is reported to `hoverPlay`, and shows its playing texture once drawn.
void drawFolderGrid(PanelContext& panel, const FolderThumbnails& thumbnails,
                    FolderHoverPlay& hoverPlay, float cell);

} // namespace bvhscope::viewer
