#include "app/viewer/layout/thumbnail_grid.h"

#include <gtest/gtest.h>
#include <limits>
#include <string_view>

using namespace bvhscope::viewer;

// n cells take n * cell + (n - 1) * spacing pixels.
TEST(ThumbnailGrid, AsManyCellsAsFitTheWidth) {
    EXPECT_EQ(gridColumns(1000.0f, 128.0f, 8.0f), 7U); // 7 * 128 + 6 * 8 = 944, 8 take 1080
    EXPECT_EQ(gridColumns(1080.0f, 128.0f, 8.0f), 8U); // exactly 8
    EXPECT_EQ(gridColumns(1079.0f, 128.0f, 8.0f), 7U);
    EXPECT_EQ(gridColumns(64.0f, 64.0f, 8.0f), 1U);
    EXPECT_EQ(gridColumns(1366.0f, 64.0f, 4.0f), 20U); // 20 * 64 + 19 * 4 = 1356
}

TEST(ThumbnailGrid, ANarrowOrOddWidthStillShowsOneColumnAndNeverTooMany) {
    EXPECT_EQ(gridColumns(10.0f, 128.0f, 8.0f), 1U);
    EXPECT_EQ(gridColumns(-50.0f, 128.0f, 8.0f), 1U);
    EXPECT_EQ(gridColumns(std::numeric_limits<float>::quiet_NaN(), 128.0f, 8.0f), 1U);
    EXPECT_EQ(gridColumns(500.0f, 0.0f, 0.0f), 1U);
    EXPECT_EQ(gridColumns(std::numeric_limits<float>::infinity(), 64.0f, 4.0f), kMostGridColumns);
}

TEST(ThumbnailGrid, RowsAndTheCellsTheyCover) {
    EXPECT_EQ(gridRows(0, 7), 0U);
    EXPECT_EQ(gridRows(30, 7), 5U); // 4 full rows and 2 cells
    EXPECT_EQ(gridRows(28, 7), 4U);
    EXPECT_EQ(gridRows(3, 0), 3U); // no columns reads as one
    const GridCells middle = gridCellsOfRows(1, 3, 7, 30);
    EXPECT_EQ(middle.first, 7U);
    EXPECT_EQ(middle.last, 21U);
    const GridCells lastRow = gridCellsOfRows(4, 5, 7, 30);
    EXPECT_EQ(lastRow.first, 28U);
    EXPECT_EQ(lastRow.last, 30U);
    const GridCells beyond = gridCellsOfRows(9, 12, 7, 30);
    EXPECT_EQ(beyond.first, 30U);
    EXPECT_EQ(beyond.last, 30U);
}

// Every character 1 pixel wide: widths are lengths.
float gridTestWidth(std::string_view text) {
    return static_cast<float>(text.size());
}

TEST(ThumbnailGridLabel, ANameThatFitsIsOneLine) {
    const auto label = gridCellLabel("walk.bvh", 8.0f, gridTestWidth);
    EXPECT_EQ(label[0], "walk.bvh");
    EXPECT_EQ(label[1], "");
}

TEST(ThumbnailGridLabel, ALongNameBreaksAfterAWordAndKeepsTheActionAndStyle) {
    // 28 characters in cells of 18: "dataset-1_jump_" (15) fits, "dataset-1_jump_happy_" (21)
    // does not; the rest, 13, fits whole.
    const auto label = gridCellLabel("dataset-1_jump_happy_000.bvh", 18.0f, gridTestWidth);
    EXPECT_EQ(label[0], "dataset-1_jump_");
    EXPECT_EQ(label[1], "happy_000.bvh");
    // Narrower: "dataset-1_" just fits; the rest (18) is cut in the middle to 10, 7 of its
    // characters around the mark, the start getting the extra one.
    const auto narrow = gridCellLabel("dataset-1_jump_happy_000.bvh", 10.0f, gridTestWidth);
    EXPECT_EQ(narrow[0], "dataset-1_");
    EXPECT_EQ(narrow[1], "jump...bvh");
    EXPECT_LE(gridTestWidth(narrow[1]), 10.0f);
}

TEST(ThumbnailGridLabel, ANameWithoutAWordThatFitsIsCutInTheMiddleOnOneLine) {
    // "Characterwalkcycle." is 19: 9 characters kept around the mark, 5 before and 4 after.
    const auto label = gridCellLabel("Characterwalkcycle.bvh", 12.0f, gridTestWidth);
    EXPECT_EQ(label[0], "Chara....bvh");
    EXPECT_EQ(label[1], "");
}
