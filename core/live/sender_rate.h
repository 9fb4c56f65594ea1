// A live take's frame time from time stamps: the sender's where the format has them (VMC's T,
// mocopi's time), else the times frames arrived. The median of the steps between consecutive
// stamps, so a late datagram or a burst does not move it, and a sender that delivers 100 Hz is
// recorded at 100 Hz whatever anyone expected.
#pragma once

#include "core/live/live_frame.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace bvh::live {

// The coarsest stamps a sender writes: whole milliseconds (mocopi's `time`).
inline constexpr double kStampQuantumSeconds = 0.001;

// Seconds per frame from increasing `stamps` (seconds): the mean of the positive steps between
// consecutive ones that are near their median (within 1.5 ms or a quarter of it), so that
// millisecond stamps give 1/120 s, not 8 or 9 ms, and a lost frame's double step does not count;
// 0 when there are none (fewer than two stamps, or no stamp advanced).
double frameTimeFromStamps(std::span<const double> stamps);

// The first frames of a take, held until their stamps give its frame time (a take's Frame Time
// is written before its first row). Bounded: kFrames frames.
class RateMeasure {
public:
    static constexpr std::size_t kFrames = 10;

    // Holds `frame`, stamped by the sender (seconds) when it stamps, and by its arrival. True
    // once kFrames are held: frameTime() is then known and release() gives them.
    bool hold(LiveFrame frame, std::optional<double> senderSeconds, double arrivalSeconds);
    // The sender's step when every held frame had a sender stamp and it advanced, else the
    // arrivals' step, else `fallback`.
    double frameTime(double fallback) const;
    // Whether frameTime() is the sender's step (every held frame stamped, and the stamps
    // advanced).
    bool senderStamped() const;
    // The arrivals' step alone, else `fallback`.
    double arrivalFrameTime(double fallback) const;
    // Appends the held frames, numbered from `nextNumber` on, and forgets them.
    void release(std::vector<LiveFrame>& frames, std::uint64_t& nextNumber);
    void clear();
    std::size_t held() const { return frames_.size(); }

private:
    std::vector<LiveFrame> frames_;
    std::vector<double> senderStamps_; // -1 where a frame had none
    std::vector<double> arrivalStamps_;
};

} // namespace bvh::live
