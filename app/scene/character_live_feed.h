// A live stream's character (app/viewer/live): the frames it shows, and the timeline frames
// they span. Its clip holds the stream's skeleton and no frames.
//
// Owner: the live functions of character.h (makeLiveCharacter, refreshLiveCharacter), which
// app/viewer/live calls once per UI frame; the stream's thread writes only LiveFrames, under its
// mutex. The `character_parts` CTest fails on a write outside them.
#pragma once

#include "core/live/frame_window.h"

#include <cstdint>
#include <memory>
#include <mutex>

namespace bvhscope::scene {

// The frames of a live stream a character shows (app/viewer/live pushes them once per UI frame):
// the last minutes in a fixed ring (core/live/frame_window.h), read and written under `mutex`.
// Timeline frame f is the stream's frame number firstNumber + f: numbers keep counting, so a
// frame the sender skipped is a gap that shows the frame before it, and frames older than the
// window are no longer scrubbable (sampling them gives the oldest held).
struct LiveFrames {
    LiveFrames(std::uint32_t channelCount, double frameTime, double keepSeconds)
        : window(channelCount, frameTime, keepSeconds) {}
    mutable std::mutex mutex;
    bvh::live::FrameWindow window;
    std::uint64_t firstNumber = 0; // the stream's number of timeline frame 0
    bool started = false;          // firstNumber is set
};

// Where a live character's rate comes from (app/viewer/live/live_stream_rate.h): the sender's
// time stamps, the frames' arrival times, or neither (a --skeleton file's rate or 1/120 s).
enum class LiveRateOrigin { Sender, Measured, Assumed };

struct CharacterLiveFeed {
    std::shared_ptr<LiveFrames> frames; // null: not a live character
    std::uint32_t frameCount = 0;       // timeline frames: up to the newest received
    std::uint32_t firstHeldFrame = 0;   // the oldest still in memory (scrubbable from here)
    bool stanceSettled = false;         // measured again after kLiveStanceSeconds of frames
    LiveRateOrigin rateOrigin = LiveRateOrigin::Assumed;
};

} // namespace bvhscope::scene
