// The Browser's grid (issue 39, item 3) in the real viewer: the List / Grid toggle shows the
// takes the filter keeps as cells in the list's order, each named by its file name; a click on
// a cell shows its take and Ctrl+click adds it, as on a row; the view and the cell size are
// kept in settings.ini across a restart; the hovered cell (or list row) plays its take until the
// pointer leaves. Takes come from tests/support's generated library.
#include "tests/gui/gui_test_support.h"
#include "tests/support/generated_library.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

// The name a cell shows ("shown:browser:cellname:POSITION=TEXT"), or "" when none is recorded.
std::string cellName(const ViewerStateFile& state, std::size_t position) {
    const std::string prefix = "shown:browser:cellname:" + std::to_string(position) + "=";
    const auto at = state.rects.lower_bound(prefix);
    return at != state.rects.end() && at->first.starts_with(prefix)
               ? at->first.substr(prefix.size())
               : "";
}

// Whether `shown` is `name`, or pieces of it in order around "..." marks (elided), shorter.
bool showsName(const std::string& shown, const std::string& name) {
    if (shown == name) {
        return true;
    }
    std::size_t from = 0;
    std::size_t at = 0;
    bool anyMark = false;
    while (from <= shown.size()) {
        const auto mark = shown.find("...", from);
        const std::string piece =
            shown.substr(from, mark == std::string::npos ? mark : mark - from);
        const auto found = name.find(piece, at);
        if (found == std::string::npos) {
            return false;
        }
        at = found + piece.size();
        if (mark == std::string::npos) {
            break;
        }
        anyMark = true;
        from = mark + 3;
    }
    return anyMark && shown.size() < name.size() + 3;
}

std::size_t cellCount(const ViewerStateFile& state) {
    std::size_t cells = 0;
    while (state.rects.contains("browser:cell:" + std::to_string(cells))) {
        ++cells;
    }
    return cells;
}

class BrowserGridGui : public GeneratedLibraryGui {
protected:
    // Clicks Grid and waits for the grid's cells.
    std::optional<ViewerStateFile> showGrid() {
        if (!viewer_->waitForState(librarySettled)) {
            ADD_FAILURE() << "the library did not open";
            return std::nullopt;
        }
        if (!clickSettledRect(*viewer_, viewer_->windowId(), "browser:view-grid")) {
            return std::nullopt;
        }
        return viewer_->waitForSettledState(
            [](const ViewerStateFile& s) {
                return s.browserView == "grid" && s.rects.contains("browser:grid") &&
                       s.rects.contains("browser:cell:0");
            },
            {"browser:grid", "browser:cell:0"});
    }
};

TEST_F(BrowserGridGui, TheGridShowsTheFilteredTakesInTheListsOrderByName) {
    const auto grid = showGrid();
    ASSERT_TRUE(grid.has_value()) << "Grid did not show the cells";
    EXPECT_FALSE(grid->rects.contains("browser:row:0")); // the list is not drawn under it
    const Rect first = grid->rects.at("browser:cell:0");
    const Rect second = grid->rects.at("browser:cell:1");
    EXPECT_NEAR(second.y, first.y, 0.5f); // side by side, several a row
    EXPECT_GT(second.x, first.x + first.width * 0.9f);
    // Only the rows of cells on screen are drawn: not all 30 in this short dock.
    EXPECT_GT(cellCount(*grid), 2U);
    EXPECT_LT(cellCount(*grid), kLibraryTakes);

    ASSERT_TRUE(clickSettledRect(*viewer_, viewer_->windowId(), "browser:filter"));
    ASSERT_TRUE(xdotool("type --window " + viewer_->windowId() + " --delay 5 'kick'"));
    ASSERT_TRUE(xdotool("key --window " + viewer_->windowId() + " Return"));
    const auto filtered = viewer_->waitForSettledState(
        [](const ViewerStateFile& s) {
            return s.browserRows.size() == 6 && s.rects.contains("browser:cell:5") &&
                   !s.rects.contains("browser:cell:6");
        },
        {"browser:cell:0"});
    ASSERT_TRUE(filtered.has_value()) << "the grid did not follow the filter";
    EXPECT_EQ(cellCount(*filtered), 6U); // 6 cells fit this window: every kept take is seen
    // Natural order of the relative paths; these names of one shape sort so by their bytes.
    auto paths = takes_;
    std::sort(paths.begin(), paths.end());
    std::vector<std::string> expected;
    for (const auto& take : paths) {
        if (take.filename().string().find("_kick_") != std::string::npos) {
            expected.push_back(take.filename().string());
        }
    }
    ASSERT_EQ(expected.size(), 6U);
    for (std::size_t position = 0; position < expected.size(); ++position) {
        EXPECT_EQ(fileNameOf(filtered->browserRows[position]), expected[position]);
        // The action and style, the point of a library's names, are kept whole.
        const std::string style =
            expected[position].substr(15, expected[position].find('_', 15) - 15);
        EXPECT_NE(cellName(*filtered, position).find("_kick_" + style), std::string::npos)
            << cellName(*filtered, position);
        EXPECT_TRUE(showsName(cellName(*filtered, position), expected[position]))
            << "cell " << position << " shows '" << cellName(*filtered, position) << "' for "
            << expected[position];
    }
}

