#include "core/model/skeleton.h"

#include <algorithm>

namespace bvh {

std::string_view channelTypeName(ChannelType type) {
    switch (type) {
    case ChannelType::Xposition:
        return "Xposition";
    case ChannelType::Yposition:
        return "Yposition";
    case ChannelType::Zposition:
        return "Zposition";
    case ChannelType::Xrotation:
        return "Xrotation";
    case ChannelType::Yrotation:
        return "Yrotation";
    case ChannelType::Zrotation:
        return "Zrotation";
    case ChannelType::Unknown:
        break;
    }
    return "Unknown";
}

std::string endSiteName(std::string_view parentName) {
    std::string name = "EndSite_";
    if (parentName.size() <= kEndSiteParentNameBytes) {
        name.append(parentName);
        return name;
    }
    std::size_t cut = kEndSiteParentNameBytes;
    // Back up to the start of a UTF-8 character (continuation bytes are 10xxxxxx).
    while (cut > 0 && (static_cast<unsigned char>(parentName[cut]) & 0xC0) == 0x80) {
        --cut;
    }
    name.append(parentName.substr(0, cut));
    name += "...";
    return name;
}

std::size_t Skeleton::jointCount() const {
    return static_cast<std::size_t>(std::ranges::count(isEndSite, std::uint8_t{0}));
}

std::vector<NodeIndex> Skeleton::roots() const {
    std::vector<NodeIndex> result;
    for (std::size_t i = 0; i < parents.size(); ++i) {
        if (parents[i] == kNoParent) {
            result.push_back(static_cast<NodeIndex>(i));
        }
    }
    return result;
}

std::vector<std::uint32_t> Skeleton::childCounts() const {
    std::vector<std::uint32_t> counts(parents.size(), 0);
    for (const NodeIndex parent : parents) {
        if (parent != kNoParent) {
            ++counts[static_cast<std::size_t>(parent)];
        }
    }
    return counts;
}

std::string Skeleton::rotationOrder(NodeIndex node) const {
    std::string order;
    for (ChannelType type : channelsOf(node)) {
        if (isRotation(type)) {
            order += static_cast<char>('X' + channelAxis(type));
        }
    }
    return order;
}

bool Skeleton::hasPositionChannels(NodeIndex node) const {
    return std::ranges::any_of(channelsOf(node), isPosition);
}

NodeIndex Skeleton::find(std::string_view name) const {
    auto it = std::ranges::find(names, name);
    return it == names.end() ? kNoParent : static_cast<NodeIndex>(it - names.begin());
}

} // namespace bvh
