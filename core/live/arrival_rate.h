// A live stream's frame time measured from when its frames arrived, for the formats that do not
// say their rate (Axis broadcasts, plain lines): the take's Frame Time and the viewer's timeline
// come from it, not from a --skeleton file's rate or 1/120 s.
//
// Robust, not the last interval: the median, over the frames that arrived in the last
// kWindowSeconds, of each read's interval since the read before divided by the frames it
// completed. So a read that brings two frames at once (TCP joins small writes) counts two
// frames of half its interval, a late read and the burst after it do not move the median, and a
// sender that delivers 100 Hz reads as 100 Hz whatever anyone expected.
//
// No clock: the caller passes arrival times (any steady clock, in seconds), so tests drive it.
// Bounded: kMostSamples samples. Never throws (except std::bad_alloc), never prints.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>

namespace bvh::live {

class ArrivalRate {
public:
    // The arrivals the estimate looks back over.
    static constexpr double kWindowSeconds = 4.0;
    // Samples kept at most (4 s at 1000 Hz reads).
    static constexpr std::size_t kMostSamples = 4096;
    // Samples needed before frameTime() says anything.
    static constexpr std::size_t kLeastSamples = 8;

    // `frames` frames completed by a read at `arrivalSeconds` (not earlier than the last read's).
    // Calls with the same time are one read (a consumer that gets frames one by one, each with
    // the time of the read that completed it).
    void add(double arrivalSeconds, std::size_t frames);
    // Seconds per frame: the median step over the window; nullopt before kLeastSamples steps.
    std::optional<double> frameTime() const;
    // Forgets every arrival (a new connection: the time between two connections is no step).
    void clear();

private:
    struct Step {
        double arrival = 0.0; // when the read came
        double seconds = 0.0; // its interval per frame
    };
    struct Read {
        double arrival = 0.0;
        double interval = 0.0; // since the read before (0 for the first)
        std::size_t frames = 0;
    };
    // The read's interval per frame, once for each of its frames.
    static void appendSteps(const Read& read, std::deque<Step>& steps);

    std::deque<Step> steps_;   // of the reads before the last
    std::optional<Read> read_; // the last read, still taking frames of the same time
};

} // namespace bvh::live
