#include "app/cli/serve_datagrams.h"

#include "app/cli/command_line.h"
#include "app/cli/device_pose.h"
#include "app/live/socket.h"
#include "app/live/stop_request.h"
#include "core/live/mocopi_fields.h"
#include "core/live/vmc_writer.h"
#include "core/platform/utf8_path.h"
#include "core/reader/document.h"

#include <chrono>
#include <cmath>
#include <thread>

namespace bvhscope::cli {
namespace {

// The longest sleep between two checks for a stop request.
constexpr std::chrono::milliseconds kLongestDatagramWait(50);
// Joints named in the "not sent" line, at most.
constexpr std::size_t kMostUnmappedNamed = 12;

// [SECTION] Encoding a frame

// The device's right-handed space into Unity's left-handed one: X negated, as VMC receivers
// undo it (core/live/vmc_frames.h), so the figure keeps its handedness.
bvh::live::UnityTransform unityTransform(const DeviceBonePose& pose) {
    return {{-pose.position.x, pose.position.y, pose.position.z},
            glm::dquat(pose.rotation.w, pose.rotation.x, -pose.rotation.y, -pose.rotation.z)};
}

std::vector<std::uint8_t> vmcDatagram(const DevicePoser& poser,
                                      const std::vector<DeviceBonePose>& poses, double seconds) {
    bvh::live::VmcPose pose;
    pose.root = bvh::live::UnityTransform{}; // the avatar at the origin; Hips carries the motion
    pose.senderTime = seconds;
    for (std::size_t bone = 0; bone < poser.boneCount(); ++bone) {
        if (poser.driven(bone)) {
            pose.bones[bone] = unityTransform(poses[bone]);
        }
    }
    return bvh::live::writeVmcFrame(pose, bvh::live::VmcPacking::Bundle).front();
}

std::vector<std::uint8_t> mocopiSkeletonDatagram(const DevicePoser& poser) {
    bvh::live::MocopiSkeletonPacket skeleton;
    for (std::size_t bone = 0; bone < bvh::live::kMocopiBones; ++bone) {
        skeleton.parents[bone] = poser.parentOf(bone);
        skeleton.rest[bone].position = poser.restOffsets()[bone];
    }
    return bvh::live::writeMocopiSkeleton(skeleton);
}

std::vector<std::uint8_t> mocopiFrameDatagram(const std::vector<DeviceBonePose>& poses,
                                              std::uint64_t number, double seconds) {
    bvh::live::MocopiFramePacket frame;
    frame.number = static_cast<std::uint32_t>(number);
    frame.time = static_cast<std::uint32_t>(std::llround(seconds * 1000.0)); // milliseconds
    for (std::size_t bone = 0; bone < bvh::live::kMocopiBones; ++bone) {
        frame.bones[bone] = bvh::live::MocopiTransform{poses[bone].rotation, poses[bone].position};
    }
    return bvh::live::writeMocopiFrame(frame);
}

// [SECTION] Sending

struct DatagramProgress {
    std::uint64_t framesSent = 0;
    std::uint64_t datagramsSent = 0;
    std::uint64_t framesSkipped = 0; // more than a second late
    std::uint64_t refused = 0;       // nothing listened (ICMP port unreachable) or a send failed
    std::uint64_t unsent = 0;        // the socket's buffer stayed full
    std::string lastError;
};

// One datagram; a full send buffer is waited on briefly, a refusal counted.
void sendDatagram(const live::Socket& socket, const std::vector<std::uint8_t>& datagram,
                  DatagramProgress& progress) {
    const std::string_view bytes(reinterpret_cast<const char*>(datagram.data()), datagram.size());
    for (int attempt = 0; attempt < 2; ++attempt) {
        const live::IoResult result = live::sendSome(socket, bytes);
        if (result.status == live::IoStatus::Progress) {
            ++progress.datagramsSent;
            return;
        }
        if (result.status == live::IoStatus::Failed) {
            ++progress.refused;
            progress.lastError = result.error;
            return;
        }
        live::SocketWait wait{socket.native(), false, true};
        live::waitForSockets(std::span(&wait, 1), std::chrono::milliseconds(100));
    }
    ++progress.unsent;
}

struct FrameSender {
    const DatagramServeRequest& request;
    const bvh::Document& document;
    DevicePoser& poser;
    const live::Socket& socket;
    double rate;
    std::vector<DeviceBonePose> poses;

