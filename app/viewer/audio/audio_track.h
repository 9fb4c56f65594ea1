// The sound loaded in the viewer: decoded on a worker thread (a five-minute MP3 takes about a
// second), with its waveform and the offset that places it against the captures, and the
// player that keeps the device in step with playback (audio_sync.h) once a frame.
#pragma once

#include "app/media/audio_clip.h"
#include "app/viewer/audio/audio_output.h"
#include "app/viewer/audio/audio_sync.h"
#include "app/viewer/audio/waveform.h"

#include <atomic>
#include <filesystem>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <thread>

namespace bvhscope::viewer {

// The sound of the viewer. A load never holds the viewer up: the file is opened without
// blocking (a named pipe or a device is an error at once, media::decodeWholeAudio), at most
// media::kMaxDecodedSoundSeconds of it is decoded (the rest is left out: truncated()), and a
// load that is replaced, cleared or destroyed is stopped within a few milliseconds of
// decoding and waited for (the destructor too), so closing the viewer (a window closed,
// SIGTERM) never waits on a sound.
class AudioTrack {
public:
    AudioTrack() = default;
    // Not copied or moved: its decoding thread shares the track's stopped-load counter.
    AudioTrack(const AudioTrack&) = delete;
    AudioTrack& operator=(const AudioTrack&) = delete;

    // Starts decoding `path` in the background; the sound playing so far stays until it is
    // done. A second request stops and replaces the first.
    void load(const std::filesystem::path& path);
    // Takes a finished load: true when a new sound is in place (or the load failed: error()).
    bool poll();
    bool loading() const { return pending_.valid(); }
    // Stops a load still running and removes the sound.
    void clear();
    // Stops a load still running (the viewer is closing) and waits for its thread (a few
    // milliseconds); the sound in place stays.
    void stopLoading();
    // How many loads were stopped before their decode ended (replaced, cleared, closing): what
    // --state-out reports, so a test proves closing never waited for a decode to end.
    int loadsStoppedUnfinished() const { return loadsStoppedUnfinished_->load(); }
    // The same count, kept by the decoding threads themselves, so it outlives the track: a load
    // stopped by the destructor is counted too, which is how a test sees that destroying a
    // track mid-load stopped the decode rather than waited for it.
    std::shared_ptr<const std::atomic<int>> loadsStoppedUnfinishedCounter() const {
        return loadsStoppedUnfinished_;
    }

    bool loaded() const { return clip_ != nullptr; }
    const std::filesystem::path& path() const { return path_; }
    const std::shared_ptr<const media::AudioClip>& clip() const { return clip_; }
    const Waveform& waveform() const { return waveform_; }
    // "FILE: why" for the last load that failed; empty otherwise.
    const std::string& error() const { return error_; }
    // Where capture time 0 is in the sound (seconds; negative: the capture starts first).
    double offsetSeconds = 0.0;
    bool muted = false;
    // The sound went on past media::kMaxDecodedSoundSeconds: only its first minutes are here.
    bool truncated() const { return truncated_; }

private:
    struct Loaded {
        std::filesystem::path path;
        std::shared_ptr<const media::AudioClip> clip;
        Waveform waveform;
        std::string error;
        bool truncated = false;
    };

    std::future<Loaded> pending_;
    std::filesystem::path path_;
    std::shared_ptr<const media::AudioClip> clip_;
    Waveform waveform_;
    std::string error_;
    bool truncated_ = false;
    // Counted by the worker whose decode ended because it was asked to stop, before it hands
    // its result over (so it is up to date once stopLoading() has joined it).
    std::shared_ptr<std::atomic<int>> loadsStoppedUnfinished_ =
        std::make_shared<std::atomic<int>>(0);
    // Last: destroyed first, its destructor asking the decoding to stop and joining it.
    std::jthread worker_;
};

// Keeps an AudioOutput in step with playback. The device is opened on the first sound, so a
// viewer that never plays one never touches the sound system.
class AudioPlayer {
public:
    // Once a frame, after playback advanced by `wallSeconds`: starts, resyncs, stops or plays a
    // snippet as decideAudio says. `track` may have no sound (then the device is silent).
    void update(const AudioTrack& track, bool playing, bool reverse, double speed,
                double captureSeconds, double wallSeconds);
    // A new sound (or none) to play.
    void setClip(std::shared_ptr<const media::AudioClip> clip);

    // False before the first sound, and on machines with no audio device.
    bool available() const { return output_ && output_->available(); }
    // "no audio device: ..." once the device was tried and could not be opened.
    std::string unavailableReason() const { return output_ ? output_->unavailableReason() : ""; }
    const AudioOutput* output() const { return output_.get(); }
    // How many times the sound was restarted to follow playback (tests, --state-out).
    int resyncs() const { return resyncs_; }

private:
    std::unique_ptr<AudioOutput> output_;
    std::optional<double> lastCaptureSeconds_;
    bool hasClip_ = false;
    int resyncs_ = 0;
};

} // namespace bvhscope::viewer
