#include "app/viewer/panels/folder_panel.h"

#include "app/options/option_table.h"
#include "app/viewer/panels/folder_grid.h"
#include "app/viewer/panels/folder_take.h"
#include "app/viewer/panels/panel_layout.h"
#include "app/viewer/panels/settings_edit.h"
#include "core/platform/utf8_path.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <imgui.h>
#include <string>
#include <vector>

namespace bvhscope::viewer {

namespace {

// The rows the list shows at least, where the dock's height allows pictures of 24 pixels.
constexpr float kRowsInView = 3.0f;
// The lines of controls over the list: the folder, the buttons and the filter, the count.
constexpr float kControlLines = 3.0f;
// The filter goes on the buttons' line when it has at least this much room there.
constexpr float kFilterBesideButtons = 220.0f;

// [SECTION] Folder controls: include subfolders, previous/next, close, the filter

// While the rows are ranked by likeness (a row's right-click, or Similar in the Selected
// panel): to which take, and the way back to the name order.
void drawLikenessLine(PanelContext& panel) {
    const folder::FolderBrowser& folder = panel.state.folder;
    if (!folder.likenessQuery()) {
        return;
    }
    // On the press: the line goes with the ranking, so the release finds no button under it.
    ImGui::SmallButton("Name order");
    if (ImGui::IsItemActivated()) {
        panel.commands.push(command::SortTakes{});
    }
    recordItemRect(panel.rects, "browser:likeness-clear");
    ImGui::SameLine();
    const std::string& name = folder.entries()[*folder.likenessQuery()].name;
    elidedText("Moving like " + name + ", most alike first");
}

// The filter field (browser_order.h): applied as it is typed; its syntax in the tooltip, with
// the first term it did not understand.
void drawFilterField(PanelContext& panel) {
    const folder::FolderBrowser& folder = panel.state.folder;
    std::array<char, 512> text{};
    const std::string& current = folder.filterText();
    std::copy_n(current.begin(), std::min(current.size(), text.size() - 1), text.begin());
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::InputTextWithHint("##filter", "Filter: words, frames>300, fps:120...", text.data(),
                                 text.size())) {
        panel.commands.push(command::FilterTakes{text.data()});
    }
    recordItemRect(panel.rects, "browser:filter");
    const std::string& error = folder.filter().error;
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(folder::kBrowserFilterHelp.data(),
                               folder::kBrowserFilterHelp.data() +
                                   folder::kBrowserFilterHelp.size());
        if (!error.empty()) {
            ImGui::TextColored(kTakeErrorColor, "Not understood: %s", error.c_str());
        }
        ImGui::EndTooltip();
    }
    if (!error.empty()) {
        ImGui::TextColored(kTakeErrorColor, "%s", error.c_str());
    }
}

// List or Grid (kept in settings.ini), and the grid's cell size while it shows.
void drawViewToggle(PanelContext& panel, float scale) {
    SettingsEdit edit(panel.state.settings, panel.commands);
    scene::ViewerSettings& settings = edit.values;
    if (ImGui::RadioButton("List", settings.browserView == scene::BrowserView::List)) {
        settings.browserView = scene::BrowserView::List;
    }
    recordItemRect(panel.rects, "browser:view-list");
    ImGui::SameLine();
    if (ImGui::RadioButton("Grid", settings.browserView == scene::BrowserView::Grid)) {
        settings.browserView = scene::BrowserView::Grid;
    }
    recordItemRect(panel.rects, "browser:view-grid");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Thumbnails as many a row as fit; hover one for its take's facts");
    }
    if (settings.browserView != scene::BrowserView::Grid) {
        return;
    }
    constexpr float kSliderWidth = 110.0f;
    sameLineIfFits(kSliderWidth * scale);
    ImGui::SetNextItemWidth(kSliderWidth * scale);
    ImGui::SliderInt("##cell-size", &settings.browserCellSize, scene::kSmallestBrowserCell,
                     scene::kLargestBrowserCell, "%d px", ImGuiSliderFlags_AlwaysClamp);
    recordItemRect(panel.rects, "browser:cell-size");
    if (ImGui::IsItemHovered()) {
        const std::string_view help = options::kBrowserCellSize.help;
        ImGui::SetTooltip("%.*s", static_cast<int>(help.size()), help.data());
    }
}

