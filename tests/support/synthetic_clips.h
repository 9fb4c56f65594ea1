// Skeletons and motions built in memory, for tests that need sizes no text fixture should hold:
// a chain thousands of joints deep, a capture hundreds of thousands of frames long.
#pragma once

#include "core/model/motion.h"
#include "core/model/skeleton.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace bvh::test {

struct SyntheticClip {
    Skeleton skeleton;
    Motion motion;
};

// A ROOT ("J0", 6 channels) with `joints - 1` JOINTs ("J1", "J2", ...) each the child of the one
// before (3 rotation channels, ZXY, OFFSET 0 1 0), ending in an End Site: the hierarchy is
// `joints` levels deep. `frames` rows of values that need several digits each.
inline SyntheticClip makeChain(std::size_t joints, std::uint32_t frames) {
    SyntheticClip clip;
    Skeleton& skeleton = clip.skeleton;
    const auto addNode = [&](std::string name, NodeIndex parent, bool endSite) {
        skeleton.names.push_back(std::move(name));
        skeleton.parents.push_back(parent);
        skeleton.offsets.emplace_back(0.0, endSite ? 0.5 : 1.0, 0.0);
        skeleton.isEndSite.push_back(endSite ? 1 : 0);
        skeleton.channelBegin.push_back(static_cast<std::uint32_t>(skeleton.channels.size()));
        skeleton.channelCount.push_back(0);
    };
    const auto addChannel = [&](ChannelType type) {
        skeleton.channels.push_back(type);
        skeleton.channelNames.emplace_back(channelTypeName(type));
        ++skeleton.channelCount.back();
    };
    for (std::size_t joint = 0; joint < joints; ++joint) {
        addNode("J" + std::to_string(joint), static_cast<NodeIndex>(joint) - 1, false);
        if (joint == 0) {
            addChannel(ChannelType::Xposition);
            addChannel(ChannelType::Yposition);
            addChannel(ChannelType::Zposition);
        }
        addChannel(ChannelType::Zrotation);
        addChannel(ChannelType::Xrotation);
        addChannel(ChannelType::Yrotation);
    }
    addNode("EndSite_J" + std::to_string(joints - 1), static_cast<NodeIndex>(joints) - 1, true);

    Motion& motion = clip.motion;
    motion.frameCount = frames;
    motion.channelCount = static_cast<std::uint32_t>(skeleton.channels.size());
    motion.frameTime = 1.0 / 120.0;
    motion.frameTimeAssumed = false;
    motion.values.resize(std::size_t{frames} * motion.channelCount);
    for (std::size_t i = 0; i < motion.values.size(); ++i) {
        motion.values[i] = static_cast<float>(i % 7200) * 0.05f - 180.0f;
    }
    return clip;
}

} // namespace bvh::test
