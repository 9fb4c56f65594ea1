// The viewer's sound without a sound card: SDL's "dummy" driver consumes samples in real time
// and plays nothing, so the audio clock runs as on a real device.
#include "app/scene/playback.h"
#include "app/viewer/audio/audio_output.h"
#include "app/viewer/audio/audio_sync.h"
#include "app/viewer/audio/audio_track.h"
#include "app/viewer/audio/waveform.h"
#include "tests/app/media/media_test_support.h"
#include "tests/support/hang_guard.h"

#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace bvhscope::viewer {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

using bvh::test::kHangGuard;

// Polls `track` until its load is done, at most `timeout`; whether it finished.
bool waitForLoad(AudioTrack& track, std::chrono::milliseconds timeout = kHangGuard) {
    const auto deadline = Clock::now() + timeout;
    while (!track.poll()) {
        if (Clock::now() > deadline) {
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return true;
}

// [SECTION] Waveform

TEST(Waveform, BucketsHoldTheLowestAndHighestSample) {
    media::AudioClip clip;
    clip.samples.assign(48000 * 2, 0.0f); // 1 s
    clip.samples[2 * 24000] = 0.75f;      // left, at 0.5 s
    clip.samples[2 * 24010 + 1] = -0.5f;  // right, 10 samples later
    const Waveform waveform = buildWaveform(clip, 0.01);
    ASSERT_EQ(waveform.low.size(), 100u);
    EXPECT_FLOAT_EQ(waveform.high[50], 0.75f);
    EXPECT_FLOAT_EQ(waveform.low[50], -0.5f);
    EXPECT_FLOAT_EQ(waveform.high[49], 0.0f);
    EXPECT_FLOAT_EQ(waveform.high[51], 0.0f);
    EXPECT_EQ(waveform.envelope(0.4, 0.6), (std::pair{-0.5f, 0.75f}));
    EXPECT_EQ(waveform.envelope(0.0, 0.4), (std::pair{0.0f, 0.0f}));
    EXPECT_EQ(waveform.envelope(-2.0, -1.0), (std::pair{0.0f, 0.0f}));     // before the sound
    EXPECT_EQ(waveform.envelope(1.5, 2.0), (std::pair{0.0f, 0.0f}));       // after it
    EXPECT_EQ(waveform.envelope(0.505, 0.506), (std::pair{-0.5f, 0.75f})); // inside one bucket
}

// [SECTION] What the sound does, frame by frame

TEST(AudioSync, PlaysAtOneTimesForwardFollowingTheOffset) {
    AudioSyncInput input;
    input.playing = true;
    input.captureSeconds = 2.0;
    input.offsetSeconds = 0.5;
    AudioCommand command = decideAudio(input);
    EXPECT_EQ(command.action, AudioAction::Play);
    EXPECT_DOUBLE_EQ(command.soundSeconds, 2.5);
    // In step: nothing to do; drifted past the limit: restarted where playback is.
    input.outputPlaying = true;
    input.outputClockSeconds = 2.5 + kAudioResyncSeconds * 0.9;
    EXPECT_EQ(decideAudio(input).action, AudioAction::None);
    input.outputClockSeconds = 2.5 - kAudioResyncSeconds * 1.1;
    command = decideAudio(input);
    EXPECT_EQ(command.action, AudioAction::Play);
    EXPECT_DOUBLE_EQ(command.soundSeconds, 2.5);
    // A seek while playing restarts at once.
    input.outputClockSeconds = 2.5;
    input.timeJumped = true;
    EXPECT_EQ(decideAudio(input).action, AudioAction::Play);
}

TEST(AudioSync, OtherSpeedsAndReverseAreSilent) {
    AudioSyncInput input;
    input.playing = true;
    input.outputPlaying = true;
    input.speed = 2.0;
    EXPECT_EQ(decideAudio(input).action, AudioAction::Stop);
    input.speed = 1.0;
    input.reverse = true;
    EXPECT_EQ(decideAudio(input).action, AudioAction::Stop);
    input.outputPlaying = false;
    EXPECT_EQ(decideAudio(input).action, AudioAction::None);
}

TEST(AudioSync, PausedScrubbingPlaysSnippets) {
    AudioSyncInput input;
    input.captureSeconds = 3.0;
    input.offsetSeconds = -1.0;
    EXPECT_EQ(decideAudio(input).action, AudioAction::None);
    input.timeJumped = true;
    const AudioCommand command = decideAudio(input);
    EXPECT_EQ(command.action, AudioAction::Snippet);
    EXPECT_DOUBLE_EQ(command.soundSeconds, 2.0);
    input.outputPlaying = true; // paused while the sound played: stop first
    EXPECT_EQ(decideAudio(input).action, AudioAction::Stop);
}

// [SECTION] The device (SDL's dummy driver)

class AudioDevice : public testing::Test {
protected:
    void SetUp() override { ::setenv("SDL_AUDIODRIVER", "dummy", 1); }
    void TearDown() override { ::unsetenv("SDL_AUDIODRIVER"); }
};

std::shared_ptr<media::AudioClip> silence(double seconds) {
    auto clip = std::make_shared<media::AudioClip>();
    clip->samples.assign(static_cast<std::size_t>(seconds * 48000) * 2, 0.0f);
    return clip;
}

TEST_F(AudioDevice, TheAudioClockAdvancesInRealTimeWhilePlaying) {
    AudioOutput output;
    ASSERT_TRUE(output.available()) << output.unavailableReason();
    EXPECT_EQ(output.driver(), "dummy");
    output.setClip(silence(10.0));
    output.play(1.0);
    EXPECT_TRUE(output.playing());
    const auto start = Clock::now();
    // Waits on the clock, not on time: on a loaded machine SDL's callback thread runs late, and
    // the clock lags real time by as much. It never runs ahead of real time by more than the
    // device buffers handed over but not yet played (21 ms each; the dummy driver takes the
    // first two at once, the clock starting before `start`): 60 ms, as the test always allowed.
    const auto deadline = start + std::chrono::seconds(20);
    while (output.clockSeconds() < 1.5 && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    const double reached = output.clockSeconds();
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    ASSERT_GE(reached, 1.5) << "the clock did not advance while playing";
    EXPECT_LE(reached - 1.0, elapsed + 0.06);
    output.stop();
    const double stopped = output.clockSeconds();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_NEAR(output.clockSeconds(), stopped, 0.025); // at most the buffer in flight
}

TEST_F(AudioDevice, ASnippetPlaysItsLengthThenFallsSilent) {
    AudioOutput output;
    ASSERT_TRUE(output.available()) << output.unavailableReason();
    output.setClip(silence(10.0));
    output.playSnippet(4.0, kAudioSnippetSeconds);
    EXPECT_FALSE(output.playing());
    // Waits for the device to play the snippet (late on a loaded machine), not for a time.
    const double end = 4.0 + kAudioSnippetSeconds;
    const auto deadline = Clock::now() + kHangGuard;
    while (output.clockSeconds() < end && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    // Stopped at the snippet's end, give or take the buffer it ended in...
    EXPECT_NEAR(output.clockSeconds(), end, 0.025);
    // ...and stays there: five more buffers' time in which the clock must not move (a loaded
    // machine can only make this check weaker, never fail it).
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_NEAR(output.clockSeconds(), end, 0.025);
}

TEST_F(AudioDevice, NoDeviceMeansSilenceNotFailure) {
    ::setenv("SDL_AUDIODRIVER", "no-such-driver", 1);
    AudioOutput output;
    EXPECT_FALSE(output.available());
    EXPECT_FALSE(output.unavailableReason().empty());
    output.setClip(silence(1.0));
    output.play(0.0);
    output.playSnippet(0.5, 0.1);
    output.stop();
    EXPECT_FALSE(output.playing());
}

// [SECTION] Playback against the audio clock, as the viewer runs them

TEST_F(AudioDevice, PlaybackAndTheAudioClockStayTogetherAtOneTimes) {
    const fs::path sound =
        fs::temp_directory_path() / ("bvhscope_sync_" + std::to_string(::getpid()) + ".wav");
    ASSERT_TRUE(media::test::writeClickTrack(sound, "wav", "pcm_s16le", 48000, 2, 6.0, {1.0}));
    AudioTrack track;
    track.load(sound);
    ASSERT_TRUE(waitForLoad(track)) << "the load hung";
    fs::remove(sound);
    ASSERT_TRUE(track.loaded()) << track.error();
    EXPECT_NEAR(track.clip()->durationSeconds(), 6.0, 1e-3);
    track.offsetSeconds = 0.75;

    AudioPlayer player;
    player.setClip(track.clip());
    ASSERT_TRUE(player.available()) << player.unavailableReason();
    scene::Playback playback;
    playback.setClip(4.0, 1.0 / 30.0);
    playback.seek(0.5);
    playback.play();
    // A viewer frame loop at about 60 Hz for 1.5 s of playback (however long a loaded machine
    // takes to play them), with the wall clock of a real one. On a
    // loaded machine SDL's audio thread runs late and the sound drifts behind playback, so how
    // many restarts there are depends on the machine; what must hold is that the sound is
    // restarted when, and only when, it drifted past the limit. The drift is read just before
    // the player reads it, so the margins (half the limit each way) only cover the audio
    // thread running between the two reads.
    auto last = Clock::now();
    int restartsNotCalledFor = 0;
    int driftsLeftAlone = 0;
    for (int frame = 0; playback.time() < 2.0; ++frame) {
        std::this_thread::sleep_for(std::chrono::milliseconds(16));
        const auto now = Clock::now();
        const double wall = std::chrono::duration<double>(now - last).count();
        last = now;
        playback.update(wall);
        const double drift =
            std::abs(player.output()->clockSeconds() - (playback.time() + track.offsetSeconds));
        const int resyncsBefore = player.resyncs();
        player.update(track, playback.playing(), playback.reverse(), playback.speed(),
                      playback.time(), wall);
        const bool restarted = player.resyncs() > resyncsBefore;
        restartsNotCalledFor += restarted && frame > 0 && drift < kAudioResyncSeconds * 0.5;
        driftsLeftAlone += !restarted && frame > 0 && drift > kAudioResyncSeconds * 1.5;
    }
    EXPECT_TRUE(player.output()->playing());
    EXPECT_EQ(restartsNotCalledFor, 0);
    EXPECT_EQ(driftsLeftAlone, 0);

    // A seek while playing moves the sound with it: to the new place, and from there no
    // further than the device can have played since (two buffers ahead at most, as above).
    const int resyncsBeforeSeek = player.resyncs();
    playback.seek(3.0);
    const auto seeked = Clock::now();
    player.update(track, true, false, 1.0, playback.time(), 0.016);
    const double afterSeek = player.output()->clockSeconds();
    EXPECT_EQ(player.resyncs(), resyncsBeforeSeek + 1);
    EXPECT_GE(afterSeek, 3.75);
    EXPECT_LE(afterSeek - 3.75,
              std::chrono::duration<double>(Clock::now() - seeked).count() + 0.06);
    // Double speed: silent.
    playback.setSpeed(2.0);
    player.update(track, true, false, 2.0, playback.time(), 0.0);
    EXPECT_FALSE(player.output()->playing());
    // Muted: silent whatever playback does.
    track.muted = true;
    player.update(track, true, false, 1.0, playback.time(), 0.016);
    EXPECT_FALSE(player.output()->playing());
}

TEST(AudioTrackLoad, ASoundThatDoesNotDecodeIsAnErrorAndKeepsThePreviousSound) {
    const fs::path bad =
        fs::temp_directory_path() / ("bvhscope_bad_" + std::to_string(::getpid()) + ".mp3");
    { std::ofstream(bad) << "ID3 not really"; }
    AudioTrack track;
    track.load(bad);
    ASSERT_TRUE(waitForLoad(track)) << "the load hung";
    fs::remove(bad);
    EXPECT_FALSE(track.loaded());
    EXPECT_FALSE(track.error().empty());
    EXPECT_FALSE(track.loading());
}

// [SECTION] Loads that must never hold the viewer up

class AudioTrackHostile : public testing::Test {
protected:
    void SetUp() override {
        directory_ = fs::temp_directory_path() /
                     ("bvhscope_track_" + std::to_string(::getpid()) + "_" +
                      testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(directory_);
    }
    void TearDown() override { fs::remove_all(directory_); }
    // `minutes` of a square wave at 1 kHz, 8-bit mono: a small file that takes a second or
    // more to decode (48 kHz stereo floats, 23 MB a minute).
    fs::path longSound(double minutes) const {
        std::vector<std::uint8_t> data(static_cast<std::size_t>(minutes * 60 * 1000));
        for (std::size_t i = 0; i < data.size(); ++i) {
            data[i] = i % 2 ? 0xc0 : 0x40;
        }
        const fs::path path = directory_ / "long.wav";
        EXPECT_TRUE(media::test::writeWav(path, {1000, 1, 8, {}}, data));
        return path;
    }
    fs::path directory_;
};

TEST_F(AudioTrackHostile, ANamedPipeIsAnErrorAtOnceNamingIt) {
    const fs::path pipe = directory_ / "snd.wav";
    ASSERT_EQ(::mkfifo(pipe.c_str(), 0600), 0);
    AudioTrack track;
    track.load(pipe);
    // Opening a pipe for reading blocks until a writer comes, so a load that opened it like a
    // file would never end: the error arriving at all is the proof.
    const bool ended = waitForLoad(track);
    if (!ended) {
        // A writer lets the blocked open go, so the test fails instead of hanging in ~AudioTrack.
        ::close(::open(pipe.c_str(), O_WRONLY | O_NONBLOCK));
    }
    ASSERT_TRUE(ended) << "the load blocked on the pipe";
    EXPECT_FALSE(track.loaded());
    EXPECT_EQ(track.error(), pipe.string() + ": is a named pipe (FIFO), not a regular file");
    EXPECT_TRUE(fs::is_fifo(pipe));
}

// The loads below are stopped 50 ms in, well before the second or more a whole decode takes
// (on a loaded machine the decode may not have started: the stop is then seen at its first
// read, the same path). What each test checks is the track's own account: the decode ended
// because it was asked to stop, so it was not waited for to its end.
TEST_F(AudioTrackHostile, ATrackDestroyedWhileDecodingStopsTheDecode) {
    const fs::path sound = longSound(19.0); // over a second to decode whole
    auto track = std::make_unique<AudioTrack>();
    const auto stopped = track->loadsStoppedUnfinishedCounter();
    track->load(sound);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_TRUE(track->loading());
    track.reset(); // what closing the viewer does
    EXPECT_EQ(stopped->load(), 1);
}

TEST_F(AudioTrackHostile, ANewLoadOrAClearStopsTheOneInFlight) {
    const fs::path sound = longSound(19.0);
    const fs::path small = directory_ / "small.wav";
    ASSERT_TRUE(media::test::writeClickTrack(small, "wav", "pcm_s16le", 48000, 2, 1.0, {0.5}));
    AudioTrack track;
    track.load(sound);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    track.load(small); // the long one is stopped, not waited for
    EXPECT_EQ(track.loadsStoppedUnfinished(), 1);
    ASSERT_TRUE(waitForLoad(track));
    ASSERT_TRUE(track.loaded()) << track.error();
    EXPECT_EQ(track.path(), small);
    EXPECT_NEAR(track.clip()->durationSeconds(), 1.0, 1e-3);
    EXPECT_FALSE(track.truncated());
    EXPECT_EQ(track.loadsStoppedUnfinished(), 1); // the long one; the small one ended

    track.load(sound);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    track.stopLoading(); // what closing the viewer does first: the sound in place stays
    EXPECT_FALSE(track.loading());
    EXPECT_EQ(track.path(), small);
    EXPECT_EQ(track.loadsStoppedUnfinished(), 2);

    track.load(sound);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    track.clear();
    EXPECT_FALSE(track.loading());
    EXPECT_FALSE(track.loaded());
    EXPECT_FALSE(track.poll());
    EXPECT_EQ(track.loadsStoppedUnfinished(), 3);
    track.stopLoading(); // nothing in flight: nothing more stopped
    EXPECT_EQ(track.loadsStoppedUnfinished(), 3);
}

} // namespace
} // namespace bvhscope::viewer