TEST_F(BrowserGridGui, ACellClickShowsItsTakeAndCtrlClickAddsIt) {
    const auto grid = showGrid();
    ASSERT_TRUE(grid.has_value()) << "Grid did not show the cells";
    const std::string third = fileNameOf(grid->browserRows.at(2));
    ASSERT_TRUE(clickSettledRect(*viewer_, viewer_->windowId(), "browser:cell:2"));
    auto browsedIs = [](const std::string& name) {
        return [name](const ViewerStateFile& s) {
            return s.folderCurrent && *s.folderCurrent < s.folderFiles.size() &&
                   fileNameOf(s.folderFiles[*s.folderCurrent].name) == name && !s.folderOpening &&
                   !s.loading;
        };
    };
    const auto shown = viewer_->waitForState(browsedIs(third));
    ASSERT_TRUE(shown.has_value()) << "the click did not show " << third;
    EXPECT_EQ(shown->fileNames.size(), 1U); // in place of the browsed take
    // Page Down follows the order the cells show.
    const std::string fourth = fileNameOf(shown->browserRows.at(3));
    ASSERT_TRUE(xdotool("mousemove --window " + viewer_->windowId() +
                        " 700 200 windowfocus --sync " + viewer_->windowId() + " key Next"));
    ASSERT_TRUE(viewer_->waitForState(browsedIs(fourth))) << "Page Down did not go to " << fourth;

    const std::string fifth = fileNameOf(shown->browserRows.at(4));
    ASSERT_TRUE(xdotool("windowfocus --sync " + viewer_->windowId()));
    ASSERT_TRUE(clickSettledRect(*viewer_, viewer_->windowId(), "browser:cell:4",
                                 Click::withModifiers("ctrl")));
    const auto added = viewer_->waitForState(
        [](const ViewerStateFile& s) { return s.fileNames.size() == 2 && !s.loading; });
    ASSERT_TRUE(added.has_value()) << "Ctrl+click did not add " << fifth;
    ASSERT_TRUE(added->browsed.has_value());
    EXPECT_EQ(fileNameOf(added->fileNames[*added->browsed]), fourth);
    EXPECT_EQ(fileNameOf(added->fileNames[1 - *added->browsed]), fifth);
}

TEST_F(BrowserGridGui, TheViewAndCellSizeAreKeptAcrossARestart) {
    const auto first = viewer_->waitForState(librarySettled);
    ASSERT_TRUE(first.has_value());
    ASSERT_EQ(first->browserView, "list"); // the default
    ASSERT_TRUE(showGrid().has_value());
    // Ctrl+click on a slider types its value.
    ASSERT_TRUE(clickSettledRect(*viewer_, viewer_->windowId(), "browser:cell-size",
                                 Click::withModifiers("ctrl")));
    ASSERT_TRUE(xdotool("key --window " + viewer_->windowId() + " ctrl+a BackSpace"));
    ASSERT_TRUE(xdotool("type --window " + viewer_->windowId() + " --delay 5 '80'"));
    ASSERT_TRUE(xdotool("key --window " + viewer_->windowId() + " Return"));
    const auto smaller = viewer_->waitForSettledState(
        [](const ViewerStateFile& s) { return s.browserCellSize == 80; }, {"browser:cell:0"});
    ASSERT_TRUE(smaller.has_value()) << "the cell size did not change";
    // The cell, and the spacing to its neighbours a Selectable takes as its own.
    EXPECT_GE(smaller->rects.at("browser:cell:0").width, 80.0f);
    EXPECT_LT(smaller->rects.at("browser:cell:0").width, 100.0f);
    EXPECT_EQ(viewer_->terminate(), 0);

    start();
    const auto reopened = viewer_->waitForSettledState(
        [](const ViewerStateFile& s) {
            return librarySettled(s) && s.rects.contains("browser:cell:0");
        },
        {"browser:cell:0"});
    ASSERT_TRUE(reopened.has_value()) << "the grid was not kept";
    EXPECT_EQ(reopened->browserView, "grid");
    EXPECT_EQ(reopened->browserCellSize, 80);
}

