// One take of the Browser, as a list row and a grid cell both show it: what a click on it does,
// its status and its tooltip. Shared so that rows and cells behave alike (issue 39).
#pragma once

#include "app/viewer/folder/folder_hover_play.h"
#include "app/viewer/folder/folder_thumbnails.h"
#include "app/viewer/panels/panel_context.h"

#include <cstddef>
#include <imgui.h>

namespace bvhscope::viewer {

extern const ImVec4 kTakeOkColor;
extern const ImVec4 kTakeWarningColor;
extern const ImVec4 kTakeErrorColor;

// After the take's item (a row's Selectable, a cell's): a click shows the take in place of the
// browsed one, Ctrl+click opens it as another character, a right-click ranks the takes by how
// alike they move to it (Similar). `index` is the take's index in folder.entries().
void takeItemClicks(PanelContext& panel, std::size_t index);

// The list's or grid's rows on screen, display positions [first, last): told to the Browser
// (command::ShowTakeRows) when they changed, so that an unchanged list lets the viewer sleep.
void showTakeRows(PanelContext& panel, std::size_t first, std::size_t last);

// The take's status (queued, reading, ok, warnings, error, too large, opening) on the current
// line; a bar `width` wide (ImGui's item width: -1 to the window's edge).
void drawTakeStatus(const folder::FolderBrowser& folder, const folder::FolderEntry& entry,
                    std::size_t index, float width);

// The take's tooltip: its path, facts, diagnostics and what its clicks do.
void drawTakeTooltip(const folder::FolderEntry& entry);

// After the take's item: when it is hovered, its tooltip, and the hover reported to
// `hoverPlay` (the take at display `position` plays).
void takeItemHover(FolderHoverPlay& hoverPlay, const folder::FolderEntry& entry, std::size_t index,
                   std::size_t position);

// The take's picture, `size` x `size` at the cursor: its playing texture while it plays, else its
// still thumbnail once drawn. False when it has neither (nothing was drawn).
bool drawTakePicture(const FolderThumbnails& thumbnails, const FolderHoverPlay& hoverPlay,
                     const folder::FolderEntry& entry, std::size_t index, float size);

} // namespace bvhscope::viewer
