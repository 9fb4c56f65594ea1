// forEachColumnBlock: the blocks of eight that cover a row, the last one overlapping the one
// before it, and the columns one by one in a row of fewer than eight.
#include "core/kinematics/column_blocks.h"

#include <cstddef>
#include <gtest/gtest.h>
#include <vector>

namespace bvh {
namespace {

struct Calls {
    std::vector<std::size_t> blocks;
    std::vector<std::size_t> columns;
};

Calls callsFor(std::size_t columns) {
    Calls calls;
    forEachColumnBlock(
        columns, [&](std::size_t c) { calls.blocks.push_back(c); },
        [&](std::size_t c) { calls.columns.push_back(c); });
    return calls;
}

TEST(ColumnBlocks, CoverARowWithBlocksOfEight) {
    using Starts = std::vector<std::size_t>;
    EXPECT_EQ(callsFor(16).blocks, (Starts{0, 8}));                     // whole blocks only
    EXPECT_EQ(callsFor(54).blocks, (Starts{0, 8, 16, 24, 32, 40, 46})); // 46..53 overlaps 40..47
    EXPECT_EQ(callsFor(9).blocks, (Starts{0, 1}));
    EXPECT_EQ(callsFor(8).blocks, (Starts{0}));
    EXPECT_TRUE(callsFor(54).columns.empty());
}

TEST(ColumnBlocks, NameEachColumnOfARowShorterThanABlock) {
    using Columns = std::vector<std::size_t>;
    EXPECT_EQ(callsFor(6).columns, (Columns{0, 1, 2, 3, 4, 5})); // a root's six channels
    EXPECT_TRUE(callsFor(6).blocks.empty());
    EXPECT_TRUE(callsFor(0).columns.empty());
    EXPECT_TRUE(callsFor(0).blocks.empty());
}

} // namespace
} // namespace bvh
