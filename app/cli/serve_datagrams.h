// `bvhscope serve FILE --format vmc|mocopi --to HOST:PORT`: a capture sent over UDP as the
// devices send it, so that a VMC receiver (VSeeFace, another bvhscope) or a mocopi receiver can
// be fed without hardware.
//
//   vmc     one OSC bundle a frame: /VMC/Ext/Root/Pos (the origin), /VMC/Ext/Bone/Pos for each
//           Unity humanoid bone a capture joint drives (app/cli/device_pose.h), /VMC/Ext/T (the
//           frame's time, seconds from the first frame sent), /VMC/Ext/OK; Unity's space.
//   mocopi  the 27-joint skeleton (`skdf`) first and again every second (a receiver started
//           later gets it), then one `fram` a frame, `time` in milliseconds from the first.
//
// Frames go out at the capture's rate (or the one asked for) by the clock, to the end or, with
// --loop, on until stopped (live/stop_request.h); stamps keep increasing across loops. Frames
// more than 1 s late (the process was not scheduled) are skipped and counted, as TCP serve does.
// A receiver that is not listening yet refuses datagrams (counted); sending goes on.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace bvhscope::cli {

enum class DeviceFormat { Vmc, Mocopi };

struct DatagramServeRequest {
    std::string input;
    DeviceFormat format = DeviceFormat::Vmc;
    std::string host;
    std::uint16_t port = 0;
    std::optional<double> rate; // frames a second; the capture's when not given
    bool loop = false;
};

// Frames due longer ago than this are skipped (counted) rather than sent, by every `serve`:
// a scheduler that wakes late sends what it missed, but a rate the sending cannot hold never
// builds a backlog.
inline constexpr double kMostServeLatenessSeconds = 1.0;

// "1 frame", "2 frames": the closing lines' counts, TCP and UDP alike.
std::string countOf(std::uint64_t count, std::string_view thing);

// "vmc", "mocopi".
const char* deviceFormatName(DeviceFormat format);

// Serves `request`; returns the exit status: 0 served (or stopped), 1 the file does not load or
// has no joint for a bone the device needs, 2 the destination does not resolve.
int serveDatagrams(const DatagramServeRequest& request, std::ostream& out, std::ostream& err);

} // namespace bvhscope::cli
