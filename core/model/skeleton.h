// The skeleton: the HIERARCHY section as flat, parent-before-child arrays.
//
// Every ROOT, JOINT and End Site of the file is one *node*, in file (depth-first) order, so that
// forward kinematics is a single forward loop: parents[i] < i for every non-root node. End Sites
// are nodes with no channels (named "EndSite_<parent name>", see endSiteName) because they carry
// the OFFSET that gives the last bone its length and direction (seed 000); they are never
// parents.
//
// Offsets are in file units and file axes. Channels are stored once for the whole file, in the
// order the motion rows use: node i owns columns [channelBegin[i], channelBegin[i] +
// channelCount[i]).
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvh {

using NodeIndex = std::int32_t;
inline constexpr NodeIndex kNoParent = -1;

enum class ChannelType : std::uint8_t {
    Xposition,
    Yposition,
    Zposition,
    Xrotation,
    Yrotation,
    Zrotation,
    Unknown, // e.g. Xscale: its column is read and kept, but ignored by forward kinematics
};

constexpr bool isPosition(ChannelType type) {
    return type <= ChannelType::Zposition;
}
constexpr bool isRotation(ChannelType type) {
    return type >= ChannelType::Xrotation && type <= ChannelType::Zrotation;
}
// 0, 1, 2 for X, Y, Z; -1 for Unknown.
constexpr int channelAxis(ChannelType type) {
    return type == ChannelType::Unknown ? -1 : static_cast<int>(type) % 3;
}
// The spelling BVH files use ("Xposition", "Zrotation"); "Unknown" for unknown channels.
std::string_view channelTypeName(ChannelType type);

// The longest part of a parent's name an End Site's name repeats.
inline constexpr std::size_t kEndSiteParentNameBytes = 128;

// The name of an End Site under `parentName`: "EndSite_" + the parent's name, cut after
// kEndSiteParentNameBytes bytes (at a UTF-8 character boundary, then "..."). An End Site has no
// name in the file, so its name is made, and made names must not multiply memory: 100 000 End
// Sites under a 20 000-byte name would otherwise hold 2 GB of names for a 2 MB file. Every End
// Site name is at most 8 + kEndSiteParentNameBytes + 3 bytes.
std::string endSiteName(std::string_view parentName);

struct Skeleton {
    std::vector<std::string> names;
    std::vector<NodeIndex> parents;
    std::vector<glm::dvec3> offsets;
    std::vector<std::uint8_t> isEndSite; // 0 or 1 (not vector<bool>: spans and speed)
    std::vector<std::uint32_t> channelBegin;
    std::vector<std::uint32_t> channelCount;
    std::vector<ChannelType> channels;     // every channel of the file, in motion-row order
    std::vector<std::string> channelNames; // as spelled in the file, parallel to `channels`

    std::size_t nodeCount() const { return names.size(); }
    std::size_t totalChannels() const { return channels.size(); }
    // ROOT and JOINT nodes, End Sites excluded.
    std::size_t jointCount() const;
    std::size_t endSiteCount() const { return nodeCount() - jointCount(); }
    std::vector<NodeIndex> roots() const;
    // Per node, how many nodes (End Sites included) have it as their parent.
    std::vector<std::uint32_t> childCounts() const;
    std::span<const ChannelType> channelsOf(NodeIndex node) const {
        return std::span(channels).subspan(channelBegin[static_cast<std::size_t>(node)],
                                           channelCount[static_cast<std::size_t>(node)]);
    }
    // The rotation channels of a node in declared order, e.g. "ZXY"; "" when it has none.
    std::string rotationOrder(NodeIndex node) const;
    bool hasPositionChannels(NodeIndex node) const;
    // First node with that exact name, or kNoParent.
    NodeIndex find(std::string_view name) const;
};

} // namespace bvh
