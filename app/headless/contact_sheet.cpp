#include "app/headless/contact_sheet.h"

#include "core/platform/utf8_path.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <system_error>

namespace bvhscope::headless {

SheetLayout sheetLayout(int count, int columns, int tileWidth, int tileHeight) {
    SheetLayout layout;
    count = std::max(count, 1);
    if (columns <= 0) {
        columns = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count))));
    }
    layout.columns = std::clamp(columns, 1, count);
    layout.rows = (count + layout.columns - 1) / layout.columns;
    layout.tileWidth = tileWidth;
    layout.tileHeight = tileHeight;
    return layout;
}

std::vector<std::filesystem::path> bvhFilesIn(const std::filesystem::path& folder,
                                              std::string& error) {
    std::vector<std::filesystem::path> files;
    std::error_code code;
    std::filesystem::directory_iterator entries(folder, code);
    if (code) {
        error = "cannot read the folder: " + code.message();
        return files;
    }
    for (const std::filesystem::directory_entry& entry : entries) {
        std::string extension = bvh::utf8FromPath(entry.path().extension());
        std::ranges::transform(extension, extension.begin(),
                               [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        std::error_code typeError;
        if (extension == ".bvh" && entry.is_regular_file(typeError)) {
            files.push_back(entry.path());
        }
    }
    std::ranges::sort(files, [](const auto& a, const auto& b) {
        return bvh::utf8FromPath(a.filename()) < bvh::utf8FromPath(b.filename());
    });
    return files;
}

void pasteImage(render::Image& sheet, const render::Image& tile, int x, int y) {
    for (int row = 0; row < tile.height; ++row) {
        const int sheetRow = y + row;
        if (sheetRow < 0 || sheetRow >= sheet.height) {
            continue;
        }
        const int first = std::max(0, -x);
        const int last = std::min(tile.width, sheet.width - x);
        if (last <= first) {
            return;
        }
        std::memcpy(sheet.rgba.data() +
                        (static_cast<std::size_t>(sheetRow) * sheet.width + x + first) * 4,
                    tile.rgba.data() + (static_cast<std::size_t>(row) * tile.width + first) * 4,
                    static_cast<std::size_t>(last - first) * 4);
    }
}

namespace {

// A tile's name plate: its text scale, margin, line and plate heights.
struct TilePlate {
    int scale;
    int pad;
    int line;
    int height;
};

TilePlate tilePlate(int tileHeight, const pictures::TextPainter& text) {
    const int scale = std::max(1, tileHeight / 360);
    const int pad = 3 * scale;
    const int line = text.lineHeight(scale);
    return {scale, pad, line, 2 * line + 3 * pad};
}

} // namespace

int tileLabelRows(int tileHeight, const pictures::TextPainter& text) {
    return tilePlate(tileHeight, text).height;
}

void labelTile(render::Image& tile, const pictures::TextPainter& text, const std::string& name,
               const std::string& detail, bool failed) {
    const auto [scale, pad, line, plateHeight] = tilePlate(tile.height, text);
    pictures::fillRectangle(tile, 0, tile.height - plateHeight, tile.width, plateHeight,
                            failed ? pictures::Rgba{110, 20, 20, 220}
                                   : pictures::Rgba{0, 0, 0, 170});
    const int maxWidth = tile.width - 2 * pad;
    text.drawText(tile, pad, tile.height - plateHeight + pad, text.fitText(name, scale, maxWidth),
                  scale, pictures::Rgba{255, 255, 255, 255});
    text.drawText(tile, pad, tile.height - line - pad, text.fitText(detail, scale, maxWidth), scale,
                  pictures::Rgba{200, 205, 215, 255});
    // A one-pixel frame so neighbouring tiles with the same background stay apart.
    pictures::fillRectangle(tile, 0, 0, tile.width, 1, pictures::Rgba{0, 0, 0, 255});
    pictures::fillRectangle(tile, 0, 0, 1, tile.height, pictures::Rgba{0, 0, 0, 255});
}

render::Image failedTile(int width, int height, const pictures::TextPainter& text,
                         const std::string& name, const std::string& firstError) {
    render::Image tile;
    tile.width = width;
    tile.height = height;
    tile.rgba.assign(static_cast<std::size_t>(width) * height * 4, 0);
    pictures::fillRectangle(tile, 0, 0, width, height, pictures::Rgba{52, 26, 28, 255});
    const int scale = std::max(1, height / 360);
    // The big "!" and the verdict in the middle, the error in the label plate.
    const std::string verdict = "does not load";
    text.drawText(tile, (width - text.textWidth(verdict, scale * 2)) / 2,
                  height / 2 - text.lineHeight(scale * 2), verdict, scale * 2,
                  pictures::Rgba{255, 120, 100, 255});
    labelTile(tile, text, name, firstError, true);
    return tile;
}

} // namespace bvhscope::headless
