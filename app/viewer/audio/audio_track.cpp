#include "app/viewer/audio/audio_track.h"

#include "core/platform/utf8_path.h"

#include <chrono>
#include <cmath>

namespace bvhscope::viewer {

void AudioTrack::load(const std::filesystem::path& path) {
    pending_ = std::async(std::launch::async, [path] {
        Loaded loaded;
        loaded.path = path;
        media::AudioDecodeResult decoded = media::decodeWholeAudio(path, kMaxViewerAudioSeconds);
        if (!decoded.clip) {
            loaded.error = decoded.error;
            return loaded;
        }
        if (decoded.clip->frameCount() == 0) {
            loaded.error = bvh::utf8FromPath(path) + ": no sound in this file";
            return loaded;
        }
        loaded.truncated = decoded.clip->durationSeconds() >= kMaxViewerAudioSeconds - 1e-6;
        loaded.waveform = buildWaveform(*decoded.clip);
        loaded.clip = std::make_shared<const media::AudioClip>(std::move(*decoded.clip));
        return loaded;
    });
}

bool AudioTrack::poll() {
    if (!pending_.valid() ||
        pending_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
        return false;
    }
    Loaded loaded = pending_.get();
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
    pending_ = {};
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
