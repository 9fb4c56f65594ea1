// Sound from a file, decoded with FFmpeg's libraries (WAV, FLAC, Ogg Vorbis/Opus, MP3 and
// whatever else libavformat reads) into plain samples: 48 kHz, two channels interleaved, floats
// in [-1, 1] (mono is copied to both channels, more channels are mixed down).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::media {

inline constexpr int kAudioSampleRate = 48000;
inline constexpr int kAudioChannels = 2;

struct AudioClip {
    std::vector<float> samples; // interleaved left, right
    std::size_t frameCount() const { return samples.size() / kAudioChannels; }
    double durationSeconds() const { return static_cast<double>(frameCount()) / kAudioSampleRate; }
};

// A window of a sound file's timeline, in seconds from the file's first sample. The window may
// start before 0 or end after the file: that part is silence, so the clip is always exactly
// round(duration * 48000) sample frames long (a capture that starts before the music, or runs
// on after it, keeps its sound in place).
struct AudioWindow {
    double startSeconds = 0.0;
    double durationSeconds = 0.0;
};

struct AudioDecodeResult {
    std::optional<AudioClip> clip;
    std::string error;                // "cannot open ...", "no audio stream", ...; empty on success
    double fileDurationSeconds = 0.0; // how much sound the file held (decoded up to the window)
};

// Decodes the samples of `window` from `path` (the part after the window is not decoded). Never
// throws (but std::bad_alloc); a damaged stream is decoded as far as it goes.
AudioDecodeResult decodeAudio(const std::filesystem::path& path, AudioWindow window);

// The whole sound from its first sample, up to `maximumSeconds` (the rest is left out, and
// `fileDurationSeconds` says how much was decoded): the clip is as long as the sound, with no
// padding. For the viewer, which plays any part of it.
AudioDecodeResult decodeWholeAudio(const std::filesystem::path& path, double maximumSeconds);

// The window of a decoded clip, with silence where it lies outside the clip (as decodeAudio
// would give from the file).
AudioClip cutAudio(const AudioClip& clip, AudioWindow window);

// Sound files bvhscope finds next to a capture for `--audio auto` and the viewer: the same stem
// with .wav, .flac, .ogg, .oga, .opus, .mp3 or .m4a (in that order, any letter case), e.g.
// take12.bvh -> take12.wav. nullopt when there is none.
std::optional<std::filesystem::path> findAudioBesideCapture(const std::filesystem::path& capture);
// Whether a file name has one of those sound extensions (what the viewer takes as sound when a
// file is dropped or opened).
bool isSoundFileName(const std::filesystem::path& path);

} // namespace bvhscope::media
