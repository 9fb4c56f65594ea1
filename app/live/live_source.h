// A source of live frames that runs on its own thread (a TCP client, a growing file; later
// VMC/OSC, Rokoko, mocopi, NatNet receivers), and the thread-safe queue through which it hands
// decoded frames and what happened to its consumer (`record`, the viewer).
//
// A receiver is one subclass: it implements run(), which reads its input until stopping() and
// reports through the protected publish...() and status calls. The base owns the thread, the
// queue and the status, so every receiver looks the same to a consumer:
//
//   TcpClientSource source(...);  source.start();
//   while (...) { source.take(events, 100ms); for (LiveEvent& e : events) ...; }
//
// The queue is bounded (kMostQueuedBytes of frame values and text): a consumer that stops
// taking frames costs that much memory at most; the frames that do not fit are dropped, oldest
// kept, and counted (LiveStatus::framesDropped). Events other than frames are never dropped.
#pragma once

#include "core/live/datagram_decoder.h"
#include "core/live/live_frame.h"
#include "core/live/stream_decoder.h"
#include "core/model/skeleton.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::live {

using LiveClock = std::chrono::steady_clock;

struct LiveEvent {
    enum class Kind {
        Connected,    // a connection (or a file) opened: `text` names the peer; `connection` counts
        Disconnected, // it ended: `text` says why; frames of the next connection come after
        Skeleton,     // `skeleton` and `frameTime` hold for the frames that follow
        Frame,        // `frame`, read at `receivedAt`
    };
    Kind kind = Kind::Frame;
    std::uint32_t connection = 0; // 1 for the first connection, +1 for each after it
    std::string text;
    std::shared_ptr<const bvh::Skeleton> skeleton;
    double frameTime = 0.0;
    // Skeleton: whether frameTime is the sender's (a BVH header's, VMC's T, mocopi's time);
    // else it is a rate given or assumed here, and consumers measure the rate from arrivals
    // (core/live/arrival_rate.h).
    bool frameTimeFromSender = false;
    bvh::live::LiveFrame frame;
    LiveClock::time_point receivedAt; // when the bytes that completed the frame were read
};

struct LiveStatus {
    enum class Connection { Starting, Connected, Reconnecting, Ended };
    Connection connection = Connection::Starting;
    std::uint32_t connections = 0;       // made so far
    std::uint32_t reconnectAttempts = 0; // failed tries since the last connection
    double framesPerSecond = 0.0;        // frames decoded in the last second
    double latencyMilliseconds = 0.0;    // median time from read to take(), the last 256 frames
    std::uint64_t framesDropped = 0;     // frames the queue had no room for
    bvh::live::DecodeCounters counters;  // what the decoder produced and skipped
    std::optional<bvh::live::CountMismatch> mismatch;
    std::string lastError; // "" when none yet
    std::string format;    // the stream format in use ("axis", "bvh", ...), "" while unknown
    // Skeleton events published: one for each connection (a new connection is a new skeleton,
    // even when it sends the same header) and one for each header a connection changes.
    std::uint32_t skeletons = 0;
    // Of those, the ones whose skeleton or frame time differs from the one before: each starts
    // a new take in a recorder, and a new character in the viewer (0 while the stream keeps one
    // skeleton at one rate). A viewer shows it ("the skeleton changed 2 times: 3 takes").
    std::uint32_t skeletonChanges = 0;
    // Datagram sources (VMC, mocopi): what was read and dropped, by the reason.
    bvh::live::DatagramCounters datagrams;
    // Datagrams from senders other than the one in use, not mixed into the take; the last one.
    std::uint64_t otherSenderDatagrams = 0;
    std::string otherSender;
    // What the source waits for before it gives frames ("" when it gives them).
    std::string waitingFor;
};

// Whether two skeletons are the same for a take: the same joints, names, offsets and channels.
// A take holds one skeleton at one frame time; a stream that changes either starts a new one.
bool sameSkeleton(const bvh::Skeleton& a, const bvh::Skeleton& b);

class LiveSource {
public:
    // Frame bytes the queue holds at most (values and text): 64 MiB, about 12 000 frames of
    // 354 values, 12 s at 1000 Hz.
    static constexpr std::size_t kMostQueuedBytes = std::size_t{64} << 20;

