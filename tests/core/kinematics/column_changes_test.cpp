// clipColumnChanges: which columns of a clip hold frame 0's bits in every frame.
#include "core/kinematics/column_changes.h"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace bvh {
namespace {

Motion motionOf(std::uint32_t columns, const std::vector<std::vector<float>>& rows) {
    Motion motion;
    motion.channelCount = columns;
    motion.frameCount = static_cast<std::uint32_t>(rows.size());
    for (const std::vector<float>& row : rows) {
        motion.values.insert(motion.values.end(), row.begin(), row.end());
    }
    return motion;
}

// Three columns (fewer than a block of eight): one held, one that moves in the last frame only,
// one that turns +0 into -0 (an equal value in other bits).
TEST(ColumnChanges, AColumnChangesWhereAnyFrameHoldsOtherBits) {
    const Motion motion =
        motionOf(3, {{5.0F, 1.0F, 0.0F}, {5.0F, 1.0F, -0.0F}, {5.0F, 2.0F, 0.0F}});
    const std::vector<std::uint32_t> changes = clipColumnChanges(motion);
    ASSERT_EQ(changes.size(), 3u);
    EXPECT_EQ(changes[0], 0u);
    EXPECT_NE(changes[1], 0u);
    EXPECT_EQ(changes[2], 0x80000000u) << "the sign bit alone";
}

// Eleven columns (a block of eight and one overlapping it, columns 3 to 10) over 200 frames (past
// the checks every 64 rows): column c changes in frame 18 c + 1, but columns 4 (held) and 9 (a
// NaN held: the same bits every frame). A frame after every column changed is not needed: the
// held ones keep the walk to the end, where the last frame changes column 4.
TEST(ColumnChanges, BlocksOfEightAndTheirOverlapFindEachColumn) {
    constexpr std::uint32_t kColumns = 11;
    constexpr std::uint32_t kFrames = 200;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    std::vector<std::vector<float>> rows(kFrames, std::vector<float>(kColumns, 1.0F));
    for (std::uint32_t frame = 0; frame < kFrames; ++frame) {
        rows[frame][9] = nan;
        for (std::uint32_t c = 0; c < kColumns; ++c) {
            if (c != 4 && c != 9 && frame >= 18 * c + 1) {
                rows[frame][c] = 3.0F;
            }
        }
    }
    std::vector<std::uint32_t> changes = clipColumnChanges(motionOf(kColumns, rows));
    ASSERT_EQ(changes.size(), kColumns);
    for (std::uint32_t c = 0; c < kColumns; ++c) {
        EXPECT_EQ(changes[c] != 0, c != 4 && c != 9) << "column " << c;
    }
    rows[kFrames - 1][4] = 2.0F;
    changes = clipColumnChanges(motionOf(kColumns, rows));
    EXPECT_NE(changes[4], 0u) << "changed in the last frame only";
    EXPECT_EQ(changes[9], 0u);
}

// Forty columns: five blocks of eight, read four at a time down the rows, then the fifth. Every
// third column changes, in frame 2 (the middle frame holds frame 0's row).
TEST(ColumnChanges, MoreBlocksThanAreReadAtOnce) {
    constexpr std::uint32_t kColumns = 40;
    std::vector<std::vector<float>> rows(3, std::vector<float>(kColumns, 7.0F));
    for (std::uint32_t c = 0; c < kColumns; c += 3) {
        rows[2][c] = -7.0F;
    }
    const std::vector<std::uint32_t> changes = clipColumnChanges(motionOf(kColumns, rows));
    ASSERT_EQ(changes.size(), kColumns);
    for (std::uint32_t c = 0; c < kColumns; ++c) {
        EXPECT_EQ(changes[c] != 0, c % 3 == 0) << "column " << c;
    }
}

TEST(ColumnChanges, NothingChangesInASingleFrameOrWithoutFrames) {
    EXPECT_EQ(clipColumnChanges(motionOf(2, {{1.0F, 2.0F}})), (std::vector<std::uint32_t>{0, 0}));
    EXPECT_EQ(clipColumnChanges(motionOf(2, {})), (std::vector<std::uint32_t>{0, 0}));
}

} // namespace
} // namespace bvh
