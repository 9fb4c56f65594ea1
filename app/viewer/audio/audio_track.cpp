#include "app/viewer/audio/audio_track.h"

#include "core/platform/utf8_path.h"

#include <chrono>
#include <cmath>
#include <new>

namespace bvhscope::viewer {

void AudioTrack::stopLoading() {
    if (worker_.joinable()) {
        worker_.request_stop();
        worker_.join();
    }
    pending_ = {};
}

void AudioTrack::load(const std::filesystem::path& path) {
    stopLoading();
    std::promise<Loaded> promise;
    pending_ = promise.get_future();
    worker_ = std::jthread([path, promise = std::move(promise),
                            stoppedCount = loadsStoppedUnfinished_](std::stop_token stop) mutable {
        Loaded loaded;
        loaded.path = path;
        try {
            media::AudioDecodeResult decoded = media::decodeWholeAudio(path, stop);
            if (!decoded.clip) {
                loaded.error = decoded.error;
                if (stop.stop_requested()) {
                    ++*stoppedCount;
                }
            } else if (decoded.clip->frameCount() == 0) {
                loaded.error = bvh::utf8FromPath(path) + ": no sound in this file";
            } else {
                loaded.truncated = decoded.truncated;
                loaded.waveform = buildWaveform(*decoded.clip);
                loaded.clip = std::make_shared<const media::AudioClip>(std::move(*decoded.clip));
            }
        } catch (const std::bad_alloc&) {
            // The bounds keep a sound to a few hundred megabytes; a machine without them free
            // gets the message, not a viewer ended by an exception on this thread.
            loaded = {};
            loaded.path = path;
            loaded.error = bvh::utf8FromPath(path) + ": not enough memory to decode its sound";
        }
        promise.set_value(std::move(loaded));
    });
}

bool AudioTrack::poll() {
    if (!pending_.valid() ||
        pending_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
        return false;
    }
    Loaded loaded = pending_.get();
    worker_.join(); // done: it only has to return
    error_ = loaded.error;
    if (loaded.clip) {
        path_ = std::move(loaded.path);
        clip_ = std::move(loaded.clip);
        waveform_ = std::move(loaded.waveform);
        truncated_ = loaded.truncated;
    }
    return true;
}

void AudioTrack::clear() {
    stopLoading();
    path_.clear();
    clip_.reset();
    waveform_ = {};
    error_.clear();
    truncated_ = false;
}

void AudioPlayer::setClip(std::shared_ptr<const media::AudioClip> clip) {
    hasClip_ = clip != nullptr;
    if (!output_ && hasClip_) {
        output_ = std::make_unique<AudioOutput>();
    }
    if (output_) {
        output_->setClip(std::move(clip));
    }
    lastCaptureSeconds_.reset();
}

void AudioPlayer::update(const AudioTrack& track, bool playing, bool reverse, double speed,
                         double captureSeconds, double wallSeconds) {
    if (!output_ || !output_->available()) {
        return;
    }
    if (!hasClip_ || track.muted) {
        if (output_->playing()) {
            output_->stop();
        }
        lastCaptureSeconds_ = captureSeconds;
        return;
    }
    // A jump: anything but the advance that playing at this speed explains (a seek, a scrub, a
    // step, a loop wrapping to the start).
    bool jumped = false;
    if (lastCaptureSeconds_) {
        const double expected =
            *lastCaptureSeconds_ + (playing ? wallSeconds * speed * (reverse ? -1.0 : 1.0) : 0.0);
        jumped = std::abs(captureSeconds - expected) > (playing ? 0.05 : 1e-9);
    }
    lastCaptureSeconds_ = captureSeconds;
    AudioSyncInput input;
    input.playing = playing;
    input.reverse = reverse;
    input.speed = speed;
    input.captureSeconds = captureSeconds;
    input.offsetSeconds = track.offsetSeconds;
    input.timeJumped = jumped;
    input.outputPlaying = output_->playing();
    input.outputClockSeconds = output_->clockSeconds();
    const AudioCommand command = decideAudio(input);
    switch (command.action) {
    case AudioAction::Play:
        if (input.outputPlaying) {
            ++resyncs_;
        }
        output_->play(command.soundSeconds);
        break;
    case AudioAction::Stop:
        output_->stop();
        break;
    case AudioAction::Snippet:
        output_->playSnippet(command.soundSeconds, kAudioSnippetSeconds);
        break;
    case AudioAction::None:
        break;
    }
}

} // namespace bvhscope::viewer
