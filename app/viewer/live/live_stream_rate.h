// The rate a live stream's character plays at (issue 41): the sender's own (a BVH stream's Frame
// Time, VMC's T, mocopi's time) when its format has one; otherwise measured from when frames
// arrived (core/live/arrival_rate.h, the measure `record` uses for its takes) once enough came;
// until then the --skeleton file's Frame Time or 1/120 s, assumed.
//
// No clock: the caller passes arrival times in seconds, so tests drive it. Never throws (except
// std::bad_alloc), never prints.
#pragma once

#include "app/scene/character_live_feed.h"
#include "core/live/arrival_rate.h"

#include <cstddef>

namespace bvhscope::viewer {

class LiveStreamRate {
public:
    // A measured rate replaces the one in use only when it differs by more than this share: the
    // median wavers by a fraction of a percent, and each change moves the timeline's frames.
    static constexpr double kLeastChangeShare = 0.01;
    // Measured frame times outside these are no capture's rate but a burst (frames queued while
    // the viewer was busy, a replay read as fast as it goes) or a stall: they are not used.
    static constexpr double kShortestMeasuredFrameTime = 1.0 / 1000.0;
    static constexpr double kLongestMeasuredFrameTime = 10.0;

    // A new skeleton (a new take): its frame time (not positive: none, then 1/120 s), and
    // whether the sender stated it (then nothing is measured).
    void reset(double headerFrameTime, bool fromSender);
    // `frames` frames completed by a read at `arrivalSeconds` (ArrivalRate::add). True when
    // frameTime() changed.
    bool add(double arrivalSeconds, std::size_t frames);

    double frameTime() const { return frameTime_; }
    scene::LiveRateOrigin origin() const { return origin_; }

private:
    bvh::live::ArrivalRate arrivals_;
    double frameTime_ = 1.0 / 120.0;
    scene::LiveRateOrigin origin_ = scene::LiveRateOrigin::Assumed;
};

} // namespace bvhscope::viewer