TEST_F(BrowserGridGui, TheHoveredCellPlaysItsTakeUntilThePointerLeaves) {
    const auto grid = showGrid();
    ASSERT_TRUE(grid.has_value()) << "Grid did not show the cells";
    EXPECT_FALSE(grid->browserPlaying.has_value()); // nothing hovered: nothing plays
    const Rect cell = grid->rects.at("browser:cell:1");
    ASSERT_TRUE(xdotool("mousemove --window " + viewer_->windowId() + " " +
                        xdotoolPoint(cell.x + cell.width / 2, cell.y + cell.width / 2)));
    const auto playing = viewer_->waitForState([](const ViewerStateFile& s) {
        return s.browserPlaying.has_value() && s.browserPlaying->first == 1;
    });
    ASSERT_TRUE(playing.has_value()) << "the hovered cell did not play";
    // The generated takes last seconds at 30 fps: at 10 redraws a second the frame moves on.
    const std::size_t firstFrame = playing->browserPlaying->second;
    const auto later = viewer_->waitForState([firstFrame](const ViewerStateFile& s) {
        return s.browserPlaying.has_value() && s.browserPlaying->first == 1 &&
               s.browserPlaying->second != firstFrame;
    });
    ASSERT_TRUE(later.has_value()) << "the playing cell stayed at frame " << firstFrame;

    // Onto another cell: that one plays instead (one take at a time).
    const Rect other = later->rects.at("browser:cell:3");
    ASSERT_TRUE(xdotool("mousemove --window " + viewer_->windowId() + " " +
                        xdotoolPoint(other.x + other.width / 2, other.y + other.width / 2)));
    const auto moved = viewer_->waitForState([](const ViewerStateFile& s) {
        return s.browserPlaying.has_value() && s.browserPlaying->first == 3;
    });
    ASSERT_TRUE(moved.has_value()) << "the next hovered cell did not play";

    // Away from the Browser (over the view): the cell stops, and nothing plays.
    const Rect view = moved->rects.at("view");
    ASSERT_TRUE(xdotool("mousemove --window " + viewer_->windowId() + " " +
                        xdotoolPoint(view.x + view.width / 2, view.y + view.height / 2)));
    const auto stopped = viewer_->waitForState(
        [](const ViewerStateFile& s) { return !s.browserPlaying.has_value(); });
    ASSERT_TRUE(stopped.has_value()) << "the cell still plays after the pointer left";
}

TEST_F(BrowserGridGui, TheHoveredListRowPlaysItsTakeToo) {
    const auto listed = viewer_->waitForSettledState(
        [](const ViewerStateFile& s) {
            return librarySettled(s) && s.rects.contains("browser:row:2");
        },
        {"browser:row:2"});
    ASSERT_TRUE(listed.has_value()) << "the list did not show row 2";
    const Rect row = listed->rects.at("browser:row:2");
    ASSERT_TRUE(xdotool("mousemove --window " + viewer_->windowId() + " " +
                        xdotoolPoint(row.x + row.height / 2, row.centerY())));
    // Rows record their entry's index; the line names the display position.
    const std::string name = fileNameOf(listed->folderFiles.at(2).name);
    const auto playing = viewer_->waitForState([&name](const ViewerStateFile& s) {
        return s.browserPlaying.has_value() && s.browserPlaying->first < s.browserRows.size() &&
               fileNameOf(s.browserRows[s.browserPlaying->first]) == name;
    });
    ASSERT_TRUE(playing.has_value()) << "the hovered row did not play " << name;
    const std::size_t firstFrame = playing->browserPlaying->second;
    EXPECT_TRUE(viewer_->waitForState([firstFrame](const ViewerStateFile& s) {
        return s.browserPlaying.has_value() && s.browserPlaying->second != firstFrame;
    })) << "the playing row stayed at frame "
        << firstFrame;
}

} // namespace
