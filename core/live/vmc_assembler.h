// VMC protocol messages (OSC, osc_packet.h) gathered into frames: the performer's pose as a VMC
// sender (VSeeFace, VirtualMotionCapture, XR Animator, the mocopi bridge...) sends it, in
// Unity's space, not yet converted (vmc_take.h does that).
//
// Read: /VMC/Ext/Root/Pos (name, position, quaternion; the v2.1 scale and offset when the six
// floats follow), /VMC/Ext/Bone/Pos (a Unity humanoid bone's name, local position, local
// quaternion), /VMC/Ext/T (the sender's time, seconds) and /VMC/Ext/OK. Every other address
// is ignored (counted). A frame is the bone data of one bundle; a sender that does not bundle
// ends a frame with T or OK. A T that follows the OK which ended a frame is that frame's time.
//
// Bad messages are counted and dropped, never a crash: arguments of the wrong types or count
// (`malformed`), a NaN or infinite number (`nonFinite`), a bone name Unity does not have
// (`unknownBones`). No sockets, no clock. Never throws (except std::bad_alloc), never prints.
#pragma once

#include "core/live/osc_packet.h"
#include "core/live/unity_humanoid.h"

#include <array>
#include <cstdint>
#include <glm/ext/quaternion_double.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <vector>

namespace bvh::live {

// A transform as Unity has it: left-handed, Y up, metres.
struct UnityTransform {
    glm::dvec3 position{0.0};
    glm::dquat rotation{1.0, 0.0, 0.0, 0.0};
};

struct VmcPose {
    std::optional<double> senderTime; // /VMC/Ext/T, seconds
    std::optional<UnityTransform> root;
    glm::dvec3 rootScale{1.0};  // v2.1's scale, (1, 1, 1) when not sent
    glm::dvec3 rootOffset{0.0}; // v2.1's offset, (0, 0, 0) when not sent
    // Local to each bone's parent, by kUnityHumanoid index: the bones this frame sent.
    std::array<std::optional<UnityTransform>, kUnityHumanoidBones> bones;
    bool hasBones() const;
};

struct VmcCounters {
    std::uint64_t frames = 0;
    std::uint64_t ignoredMessages = 0; // other addresses
    std::uint64_t malformed = 0;       // a VMC address with arguments of the wrong types or count
    std::uint64_t nonFinite = 0;       // a NaN or infinite number
    std::uint64_t unknownBones = 0;    // a Bone/Pos name Unity does not have
};

class VmcAssembler {
public:
    // The messages of one datagram (`readOscPacket`'s), in order: complete frames are appended
    // to `frames`. A datagram that was a bundle ends its frame.
    void feed(std::span<const OscMessage> messages, std::vector<VmcPose>& frames);
    // Appends a frame that waits for a T that may not come (call when the stream goes quiet).
    void flush(std::vector<VmcPose>& frames);
    const VmcCounters& counters() const { return counters_; }

private:
    void readMessage(const OscMessage& message, std::vector<VmcPose>& frames);
    void readRoot(const OscMessage& message);
    void readBone(const OscMessage& message);
    void readTime(const OscMessage& message, std::vector<VmcPose>& frames);
    void endFrame(std::vector<VmcPose>& frames);
    void emit(VmcPose& pose, std::vector<VmcPose>& frames);

    VmcPose pending_;              // data since the last frame ended
    std::optional<VmcPose> ended_; // ended by OK without a time: waits for a T or new data
    VmcCounters counters_;
};

} // namespace bvh::live
