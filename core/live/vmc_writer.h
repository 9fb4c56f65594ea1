// VMC protocol datagrams written as a VMC sender (VirtualMotionCapture, VSeeFace) sends them:
// the encoder of `bvhscope serve --format vmc` and of the tests' senders. Reads back through
// osc_packet.h and vmc_assembler.h.
#pragma once

#include "core/live/osc_writer.h"
#include "core/live/vmc_assembler.h"

#include <vector>

namespace bvh::live {

// How a frame is sent: one bundle (Root/Pos, every Bone/Pos, T, OK), or the same messages as
// separate datagrams, as a sender that does not bundle does.
enum class VmcPacking { Bundle, Messages };

// The datagrams of one frame: Root/Pos when `pose.root` is set (with the v2.1 scale and offset
// when they are not (1,1,1) and (0,0,0)), a Bone/Pos for each bone set, /VMC/Ext/T when
// `pose.senderTime` is set, then /VMC/Ext/OK.
std::vector<OscBytes> writeVmcFrame(const VmcPose& pose, VmcPacking packing);

} // namespace bvh::live
