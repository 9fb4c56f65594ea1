// One live stream in the viewer: its source (app/live: a TCP client with reconnect, on its own
// thread), the window of frames its character shows (LiveFrames, app/scene/character.h), the
// take being recorded, and what the status line says.
//
// pump() runs once per UI frame and does bounded work whatever the sender does: it takes what
// the source queued (itself bounded: LiveSource::kMostQueuedBytes), puts at most
// kMostFramesShownPerPump of the newest frames into the window (the rest are counted as not
// shown; a flood of 100 000 frames a second costs the UI that many copies a frame, no more), and
// hands every frame to the recording by a move. Memory: the window (fixed when the skeleton
// arrives), the source's queue and the recording's queue (take_recording.h).
#pragma once

#include "app/live/live_source.h"
#include "app/scene/character.h"
#include "app/viewer/live/live_address.h"
#include "app/viewer/live/live_stream_rate.h"
#include "app/viewer/live/take_recording.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::viewer {

// Frames put into the window per UI frame at most: 16 UI frames a second still show 16 000
// frames a second, far above any capture rate.
inline constexpr std::size_t kMostFramesShownPerPump = 1000;
// Seconds of frames kept in memory for scrubbing (Settings: from kLeast.. to kMost...).
inline constexpr double kDefaultLiveWindowSeconds = 120.0;
inline constexpr double kLeastLiveWindowSeconds = 5.0;
inline constexpr double kMostLiveWindowSeconds = 1800.0;

struct LiveStreamStatus {
    std::string name;         // "tcp://HOST:PORT", or a followed file's name
    bool followsFile = false; // a file followed while it is written, not a network stream
    bvhscope::live::LiveStatus source;
    std::uint64_t framesReceived = 0; // taken from the source
    std::uint64_t framesNotShown = 0; // taken, but beyond a UI frame's share of the window
    std::size_t windowFrames = 0;     // held in memory now
    double windowSeconds = 0.0;       // what the window holds at the stream's frame time
    double latencyMilliseconds = 0.0; // median, frame read to pose sampled, the last 256
    std::size_t latencySamples = 0;
    // The stream's value count against the skeleton's ("" when they agree).
    std::string mismatch;
    bool recording = false;
    std::filesystem::path recordingFile;             // while recording
    std::uint64_t framesRecorded = 0;                // of the take being recorded
    std::uint64_t recordingDropped = 0;              // frames the disk was too slow for
    std::vector<std::filesystem::path> takesWritten; // this session, in order
};

class LiveStream {
public:
    // Starts `source` (not started yet) and shows it as `name`.
    LiveStream(std::string name, std::unique_ptr<bvhscope::live::LiveSource> source,
               double windowSeconds);

    // A file followed while it is written (sourcePath() non-empty): every row goes into the
    // window (the source reads a file only as fast as its frames are taken, so there is no
    // flood to thin out), and a file rewritten from the start starts a new take.
    void followsFile(std::string path) {
        sourcePath_ = std::move(path);
        mostFramesShownPerPump_ = SIZE_MAX;
    }
    const std::string& sourcePath() const { return sourcePath_; }
    ~LiveStream();
    LiveStream(const LiveStream&) = delete;
    LiveStream& operator=(const LiveStream&) = delete;

    struct PumpOutcome {
        bool skeletonChanged = false; // frames() is new, for skeleton(): a new character
        bool framesArrived = false;   // frames were put into the window
        bool rateChanged = false;     // rate() has a new frame time or origin
        std::vector<std::string> notices;
    };
    // Once per UI frame (see above). `now` is the UI's clock, for the latency.
    PumpOutcome pump();
    // Before the UI frame samples the pose: when the newest frame queued is not fresh (read
    // over a millisecond ago) and the stream is connected, waits up to `budget` for the next
    // one, so that the pose drawn is the frame just read rather than one that waited a UI frame
    // (the viewer's frames follow the stream's while following now). What it took is handed
    // to the next pump().
    void awaitFreshFrame(std::chrono::microseconds budget);
    // After the pose was sampled for drawing: the newest frame's latency is measured.
    void poseSampled(bvhscope::live::LiveClock::time_point now);

