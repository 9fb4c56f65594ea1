#include "app/scene/playback.h"

#include <gtest/gtest.h>

using bvhscope::scene::Playback;

namespace {

Playback clip(double duration = 2.0, double frameTime = 0.1) {
    Playback playback;
    playback.setClip(duration, frameTime);
    return playback;
}

} // namespace

TEST(Playback, AdvancesOnlyWhilePlayingAtItsSpeed) {
    Playback playback = clip();
    playback.update(0.5);
    EXPECT_EQ(playback.time(), 0.0);
    playback.play();
    playback.setSpeed(2.0);
    playback.update(0.25);
    EXPECT_NEAR(playback.time(), 0.5, 1e-9);
    EXPECT_EQ(playback.frame(), 5);
}

TEST(Playback, LoopsWithinTheRangeOrStopsAtItsEnd) {
    Playback playback = clip();
    playback.setRange(0.5, 1.0);
    playback.seek(0.9);
    playback.play();
    playback.update(0.3);
    EXPECT_NEAR(playback.time(), 0.7, 1e-9);
    playback.setLoop(false);
    playback.update(1.0);
    EXPECT_NEAR(playback.time(), 1.0, 1e-9);
    EXPECT_FALSE(playback.playing());
}

TEST(Playback, StepsAndJumpsClampToTheClip) {
    Playback playback = clip();
    playback.step(-1);
    EXPECT_EQ(playback.frame(), 0);
    playback.step(3);
    EXPECT_EQ(playback.frame(), 3);
    playback.toLast();
    EXPECT_EQ(playback.frame(), 20);
    playback.step(1);
    EXPECT_EQ(playback.frame(), 20);
    playback.toFirst();
    EXPECT_EQ(playback.frame(), 0);
    playback.seek(99.0);
    EXPECT_EQ(playback.time(), 2.0);
}

TEST(Playback, SpeedStaysInRange) {
    Playback playback = clip();
    playback.setSpeed(100.0);
    EXPECT_EQ(playback.speed(), bvhscope::scene::kMaxSpeed);
    playback.setSpeed(0.0);
    EXPECT_EQ(playback.speed(), bvhscope::scene::kMinSpeed);
}

TEST(Playback, JklShuttle) {
    Playback playback = clip();
    playback.seek(1.0);
    playback.shuttleForward();
    EXPECT_TRUE(playback.playing());
    playback.shuttleForward();
    EXPECT_EQ(playback.speed(), 2.0);
    playback.shuttleBackward();
    EXPECT_TRUE(playback.reverse());
    EXPECT_EQ(playback.speed(), 1.0);
    playback.update(0.5);
    EXPECT_NEAR(playback.time(), 0.5, 1e-9);
    playback.shuttleStop();
    EXPECT_FALSE(playback.playing());
}

TEST(Playback, MarkInAndOut) {
    Playback playback = clip();
    playback.seek(0.4);
    playback.markIn();
    playback.seek(1.2);
    playback.markOut();
    EXPECT_NEAR(playback.rangeStart(), 0.4, 1e-9);
    EXPECT_NEAR(playback.rangeEnd(), 1.2, 1e-9);
    playback.clearRange();
    EXPECT_EQ(playback.rangeEnd(), 2.0);
}

TEST(Playback, ALongerClipExtendsAFullRange) {
    Playback playback = clip(1.0);
    playback.setClip(3.0, 0.1);
    EXPECT_EQ(playback.rangeEnd(), 3.0);
}
