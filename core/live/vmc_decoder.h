// The VMC protocol as a DatagramDecoder: OSC packets (osc_packet.h) into VMC frames
// (vmc_assembler.h) into a skeleton and channel values (vmc_frames.h).
#pragma once

#include "core/live/datagram_decoder.h"
#include "core/live/osc_packet.h"
#include "core/live/vmc_assembler.h"
#include "core/live/vmc_frames.h"

#include <deque>

namespace bvh::live {

class VmcDecoder final : public DatagramDecoder {
public:
    // Poses read and not yet stepped, at most: a caller that reads without stepping loses the
    // oldest (the source steps after every read, so this only bounds memory).
    static constexpr std::size_t kMostWaitingPoses = 64;

    std::string_view formatName() const override { return "vmc"; }
    void read(std::span<const std::uint8_t> datagram) override;
    void endOfInput() override;
    bool step(double arrivalSeconds, std::vector<LiveFrame>& frames) override;
    const Skeleton* skeleton() const override { return frames_.skeleton(); }
    std::uint32_t skeletonGeneration() const override { return frames_.skeletonGeneration(); }
    double frameTime() const override { return frames_.frameTime(); }
    bool frameTimeFromSender() const override { return frames_.frameTimeFromSender(); }
    std::string waitingFor() const override;
    DatagramCounters counters() const override;

private:
    OscCounters osc_;
    VmcAssembler assembler_;
    VmcFrames frames_;
    std::vector<OscMessage> messages_;
    std::vector<VmcPose> ready_;
    std::deque<VmcPose> waiting_;
    bool releaseHeld_ = false; // the sender went quiet: give the held frames at the next step
    std::uint64_t framesGiven_ = 0;
};

} // namespace bvh::live
