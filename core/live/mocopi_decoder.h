// Sony mocopi's own UDP format as a DatagramDecoder (mocopi_fields.h): the 27-joint skeleton
// from `skdf`, frames from `fram`, named as Sony names the joints.
//
// The skeleton's offsets are the `skdf` local positions; root carries Xposition Yposition
// Zposition then, like every joint, Zrotation Xrotation Yrotation (degrees). mocopi's space is
// Y up, right-handed, metres, as BVH's: nothing is converted. Joints are written depth first
// (children by bone id), as a BVH hierarchy is. A bone a frame leaves out keeps its rest
// rotation. A new `skdf` with other parents or offsets is a new skeleton (a new take).
//
// Frames that come before any skeleton wait for it, at most kMostWaitingFrames (the oldest
// dropped, counted); waitingFor() says so. Rate: the steps of `uttm` (seconds) when the device
// sends it, else of `time` read as milliseconds, else of the arrival times; a `time` step outside
// 1 ms to 1 s is not taken to be milliseconds, and the arrivals give the rate.
#pragma once

#include "core/live/datagram_decoder.h"
#include "core/live/mocopi_fields.h"
#include "core/live/sender_rate.h"

#include <deque>

namespace bvh::live {

class MocopiDecoder final : public DatagramDecoder {
public:
    // About 5 s at mocopi's 50 Hz.
    static constexpr std::size_t kMostWaitingFrames = 256;

    std::string_view formatName() const override { return "mocopi"; }
    void read(std::span<const std::uint8_t> datagram) override;
    void endOfInput() override { releaseHeld_ = true; }
    bool step(double arrivalSeconds, std::vector<LiveFrame>& frames) override;
    const Skeleton* skeleton() const override { return ready_ ? &skeleton_ : nullptr; }
    std::uint32_t skeletonGeneration() const override { return generation_; }
    double frameTime() const override { return frameTime_; }
    bool frameTimeFromSender() const override { return frameTimeFromSender_; }
    std::string waitingFor() const override;
    DatagramCounters counters() const override { return counters_; }

private:
    void takeSkeleton(const MocopiSkeletonPacket& skeleton);
    LiveFrame frameValues(const MocopiFramePacket& frame);
    void addFrame(const MocopiFramePacket& frame, double arrivalSeconds,
                  std::vector<LiveFrame>& frames);
    void releaseHeld(std::vector<LiveFrame>& frames);

    DatagramCounters counters_;
    std::deque<MocopiFramePacket> waiting_;      // read, not stepped (or before a skeleton)
    std::optional<MocopiSkeletonPacket> device_; // the skeleton as the device sent it
    Skeleton skeleton_;
    std::array<int, kMocopiBones> nodeOfBone_{};
    std::vector<int> boneOfNode_;
    std::vector<glm::dvec3> lastDegrees_;
    bool ready_ = false; // the rate is measured: skeleton() is given
    bool releaseHeld_ = false;
    std::uint32_t generation_ = 0;
    double frameTime_ = 0.0;
    bool frameTimeFromSender_ = false;
    RateMeasure rate_;
    std::uint64_t nextNumber_ = 0;
};

} // namespace bvh::live
