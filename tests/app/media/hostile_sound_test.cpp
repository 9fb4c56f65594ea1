// Sound files made to hurt (issue 26): a named pipe, a device or a folder where a sound should
// be, FFmpeg protocol names and playlists that point elsewhere, headers that claim a sample
// rate no sound has or hours of sound in a few kilobytes, windows far from the sound. Every
// input is made here by the test. Each must end within a few seconds, hold well under 1 GiB
// (measured in a child process: media::test::runInChild) and fail with a message that names
// the file, or decode what is really there.
#include "app/media/audio_clip.h"
#include "tests/app/media/media_test_support.h"

#include <algorithm>
#include <cmath>
#include <fcntl.h>
#include <fstream>
#include <future>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace bvhscope::media {
namespace {

namespace fs = std::filesystem;

class HostileSound : public testing::Test {
protected:
    void SetUp() override {
        directory_ = fs::temp_directory_path() /
                     ("bvhscope_hostile_sound_" + std::to_string(::getpid()) + "_" +
                      testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(directory_);
    }
    void TearDown() override { fs::remove_all(directory_); }

    fs::path fifo(const std::string& name) const {
        const fs::path path = directory_ / name;
        EXPECT_EQ(::mkfifo(path.c_str(), 0600), 0);
        return path;
    }
    // `seconds` of a 1 kHz square wave, 8-bit mono at `rate`: the smallest file that decodes to
    // a lot (48 times its samples at 48 kHz stereo floats, 384 bytes a sample from 1 kHz).
    fs::path squareWave(const std::string& name, std::uint32_t rate, double seconds,
                        std::optional<std::uint32_t> declared = std::nullopt) const {
        std::vector<std::uint8_t> data(static_cast<std::size_t>(seconds * rate));
        for (std::size_t i = 0; i < data.size(); ++i) {
            data[i] = (i / std::max<std::size_t>(1, rate / 2000)) % 2 ? 0xc0 : 0x40;
        }
        const fs::path path = directory_ / name;
        EXPECT_TRUE(test::writeWav(path, {rate, 1, 8, declared}, data));
        return path;
    }
    fs::path directory_;
};

// Standard input replaced by a pipe holding a real WAV for the life of the object, so reading
// "pipe:0" as FFmpeg's protocol would succeed.
class SoundOnStandardInput {
public:
    explicit SoundOnStandardInput(const fs::path& wav) {
        std::ifstream in(wav, std::ios::binary);
        const std::string bytes{std::istreambuf_iterator<char>(in), {}};
        int ends[2];
        EXPECT_EQ(::pipe(ends), 0);
        EXPECT_LT(bytes.size(), 60000u) << "more than a pipe holds unread";
        EXPECT_EQ(::write(ends[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
        ::close(ends[1]);
        saved_ = ::dup(0);
        ::dup2(ends[0], 0);
        ::close(ends[0]);
    }
    ~SoundOnStandardInput() {
        ::dup2(saved_, 0);
        ::close(saved_);
    }
    SoundOnStandardInput(const SoundOnStandardInput&) = delete;
    SoundOnStandardInput& operator=(const SoundOnStandardInput&) = delete;

private:
    int saved_ = -1;
};

class WorkingDirectory {
public:
    explicit WorkingDirectory(const fs::path& to) : saved_(fs::current_path()) {
        fs::current_path(to);
    }
    ~WorkingDirectory() { fs::current_path(saved_); }
    WorkingDirectory(const WorkingDirectory&) = delete;
    WorkingDirectory& operator=(const WorkingDirectory&) = delete;

private:
    fs::path saved_;
};

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// [SECTION] Only a regular file, opened without blocking

TEST_F(HostileSound, ANamedPipeAFolderAndADeviceAreRefusedAtOnceByName) {
    const fs::path pipe = fifo("snd.wav");
    fs::create_directory(directory_ / "folder.wav");
    struct Case {
        fs::path path;
        const char* what;
    };
    std::vector<Case> cases = {{pipe, "is a named pipe (FIFO), not a regular file"},
                               {directory_ / "folder.wav", "is a directory, not a regular file"}};
    if (fs::exists("/dev/zero")) {
        cases.push_back({"/dev/zero", "is a device, not a regular file"});
    }
    for (const Case& c : cases) {
        // In a child that is killed after the hang guard: a regression blocks there, not the
        // test run (blocked, it would use no CPU: `exited` is what catches it).
        const test::ChildRun run = test::runInChild([&] {
            const AudioDecodeResult window = decodeAudio(c.path, {0.0, 10.0});
            const AudioDecodeResult whole = decodeWholeAudio(c.path);
            const std::string expected = c.path.string() + ": " + c.what;
            return !window.clip && !whole.clip && window.error == expected &&
                           whole.error == expected
                       ? 0
                       : 1;
        });
        EXPECT_TRUE(run.exited) << c.path << " blocked";
        EXPECT_EQ(run.status, 0) << c.path << ": not refused with \"" << c.what << "\"";
        EXPECT_LT(run.cpuSeconds, 2.0) << c.path;
    }
    // In this process too, for the messages themselves.
    EXPECT_EQ(decodeAudio(pipe, {0.0, 1.0}).error,
              pipe.string() + ": is a named pipe (FIFO), not a regular file");
    EXPECT_TRUE(fs::is_fifo(pipe)); // left as it was
}

TEST_F(HostileSound, ANamedPipeWithAWriterIsRefusedToo) {
    const fs::path pipe = fifo("fed.wav");
    const int reader = ::open(pipe.c_str(), O_RDONLY | O_NONBLOCK);
    const int writer = ::open(pipe.c_str(), O_WRONLY | O_NONBLOCK);
    ASSERT_GE(writer, 0);
    const std::string junk(1000, 'x');
    ASSERT_EQ(::write(writer, junk.data(), junk.size()), 1000);
    // Read like a file, the pipe would block once the junk is read (the writer stays): the
    // decode ending at all, with the pipe's error, is the proof. A blocked read is let go by
    // closing the writer, so the test fails rather than hangs.
    std::future<AudioDecodeResult> decoding = std::async(std::launch::async, [&] {
        return decodeAudio(pipe, {0.0, 1.0});
    });
    const bool ended = decoding.wait_for(bvh::test::kHangGuard) == std::future_status::ready;
    if (!ended) {
        ::close(writer);
    }
    const AudioDecodeResult result = decoding.get();
    EXPECT_TRUE(ended) << "the decode blocked on the pipe";
    EXPECT_FALSE(result.clip);
    EXPECT_TRUE(contains(result.error, "named pipe")) << result.error;
    if (ended) {
        ::close(writer);
    }
    ::close(reader);
}

// [SECTION] A path is a file name, never an FFmpeg protocol

TEST_F(HostileSound, PipeZeroIsAFileNameNotStandardInput) {
    const fs::path clicks = directory_ / "clicks.wav";
    ASSERT_TRUE(test::writeClickTrack(clicks, "wav", "pcm_s16le", 8000, 1, 1.0, {0.25}));
    const WorkingDirectory here(directory_);
    const SoundOnStandardInput stdinHasSound(clicks);
    for (const char* name : {"pipe:0", "file:clicks.wav", "fd:0", "async:file:clicks.wav"}) {
        // No file of that name: "no such file", and standard input is not read.
        const AudioDecodeResult missing = decodeAudio(name, {0.0, 1.0});
        EXPECT_FALSE(missing.clip) << name;
        EXPECT_EQ(missing.error, std::string(name) + ": cannot open: no such file or directory");
    }
    char first = 0;
    EXPECT_EQ(::read(0, &first, 1), 1) << "standard input was read";
    EXPECT_EQ(first, 'R');
    // A file literally named "pipe:0" in the current folder opens as that file.
    fs::copy_file(clicks, directory_ / "pipe:0");
    const AudioDecodeResult named = decodeAudio("pipe:0", {0.0, 1.0});
    ASSERT_TRUE(named.clip) << named.error;
    const std::vector<double> found = test::findClicks(*named.clip);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_NEAR(found[0], 0.25, 0.001);
}

TEST_F(HostileSound, APlaylistCannotMakeFfmpegOpenAnotherFile) {
    const fs::path real = directory_ / "real.wav";
    ASSERT_TRUE(test::writeClickTrack(real, "wav", "pcm_s16le", 8000, 1, 1.0, {0.25}));
    // An HLS playlist and an ffconcat list, each naming the real sound beside it.
    std::ofstream(directory_ / "list.m3u8")
        << "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:1.0,\n"
        << real.string() << "\n#EXTINF:1.0,\npipe:0\n#EXT-X-ENDLIST\n";
    std::ofstream(directory_ / "list.ffconcat") << "ffconcat version 1.0\nfile real.wav\n";
    const SoundOnStandardInput stdinHasSound(real);
    for (const char* name : {"list.m3u8", "list.ffconcat"}) {
        const AudioDecodeResult result = decodeAudio(directory_ / name, {0.0, 1.0});
        EXPECT_FALSE(result.clip && result.clip->frameCount() > 0)
            << name << " played another file";
        EXPECT_TRUE(contains(result.error, name)) << result.error;
    }
}

// [SECTION] Sizes from the header are bounded before anything is allocated

TEST_F(HostileSound, SampleRatesNoSoundHasAreRefusedSayingTheRange) {
    // 4 KB of samples at 1 Hz: 68 minutes, 1.5 GB at 48 kHz stereo floats (3.2 GB in `render`
    // before the bound).
    const std::vector<std::uint8_t> samples(4096, 0x80);
    for (const std::uint32_t rate : {1u, 999u, 768001u, 100000000u}) {
        const fs::path path = directory_ / ("rate" + std::to_string(rate) + ".wav");
        ASSERT_TRUE(test::writeWav(path, {rate, 1, 8, {}}, samples));
        const test::ChildRun run = test::runInChild([&] {
            const AudioDecodeResult window = decodeAudio(path, {0.0, 600.0});
            const AudioDecodeResult whole = decodeWholeAudio(path);
            const std::string expected = path.string() + ": its sample rate of " +
                                         std::to_string(rate) +
                                         " Hz is not that of real sound (bvhscope takes 1000 Hz "
                                         "to 768000 Hz)";
            return !window.clip && !whole.clip && window.error == expected &&
                           whole.error == expected
                       ? 0
                       : 1;
        });
        EXPECT_TRUE(run.exited) << rate;
        EXPECT_EQ(run.status, 0) << rate << " Hz not refused as it should be";
        EXPECT_LT(run.cpuSeconds, 3.0) << rate;
        EXPECT_LT(run.peakMegabytes, 200.0) << rate;
    }
    EXPECT_TRUE(contains(decodeWholeAudio(directory_ / "rate1.wav").error,
                         "rate1.wav: its sample rate of 1 Hz"));
    // The ends of the range are sound.
    for (const std::uint32_t rate : {1000u, 768000u}) {
        const fs::path path = directory_ / ("edge" + std::to_string(rate) + ".wav");
        ASSERT_TRUE(test::writeWav(path, {rate, 1, 8, {}}, samples));
        const AudioDecodeResult whole = decodeWholeAudio(path);
        ASSERT_TRUE(whole.clip) << whole.error;
        EXPECT_NEAR(whole.clip->durationSeconds(), 4096.0 / rate, 0.002) << rate;
    }
}

TEST_F(HostileSound, MoreChannelsThanAnySoundHasAreRefused) {
    const fs::path path = directory_ / "channels.wav";
    ASSERT_TRUE(test::writeWav(path, {48000, 100, 8, {}}, std::vector<std::uint8_t>(4000, 0x80)));
    const AudioDecodeResult result = decodeWholeAudio(path);
    EXPECT_FALSE(result.clip);
    EXPECT_EQ(result.error, path.string() + ": its 100 channels are more than bvhscope mixes (1 "
                                            "to 64)");
}

TEST_F(HostileSound, AHeaderClaimingHoursInFourKilobytesHoldsOnlyWhatIsThere) {
    // 48 kHz stereo 16-bit claiming 4 GB of data (6 hours), holding 4 KB (1024 frames).
    const fs::path path = directory_ / "liar.wav";
    ASSERT_TRUE(
        test::writeWav(path, {48000, 2, 16, 0xfffffff0u}, std::vector<std::uint8_t>(4096, 0x10)));
    const test::ChildRun run = test::runInChild([&] {
        const AudioDecodeResult whole = decodeWholeAudio(path);
        const AudioDecodeResult window = decodeAudio(path, {0.0, 6 * 3600.0});
        return whole.clip && whole.clip->frameCount() == 1024 && !whole.truncated && window.clip &&
                       window.clip->frameCount() == 1024
                   ? 0
                   : 1;
    });
    EXPECT_TRUE(run.exited);
    EXPECT_EQ(run.status, 0);
    EXPECT_LT(run.cpuSeconds, 3.0);
    EXPECT_LT(run.peakMegabytes, 200.0);
}

TEST_F(HostileSound, DecodingStopsAtTheBoundWhateverTheHeaderSaid) {
    // A header written before the length was known (data size 0: "to the end of the file"):
    // no duration to check in advance, so the bound holds while decoding.
    const fs::path path = squareWave("streamed.wav", 8000, 3.0, 0u);
    const AudioDecodeResult first = decodeWholeAudio(path, {}, 1.0);
    ASSERT_TRUE(first.clip) << first.error;
    EXPECT_EQ(first.clip->frameCount(), 48000u);
    EXPECT_TRUE(first.truncated);
    const AudioDecodeResult all = decodeWholeAudio(path);
    ASSERT_TRUE(all.clip) << all.error;
    EXPECT_NEAR(all.clip->durationSeconds(), 3.0, 0.001);
    EXPECT_FALSE(all.truncated);
}

TEST_F(HostileSound, TheFirstTwentyMinutesOfALongerSoundAreKeptUnderOneGibibyte) {
    // 21 minutes at 1 kHz, 8-bit mono: 1.26 MB of file, 484 MB decoded whole.
    const fs::path path = squareWave("long.wav", 1000, 21 * 60.0);
    const auto bound = static_cast<std::size_t>(kMaxDecodedSoundSeconds * kAudioSampleRate);
    const test::ChildRun run = test::runInChild([&] {
        const AudioDecodeResult whole = decodeWholeAudio(path);
        return whole.clip && whole.clip->frameCount() == bound && whole.truncated ? 0 : 1;
    });
    EXPECT_TRUE(run.exited);
    EXPECT_EQ(run.status, 0) << "not cut at " << kMaxDecodedSoundSeconds << " s";
    EXPECT_LT(run.cpuSeconds, 20.0);
    EXPECT_LT(run.peakMegabytes, 1024.0);
    // A window of a video longer than the bound: the same first twenty minutes.
    const test::ChildRun window = test::runInChild([&] {
        const AudioDecodeResult cut = decodeAudio(path, {-60.0, 3600.0});
        return cut.clip && cut.clip->leadingSilenceFrames == 60u * kAudioSampleRate &&
                       cut.clip->frameCount() == bound && cut.truncated
                   ? 0
                   : 1;
    });
    EXPECT_EQ(window.status, 0);
    EXPECT_LT(window.peakMegabytes, 1024.0);
}

// [SECTION] Silence is counted, never stored

TEST_F(HostileSound, AWindowFarFromTheSoundStoresOnlyTheSound) {
    const fs::path path = squareWave("short.wav", 8000, 3.0);
    // Three seconds of sound in a window of eleven days that starts a week before it.
    const test::ChildRun run = test::runInChild([&] {
        const AudioDecodeResult cut = decodeAudio(path, {-7 * 86400.0, 11 * 86400.0});
        if (!cut.clip || cut.truncated ||
            cut.clip->leadingSilenceFrames != std::size_t{7} * 86400 * kAudioSampleRate ||
            cut.clip->frameCount() != 3u * kAudioSampleRate) {
            return 1;
        }
        const AudioDecodeResult whole = decodeWholeAudio(path);
        const AudioClip again = cutAudio(*whole.clip, {-7 * 86400.0, 11 * 86400.0});
        return again.samples == cut.clip->samples &&
                       again.leadingSilenceFrames == cut.clip->leadingSilenceFrames
                   ? 0
                   : 2;
    });
    EXPECT_TRUE(run.exited);
    EXPECT_EQ(run.status, 0);
    EXPECT_LT(run.cpuSeconds, 3.0);
    EXPECT_LT(run.peakMegabytes, 200.0);
    // Times no window has: refused, not overflowed.
    EXPECT_FALSE(decodeAudio(path, {std::nan(""), 1.0}).clip);
    EXPECT_FALSE(decodeAudio(path, {0.0, -1.0}).clip);
    const AudioDecodeResult huge = decodeAudio(path, {-1e300, 1e300});
    ASSERT_TRUE(huge.clip) << huge.error;
    EXPECT_EQ(huge.clip->frameCount(), 0u);
}

// [SECTION] Stopping

TEST_F(HostileSound, ADecodeStopsWithinMillisecondsOfTheRequest) {
    const fs::path path = squareWave("long.wav", 1000, 19 * 60.0);
    std::stop_source stop;
    AudioDecodeResult result;
    std::thread decoding([&] { result = decodeWholeAudio(path, stop.get_token()); });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    stop.request_stop();
    decoding.join();
    // The decode's own account, not the clock: it ended because it was asked to (the whole
    // decode takes a second or more; one that ran to its end would hold the clip).
    EXPECT_FALSE(result.clip);
    EXPECT_EQ(result.error, path.string() + ": stopped");
}

} // namespace
} // namespace bvhscope::media
