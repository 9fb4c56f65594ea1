// Issue 41: the viewer plays an axis/lines stream at the rate its frames arrive, as `record`
// writes its takes, and says where a rate came from. Arrival times are injected: no sleeps.
#include "app/scene/character.h"
#include "app/viewer/live/live_stream_rate.h"
#include "core/reader/document.h"

#include <cmath>
#include <gtest/gtest.h>
#include <memory>

using namespace bvhscope;
using namespace bvhscope::viewer;

namespace {

// `count` frames, one a read, `interval` seconds apart from `start`; whether any add() changed
// the rate.
bool arrive(LiveStreamRate& rate, double start, double interval, int count) {
    bool changed = false;
    for (int k = 0; k < count; ++k) {
        changed = rate.add(start + interval * k, 1) || changed;
    }
    return changed;
}

} // namespace

TEST(LiveStreamRate, AStreamWithoutTimeStampsPlaysAtTheRateItsFramesArrive) {
    LiveStreamRate rate;
    rate.reset(1.0 / 120.0, false); // a --skeleton file's rate: assumed
    EXPECT_EQ(rate.origin(), scene::LiveRateOrigin::Assumed);
    EXPECT_DOUBLE_EQ(rate.frameTime(), 1.0 / 120.0);
    // Fewer than ArrivalRate::kLeastSamples steps: still assumed.
    EXPECT_FALSE(arrive(rate, 10.0, 0.01, 5));
    EXPECT_EQ(rate.origin(), scene::LiveRateOrigin::Assumed);
    // 100 Hz, not the 120 expected: measured once enough came.
    EXPECT_TRUE(arrive(rate, 10.05, 0.01, 20));
    EXPECT_EQ(rate.origin(), scene::LiveRateOrigin::Measured);
    EXPECT_NEAR(rate.frameTime(), 0.01, 1e-9);
    // Two frames in one read (TCP joined them) count as two of half its interval.
    LiveStreamRate joined;
    joined.reset(0.0, false);
    EXPECT_DOUBLE_EQ(joined.frameTime(), 1.0 / 120.0); // none given: 1/120 s, assumed
    for (int k = 0; k < 20; ++k) {
        joined.add(0.02 * k, 2);
    }
    EXPECT_NEAR(joined.frameTime(), 0.01, 1e-9);
}

TEST(LiveStreamRate, ASendersOwnRateIsKeptAndASmallWobbleMovesNothing) {
    LiveStreamRate sender;
    sender.reset(1.0 / 60.0, true); // a BVH stream's Frame Time
    EXPECT_FALSE(arrive(sender, 0.0, 0.01, 50));
    EXPECT_EQ(sender.origin(), scene::LiveRateOrigin::Sender);
    EXPECT_DOUBLE_EQ(sender.frameTime(), 1.0 / 60.0);

    // Measured within kLeastChangeShare of the rate in use: it becomes "measured" (one change),
    // and the timeline keeps its rate.
    LiveStreamRate steady;
    steady.reset(0.01, false);
    EXPECT_TRUE(arrive(steady, 0.0, 0.01005, 20));
    EXPECT_EQ(steady.origin(), scene::LiveRateOrigin::Measured);
    EXPECT_DOUBLE_EQ(steady.frameTime(), 0.01);
    EXPECT_FALSE(arrive(steady, 0.3, 0.01005, 20));
    // A burst (frames a microsecond apart: queued while the viewer was busy) is no rate.
    LiveStreamRate burst;
    burst.reset(0.0, false);
    EXPECT_FALSE(arrive(burst, 0.0, 1e-6, 50));
    EXPECT_EQ(burst.origin(), scene::LiveRateOrigin::Assumed);
    EXPECT_DOUBLE_EQ(burst.frameTime(), 1.0 / 120.0);
    // Bad times change nothing.
    EXPECT_FALSE(steady.add(std::nan(""), 1));
    EXPECT_DOUBLE_EQ(steady.frameTime(), 0.01);
    // A new take forgets what was measured.
    steady.reset(1.0 / 30.0, false);
    EXPECT_EQ(steady.origin(), scene::LiveRateOrigin::Assumed);
    EXPECT_DOUBLE_EQ(steady.frameTime(), 1.0 / 30.0);
}

// The Info panel's rate line: "(measured)" for a rate from arrivals, "(assumed)" for an assumed
// one, nothing for the sender's own; the character plays at the rate set.
TEST(LiveStreamRate, TheLiveCharacterPlaysAtTheRateAndSaysWhereItCameFrom) {
    const bvh::Skeleton skeleton =
        bvh::parseDocument("HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition "
                           "Yposition Zposition\nEnd Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\n"
                           "Frames: 0\nFrame Time: 0.01\n")
            .skeleton;
    auto frames = std::make_shared<scene::LiveFrames>(3u, 1.0 / 120.0, 5.0);
    scene::Character character =
        scene::makeLiveCharacter("tcp://127.0.0.1:7001", "", skeleton, 1.0 / 120.0, frames);
    scene::setLiveRate(character, 1.0 / 120.0, scene::LiveRateOrigin::Assumed);
    EXPECT_STREQ(scene::frameRateNote(character), " (assumed)");
    scene::setLiveRate(character, 0.01, scene::LiveRateOrigin::Measured);
    EXPECT_STREQ(scene::frameRateNote(character), " (measured)");
    EXPECT_DOUBLE_EQ(scene::frameTimeInUse(character), 0.01);
    EXPECT_DOUBLE_EQ(character.clip->summary.framesPerSecond, 100.0);
    scene::setLiveRate(character, 1.0 / 60.0, scene::LiveRateOrigin::Sender);
    EXPECT_STREQ(scene::frameRateNote(character), "");
    scene::setLiveRate(character, -1.0, scene::LiveRateOrigin::Measured); // ignored
    EXPECT_DOUBLE_EQ(scene::frameTimeInUse(character), 1.0 / 60.0);
}
