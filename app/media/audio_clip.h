// Sound from a file, decoded with FFmpeg's libraries (WAV, FLAC, Ogg Vorbis/Opus, MP3 and
// whatever else libavformat reads) into plain samples: 48 kHz, two channels interleaved, floats
// in [-1, 1] (mono is copied to both channels, more channels are mixed down).
//
// What a sound file may ask for is bounded (the [SECTION] Bounds below, the one place the
// bounds are decided), and each bound is checked before anything is allocated from what the
// file says, so no file, however it lies, makes bvhscope hold more than a few hundred
// megabytes of sound. Silence is never stored: a window that starts before the sound or runs on
// after it keeps only the sound, and whoever plays or encodes the clip supplies the silence.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace bvhscope::media {

inline constexpr int kAudioSampleRate = 48000;
inline constexpr int kAudioChannels = 2;

// [SECTION] Bounds

// The sample rates of real sound: from 1 kHz (nothing records lower; telephone sound is 8 kHz)
// up to 768 kHz (the highest rate converters record). A file claiming a rate outside this is
// refused, with the range in the message, before a decoder or resampler is made for it:
// resampling 1 Hz to 48 kHz turns each stored sample into 48000.
inline constexpr int kMinSoundSampleRate = 1000;
inline constexpr int kMaxSoundSampleRate = 768000;
// Channels mixed down to stereo: up to 64 (libswresample's own limit; 22.2 sound is 24).
inline constexpr int kMaxSoundChannels = 64;
// At most this much sound is decoded into memory from one file: 20 minutes of 48 kHz stereo
// floats are 461 MB (23 MB a minute), well under 1 GiB, and longer than any take a capture
// goes with. A longer sound (a whole session's recording) keeps its first 20 minutes and the
// result says it was cut (AudioDecodeResult::truncated): the viewer shows that beside the
// sound's name; `render` says so and the video's sound ends there. The clip's memory is
// reserved from the duration the container claims (never more than the bound), and decoding
// stops at the bound whatever the header claimed; a file that claims less than it holds makes
// the clip grow, which copies it, so the peak stays under twice the bound.
inline constexpr double kMaxDecodedSoundSeconds = 20.0 * 60.0;

// [SECTION] Clips

// Sound on a timeline that starts at 0: `leadingSilenceFrames` of silence, then `samples`, then
// silence for as long as whoever uses the clip needs (a video's length). Only the samples are
// stored. A whole sound (decodeWholeAudio, what the viewer plays and draws) has no leading
// silence; a window cut from one for a video (decodeAudio, cutAudio) has some when it starts
// before the sound.
struct AudioClip {
    std::size_t leadingSilenceFrames = 0;
    std::vector<float> samples; // interleaved left, right
    // The stored sample frames (the leading silence not counted).
    std::size_t frameCount() const { return samples.size() / kAudioChannels; }
    double durationSeconds() const { return static_cast<double>(frameCount()) / kAudioSampleRate; }
    // Where the sound ends on the timeline, in sample frames: silence from there on.
    std::size_t endFrame() const { return leadingSilenceFrames + frameCount(); }
};

// A window of a sound file's timeline, in seconds from the file's first sample. The window may
// start before 0 or end after the file: that part is silence (a capture that starts before the
// music, or runs on after it, keeps its sound in place).
struct AudioWindow {
    double startSeconds = 0.0;
    double durationSeconds = 0.0;
};

// A window in 48 kHz sample frames: where it starts on the sound's timeline (may be negative)
// and how long it is, each rounded to the nearest frame; times past 2^52 frames (three thousand
// years) saturate there. nullopt when a time is not finite or the duration is negative.
struct AudioWindowFrames {
    std::int64_t start = 0;
    std::int64_t length = 0;
};
std::optional<AudioWindowFrames> windowFrames(AudioWindow window);

struct AudioDecodeResult {
    std::optional<AudioClip> clip;
    // "take.wav: is a named pipe (FIFO), not a regular file", "take.wav: cannot open: no such
    // file or directory", "take.wav: its sample rate of 1 Hz is not that of real sound
    // (bvhscope takes 1000 Hz to 768000 Hz)", "take.wav: no sound stream in this file"...: the
    // file's name, then why; empty on success.
    std::string error;
    double fileDurationSeconds = 0.0; // how much sound the file held (decoded up to the window)
    // The window held more sound than kMaxDecodedSoundSeconds (or the caller's maximum): the
    // clip keeps the first of it, and the rest is left out.
    bool truncated = false;
};

// Decodes the samples of `window` from `path`, placed on a timeline that starts at the
// window's start: the clip's leading silence is the part of the window before the sound, its
// samples the sound within the window (at most kMaxDecodedSoundSeconds of it), and the window
// past the sound's end is left to the caller as silence (nothing is stored for it). The part
// of the file after the window is not decoded.
//
// `path` must name a regular file, opened without ever blocking and never read as a URL or an
// FFmpeg protocol ("pipe:0" is a file of that name). A named pipe, a device or a directory is
// an error naming what it is. Decoding ends soon after `stop` is requested (within a few
// milliseconds of decoding: it is checked between reads and between resampled blocks), with
// no clip and the error "...: stopped".
//
// Never throws (but std::bad_alloc); a damaged stream is decoded as far as it goes.
AudioDecodeResult decodeAudio(const std::filesystem::path& path, AudioWindow window,
                              std::stop_token stop = {});

// The whole sound from its first sample, up to `maximumSeconds` (at most
// kMaxDecodedSoundSeconds; the rest is left out, and `truncated` says so): the clip is as long
// as the sound, with no silence before or after it. For the viewer, which plays any part of
// it. Files and stopping as for decodeAudio.
AudioDecodeResult decodeWholeAudio(const std::filesystem::path& path, std::stop_token stop = {},
                                   double maximumSeconds = kMaxDecodedSoundSeconds);

// The window of a decoded clip, as decodeAudio would give it from the file: the part of the
// window before the sound as leading silence (a count, not stored), then the clip's samples
// that lie in the window. Never longer than `clip`.
AudioClip cutAudio(const AudioClip& clip, AudioWindow window);

// Sound files bvhscope finds next to a capture for `--audio auto` and the viewer: the same stem
// with .wav, .flac, .ogg, .oga, .opus, .mp3 or .m4a (in that order, any letter case), e.g.
// take12.bvh -> take12.wav. Only regular files count (a named pipe of that name is passed
// over). nullopt when there is none.
std::optional<std::filesystem::path> findAudioBesideCapture(const std::filesystem::path& capture);
// Whether a file name has one of those sound extensions (what the viewer takes as sound when a
// file is dropped or opened).
bool isSoundFileName(const std::filesystem::path& path);

} // namespace bvhscope::media
