#include "core/live/frame_window.h"

#include <gtest/gtest.h>
#include <vector>

namespace bvh::live {
namespace {

std::vector<float> frameValues(std::uint64_t number) {
    return {static_cast<float>(number), static_cast<float>(number) + 0.5f};
}

TEST(FrameWindow, HoldsTheLastSecondsAndCountsEveryFrame) {
    FrameWindow window(2, 0.25, 1.0); // 4 frames
    EXPECT_EQ(window.capacity(), 4u);
    EXPECT_TRUE(window.empty());
    for (std::uint64_t number = 0; number < 10; ++number) {
        ASSERT_TRUE(window.push(number, frameValues(number)));
    }
    EXPECT_EQ(window.size(), 4u);
    EXPECT_EQ(window.framesPushed(), 10u);
    EXPECT_EQ(window.firstFrame(), 6u);
    EXPECT_EQ(window.endFrame(), 10u);
    EXPECT_EQ(window.at(0)[0], 6.0f);
    EXPECT_EQ(window.newest()[1], 9.5f);
    ASSERT_TRUE(window.find(7));
    EXPECT_EQ((*window.find(7))[1], 7.5f);
    EXPECT_FALSE(window.find(5));  // evicted
    EXPECT_FALSE(window.find(10)); // not yet
}

TEST(FrameWindow, RoundsTheCapacityUpAndKeepsAtLeastOneFrame) {
    EXPECT_EQ(FrameWindow(3, 1.0 / 120.0, 60.0).capacity(), 7200u);
    EXPECT_EQ(FrameWindow(3, 0.3, 1.0).capacity(), 4u);
    EXPECT_EQ(FrameWindow(3, 0.0, 1.0).capacity(), 1u);
    EXPECT_EQ(FrameWindow(3, 0.01, -5.0).capacity(), 1u);
    // A window asking for more than kMostWindowBytes is clamped.
    EXPECT_EQ(FrameWindow::capacityFor(354, 1e-6, 1e9),
              kMostWindowBytes / FrameWindow::frameBytes(354));
}

TEST(FrameWindow, RefusesWrongSizesAndNumbersThatDoNotIncrease) {
    FrameWindow window(2, 0.1, 1.0);
    EXPECT_FALSE(window.push(0, std::vector<float>{1.0f}));
    EXPECT_TRUE(window.push(5, frameValues(5)));
    EXPECT_FALSE(window.push(5, frameValues(5)));
    EXPECT_FALSE(window.push(3, frameValues(3)));
    EXPECT_EQ(window.size(), 1u);
}

TEST(FrameWindow, FindsFramesAcrossGapsInTheNumbers) {
    FrameWindow window(2, 0.1, 0.5); // 5 frames
    for (std::uint64_t number : {1, 2, 10, 11, 20, 21, 22}) {
        ASSERT_TRUE(window.push(number, frameValues(number)));
    }
    EXPECT_EQ(window.firstFrame(), 10u);
    EXPECT_EQ(window.endFrame(), 23u);
    EXPECT_FALSE(window.indexAtOrBefore(9));
    EXPECT_EQ(window.indexAtOrBefore(10), 0u);
    EXPECT_EQ(window.indexAtOrBefore(15), 1u);
    EXPECT_EQ(window.indexAtOrBefore(100), 4u);
    EXPECT_EQ(window.numberAt(2), 20u);
    EXPECT_FALSE(window.find(12));
    window.clear();
    EXPECT_TRUE(window.empty());
    EXPECT_EQ(window.endFrame(), 0u);
    EXPECT_TRUE(window.push(0, frameValues(0)));
}

TEST(FrameWindow, HoldsAtMostItsBytesWhateverTheHeaderAsksAndAllocatesAsFramesArrive) {
    // Issue 45: a 200-byte header with a 1 microsecond Frame Time took 1.5-2.9 GB, and a
    // 20 001-joint header 1 GB, allocated (and zeroed) before the first frame.
    EXPECT_EQ(FrameWindow::frameBytes(6), 6 * sizeof(float) + sizeof(std::uint64_t));
    const FrameWindow microsecond(6, 1e-6, 120.0);
    EXPECT_LE(microsecond.capacity() * FrameWindow::frameBytes(6), kMostWindowBytes);
    EXPECT_EQ(microsecond.capacity(), kMostWindowBytes / FrameWindow::frameBytes(6));
    EXPECT_EQ(microsecond.allocatedBytes(), 0u);

    constexpr std::uint32_t kWideChannels = 3 + 20'000 * 3; // a root's 6, 20 000 joints' 3
    FrameWindow wide(kWideChannels, 1.0 / 120.0, 120.0);
    EXPECT_LE(wide.capacity() * FrameWindow::frameBytes(kWideChannels), kMostWindowBytes);
    EXPECT_EQ(wide.allocatedBytes(), 0u);
    const std::vector<float> row(kWideChannels, 1.0f);
    for (std::uint64_t number = 0; number < 3; ++number) {
        ASSERT_TRUE(wide.push(number, row));
    }
    // Three frames cost one block, not the window.
    EXPECT_GE(wide.allocatedBytes(), 3 * FrameWindow::frameBytes(kWideChannels));
    EXPECT_LE(wide.allocatedBytes(), kWindowBlockBytes);

    // A frame larger than the bound still gets a window of one frame.
    constexpr std::uint32_t kHugeChannels = (kMostWindowBytes / sizeof(float)) + 1;
    EXPECT_EQ(FrameWindow::capacityFor(kHugeChannels, 0.01, 60.0), 1u);
}

TEST(FrameWindow, KeepsFramesInOrderAcrossItsBlocksWhenItWraps) {
    // 400 008 bytes a frame: two frames a block, five frames in three blocks (2, 2, 1).
    constexpr std::uint32_t kChannels = 100'000;
    FrameWindow window(kChannels, 0.1, 0.5);
    ASSERT_EQ(window.capacity(), 5u);
    std::vector<float> row(kChannels);
    for (std::uint64_t number = 0; number < 12; ++number) {
        row.front() = static_cast<float>(number);
        row.back() = static_cast<float>(number) + 0.5f;
        ASSERT_TRUE(window.push(10 * number, row));
        // Whole blocks, as their first frame arrives.
        const std::uint64_t slotsAllocated = std::min<std::uint64_t>((number + 2) / 2 * 2, 5);
        EXPECT_EQ(window.allocatedBytes(), slotsAllocated * FrameWindow::frameBytes(kChannels));
    }
    EXPECT_EQ(window.size(), 5u);
    EXPECT_EQ(window.firstFrame(), 70u);
    for (std::size_t i = 0; i < window.size(); ++i) {
        EXPECT_EQ(window.numberAt(i), 10 * (7 + i));
        EXPECT_EQ(window.at(i).front(), static_cast<float>(7 + i));
        EXPECT_EQ(window.at(i).back(), static_cast<float>(7 + i) + 0.5f);
    }
    ASSERT_TRUE(window.find(90));
    EXPECT_EQ(window.find(90)->front(), 9.0f);
    EXPECT_EQ(window.indexAtOrBefore(95), 2u);
    window.clear();
    ASSERT_TRUE(window.push(0, row));
    EXPECT_EQ(window.newest().back(), 11.5f);
    EXPECT_EQ(window.allocatedBytes(), 5 * FrameWindow::frameBytes(kChannels)); // kept
}

} // namespace
} // namespace bvh::live
