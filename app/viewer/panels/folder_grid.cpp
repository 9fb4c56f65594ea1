#include "app/viewer/panels/folder_grid.h"

#include "app/viewer/layout/thumbnail_grid.h"
#include "app/viewer/panels/folder_take.h"
#include "app/viewer/panels/panel_layout.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <imgui.h>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::viewer {

namespace {

// The lines of a cell's name (gridCellLabel).
constexpr float kGridLabelLines = 2.0f;

// The file name of a take's relative path ("dataset-1/data/x.bvh" gives "x.bvh"): the
// subfolders are the same for most cells of a library and would crowd out the name.
std::string_view gridTakeFileName(std::string_view relativePath) {
    const auto slash = relativePath.find_last_of("/\\");
    return slash == std::string_view::npos ? relativePath : relativePath.substr(slash + 1);
}

// The name under a cell on two lines (gridCellLabel: the action and style of a library's
// names stay readable), each centred. Recorded as the lines joined.
void drawGridCellLabel(PanelContext& panel, const folder::FolderEntry& entry, std::size_t position,
                       ImVec2 at, float cell) {
    const std::array<std::string, 2> lines =
        gridCellLabel(gridTakeFileName(entry.name), cell, [](std::string_view piece) {
            return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
        });
    float y = at.y + cell;
    for (const std::string& line : lines) {
        const float width = ImGui::CalcTextSize(line.c_str()).x;
        ImGui::SetCursorScreenPos(ImVec2(at.x + std::max(0.0f, (cell - width) * 0.5f), y));
        ImGui::TextUnformatted(line.c_str());
        y += ImGui::GetTextLineHeight();
    }
    recordShownText(panel.rects, "browser:cellname:" + std::to_string(position),
                    lines[0] + lines[1]);
}

// One cell at `at` (its top-left corner): the take at display position `position`.
void drawGridCell(PanelContext& panel, const FolderThumbnails& thumbnails,
                  FolderHoverPlay& hoverPlay, std::size_t position, ImVec2 at, float cell) {
    const folder::FolderBrowser& folder = panel.state.folder;
    const std::size_t index = folder.shownRows()[position];
    const folder::FolderEntry& entry = folder.entries()[index];
    ImGui::PushID(static_cast<int>(index));
    ImGui::SetCursorScreenPos(at);
    ImGui::Selectable("##cell", folder.current == index, ImGuiSelectableFlags_AllowItemOverlap,
                      ImVec2(cell, cell + kGridLabelLines * ImGui::GetTextLineHeight()));
    takeItemClicks(panel, index);
    recordItemRect(panel.rects, "browser:cell:" + std::to_string(position));
    takeItemHover(hoverPlay, entry, index, position);
    ImGui::SetCursorScreenPos(at);
    if (!drawTakePicture(thumbnails, hoverPlay, entry, index, cell)) {
        ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + (cell - ImGui::GetFrameHeight()) * 0.5f));
        drawTakeStatus(folder, entry, index, cell);
    }
    drawGridCellLabel(panel, entry, position, at, cell);
    ImGui::PopID();
}

// Scrolls the browsed take's row of cells into view when Previous/Next (Page Down/Up) or a
// click elsewhere changed which take is browsed.
void keepBrowsedCellInView(const folder::FolderBrowser& folder, std::size_t columns,
                           float rowHeight) {
    static std::optional<std::size_t> shownCurrent;
    if (folder.current == shownCurrent) {
        return;
    }
    shownCurrent = folder.current;
    const std::vector<std::size_t>& shown = folder.shownRows();
    const auto at =
        folder.current ? std::find(shown.begin(), shown.end(), *folder.current) : shown.end();
    if (at == shown.end()) {
        return;
    }
    const float top =
        static_cast<float>(static_cast<std::size_t>(at - shown.begin()) / columns) * rowHeight;
    const float visible = ImGui::GetWindowHeight();
    const float scroll = ImGui::GetScrollY();
    if (top < scroll || top + rowHeight > scroll + visible) {
        ImGui::SetScrollY(std::max(0.0f, top - (visible - rowHeight) / 2));
    }
}

} // namespace

void drawFolderGrid(PanelContext& panel, const FolderThumbnails& thumbnails,
                    FolderHoverPlay& hoverPlay, float cell) {
    const folder::FolderBrowser& folder = panel.state.folder;
    if (!ImGui::BeginChild("grid", ImVec2(0.0f, 0.0f), false)) {
        ImGui::EndChild();
        return;
    }
    const ImVec2 origin = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    panel.rects.rects["browser:grid"] = {origin.x, origin.y, size.x, size.y};
    const ImGuiStyle& style = ImGui::GetStyle();
    const std::size_t count = folder.shownRows().size();
    const std::size_t columns =
        gridColumns(ImGui::GetContentRegionAvail().x, cell, style.ItemSpacing.x);
    // A cell, its name under it, and the spacing to the next row.
    const float rowHeight =
        cell + kGridLabelLines * ImGui::GetTextLineHeight() + style.ItemSpacing.y;
    keepBrowsedCellInView(folder, columns, rowHeight);
    ImGuiListClipper clipper; // only the rows on screen are drawn: a library of 3 000 scrolls
    clipper.Begin(static_cast<int>(gridRows(count, columns)), rowHeight);
    std::size_t firstRow = count;
    std::size_t lastRow = 0;
    while (clipper.Step()) {
        firstRow = std::min(firstRow, static_cast<std::size_t>(clipper.DisplayStart));
        lastRow = std::max(lastRow, static_cast<std::size_t>(clipper.DisplayEnd));
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            const ImVec2 rowStart = ImGui::GetCursorScreenPos();
            const GridCells cells =
                gridCellsOfRows(static_cast<std::size_t>(row), row + 1U, columns, count);
            for (std::size_t position = cells.first; position < cells.last; ++position) {
                const float column = static_cast<float>(position - cells.first);
                drawGridCell(panel, thumbnails, hoverPlay, position,
                             ImVec2(rowStart.x + column * (cell + style.ItemSpacing.x), rowStart.y),
                             cell);
            }
            // The row's height, so the clipper's arithmetic holds: the Dummy and the spacing.
            ImGui::SetCursorScreenPos(rowStart);
            ImGui::Dummy(ImVec2(1.0f, rowHeight - style.ItemSpacing.y));
        }
    }
    const GridCells visible = gridCellsOfRows(firstRow, lastRow, columns, count);
    showTakeRows(panel, visible.first, visible.last);
    ImGui::EndChild();
}

} // namespace bvhscope::viewer
