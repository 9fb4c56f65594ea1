#include "app/viewer/audio/audio_output.h"

#include <SDL.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace bvhscope::viewer {

namespace {

// Holds the device lock for a scope, so the audio thread never sees half an update.
class DeviceLock {
public:
    explicit DeviceLock(std::uint32_t device) : device_(device) {
        if (device_ != 0) {
            SDL_LockAudioDevice(device_);
        }
    }
    ~DeviceLock() {
        if (device_ != 0) {
            SDL_UnlockAudioDevice(device_);
        }
    }
    DeviceLock(const DeviceLock&) = delete;
    DeviceLock& operator=(const DeviceLock&) = delete;

private:
    std::uint32_t device_;
};

std::int64_t toFrames(double seconds) {
    return static_cast<std::int64_t>(std::llround(seconds * media::kAudioSampleRate));
}

} // namespace

AudioOutput::AudioOutput() {
    // The viewer handles SIGINT and SIGTERM itself (platform/termination.h).
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
    if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
        reason_ = std::string("no audio: ") + SDL_GetError();
        return;
    }
    SDL_AudioSpec wanted{};
    wanted.freq = media::kAudioSampleRate;
    wanted.format = AUDIO_F32SYS;
    wanted.channels = media::kAudioChannels;
    wanted.samples = 1024; // about 21 ms: scrubbing snippets start quickly
    wanted.callback = &AudioOutput::fill;
    wanted.userdata = this;
    SDL_AudioSpec obtained{};
    device_ = SDL_OpenAudioDevice(nullptr, 0, &wanted, &obtained, 0);
    if (device_ == 0) {
        reason_ = std::string("no audio device: ") + SDL_GetError();
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return;
    }
    if (const char* name = SDL_GetCurrentAudioDriver()) {
        driver_ = name;
    }
    SDL_PauseAudioDevice(device_, 0); // the callback runs from now on, writing silence
}

AudioOutput::~AudioOutput() {
    if (device_ != 0) {
        SDL_CloseAudioDevice(device_);
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
}

void AudioOutput::setClip(std::shared_ptr<const media::AudioClip> clip) {
    std::shared_ptr<const media::AudioClip> previous;
    {
        const DeviceLock lock(device_);
        previous = std::move(clip_); // freed outside the lock, off the audio thread
        clip_ = std::move(clip);
        sounding_ = false;
        playing_ = false;
    }
}

void AudioOutput::play(double soundSeconds) {
    if (device_ == 0) {
        return;
    }
    const DeviceLock lock(device_);
    position_ = toFrames(soundSeconds);
    end_ = std::numeric_limits<std::int64_t>::max();
    sounding_ = true;
    playing_ = true;
}

void AudioOutput::playSnippet(double soundSeconds, double seconds) {
    if (device_ == 0) {
        return;
    }
    const DeviceLock lock(device_);
    position_ = toFrames(soundSeconds);
    end_ = position_ + toFrames(seconds);
    sounding_ = true;
    playing_ = false;
}

void AudioOutput::stop() {
    const DeviceLock lock(device_);
    sounding_ = false;
    playing_ = false;
}

double AudioOutput::clockSeconds() const {
    return static_cast<double>(position_.load()) / media::kAudioSampleRate;
}

void AudioOutput::fill(void* self, std::uint8_t* stream, int bytes) {
    auto& output = *static_cast<AudioOutput*>(self);
    auto* out = reinterpret_cast<float*>(stream);
    const auto frames = static_cast<std::int64_t>(bytes) /
                        static_cast<std::int64_t>(sizeof(float) * media::kAudioChannels);
    std::memset(stream, 0, static_cast<std::size_t>(bytes));
    if (!output.sounding_) {
        return;
    }
    const std::int64_t start = output.position_.load();
    const media::AudioClip* clip = output.clip_.get();
    const auto available = clip != nullptr ? static_cast<std::int64_t>(clip->frameCount()) : 0;
    for (std::int64_t i = 0; i < frames; ++i) {
        const std::int64_t at = start + i;
        if (at >= output.end_) {
            output.sounding_ = false; // the snippet is over
            break;
        }
        if (at >= 0 && at < available) {
            const float* sample = clip->samples.data() + at * media::kAudioChannels;
            out[i * media::kAudioChannels] = sample[0];
            out[i * media::kAudioChannels + 1] = sample[1];
        }
    }
    output.position_ = start + frames;
}

} // namespace bvhscope::viewer
