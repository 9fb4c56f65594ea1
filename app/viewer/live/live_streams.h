// The live streams open in the viewer and their characters in the scene, kept in step once per
// UI frame (update), the way FileLoads (io/file_loading.h) keeps files still being read:
//   - a stream's skeleton arriving makes its character (named by its address); a new skeleton
//     (a BVH stream's new header) replaces it in place, keeping colour and placement;
//   - frames arriving grow its timeline (refreshLiveCharacter); the first ones stand it up;
//   - a character the user removed closes its stream (and finishes its recording).
//
// "Now": while following (the default, and after the Live button), the playback time is put on
// the newest frame of the live characters every frame; scrubbing or stepping away stops
// following (noticed by the time having moved from where it was put).
#pragma once

#include "app/scene/scene.h"
#include "app/viewer/live/file_growth_watch.h"
#include "app/viewer/live/live_stream.h"

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

class LiveStreams {
public:
    // Connects to `request`; false with the reason in `error` (a skeleton file that does not
    // load). Connecting itself happens on the stream's thread: a sender not there yet is
    // retried with back-off, and the status says so.
    bool open(const LiveStreamRequest& request, std::string& error);
    // Any source (tests use scripted ones).
    // Called from a source's thread when a stream's events come to a viewer that sleeps while
    // nothing arrives (glfwPostEmptyEvent): set once, given to every stream opened.
    void setWake(std::function<void()> wake);
    void add(std::unique_ptr<LiveStream> stream);

    struct Events {
        bool added = false;    // a live character was added to the scene
        bool reshaped = false; // a live character stood up (its first frames)
        // A live character shown already was placed again (its stance measured once it
        // moved: refreshLiveCharacter): no new framing, the follow glides to it.
        bool restood = false;
        bool framesArrived = false; // some timeline grew
        std::vector<std::string> notices;
    };
    Events update(scene::Scene& scene, scene::UpAxisChoice upAxis, scene::UnitChoice unit);

    // Growing files: the files open (not live, not loading) are watched off the UI thread
    // (file_growth_watch.h); one that changed after it was read is followed from then on, its
    // character replaced in place by a live one reading the file as it grows. Call once per UI
    // frame, before update().
    void followGrowingFiles(const scene::Scene& scene);

    // Before the session's update, while following now: waits (at most a stream frame, at
    // most kMostFreshFrameWait) for a fresh frame of the first connected stream, so the pose
    // drawn is the one just read (LiveStream::awaitFreshFrame).
    static constexpr std::chrono::milliseconds kMostFreshFrameWait{10};
    void awaitFreshFrame();

    // After the live pose was sampled: each stream's latency (frame read to pose sampled).
    void posesSampled(bvhscope::live::LiveClock::time_point now);

    // [SECTION] Following now
    bool followingNow() const { return followingNow_; }
    void followNow() { followingNow_ = true; }
    // Before playback moves this frame: a time other than the one put last means the user
    // scrubbed or stepped, and following stops.
    void noticeUserTime(double playbackTime);
    // The time to show when following: the newest frame of the live characters; nullopt when
    // not following or no live character has frames.
    std::optional<double> nowTime(const scene::Scene& scene) const;
    // The time the session put on the playback (for noticeUserTime on the next frame).
    void timePut(double playbackTime) { timePut_ = playbackTime; }

    // [SECTION] Recording: every open stream records into `folder`, each take its own file.
    bool startRecording(const std::filesystem::path& folder, std::string& error);
    // Finishes every take; what to tell the user (files saved, failures).
    std::vector<std::string> stopRecording();
    bool recording() const;

    // Closes every stream (their characters stay, frozen).
    void closeAll();

    const std::vector<std::unique_ptr<LiveStream>>& streams() const { return streams_; }
    // A stream is busy (LiveStream::busy), or a file open was seen growing: the viewer keeps
    // drawing (or wakes from sleep within half a second).
    bool active() const;
    // Whether the playback time is the live edge's alone (following now, and every character a
    // live one, or none yet): playing then moves nothing until frames come.
    bool pinsPlayback(const scene::Scene& scene) const;
    // A stream is open whose character has no frames yet (--screenshot waits for them, as for
    // files still loading).
    bool awaitingFirstFrames(const scene::Scene& scene) const;
    double windowSeconds = kDefaultLiveWindowSeconds; // for streams opened from now on

private:
    struct Entry {
        std::shared_ptr<scene::LiveFrames> shown; // the frames its character shows (null: none yet)
    };
    std::function<void()> wake_;
    std::unique_ptr<FileGrowthWatch> fileWatch_; // made when a file is first open
    std::vector<std::string> watchedPaths_;
    std::vector<std::unique_ptr<LiveStream>> streams_;
    std::vector<Entry> entries_; // parallel to streams_
    bool followingNow_ = true;
    std::optional<double> timePut_;
};

// The index of the character showing `frames`, if it is in the scene.
std::optional<std::size_t> characterShowing(const scene::Scene& scene,
                                            const scene::LiveFrames* frames);

} // namespace bvhscope::viewer
