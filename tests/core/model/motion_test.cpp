// The motion block's rows, rates and duration (core/model/motion.h).
#include "core/model/motion.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <span>
#include <vector>

namespace bvh {
namespace {

// 3 frames x 4 channels holding 0, 1, ... 11 row by row.
Motion threeByFour() {
    Motion motion;
    motion.frameCount = 3;
    motion.channelCount = 4;
    for (int i = 0; i < 12; ++i) {
        motion.values.push_back(static_cast<float>(i));
    }
    return motion;
}

std::vector<float> asVector(std::span<const float> row) {
    return {row.begin(), row.end()};
}

TEST(Motion, DefaultMotionIsEmptyWithTheAssumedFrameTime) {
    const Motion motion;
    EXPECT_EQ(motion.frameCount, 0u);
    EXPECT_EQ(motion.channelCount, 0u);
    EXPECT_TRUE(motion.values.empty());
    EXPECT_EQ(motion.frameTime, 1.0 / 30.0);
    EXPECT_TRUE(motion.frameTimeAssumed);
    EXPECT_DOUBLE_EQ(motion.framesPerSecond(), 30.0);
    EXPECT_EQ(motion.duration(), 0.0);
}

TEST(Motion, FrameIsOneRowOfTheBlock) {
    const Motion motion = threeByFour();
    EXPECT_EQ(asVector(motion.frame(0)), (std::vector<float>{0, 1, 2, 3}));
    EXPECT_EQ(asVector(motion.frame(1)), (std::vector<float>{4, 5, 6, 7}));
    EXPECT_EQ(asVector(motion.frame(2)), (std::vector<float>{8, 9, 10, 11}));
    // A view into the block, not a copy.
    EXPECT_EQ(motion.frame(2).data(), motion.values.data() + 8);
}

TEST(Motion, FrameOfAOneChannelMotionIsOneValue) {
    Motion motion;
    motion.frameCount = 3;
    motion.channelCount = 1;
    motion.values = {7.5f, -1.0f, 2.25f};
    ASSERT_EQ(motion.frame(1).size(), 1u);
    EXPECT_EQ(motion.frame(1)[0], -1.0f);
    EXPECT_EQ(motion.frame(2)[0], 2.25f);
}

TEST(Motion, FramesWithNoChannelsAreEmptyRows) {
    // A hierarchy with no channels still has frames; each row is empty.
    Motion motion;
    motion.frameCount = 5;
    motion.channelCount = 0;
    EXPECT_TRUE(motion.frame(0).empty());
    EXPECT_TRUE(motion.frame(4).empty());
}

TEST(Motion, DurationIsTheTimeOfTheLastFrame) {
    Motion motion;
    motion.frameTime = 0.5;
    motion.frameCount = 0;
    EXPECT_EQ(motion.duration(), 0.0);
    motion.frameCount = 1;
    EXPECT_EQ(motion.duration(), 0.0); // one frame: no time passes
    motion.frameCount = 2;
    EXPECT_EQ(motion.duration(), 0.5);
    motion.frameTime = 1.0 / 120.0;
    motion.frameCount = 121;
    EXPECT_DOUBLE_EQ(motion.duration(), 1.0);
}

TEST(Motion, DurationOfTheMostFramesDoesNotOverflow) {
    Motion motion;
    motion.frameTime = 2.0;
    motion.frameCount = UINT32_MAX;
    EXPECT_EQ(motion.duration(), 2.0 * (UINT32_MAX - 1.0));
}

TEST(Motion, FramesPerSecondIsTheInverseOfTheFrameTime) {
    Motion motion;
    motion.frameTime = 0.04;
    EXPECT_DOUBLE_EQ(motion.framesPerSecond(), 25.0);
    motion.frameTime = 1.0 / 120.0;
    EXPECT_DOUBLE_EQ(motion.framesPerSecond(), 120.0);
    // At the ends of what the reader accepts: finite.
    motion.frameTime = kShortestFrameTime;
    EXPECT_DOUBLE_EQ(motion.framesPerSecond(), 1e6);
    motion.frameTime = kLongestFrameTime;
    EXPECT_DOUBLE_EQ(motion.framesPerSecond(), 1.0 / 3600.0);
}

} // namespace
} // namespace bvh