void drawControls(PanelContext& panel, float scale) {
    const folder::FolderBrowser& folder = panel.state.folder;
    elidedText(bvh::utf8FromPath(folder.folder()));
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("%s", bvh::utf8FromPath(folder.folder()).c_str());
    }
    if (ImGui::Button("< Previous")) {
        panel.commands.push(command::StepTakes{-1});
    }
    recordItemRect(panel.rects, "browser:previous");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("The previous file replaces the browsed character (Page Up)");
    }
    sameLineIfFits(buttonWidth("Next >"));
    if (ImGui::Button("Next >")) {
        panel.commands.push(command::StepTakes{1});
    }
    recordItemRect(panel.rects, "browser:next");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("The next file replaces the browsed character (Page Down)");
    }
    sameLineIfFits(checkboxWidth("Include subfolders") + 16.0f * scale);
    bool include = folder.includesSubfolders();
    if (ImGui::Checkbox("Include subfolders", &include)) {
        panel.commands.push(command::IncludeSubfolders{include});
    }
    recordItemRect(panel.rects, "browser:subfolders");
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Remembered for this folder");
    }
    sameLineIfFits(buttonWidth("Close folder") + 16.0f * scale);
    if (ImGui::Button("Close folder")) {
        panel.commands.push(command::CloseFolder{});
    }
    sameLineIfFits(checkboxWidth("List") + checkboxWidth("Grid") + 16.0f * scale);
    drawViewToggle(panel, scale);
    sameLineIfFits(kFilterBesideButtons * scale);
    drawFilterField(panel);
    const std::size_t count = folder.entries().size();
    // "3 076 files" or, filtered, "12 of 3 076 files".
    std::string files = std::to_string(count) + " files";
    if (!folder.filter().empty()) {
        files = std::to_string(folder.shownRows().size()) + " of " + files;
    }
    if (folder.subfoldersIncludedForLibrary()) {
        files += " in subfolders (none in the folder itself: subfolders included)";
    }
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (folder.summarizing()) {
        ImGui::TextWrapped("%s, %zu summarised (%zu threads)%s", files.c_str(),
                           folder.summarizedCount(), folder.workerCount(),
                           folder.listingTruncated() ? ", list truncated" : "");
    } else {
        ImGui::TextWrapped("%s%s", files.c_str(),
                           folder.listingTruncated() ? ", list truncated" : "");
    }
    ImGui::PopStyleColor();
    drawLikenessLine(panel);
}

// [SECTION] One row

// The next cell, with the cursor lowered to centre a line of text in a row `rowHeight` tall;
// false for a hidden column, which must get no content: it would still make the row taller.
bool nextCentredCell(float rowHeight) {
    if (!ImGui::TableNextColumn()) {
        return false;
    }
    const float offset = (rowHeight - ImGui::GetTextLineHeight()) * 0.5f;
    ImGui::SetCursorPosY(ImGui::GetCursorPosY() + std::max(offset, 0.0f));
    return true;
}

// The take at display position `position` (entry `index`).
void drawRow(PanelContext& panel, const FolderThumbnails& thumbnails, FolderHoverPlay& hoverPlay,
             std::size_t index, std::size_t position, float thumbnail) {
    const folder::FolderBrowser& folder = panel.state.folder;
    const folder::FolderEntry& entry = folder.entries()[index];
    ImGui::TableNextRow(ImGuiTableRowFlags_None, thumbnail);
    ImGui::PushID(static_cast<int>(index));

    ImGui::TableNextColumn();
    const ImVec2 cell = ImGui::GetCursorScreenPos();
    const bool isCurrent = folder.current == index;
    ImGui::Selectable("##row", isCurrent,
                      ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowItemOverlap,
                      ImVec2(0.0f, thumbnail));
    takeItemClicks(panel, index);
    recordItemRect(panel.rects, "browser:row:" + std::to_string(index));
    takeItemHover(hoverPlay, entry, index, position);
    ImGui::SetCursorScreenPos(cell);
    if (!drawTakePicture(thumbnails, hoverPlay, entry, index, thumbnail)) {
        ImGui::Dummy(ImVec2(thumbnail, thumbnail));
    }
    recordItemRect(panel.rects, "browser:thumb:" + std::to_string(index));

    // The path relative to the folder, whole where the column allows, else cut in the middle:
    // a library's names carry the action and style in their middle
    // ("dataset-1_kick_angry_001.bvh"), which a cut of what neighbours share would drop.
    if (nextCentredCell(thumbnail)) {
        recordShownText(panel.rects, "browser:name:" + std::to_string(index),
                        elidedText(entry.name));
    }

    const folder::FileFacts* facts = entry.facts && entry.facts->loaded ? &*entry.facts : nullptr;
    if (nextCentredCell(thumbnail) && facts) {
        ImGui::Text("%zu", facts->summary.joints);
    }
    if (nextCentredCell(thumbnail) && facts) {
        ImGui::Text("%u", facts->summary.framesPresent);
        recordItemRect(panel.rects, "browser:frames:" + std::to_string(index));
    }
    if (nextCentredCell(thumbnail) && facts) {
        ImGui::Text(facts->summary.frameTimeAssumed ? "%.4g?" : "%.4g",
                    facts->summary.framesPerSecond);
    }
    if (nextCentredCell(thumbnail) && facts) {
        ImGui::Text("%.2f s", facts->summary.durationSeconds);
    }
    if (nextCentredCell(thumbnail)) {
        drawTakeStatus(folder, entry, index, -1.0f);
    }
    ImGui::PopID();
}