    LiveSource() = default;
    virtual ~LiveSource(); // subclasses call stop() in theirs: run() must not outlive them
    LiveSource(const LiveSource&) = delete;
    LiveSource& operator=(const LiveSource&) = delete;

    void start();
    // Asks run() to return and waits for the thread (within about 100 ms).
    void stop();

    // Moves the waiting events to the end of `events`, waiting up to `wait` for the first.
    // Returns how many were added.
    std::size_t take(std::vector<LiveEvent>& events, std::chrono::milliseconds wait);
    LiveStatus status() const;
    // Whether events wait to be taken.
    bool hasEvents() const;
    // `wake` is called (on the source's thread, no lock held) when events come into an empty
    // queue, so that a consumer asleep between takes (the viewer, waiting for input) wakes for
    // them and sleeps while a connection sends nothing. Thread-safe; empty for none.
    void setWake(std::function<void()> wake);

protected:
    // The receiver, on the source's thread: returns when stopping() or when the input is over
    // for good (the status then says Ended).
    virtual void run() = 0;
    bool stopping() const { return stopping_.load(); }
    // Waits up to `duration`, returning early (false) when a stop is asked for.
    bool sleepUnlessStopped(std::chrono::milliseconds duration);

    // Waits while the queue holds more than half its bound of frames, so a source that can
    // pace itself (a file read faster than anyone takes its frames) slows down instead of having
    // frames dropped. Returns false when a stop was asked for.
    bool waitForQueueRoom();
    void publish(LiveEvent event);
    void publishFrames(std::vector<bvh::live::LiveFrame>& frames, LiveClock::time_point receivedAt);
    // Publishes what a decoder gave from one read: the decoder's counts and problems into the
    // status first (a consumer that sees the frames sees the counts that came with them), then
    // its skeleton when it is one not published yet (the first of each connection, even the
    // same as the last connection's; a new one a `bvh` stream's second HIERARCHY brings; see
    // StreamDecoder::skeletonGeneration), then `frames` (moved out).
    void publishDecoded(const bvh::live::StreamDecoder& decoder,
                        std::vector<bvh::live::LiveFrame>& frames, std::uint32_t connection,
                        LiveClock::time_point receivedAt);
    // Publishes a Skeleton event for the frames that follow, counting it in the status (and as
    // a change when it or its frame time differs from the last one published).
    void publishSkeleton(std::shared_ptr<const bvh::Skeleton> skeleton, double frameTime,
                         bool frameTimeFromSender, std::uint32_t connection);
    // The next skeleton the decoder gives is published even if it is the same object (a file
    // rewritten from the start, a new connection).
    void forgetPublishedSkeleton() { publishedSkeleton_ = nullptr; }
    // Updates the status under its lock.
    template <class Change>
    void updateStatus(Change&& change) {
        std::lock_guard lock(mutex_);
        change(status_);
    }

private:
    void publishSkeletonIfChanged(const bvh::live::StreamDecoder& decoder,
                                  std::uint32_t connection);
    static std::size_t frameBytes(const bvh::live::LiveFrame& frame);
    void countFrameRate(std::size_t frames, LiveClock::time_point now);

    mutable std::mutex mutex_;
    std::condition_variable ready_;
    std::condition_variable taken_; // signalled by take(): room in the queue
    std::deque<LiveEvent> queue_;
    std::function<void()> consumerWake_; // under mutex_
    std::size_t queuedFrameBytes_ = 0;
    LiveStatus status_;
    std::vector<double> latencies_; // ring of the last kLatencySamples
    std::size_t nextLatency_ = 0;
    LiveClock::time_point rateWindowStart_{}; // frames counted since, for framesPerSecond
    std::uint64_t framesInRateWindow_ = 0;
    // What the last Skeleton event was published for: a skeleton is published again when the
    // connection, the decoder's skeleton or its generation differs.
    std::uint32_t publishedGeneration_ = 0;
    const bvh::Skeleton* publishedSkeleton_ = nullptr;
    std::uint32_t publishedConnection_ = 0;
    std::shared_ptr<const bvh::Skeleton> lastPublished_; // with lastFrameTime_: for skeletonChanges
    double lastFrameTime_ = 0.0;
    std::atomic<bool> stopping_{false};
    std::mutex sleepMutex_;
    std::condition_variable wake_;
    std::thread thread_;
};

} // namespace bvhscope::live
