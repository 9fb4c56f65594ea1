// The sound device, through SDL2's audio (PipeWire, PulseAudio, ALSA... whatever SDL finds;
// SDL_AUDIODRIVER=dummy gives a device that consumes samples in real time and plays nothing,
// which the tests use). Optional: on a machine with no sound device the output is simply not
// available() and says why, and every call does nothing, so the viewer runs silently.
//
// The device plays one clip (48 kHz stereo floats, see app/media/audio_clip.h) from a position
// that SDL's audio thread advances as it consumes samples: that position is the audio clock.
// Positions before the clip's start or after its end are silence.
#pragma once

#include "app/media/audio_clip.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace bvhscope::viewer {

class AudioOutput {
public:
    // Opens the default output device. Never throws; see available().
    AudioOutput();
    ~AudioOutput();
    AudioOutput(const AudioOutput&) = delete;
    AudioOutput& operator=(const AudioOutput&) = delete;

    bool available() const { return device_ != 0; }
    // Why there is no sound ("no audio device: ..."); empty when available.
    const std::string& unavailableReason() const { return reason_; }
    // SDL's driver in use ("pulseaudio", "pipewire", "alsa", "dummy"); empty when unavailable.
    const std::string& driver() const { return driver_; }

    // The sound to play (nullptr: none). Stops what was playing.
    void setClip(std::shared_ptr<const media::AudioClip> clip);
    // Plays from `soundSeconds` (negative: silence first) until stop().
    void play(double soundSeconds);
    // Plays `seconds` of sound from `soundSeconds`, then falls silent (scrubbing).
    void playSnippet(double soundSeconds, double seconds);
    void stop();
    // Playing continuously (not a snippet).
    bool playing() const { return playing_.load(); }
    // The sound time of the next sample the device will consume.
    double clockSeconds() const;

private:
    static void fill(void* self, std::uint8_t* stream, int bytes);

    std::uint32_t device_ = 0;
    std::string reason_;
    std::string driver_;
    // Read by SDL's audio thread under the device lock; written under it too.
    std::shared_ptr<const media::AudioClip> clip_;
    std::atomic<std::int64_t> position_{0}; // sample frames, may be negative
    std::int64_t end_ = 0;                  // where a snippet stops
    bool sounding_ = false;                 // the callback copies samples (play or snippet)
    std::atomic<bool> playing_{false};
};

} // namespace bvhscope::viewer
