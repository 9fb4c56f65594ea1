#include "core/live/axis_skeleton.h"

#include "core/model/ascii_case.h"

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <vector>

namespace bvh::live {

namespace {

// Builds the skeleton in file order: a joint is appended after its parent, an End Site right
// after the chain it ends, so the order is depth first.
class SkeletonBuilder {
public:
    explicit SkeletonBuilder(bool withDisplacement) : withDisplacement_(withDisplacement) {}

    NodeIndex joint(const std::string& name, NodeIndex parent, glm::dvec3 offset) {
        const auto node = append(name, parent, offset, false);
        const bool root = parent == kNoParent;
        if (root || withDisplacement_) {
            addChannels({ChannelType::Xposition, ChannelType::Yposition, ChannelType::Zposition});
        }
        addChannels({ChannelType::Yrotation, ChannelType::Xrotation, ChannelType::Zrotation});
        skeleton_.channelCount.back() =
            static_cast<std::uint32_t>(skeleton_.channels.size() - skeleton_.channelBegin.back());
        return node;
    }

    void endSite(NodeIndex parent, glm::dvec3 offset) {
        append(endSiteName(skeleton_.names[static_cast<std::size_t>(parent)]), parent, offset,
               true);
    }

    Skeleton take() { return std::move(skeleton_); }

private:
    NodeIndex append(std::string name, NodeIndex parent, glm::dvec3 offset, bool isEndSite) {
        skeleton_.names.push_back(std::move(name));
        skeleton_.parents.push_back(parent);
        skeleton_.offsets.push_back(offset);
        skeleton_.isEndSite.push_back(isEndSite ? 1 : 0);
        skeleton_.channelBegin.push_back(static_cast<std::uint32_t>(skeleton_.channels.size()));
        skeleton_.channelCount.push_back(0);
        return static_cast<NodeIndex>(skeleton_.names.size() - 1);
    }

    void addChannels(std::initializer_list<ChannelType> types) {
        for (ChannelType type : types) {
            skeleton_.channels.push_back(type);
            skeleton_.channelNames.emplace_back(channelTypeName(type));
        }
    }

