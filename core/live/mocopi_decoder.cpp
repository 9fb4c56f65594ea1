#include "core/live/mocopi_decoder.h"

#include "core/live/frame_decoder.h"
#include "core/live/rotation_values.h"

#include <functional>

namespace bvh::live {
namespace {

bool sameDeviceSkeleton(const MocopiSkeletonPacket& a, const MocopiSkeletonPacket& b) {
    for (std::size_t bone = 0; bone < kMocopiBones; ++bone) {
        if (a.parents[bone] != b.parents[bone] || a.rest[bone].position != b.rest[bone].position) {
            return false;
        }
    }
    return true;
}

void addJointChannels(Skeleton& skeleton, bool root) {
    const auto begin = static_cast<std::uint32_t>(skeleton.channels.size());
    std::vector<ChannelType> types;
    if (root) {
        types = {ChannelType::Xposition, ChannelType::Yposition, ChannelType::Zposition};
    }
    types.insert(types.end(),
                 {ChannelType::Zrotation, ChannelType::Xrotation, ChannelType::Yrotation});
    for (ChannelType type : types) {
        skeleton.channels.push_back(type);
        skeleton.channelNames.emplace_back(channelTypeName(type));
    }
    skeleton.channelBegin.push_back(begin);
    skeleton.channelCount.push_back(static_cast<std::uint32_t>(types.size()));
}

} // namespace

void MocopiDecoder::read(std::span<const std::uint8_t> datagram) {
    ++counters_.datagrams;
    const MocopiPacket packet = readMocopiPacket(datagram);
    counters_.unknownTags += packet.unknownTags;
    switch (packet.read) {
    case MocopiRead::Skeleton:
        takeSkeleton(packet.skeleton);
        return;
    case MocopiRead::Frame:
        if (waiting_.size() == kMostWaitingFrames) {
            waiting_.pop_front();
            ++counters_.malformed; // a frame that waited too long for its skeleton
        }
        waiting_.push_back(packet.frame);
        return;
    case MocopiRead::Truncated:
        ++counters_.truncated;
        return;
    case MocopiRead::NonFinite:
        ++counters_.nonFinite;
        return;
    case MocopiRead::BadBone:
        ++counters_.unknownBones;
        return;
    case MocopiRead::Malformed:
        ++counters_.malformed;
        return;
    }
}

void MocopiDecoder::takeSkeleton(const MocopiSkeletonPacket& device) {
    if (device_ && sameDeviceSkeleton(*device_, device)) {
        return; // the device repeats its skeleton
    }
    device_ = device;
    skeleton_ = Skeleton{};
    boneOfNode_.clear();
    // Depth first from the root, children by bone id: the order of a BVH hierarchy.
    const std::function<void(int, NodeIndex)> visit = [&](int bone, NodeIndex parent) {
        const auto node = static_cast<NodeIndex>(skeleton_.names.size());
        nodeOfBone_[static_cast<std::size_t>(bone)] = node;
        boneOfNode_.push_back(bone);
        skeleton_.names.emplace_back(kMocopiBoneNames[static_cast<std::size_t>(bone)]);
        skeleton_.parents.push_back(parent);
        skeleton_.offsets.push_back(
            bone == 0 ? glm::dvec3(0.0) : device.rest[static_cast<std::size_t>(bone)].position);
        skeleton_.isEndSite.push_back(0);
        addJointChannels(skeleton_, bone == 0);
        for (std::size_t child = 1; child < kMocopiBones; ++child) {
            if (device.parents[child] == bone) {
                visit(static_cast<int>(child), node);
            }
        }
    };
    visit(0, kNoParent);
    lastDegrees_.assign(boneOfNode_.size(), glm::dvec3(0.0));
    ++generation_;
    if (!ready_) {
        rate_.clear(); // frames measured against another skeleton
    }
}

LiveFrame MocopiDecoder::frameValues(const MocopiFramePacket& frame) {
    LiveFrame values;
    for (std::size_t node = 0; node < boneOfNode_.size(); ++node) {
        const auto bone = static_cast<std::size_t>(boneOfNode_[node]);
        const MocopiTransform& transform =
            frame.bones[bone] ? *frame.bones[bone] : device_->rest[bone];
        if (node == 0) {
            values.values.insert(values.values.end(), {static_cast<float>(transform.position.x),
                                                       static_cast<float>(transform.position.y),
                                                       static_cast<float>(transform.position.z)});
        }
        lastDegrees_[node] = zxyDegrees(transform.rotation, lastDegrees_[node]);
        values.values.insert(values.values.end(), {static_cast<float>(lastDegrees_[node].z),
                                                   static_cast<float>(lastDegrees_[node].x),
                                                   static_cast<float>(lastDegrees_[node].y)});
    }
    values.valueText = valueTextOf(values.values);
    return values;
}

void MocopiDecoder::addFrame(const MocopiFramePacket& frame, double arrivalSeconds,
                             std::vector<LiveFrame>& frames) {
    LiveFrame values = frameValues(frame);
    if (ready_) {
        values.number = nextNumber_++;
        frames.push_back(std::move(values));
        return;
    }
    const double stamp = frame.unixSeconds ? *frame.unixSeconds : frame.time / 1000.0;
    if (rate_.hold(std::move(values), stamp, arrivalSeconds)) {
        releaseHeld(frames);
    }
}

void MocopiDecoder::releaseHeld(std::vector<LiveFrame>& frames) {
    if (ready_ || rate_.held() == 0) {
        return;
    }
    frameTime_ = rate_.frameTime(kDefaultLiveFrameTime);
    frameTimeFromSender_ = rate_.senderStamped();
    if (frameTime_ < 0.001 || frameTime_ > 1.0) {
        frameTime_ = rate_.arrivalFrameTime(kDefaultLiveFrameTime); // `time` was not in ms
        frameTimeFromSender_ = false;
    }
    ready_ = true;
    rate_.release(frames, nextNumber_);
}

bool MocopiDecoder::step(double arrivalSeconds, std::vector<LiveFrame>& frames) {
    const std::size_t before = frames.size();
    if (!waiting_.empty() && device_) {
        addFrame(waiting_.front(), arrivalSeconds, frames);
        waiting_.pop_front();
    } else if (releaseHeld_) {
        releaseHeld_ = false;
        releaseHeld(frames);
    } else {
        return false;
    }
    counters_.frames += frames.size() - before;
    return true;
}

std::string MocopiDecoder::waitingFor() const {
    if (!device_) {
        return waiting_.empty()
                   ? "waiting for the skeleton (skdf)"
                   : std::to_string(waiting_.size()) + " frames waiting for the skeleton (skdf)";
    }
    if (!ready_) {
        return "measuring the sender's rate (" + std::to_string(rate_.held()) + " of " +
               std::to_string(RateMeasure::kFrames) + " frames)";
    }
    return {};
}

} // namespace bvh::live
