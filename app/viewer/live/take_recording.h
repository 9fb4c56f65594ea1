// The viewer's Record: one take written to a BVH file on a thread of its own
// (app/live/take_recorder.h does the writing: a partial file renamed into place at the end, so a
// crash leaves a file bvhscope opens), so that a slow disk never holds up a UI frame.
//
// The UI thread hands over the stream's events as they arrive (add: a move, no copy). The queue
// is bounded (kMostQueuedFrames): frames beyond it while the disk lags are dropped and counted
// (framesDropped), never the UI's memory. Stopping (the destructor, or stop()) writes what is
// queued, finishes the file and joins the thread.
#pragma once

#include "app/live/live_source.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <ctime>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace bvhscope::viewer {

class TakeRecording {
public:
    // About 60 s of frames at 1000 Hz: what the disk may lag behind before frames are dropped.
    static constexpr std::size_t kMostQueuedFrames = 60000;

    // Starts writing `output` (it must not exist: see takeFileName) for frames of `skeleton`
    // at `frameTime`: the sender's when `frameTimeFromSender`, else measured from the frames'
    // arrivals as they come (app/live/take_recorder.h).
    TakeRecording(std::filesystem::path output, std::shared_ptr<const bvh::Skeleton> skeleton,
                  double frameTime, bool frameTimeFromSender);
    ~TakeRecording();
    TakeRecording(const TakeRecording&) = delete;
    TakeRecording& operator=(const TakeRecording&) = delete;

    // Queues one event for the file (frames, skeleton changes, gaps).
    void add(bvhscope::live::LiveEvent event);
    // Writes what is queued, finishes the file and joins the thread. Idempotent.
    void stop();

    const std::filesystem::path& output() const { return output_; }
    std::uint64_t framesRecorded() const { return framesRecorded_.load(); }
    std::uint64_t framesDropped() const { return framesDropped_.load(); }
    bool failed() const { return failed_.load(); }
    // What the recorder said (reconnections, a failure), oldest first; taken by the caller.
    std::vector<std::string> takeNotes();

private:
    void run(std::shared_ptr<const bvh::Skeleton> skeleton, double frameTime,
             bool frameTimeFromSender);

    std::filesystem::path output_;
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<bvhscope::live::LiveEvent> queue_;
    std::size_t queuedFrames_ = 0;
    bool stopping_ = false;
    std::vector<std::string> notes_;
    std::atomic<std::uint64_t> framesRecorded_{0};
    std::atomic<std::uint64_t> framesDropped_{0};
    std::atomic<bool> failed_{false};
    std::thread thread_;
};

// "take-2026-11-26_18-57-26.bvh" in `folder` for that local time; "...-2.bvh", "-3"... when
// the name is taken (several takes a second, or a file left from before).
std::filesystem::path takeFileName(const std::filesystem::path& folder, std::time_t when);

// Where takes go when no folder was chosen: "bvhscope-takes" in the home folder ($HOME,
// %USERPROFILE%), else in the current folder.
std::filesystem::path defaultTakeFolder();

} // namespace bvhscope::viewer