    const std::string& name() const { return name_; }
    // The frames the character shows; null until the stream's skeleton is known.
    const std::shared_ptr<scene::LiveFrames>& frames() const { return frames_; }
    const std::shared_ptr<const bvh::Skeleton>& skeleton() const { return skeleton_; }
    // The rate the character plays at: the sender's, measured from arrivals, or assumed.
    double frameTime() const { return rate_.frameTime(); }
    const LiveStreamRate& rate() const { return rate_; }

    // Record: a new take file in `folder` (created if needed), named by the date and time.
    // False with the reason in `error` when the skeleton is not known yet or the folder cannot
    // be made.
    bool startRecording(const std::filesystem::path& folder, std::string& error);
    // Stop: the take is finished (on its thread, waited for here: the last second of rows).
    // Returns what the recorder said at the end (the file saved, or why it failed).
    std::vector<std::string> stopRecording();
    bool recording() const { return recording_ != nullptr; }

    // Stops the source and any recording; the window stays for the character.
    void close();
    bool closed() const { return source_ == nullptr; }
    // Whether the viewer keeps drawing for this stream: while events wait to be taken, while
    // frames came in the last two seconds (a network stream, or a followed file that grows),
    // and when its status changed since the last pump (so that it is shown). A connection that
    // sends nothing, or a file that stopped growing, lets the viewer sleep: the source wakes it
    // when events come (setWake), a followed file's next rows within half a second (the viewer's
    // idle wake).
    bool busy() const;
    // Forwards to the source: `wake` is called when events come to a viewer that may sleep.
    void setWake(std::function<void()> wake);

    LiveStreamStatus status() const;

private:
    void handleSkeleton(const bvhscope::live::LiveEvent& event, PumpOutcome& outcome);
    void pushNewestFrames(std::vector<bvhscope::live::LiveEvent>& events, PumpOutcome& outcome);
    std::vector<std::string> finishRecording();

    std::string name_;
    std::string sourcePath_;
    std::size_t mostFramesShownPerPump_ = kMostFramesShownPerPump;
    std::unique_ptr<bvhscope::live::LiveSource> source_;
    double windowSeconds_;
    std::shared_ptr<scene::LiveFrames> frames_;
    std::shared_ptr<const bvh::Skeleton> skeleton_;
    double frameTime_ = 0.0;
    bool frameTimeFromSender_ = false; // else a take measures the rate from arrivals
    LiveStreamRate rate_;              // what the character plays at
    std::unique_ptr<TakeRecording> recording_;
    std::vector<std::filesystem::path> takesWritten_;
    std::uint64_t framesReceived_ = 0;
    std::uint64_t framesNotShown_ = 0;
    std::optional<bvhscope::live::LiveClock::time_point> newestUnsampled_;
    std::vector<double> latencies_; // ring of the last kLatencySamples, milliseconds
    std::size_t nextLatency_ = 0;
    bvhscope::live::LiveStatus lastSourceStatus_;
    std::optional<bvh::live::CountMismatch> mismatchSaid_;
    std::vector<bvhscope::live::LiveEvent> events_; // storage reused between pumps
};

// A TCP client stream for `request` (the skeleton file read now). Null with the reason in
// `error` when the skeleton file does not load.
std::unique_ptr<LiveStream> openLiveStream(const LiveStreamRequest& request, double windowSeconds,
                                           std::string& error);
// A BVH file followed while it is written (app/live/growing_file_source.h), shown as
// `displayName`.
std::unique_ptr<LiveStream> openGrowingFile(const std::string& path, std::string displayName,
                                            double windowSeconds);

} // namespace bvhscope::viewer
