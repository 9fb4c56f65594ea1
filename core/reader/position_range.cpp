#include "core/reader/position_range.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace bvh {

std::vector<std::uint32_t> positionColumns(const Skeleton& skeleton) {
    std::vector<std::uint32_t> columns;
    for (std::uint32_t column = 0; column < skeleton.totalChannels(); ++column) {
        if (isPosition(skeleton.channels[column])) {
            columns.push_back(column);
        }
    }
    return columns;
}

void raiseToLargestMagnitudes(const float* rows, std::uint64_t rowCount, std::uint32_t channels,
                              std::span<const std::uint32_t> columns, std::span<float> largest) {
    for (std::uint64_t row = 0; row < rowCount; ++row) {
        const float* const values = rows + row * channels;
        for (std::size_t i = 0; i < columns.size(); ++i) {
            largest[i] = std::max(largest[i], std::abs(values[columns[i]]));
        }
    }
}

std::vector<double> largestChannelValues(const Document& document) {
    const Motion& motion = document.motion;
    std::vector<double> largest(document.skeleton.totalChannels(), 0.0);
    if (motion.channelCount != largest.size()) {
        return largest;
    }
    const std::vector<std::uint32_t> columns = positionColumns(document.skeleton);
    std::vector<float> largestPositions(columns.size(), 0.0f);
    raiseToLargestMagnitudes(motion.values.data(), motion.frameCount, motion.channelCount, columns,
                             largestPositions);
    for (std::size_t i = 0; i < columns.size(); ++i) {
        largest[columns[i]] = largestPositions[i];
    }
    return largest;
}

void warnAboutUnboundedPositions(Document& document, std::span<const double> largestValue) {
    const Skeleton& skeleton = document.skeleton;
    const std::size_t nodes = skeleton.nodeCount();
    if (nodes == 0 || document.nodeLocations.size() != nodes) {
        return;
    }
    const auto largestOf = [&](std::uint32_t column) {
        return column < largestValue.size() ? largestValue[column] : 0.0;
    };
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
                channels[axis] = std::max(channels[axis], largestOf(column));
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