// [SECTION] The list

// Header clicks sort (ImGui's sort specs: a click sorts by the column, a second click reverses
// it). Columns 1-6: File, Joints, Frames, FPS, Duration, Status.
void applySortSpecs(CommandQueue& commands) {
    ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
    if (specs == nullptr || !specs->SpecsDirty) {
        return;
    }
    folder::BrowserSort sort;
    if (specs->SpecsCount > 0) {
        const ImGuiTableColumnSortSpecs& spec = specs->Specs[0];
        sort.column = static_cast<folder::BrowserColumn>(std::clamp(spec.ColumnIndex - 1, 0, 5));
        sort.descending = spec.SortDirection == ImGuiSortDirection_Descending;
    }
    commands.push(command::SortTakes{sort});
    specs->SpecsDirty = false;
}

// The header row as TableHeadersRow draws it, each header's rect recorded for tests that click
// them: browser:header:File, browser:header:Frames...
void drawHeaders(PanelContext& panel) {
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int column = 0; column < ImGui::TableGetColumnCount(); ++column) {
        if (!ImGui::TableSetColumnIndex(column)) {
            continue;
        }
        const char* name = ImGui::TableGetColumnName(column);
        ImGui::PushID(column);
        ImGui::TableHeader(name);
        ImGui::PopID();
        recordItemRect(panel.rects, std::string("browser:header:") + name);
    }
}

// The rows the filter keeps, in display order; only those on screen are drawn.
void drawRows(PanelContext& panel, const FolderThumbnails& thumbnails, FolderHoverPlay& hoverPlay,
              float thumbnail) {
    const folder::FolderBrowser& folder = panel.state.folder;
    const std::vector<std::size_t>& shown = folder.shownRows();
    const float rowHeight = thumbnail + 2.0f * ImGui::GetStyle().CellPadding.y;
    // Keep the browsed file in view when next/previous moved it off screen, or only partly on
    // it: the clipper counts a row cut by the list's bottom edge as shown, and Page Down then
    // showed a list whose browsed row was out of sight. Row tops are below the frozen header.
    static std::optional<std::size_t> shownCurrent;
    if (folder.current != shownCurrent) {
        shownCurrent = folder.current;
        const auto at =
            folder.current ? std::find(shown.begin(), shown.end(), *folder.current) : shown.end();
        const float visible = ImGui::GetWindowHeight() - ImGui::GetFrameHeight();
        const float top = static_cast<float>(at - shown.begin()) * rowHeight;
        const float scroll = ImGui::GetScrollY();
        if (at != shown.end() && (top < scroll || top + rowHeight > scroll + visible)) {
            ImGui::SetScrollY(std::max(0.0f, top - (visible - rowHeight) / 2));
        }
    }
    ImGuiListClipper clipper; // only the rows on screen are drawn: a folder of 5000 scrolls
    clipper.Begin(static_cast<int>(shown.size()), rowHeight);
    std::size_t first = shown.size();
    std::size_t last = 0;
    while (clipper.Step()) {
        first = std::min(first, static_cast<std::size_t>(clipper.DisplayStart));
        last = std::max(last, static_cast<std::size_t>(clipper.DisplayEnd));
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            drawRow(panel, thumbnails, hoverPlay, shown[static_cast<std::size_t>(row)],
                    static_cast<std::size_t>(row), thumbnail);
        }
    }
    showTakeRows(panel, first, last);
}

// Why nothing is listed, when nothing is: true when it said so.
bool saidNoTakes(PanelContext& panel) {
    const folder::FolderBrowser& folder = panel.state.folder;
    if (folder.entries().empty()) {
        ImGui::TextDisabled("No .bvh files in this folder%s.",
                            folder.includesSubfolders() ? " or its subfolders" : "");
        return true;
    }
    if (folder.shownRows().empty()) {
        ImGui::TextDisabled("No take matches the filter.");
        showTakeRows(panel, 0, 0);
        return true;
    }
    return false;
}

