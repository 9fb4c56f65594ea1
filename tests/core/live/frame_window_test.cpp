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
    // A window asking for more than kMostWindowValues values is clamped.
    EXPECT_EQ(FrameWindow::capacityFor(354, 1e-6, 1e9), kMostWindowValues / 354);
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

} // namespace
} // namespace bvh::live
