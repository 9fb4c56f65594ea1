// Datagrams in, frames out: the interface of the decoders of devices that send UDP (VMC:
// vmc_decoder.h; mocopi's own format would be one more), which one datagram source
// (app/live/datagram_source.h) runs, as StreamDecoder is for byte streams.
//
// A datagram is read whole (read()), then its frames are taken one step at a time (step()), so
// that a skeleton that changes between two frames is published between them: every frame one
// step() appends belongs to skeleton() as it is after that step. No sockets, threads or clock:
// the caller passes arrival times. Never throws (except std::bad_alloc), never prints.
#pragma once

#include "core/live/live_frame.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvh::live {

// What a datagram decoder counted: each datagram or message dropped, by the reason.
struct DatagramCounters {
    std::uint64_t datagrams = 0;    // datagrams read (from the sender in use)
    std::uint64_t frames = 0;       // frames given
    std::uint64_t oversized = 0;    // longer than the receive buffer: dropped by the source
    std::uint64_t truncated = 0;    // a length past the end of the datagram
    std::uint64_t unknownTags = 0;  // a type tag or field tag of unknown size
    std::uint64_t nonFinite = 0;    // a NaN or infinite number
    std::uint64_t malformed = 0;    // the wrong arguments or fields for what it is
    std::uint64_t unknownBones = 0; // a bone name or id the skeleton cannot have
    std::uint64_t ignored = 0;      // well-formed but not motion (VMC: other addresses)
    // Sum of the drops, for a status line.
    std::uint64_t dropped() const {
        return oversized + truncated + unknownTags + nonFinite + malformed + unknownBones;
    }
};

class DatagramDecoder {
public:
    virtual ~DatagramDecoder() = default;

    virtual std::string_view formatName() const = 0; // "vmc"
    // Reads one datagram (any bytes).
    virtual void read(std::span<const std::uint8_t> datagram) = 0;
    // The sender went quiet (or the source stops): a frame that waits for a closing message,
    // and frames held to measure the rate, are given by the next steps.
    virtual void endOfInput() = 0;
    // Takes one frame's step of what was read: appends the frames it completes (none while the
    // skeleton is not known yet, several when held frames are released). False when nothing
    // was left to step.
    virtual bool step(double arrivalSeconds, std::vector<LiveFrame>& frames) = 0;

    virtual const Skeleton* skeleton() const = 0; // null until known
    // Increments whenever skeleton() becomes another skeleton.
    virtual std::uint32_t skeletonGeneration() const = 0;
    virtual double frameTime() const = 0;
    // Whether frameTime() came from the sender's time stamps (VMC's T, mocopi's time), not
    // from the arrivals of the first frames: a consumer goes on measuring the others.
    virtual bool frameTimeFromSender() const = 0;
    // What the decoder waits for before it gives frames ("" when it gives them), for a status
    // line: "waiting for a complete frame".
    virtual std::string waitingFor() const = 0;
    virtual DatagramCounters counters() const = 0;
};

} // namespace bvh::live