void drawList(PanelContext& panel, const FolderThumbnails& thumbnails, FolderHoverPlay& hoverPlay,
              float thumbnail, float scale) {
    constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                                       ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                                       ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Sortable;
    // Each fact column as wide as its header or its widest value in this font; in a narrow dock
    // the least needed ones go (the row's tooltip has every fact) so the names keep some room.
    // A sortable header keeps room for its arrow beside the label (Dear ImGui's TableHeader:
    // 0.65 of the font size and the frame padding), or cuts the label.
    const float sortArrow =
        std::floor(ImGui::GetFontSize() * 0.65f + ImGui::GetStyle().FramePadding.x);
    auto widthOf = [&](const char* header, const char* widestValue) {
        return std::max(ImGui::CalcTextSize(header).x + sortArrow,
                        ImGui::CalcTextSize(widestValue).x);
    };
    struct FactColumn {
        const char* header;
        float width;
        int dropOrder; // 0: kept always
    };
    // Frames stay with the status: how long a take is decides which one to look at.
    const FactColumn facts[] = {
        {"Joints", widthOf("Joints", "9999"), 3},
        {"Frames", widthOf("Frames", "999999"), 0},
        {"FPS", widthOf("FPS", "119.9?"), 1},
        {"Duration", widthOf("Duration", "999.99 s"), 2},
        {"Status", std::max(76.0f * scale, widthOf("Status", "warnings")), 0}};
    const float padding = 2.0f * ImGui::GetStyle().CellPadding.x + 1.0f;
    float needed = thumbnail + padding + ImGui::CalcTextSize("walk1...bvh").x + padding;
    for (const FactColumn& fact : facts) {
        needed += fact.width + padding;
    }
    int dropped = 0; // columns with 0 < dropOrder <= dropped are hidden
    while (needed > ImGui::GetContentRegionAvail().x && dropped < 3) {
        ++dropped;
        for (const FactColumn& fact : facts) {
            needed -= fact.dropOrder == dropped ? fact.width + padding : 0.0f;
        }
    }
    if (!ImGui::BeginTable("files", 7, kFlags)) {
        return;
    }
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(
        "##thumbnail", ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoSort, thumbnail);
    ImGui::TableSetupColumn("File",
                            ImGuiTableColumnFlags_WidthStretch | ImGuiTableColumnFlags_DefaultSort);
    for (const FactColumn& fact : facts) {
        const bool shown = fact.dropOrder == 0 || fact.dropOrder > dropped;
        ImGui::TableSetupColumn(
            fact.header,
            ImGuiTableColumnFlags_WidthFixed |
                (shown ? ImGuiTableColumnFlags_None : ImGuiTableColumnFlags_Disabled),
            fact.width);
    }
    drawHeaders(panel);
    applySortSpecs(panel.commands);
    drawRows(panel, thumbnails, hoverPlay, thumbnail);
    ImGui::EndTable();
}

void drawFolderBrowser(PanelContext panel, const FolderThumbnails& thumbnails,
                       FolderHoverPlay& hoverPlay, int thumbnailPixels, float scale) {
    if (!panel.state.folder.isOpen()) {
        return;
    }
    bool open = true;
    if (!beginDockedPanel(panel.rects, "Browser", panel.state.layout.browser, 0, &open)) {
        if (!open) {
            panel.commands.push(command::CloseFolder{});
        }
        return;
    }
    if (!open) {
        panel.commands.push(command::CloseFolder{}); // the window's close button
    }
    // Rows of pictures up to 64 pixels (the thumbnails are drawn at 96 and shown smaller), as
    // small as it takes for kRowsInView rows under the header in a short dock (a laptop's),
    // down to 24. From the dock's height and kControlLines lines of controls, not from what
    // the controls took this frame: the count line grows and shrinks while files are
    // summarised, and the rows would jump with it.
    const float cellPadding = 2.0f * ImGui::GetStyle().CellPadding.y;
    const float listHeight = ImGui::GetWindowHeight() -
                             (kControlLines + 1.0f) * ImGui::GetFrameHeightWithSpacing() -
                             ImGui::GetCursorPosY() - ImGui::GetStyle().WindowPadding.y;
    const float largest = std::min(static_cast<float>(thumbnailPixels), 64.0f * scale);
    const float thumbnail =
        std::clamp(std::floor(listHeight / kRowsInView - cellPadding), 24.0f * scale, largest);
    drawControls(panel, scale);
    if (saidNoTakes(panel)) {
        ImGui::End();
        return;
    }
    if (panel.state.settings.browserView == scene::BrowserView::Grid) {
        drawFolderGrid(panel, thumbnails, hoverPlay,
                       static_cast<float>(panel.state.settings.browserCellSize) * scale);
    } else {
        drawList(panel, thumbnails, hoverPlay, thumbnail, scale);
    }
    ImGui::End();
}

} // namespace

void drawFolderPanel(PanelContext panel, const FolderThumbnails& thumbnails,
                     FolderHoverPlay& hoverPlay, int thumbnailPixels, float scale) {
    drawFolderBrowser(panel, thumbnails, hoverPlay, thumbnailPixels, scale);
}

} // namespace bvhscope::viewer
