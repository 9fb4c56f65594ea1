#include "core/live/vmc_frames.h"

#include "core/live/frame_decoder.h"
#include "core/live/rotation_values.h"

#include <algorithm>
#include <cmath>

namespace bvh::live {
namespace {

// Local positions closer than this (metres) are the same skeleton: senders round-trip floats,
// and an avatar that changes moves its bones by centimetres.
constexpr double kSameOffsetMetres = 1e-4;

// Unity's left-handed space into BVH's right-handed one by negating X (see the header).
glm::dvec3 mirroredPosition(const glm::dvec3& unity) {
    return {-unity.x, unity.y, unity.z};
}
glm::dquat mirroredRotation(const glm::dquat& unity) {
    return glm::dquat(unity.w, unity.x, -unity.y, -unity.z);
}

// The v2.1 scale as one factor: a skeleton's offsets are scaled as a whole.
double uniformScale(const glm::dvec3& scale) {
    return (scale.x + scale.y + scale.z) / 3.0;
}

void addChannels(Skeleton& skeleton, bool withPosition) {
    const auto begin = static_cast<std::uint32_t>(skeleton.channels.size());
    const ChannelType position[] = {ChannelType::Xposition, ChannelType::Yposition,
                                    ChannelType::Zposition};
    const ChannelType rotation[] = {ChannelType::Zrotation, ChannelType::Xrotation,
                                    ChannelType::Yrotation};
    if (withPosition) {
        for (ChannelType type : position) {
            skeleton.channels.push_back(type);
            skeleton.channelNames.emplace_back(channelTypeName(type));
        }
    }
    for (ChannelType type : rotation) {
        skeleton.channels.push_back(type);
        skeleton.channelNames.emplace_back(channelTypeName(type));
    }
    skeleton.channelBegin.push_back(begin);
    skeleton.channelCount.push_back(static_cast<std::uint32_t>(skeleton.channels.size()) - begin);
}

} // namespace

void VmcFrames::add(const VmcPose& pose, double arrivalSeconds, std::vector<LiveFrame>& frames) {
    accumulate(pose);
    if (!built_ && !complete()) {
        return; // no skeleton yet: Unity's required bones have not all come
    }
    if (!built_ || skeletonDiffers()) {
        buildSkeleton();
    }
    LiveFrame frame = frameValues();
    if (ready_) {
        frame.number = nextNumber_++;
        frames.push_back(std::move(frame));
        return;
    }
    if (rate_.hold(std::move(frame), pose.senderTime, arrivalSeconds)) {
        releaseHeld(frames);
    }
}

void VmcFrames::releaseHeld(std::vector<LiveFrame>& frames) {
    if (ready_ || rate_.held() == 0) {
        return;
    }
    frameTime_ = rate_.frameTime(kDefaultLiveFrameTime);
    frameTimeFromSender_ = rate_.senderStamped();
    ready_ = true;
    rate_.release(frames, nextNumber_);
}

void VmcFrames::accumulate(const VmcPose& pose) {
    for (std::size_t bone = 0; bone < kUnityHumanoidBones; ++bone) {
        if (pose.bones[bone]) {
            bones_[bone] = pose.bones[bone];
        }
    }
    if (pose.root) {
        root_ = *pose.root;
        rootScale_ = pose.rootScale;
        rootOffset_ = pose.rootOffset;
    }
}

bool VmcFrames::complete() const {
    for (std::size_t bone = 0; bone < kUnityHumanoidBones; ++bone) {
        if (isRequiredUnityBone(bone) && !bones_[bone]) {
            return false;
        }
    }
    return true;
}

bool VmcFrames::skeletonDiffers() const {
    const double scale = uniformScale(rootScale_);
    for (std::size_t bone = 0; bone < kUnityHumanoidBones; ++bone) {
        const auto node = std::find(skeletonBones_.begin(), skeletonBones_.end(), bone);
        if (node == skeletonBones_.end()) {
            if (bones_[bone]) {
                return true; // a bone the skeleton does not have
            }
            continue;
        }
        const auto index = static_cast<std::size_t>(node - skeletonBones_.begin());
        if (index == 0) {
            continue; // Hips: its offset is 0, its position is a channel
        }
        const glm::dvec3 offset = mirroredPosition(bones_[bone]->position) * scale;
        const glm::dvec3 difference = offset - skeleton_.offsets[index];
        if (std::abs(difference.x) > kSameOffsetMetres ||
            std::abs(difference.y) > kSameOffsetMetres ||
            std::abs(difference.z) > kSameOffsetMetres) {
            return true;
        }
    }
    return false;
}

void VmcFrames::buildSkeleton() {
    if (built_) {
        problem_ = "the sender's skeleton changed: a new take";
        if (!ready_) {
            rate_.clear(); // frames of the skeleton before: measure again with the new one
        }
    }
    skeleton_ = Skeleton{};
    skeletonBones_.clear();
    std::array<int, kUnityHumanoidBones> nodeOfBone{};
    nodeOfBone.fill(-1);
    const double scale = uniformScale(rootScale_);
    for (std::size_t bone = 0; bone < kUnityHumanoidBones; ++bone) {
        if (!bones_[bone]) {
            continue;
        }
        int parent = kUnityHumanoid[bone].parent;
        while (parent >= 0 && nodeOfBone[static_cast<std::size_t>(parent)] < 0) {
            parent = kUnityHumanoid[static_cast<std::size_t>(parent)].parent;
        }
        nodeOfBone[bone] = static_cast<int>(skeleton_.names.size());
        skeleton_.names.emplace_back(kUnityHumanoid[bone].name);
        skeleton_.parents.push_back(parent < 0 ? kNoParent
                                               : nodeOfBone[static_cast<std::size_t>(parent)]);
        skeleton_.offsets.push_back(bone == 0 ? glm::dvec3(0.0)
                                              : mirroredPosition(bones_[bone]->position) * scale);
        skeleton_.isEndSite.push_back(0);
        addChannels(skeleton_, bone == 0);
        skeletonBones_.push_back(bone);
    }
    lastDegrees_.assign(skeletonBones_.size(), glm::dvec3(0.0));
    built_ = true;
    ++generation_;
}

LiveFrame VmcFrames::frameValues() {
    LiveFrame frame;
    frame.values.reserve(skeleton_.totalChannels());
    for (std::size_t node = 0; node < skeletonBones_.size(); ++node) {
        const UnityTransform& local = *bones_[skeletonBones_[node]];
        glm::dquat rotation = local.rotation;
        if (node == 0) {
            // Hips in the world: the root transform (less the v2.1 offset) applied to it.
            const glm::dvec3 position =
                root_.position - rootOffset_ +
                root_.rotation * (local.position * uniformScale(rootScale_));
            rotation = root_.rotation * local.rotation;
            const glm::dvec3 mirrored = mirroredPosition(position);
            frame.values.insert(frame.values.end(),
                                {static_cast<float>(mirrored.x), static_cast<float>(mirrored.y),
                                 static_cast<float>(mirrored.z)});
        }
        lastDegrees_[node] = zxyDegrees(mirroredRotation(rotation), lastDegrees_[node]);
        frame.values.insert(frame.values.end(), {static_cast<float>(lastDegrees_[node].z),
                                                 static_cast<float>(lastDegrees_[node].x),
                                                 static_cast<float>(lastDegrees_[node].y)});
    }
    frame.valueText = valueTextOf(frame.values);
    return frame;
}

} // namespace bvh::live
