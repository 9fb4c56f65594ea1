// Reading videos and sound back with the same FFmpeg libraries that wrote them, and making test
// sound files (click tracks) in the test itself: no ffmpeg program at build or run time.
#pragma once

#include "app/media/audio_clip.h"
#include "tests/support/hang_guard.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::media::test {

struct VideoInfo {
    std::string container;   // the demuxer's name ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm")
    std::string videoCodec;  // "h264", "vp9", "gif"
    std::string pixelFormat; // of the decoded frames: "yuv420p", "bgra", "pal8"
    int width = 0;
    int height = 0;
    int rateNumerator = 0; // the stream's average frame rate
    int rateDenominator = 1;
    std::int64_t decodedFrames = 0;  // counted by decoding the whole stream
    double lastFrameSeconds = 0.0;   // presentation time of the last frame
    double videoDurationSeconds = 0; // the stream's duration, or the container's
    std::string audioCodec;          // "aac", "opus"; empty without sound
    int audioSampleRate = 0;
    double audioDurationSeconds = 0.0; // the sound stream's duration as stored
    bool indexBeforeData = false;      // MP4: the moov box comes before mdat (faststart)
};
std::optional<VideoInfo> probeVideo(const std::filesystem::path& path);

// One decoded picture as 8-bit RGB, converted with the colour matrix the stream is tagged with.
struct RgbPicture {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb;
};
std::optional<RgbPicture> decodeVideoFrame(const std::filesystem::path& path, std::int64_t index);

// Peak signal-to-noise ratio of two equally sized RGB pictures, in dB (infinite when equal).
double psnr(const RgbPicture& a, const RgbPicture& b);
// An RGBA buffer as an RgbPicture.
RgbPicture fromRgba(const std::vector<std::uint8_t>& rgba, int width, int height);

// Writes a sound file of `seconds` of silence with a 4 ms, 2 kHz click of amplitude 0.8 at
// each of `clicks` (seconds), through the encoder `codecName` ("pcm_s16le" in "wav", "flac",
// "libvorbis" in "ogg", "libmp3lame" in "mp3") at `sampleRate` with `channels` channels.
bool writeClickTrack(const std::filesystem::path& path, const std::string& formatName,
                     const std::string& codecName, int sampleRate, int channels, double seconds,
                     const std::vector<double>& clicks);

// A WAV file written byte by byte with the header fields given and not checked (hostile
// headers are the point): PCM, `channels` x `bitsPerSample` at `sampleRate`, a data chunk that
// claims `declaredDataBytes` (its real length when nullopt; 0 is a header written before the
// length was known) and holds `data`.
struct WavHeader {
    std::uint32_t sampleRate = 48000;
    std::uint16_t channels = 2;
    std::uint16_t bitsPerSample = 16;
    std::optional<std::uint32_t> declaredDataBytes;
};
bool writeWav(const std::filesystem::path& path, const WavHeader& header,
              const std::vector<std::uint8_t>& data);

// What a function did in a child process of its own (fork): how it ended, how long it took and
// the most memory it held, so a test can bound the work (CPU time) and the peak resident memory
// of one call without the rest of the test run counting. The child is killed after
// `timeoutSeconds`, a hang guard: the wall time depends on what else the machine runs (make
// test runs four tests at once on two cores), the CPU time on the work done.
struct ChildRun {
    bool exited = false;        // ended by returning (not a signal, not the timeout)
    int status = -1;            // what `body` returned, when exited
    double seconds = 0.0;       // wall
    double cpuSeconds = 0.0;    // user and system, the child's
    double peakMegabytes = 0.0; // resident
};
ChildRun
runInChild(const std::function<int()>& body,
           double timeoutSeconds = std::chrono::duration<double>(bvh::test::kHangGuard).count());

// Times (seconds, on the clip's timeline: its leading silence counted) where the left channel
// first rises above half the clip's peak after at least 0.1 s below it: the clicks' onsets.
std::vector<double> findClicks(const AudioClip& clip);

} // namespace bvhscope::media::test
