// ArrivalRate: the frame time of a stream that does not stamp its frames, from arrival times the
// test gives (no clock): steady, in bursts, jittered, with a stall, changing rate.
#include "core/live/arrival_rate.h"

#include <gtest/gtest.h>

namespace bvh::live {
namespace {

TEST(ArrivalRate, ASteadySenderGivesItsStep) {
    ArrivalRate rate;
    for (int frame = 0; frame < 50; ++frame) {
        rate.add(10.0 + frame * 0.01, 1);
    }
    ASSERT_TRUE(rate.frameTime());
    EXPECT_NEAR(*rate.frameTime(), 0.01, 1e-12);
}

TEST(ArrivalRate, SaysNothingBeforeEnoughSteps) {
    ArrivalRate rate;
    for (std::size_t frame = 0; frame < ArrivalRate::kLeastSamples; ++frame) {
        rate.add(frame * 0.01, 1);
    }
    EXPECT_FALSE(rate.frameTime()); // 8 arrivals are 7 steps
    rate.add(ArrivalRate::kLeastSamples * 0.01, 1);
    EXPECT_TRUE(rate.frameTime());
}

TEST(ArrivalRate, FramesThatArriveTogetherShareTheirReadsInterval) {
    // TCP joins a 100 Hz sender's writes in pairs: a read every 20 ms with 2 frames.
    ArrivalRate rate;
    for (int read = 0; read < 40; ++read) {
        rate.add(read * 0.02, 2);
    }
    EXPECT_NEAR(*rate.frameTime(), 0.01, 1e-12);
}

TEST(ArrivalRate, FramesGivenOneByOneWithTheirReadsTimeAreOneRead) {
    // A consumer sees each frame as an event stamped with the read that completed it.
    ArrivalRate rate;
    for (int read = 0; read < 40; ++read) {
        for (int frame = 0; frame < 3; ++frame) {
            rate.add(read * 0.03, 1);
        }
    }
    EXPECT_NEAR(*rate.frameTime(), 0.01, 1e-12);
}

TEST(ArrivalRate, AStallAndTheBurstAfterItDoNotMoveTheMedian) {
    ArrivalRate rate;
    double at = 0.0;
    for (int frame = 0; frame < 60; ++frame) {
        at += frame % 2 == 0 ? 0.008 : 0.012; // jitter around 10 ms
        if (frame == 30) {
            at += 0.3; // a 300 ms stall...
        }
        rate.add(at, 1);
        if (frame == 30) {
            for (int burst = 0; burst < 5; ++burst) {
                at += 0.0001; // ...then what was held comes at once
                rate.add(at, 1);
            }
        }
    }
    EXPECT_NEAR(*rate.frameTime(), 0.01, 0.0021);
}

TEST(ArrivalRate, ASenderSlowerThanAnnouncedReadsAsItsOwnRate) {
    // The sender: 88 to 108 Hz, announced as 120.
    ArrivalRate rate;
    double at = 0.0;
    for (int frame = 0; frame < 400; ++frame) {
        const double hertz = 88.0 + (frame % 21); // 88..108, 98 in the middle
        at += 1.0 / hertz;
        rate.add(at, 1);
    }
    EXPECT_NEAR(1.0 / *rate.frameTime(), 98.0, 0.5);
}

TEST(ArrivalRate, OnlyTheLastSecondsCount) {
    ArrivalRate rate;
    double at = 0.0;
    for (int frame = 0; frame < 600; ++frame) { // 5 s at 120 Hz
        at += 1.0 / 120.0;
        rate.add(at, 1);
    }
    for (int frame = 0; frame < 500; ++frame) { // then 5 s at 100 Hz
        at += 0.01;
        rate.add(at, 1);
    }
    EXPECT_NEAR(*rate.frameTime(), 0.01, 1e-9);
}

TEST(ArrivalRate, ClearForgetsTheTimeBetweenConnections) {
    ArrivalRate rate;
    for (int frame = 0; frame < 20; ++frame) {
        rate.add(frame * 0.01, 1);
    }
    rate.clear();
    EXPECT_FALSE(rate.frameTime());
    for (int frame = 0; frame < 20; ++frame) {
        rate.add(100.0 + frame * 0.02, 1); // a new connection, 10 s later, at 50 Hz
    }
    EXPECT_NEAR(*rate.frameTime(), 0.02, 1e-12);
}

} // namespace
} // namespace bvh::live
