// The contact sheet of `bvhscope render --contact-sheet`: tiles in rows, left to right, top to
// bottom, each exactly one tile in size (no gaps: the sheet is columns x tile wide), with a
// label plate at the tile's bottom.
#pragma once

#include "app/pictures/text_painter.h"
#include "render/gl/frame_capture.h"

#include <filesystem>
#include <string>
#include <vector>

namespace bvhscope::headless {

struct SheetLayout {
    int columns = 1;
    int rows = 1;
    int tileWidth = 0;
    int tileHeight = 0;
    int width() const { return columns * tileWidth; }
    int height() const { return rows * tileHeight; }
    int tileX(int index) const { return index % columns * tileWidth; }
    int tileY(int index) const { return index / columns * tileHeight; }
};

// `columns` 0 picks about square: ceil(sqrt(count)). Never more columns than tiles.
SheetLayout sheetLayout(int count, int columns, int tileWidth, int tileHeight);

// The .bvh files directly in `folder` (any case of the extension), sorted by name. Sets `error`
// when the folder cannot be read.
std::vector<std::filesystem::path> bvhFilesIn(const std::filesystem::path& folder,
                                              std::string& error);

// Copies `tile` into `sheet` with its top-left corner at (x, y), clipped.
void pasteImage(render::Image& sheet, const render::Image& tile, int x, int y);

// The rows at the bottom of a tile `tileHeight` pixels tall that labelTile's plate covers: a
// tile frames its figure above them.
int tileLabelRows(int tileHeight, const pictures::TextPainter& text);

// The label plate at the bottom of a tile: the file name and a detail line.
void labelTile(render::Image& tile, const pictures::TextPainter& text, const std::string& name,
               const std::string& detail, bool failed);

// A tile for a file that did not load: dark red, its name, "does not load" and the first error.
render::Image failedTile(int width, int height, const pictures::TextPainter& text,
                         const std::string& name, const std::string& firstError);

} // namespace bvhscope::headless