    bool withDisplacement_;
    Skeleton skeleton_;
};

// One leg; `side` is -1 for the right (the figure faces +Z, so its right is -X), +1 for the left.
void addLeg(SkeletonBuilder& builder, NodeIndex hips, const std::string& prefix, double side) {
    const NodeIndex upLeg = builder.joint(prefix + "UpLeg", hips, {side * 10.0, 0.0, 0.0});
    const NodeIndex leg = builder.joint(prefix + "Leg", upLeg, {0.0, -44.0, 0.0});
    const NodeIndex foot = builder.joint(prefix + "Foot", leg, {0.0, -42.0, 0.0});
    builder.endSite(foot, {0.0, -8.0, 15.0});
}

// One arm with its hand: the thumb, then each finger's InHand joint (the metacarpal Axis
// Neuron tracks) and its three phalanges, in Axis Neuron's order.
void addArm(SkeletonBuilder& builder, NodeIndex chest, const std::string& prefix, double side) {
    const NodeIndex shoulder = builder.joint(prefix + "Shoulder", chest, {side * 3.5, 7.0, 0.0});
    const NodeIndex arm = builder.joint(prefix + "Arm", shoulder, {side * 13.0, 0.0, 0.0});
    const NodeIndex foreArm = builder.joint(prefix + "ForeArm", arm, {side * 27.0, 0.0, 0.0});
    const NodeIndex hand = builder.joint(prefix + "Hand", foreArm, {side * 25.0, 0.0, 0.0});

    NodeIndex thumb = builder.joint(prefix + "HandThumb1", hand, {side * 2.5, -0.5, 3.0});
    thumb = builder.joint(prefix + "HandThumb2", thumb, {side * 3.5, 0.0, 0.0});
    thumb = builder.joint(prefix + "HandThumb3", thumb, {side * 2.5, 0.0, 0.0});
    builder.endSite(thumb, {side * 2.2, 0.0, 0.0});

    struct Finger {
        const char* name;
        double across; // Z of the metacarpal's base: index forward (+Z), pinky back
        double length; // of the first phalanx
    };
    constexpr std::array<Finger, 4> kFingers = {{
        {"Index", 2.2, 4.0},
        {"Middle", 0.7, 4.5},
        {"Ring", -0.8, 4.2},
        {"Pinky", -2.2, 3.5},
    }};
    for (const Finger& finger : kFingers) {
        const std::string name = finger.name;
        NodeIndex bone =
            builder.joint(prefix + "InHand" + name, hand, {side * 3.5, 0.0, finger.across});
        bone = builder.joint(prefix + "Hand" + name + "1", bone, {side * 5.5, 0.0, 0.0});
        bone = builder.joint(prefix + "Hand" + name + "2", bone, {side * finger.length, 0.0, 0.0});
        bone = builder.joint(prefix + "Hand" + name + "3", bone,
                             {side * finger.length * 0.6, 0.0, 0.0});
        builder.endSite(bone, {side * finger.length * 0.5, 0.0, 0.0});
    }
}

} // namespace

Skeleton axisSkeleton(bool withDisplacement) {
    SkeletonBuilder builder(withDisplacement);
    const NodeIndex hips = builder.joint("Hips", kNoParent, {0.0, 96.0, 0.0});
    addLeg(builder, hips, "Right", -1.0);
    addLeg(builder, hips, "Left", 1.0);
    const NodeIndex spine = builder.joint("Spine", hips, {0.0, 10.0, 0.0});
    const NodeIndex spine1 = builder.joint("Spine1", spine, {0.0, 9.0, 0.0});
    const NodeIndex spine2 = builder.joint("Spine2", spine1, {0.0, 9.0, 0.0});
    const NodeIndex spine3 = builder.joint("Spine3", spine2, {0.0, 9.0, 0.0});
    const NodeIndex neck = builder.joint("Neck", spine3, {0.0, 14.0, 0.0});
    const NodeIndex head = builder.joint("Head", neck, {0.0, 9.0, 0.0});
    builder.endSite(head, {0.0, 16.0, 0.0});
    addArm(builder, spine3, "Right", -1.0);
    addArm(builder, spine3, "Left", 1.0);
    return builder.take();
}

std::optional<Skeleton> axisSkeletonForValueCount(std::size_t valueCount) {
    if (valueCount == kAxisValuesWithDisplacement) {
        return axisSkeleton(true);
    }
    if (valueCount == kAxisValuesWithoutDisplacement) {
        return axisSkeleton(false);
    }
    return std::nullopt;
}

namespace {

std::vector<NodeIndex> jointsInOrder(const Skeleton& skeleton) {
    std::vector<NodeIndex> joints;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        if (skeleton.isEndSite[node] == 0) {
            joints.push_back(static_cast<NodeIndex>(node));
        }
    }
    return joints;
}

bool sameNameCaseAside(std::string_view a, std::string_view b) {
    return std::ranges::equal(
        a, b, [](char x, char y) { return asciiLowercase(x) == asciiLowercase(y); });
}

std::string channelsInWords(std::span<const ChannelType> channels) {
    std::string words;
    for (const ChannelType channel : channels) {
        words += words.empty() ? "" : " ";
        words += channelTypeName(channel);
    }
    return words.empty() ? "no channels" : words;
}

} // namespace

std::string axisLayoutDifference(const Skeleton& skeleton) {
    const std::optional<Skeleton> builtIn = axisSkeletonForValueCount(skeleton.totalChannels());
    if (!builtIn) {
        return std::to_string(skeleton.totalChannels()) +
               " values a frame, where Axis Neuron sends 354 (with displacement) or 180";
    }
    const std::vector<NodeIndex> joints = jointsInOrder(skeleton);
    const std::vector<NodeIndex> axisJoints = jointsInOrder(*builtIn);
    const std::size_t common = std::min(joints.size(), axisJoints.size());
    for (std::size_t i = 0; i < common; ++i) {
        const auto node = static_cast<std::size_t>(joints[i]);
        const auto axisNode = static_cast<std::size_t>(axisJoints[i]);
        const std::string where = "joint " + std::to_string(i + 1) + ", " + skeleton.names[node];
        if (!sameNameCaseAside(skeleton.names[node], builtIn->names[axisNode])) {
            return where + ", where Axis Neuron sends " + builtIn->names[axisNode];
        }
        const auto channels = skeleton.channelsOf(joints[i]);
        const auto axisChannels = builtIn->channelsOf(axisJoints[i]);
        if (!std::ranges::equal(channels, axisChannels)) {
            return where + ": " + channelsInWords(channels) + " where Axis Neuron sends " +
                   channelsInWords(axisChannels);
        }
    }
    if (joints.size() != axisJoints.size()) {
        return std::to_string(joints.size()) + " joints, where Axis Neuron sends " +
               std::to_string(axisJoints.size());
    }
    return {};
}

} // namespace bvh::live
