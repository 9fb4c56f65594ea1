#include "core/reader/position_range.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace bvh {

void warnAboutUnboundedPositions(Document& document) {
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    const std::size_t nodes = skeleton.nodeCount();
    if (nodes == 0 || document.nodeLocations.size() != nodes) {
        return;
    }
    // The largest magnitude of each position channel over every frame.
    std::vector<double> largestValue(skeleton.totalChannels(), 0.0);
    std::vector<std::uint32_t> positionColumns;
    for (std::uint32_t column = 0; column < skeleton.totalChannels(); ++column) {
        if (isPosition(skeleton.channels[column])) {
            positionColumns.push_back(column);
        }
    }
    if (!positionColumns.empty() && motion.channelCount == skeleton.totalChannels()) {
        for (std::uint32_t frame = 0; frame < motion.frameCount; ++frame) {
            const std::span<const float> row = motion.frame(frame);
            for (const std::uint32_t column : positionColumns) {
                largestValue[column] =
                    std::max(largestValue[column], std::abs(static_cast<double>(row[column])));
            }
        }
    }
    // How far from the origin each node can be: its parent's reach, plus its offset, plus its
    // position channels (read as absolute or additive, the sum bounds both).
    std::vector<double> reach(nodes, 0.0);
    std::size_t listed = 0;
    std::size_t unlisted = 0;
    SourceLocation firstUnlisted;
    for (std::size_t node = 0; node < nodes; ++node) {
        const NodeIndex parent = skeleton.parents[node];
        const double parentReach = parent == kNoParent ? 0.0 : reach[std::size_t(parent)];
        glm::dvec3 channels(0.0);
        const std::uint32_t begin = skeleton.channelBegin[node];
        for (std::uint32_t column = begin; column < begin + skeleton.channelCount[node]; ++column) {
            const int axis = channelAxis(skeleton.channels[column]);
            if (isPosition(skeleton.channels[column])) {
                channels[axis] = std::max(channels[axis], largestValue[column]);
            }
        }
        const glm::dvec3& offset = skeleton.offsets[node];
        reach[node] = parentReach + std::hypot(offset.x, offset.y, offset.z) +
                      std::hypot(channels.x, channels.y, channels.z);
        if (reach[node] <= kLargestSafeWorldCoordinate ||
            parentReach > kLargestSafeWorldCoordinate) {
            continue;
        }
        const SourceLocation at = document.nodeLocations[node];
        if (listed == 10) {
            if (unlisted++ == 0) {
                firstUnlisted = at;
            }
            continue;
        }
        ++listed;
        char reachText[32];
        std::snprintf(reachText, sizeof reachText, "%.3g", reach[node]);
        document.diagnostics.push_back(
            {Severity::Warning, at.line, at.column,
             "world positions of " + quotedForMessage(skeleton.names[node]) + " can reach " +
                 reachText +
                 " (offsets and position channels summed from the root), beyond the float "
                 "range (3.4e38): its positions may be infinite"});
    }
    if (unlisted > 0) {
        document.diagnostics.push_back({Severity::Warning, firstUnlisted.line, firstUnlisted.column,
                                        std::to_string(unlisted) +
                                            " more nodes whose world positions may be infinite "
                                            "(not listed one by one)"});
    }
}

} // namespace bvh