    void send(std::uint64_t position, DatagramProgress& progress) {
        const double seconds = static_cast<double>(position) / rate;
        poser.pose(static_cast<std::uint32_t>(position % document.motion.frameCount), poses);
        if (request.format == DeviceFormat::Vmc) {
            sendDatagram(socket, vmcDatagram(poser, poses, seconds), progress);
        } else {
            // The skeleton first and once a second, as a receiver may start at any time.
            const auto everySecond = std::max<std::uint64_t>(1, std::llround(rate));
            if (position % everySecond == 0) {
                sendDatagram(socket, mocopiSkeletonDatagram(poser), progress);
            }
            sendDatagram(socket, mocopiFrameDatagram(poses, position, seconds), progress);
        }
        ++progress.framesSent;
    }
};

// Sends on the clock until the capture ends (without --loop) or a stop is asked for.
DatagramProgress sendFrames(FrameSender& sender) {
    using Clock = std::chrono::steady_clock;
    const std::uint64_t frameCount = sender.document.motion.frameCount;
    DatagramProgress progress;
    const Clock::time_point start = Clock::now();
    std::uint64_t position = 0;
    while (!live::stopRequested() && (sender.request.loop || position < frameCount)) {
        const auto due = start + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(position / sender.rate));
        const Clock::time_point now = Clock::now();
        if (now < due) {
            std::this_thread::sleep_for(std::min<Clock::duration>(due - now, kLongestDatagramWait));
            continue;
        }
        if (std::chrono::duration<double>(now - due).count() > kMostServeLatenessSeconds) {
            ++progress.framesSkipped;
        } else {
            sender.send(position, progress);
        }
        ++position;
    }
    return progress;
}

void reportDatagramsSent(const DatagramProgress& progress, const DatagramServeRequest& request,
                         std::ostream& err) {
    err << "bvhscope serve: sent " << countOf(progress.framesSent, "frame") << " in "
        << countOf(progress.datagramsSent, "datagram") << " to " << request.host << ':'
        << request.port << '\n';
    if (progress.framesSkipped > 0) {
        err << "bvhscope serve: skipped " << countOf(progress.framesSkipped, "frame")
            << " more than 1 s late\n";
    }
    if (progress.refused > 0) {
        err << "bvhscope serve: " << countOf(progress.refused, "datagram") << " refused ("
            << progress.lastError << "): nothing was listening there then\n";
    }
    if (progress.unsent > 0) {
        err << "bvhscope serve: " << countOf(progress.unsent, "datagram")
            << " not sent: the socket's buffer stayed full\n";
    }
}

void reportUnmapped(const DevicePoser& poser, DeviceFormat format, std::ostream& err) {
    const std::vector<std::string>& joints = poser.unmappedJoints();
    if (joints.empty()) {
        return;
    }
    err << "bvhscope serve: " << countOf(joints.size(), "joint") << " with no "
        << (format == DeviceFormat::Vmc ? "Unity humanoid" : "mocopi")
        << " bone, not sent (the bones below them keep their rest offsets):";
    for (std::size_t joint = 0; joint < std::min(joints.size(), kMostUnmappedNamed); ++joint) {
        err << (joint == 0 ? " " : ", ") << joints[joint];
    }
    if (joints.size() > kMostUnmappedNamed) {
        err << " and " << joints.size() - kMostUnmappedNamed << " more";
    }
    err << '\n';
}

} // namespace

std::string countOf(std::uint64_t count, std::string_view thing) {
    return std::to_string(count) + ' ' + std::string(thing) + (count == 1 ? "" : "s");
}

const char* deviceFormatName(DeviceFormat format) {
    return format == DeviceFormat::Vmc ? "vmc" : "mocopi";
}

int serveDatagrams(const DatagramServeRequest& request, std::ostream& out, std::ostream& err) {
    const bvh::Document document = bvh::loadDocument(bvh::pathFromUtf8(request.input));
    for (const bvh::Diagnostic& diagnostic : document.diagnostics) {
        err << bvh::formatDiagnostic(request.input, diagnostic) << '\n';
    }
    if (!document.loaded() || document.motion.frameCount == 0) {
        if (document.loaded()) {
            err << "bvhscope serve: " << request.input << " has no frames to send\n";
        }
        return kExitFileError;
    }
    std::string error;
    std::optional<DevicePoser> poser =
        DevicePoser::create(document.skeleton, document.motion,
                            request.format == DeviceFormat::Vmc ? DeviceSkeleton::UnityHumanoid
                                                                : DeviceSkeleton::Mocopi,
                            error);
    if (!poser) {
        err << "bvhscope serve: " << request.input << " cannot be sent as "
            << deviceFormatName(request.format) << ": " << error << '\n';
        return kExitFileError;
    }
    const live::Socket socket = live::connectUdp(request.host, request.port, error);
    if (!socket.valid()) {
        err << "bvhscope serve: --to " << request.host << ':' << request.port << ": " << error
            << '\n';
        return kExitUsage;
    }
    live::catchStopRequests();
    const double rate = request.rate.value_or(1.0 / document.motion.frameTime);
    out << "sending to " << request.host << ':' << request.port << std::endl;
    err << "bvhscope serve: " << request.input << ": " << document.motion.frameCount
        << " frames at " << rate << " Hz as " << deviceFormatName(request.format)
        << (request.loop ? ", looping" : "") << '\n';
    reportUnmapped(*poser, request.format, err);
    FrameSender sender{request, document, *poser, socket, rate, {}};
    reportDatagramsSent(sendFrames(sender), request, err);
    return kExitOk;
}

} // namespace bvhscope::cli
