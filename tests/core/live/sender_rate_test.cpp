// frameTimeFromStamps: a sender's rate from its time stamps, exact for float stamps, right for
// whole-millisecond ones (mocopi's `time`), and deaf to a lost frame's double step.
#include "core/live/sender_rate.h"

#include <cmath>
#include <gtest/gtest.h>
#include <vector>

namespace bvh::live {
namespace {

TEST(SenderRate, FloatStampsGiveTheirStep) {
    std::vector<double> stamps;
    for (int frame = 0; frame < 10; ++frame) {
        stamps.push_back(5.0 + frame / 64.0);
    }
    EXPECT_DOUBLE_EQ(frameTimeFromStamps(stamps), 1.0 / 64.0);
}

TEST(SenderRate, WholeMillisecondStampsOfA120HzSenderGive120Hz) {
    // 0, 8, 17, 25, 33, 42, 50, 58, 67, 75 ms: steps of 8 and 9 ms, whose median is 8 (125 Hz).
    std::vector<double> stamps;
    for (int frame = 0; frame < 10; ++frame) {
        stamps.push_back(static_cast<double>(std::llround(frame * 1000.0 / 120.0)) / 1000.0);
    }
    EXPECT_NEAR(1.0 / frameTimeFromStamps(stamps), 120.0, 0.5);
}

TEST(SenderRate, ALostFramesDoubleStepIsLeftOut) {
    const std::vector<double> stamps{0.0, 0.010, 0.020, 0.040, 0.050, 0.060, 0.070};
    EXPECT_NEAR(frameTimeFromStamps(stamps), 0.010, 1e-12);
}

TEST(SenderRate, NoStepNoRate) {
    EXPECT_EQ(frameTimeFromStamps(std::vector<double>{1.0}), 0.0);
    EXPECT_EQ(frameTimeFromStamps(std::vector<double>{1.0, 1.0, 0.5}), 0.0);
}

} // namespace
} // namespace bvh::live
