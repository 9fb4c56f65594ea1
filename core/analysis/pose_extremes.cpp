#include "core/analysis/pose_extremes.h"

#include <cassert>

namespace bvh {

namespace {

// One node's coordinates against the extremes so far. The strict comparisons keep the first
// node of a tie and skip NaN. Branches, not selects: on the benchmark's poses (BM_PoseExtremes)
// the selects took twice the time.
inline void takeNode(PoseExtremes& extremes, const glm::dvec3& point, std::size_t node) {
    for (int c = 0; c < 3; ++c) {
        const auto axis = static_cast<std::size_t>(c);
        if (point[c] < extremes.low[c]) {
            extremes.low[c] = point[c];
            extremes.lowNode[axis] = node;
        }
        if (extremes.high[c] < point[c]) {
            extremes.high[c] = point[c];
            extremes.highNode[axis] = node;
        }
    }
}

} // namespace

PoseExtremes extremesOfPose(std::span<const glm::dvec3> pose,
                            std::span<const std::uint8_t> counted) {
    assert((counted.empty() || counted.size() == pose.size()) &&
           "counted must name every node of the pose, or none");
    PoseExtremes extremes;
    if (counted.empty()) {
        for (std::size_t node = 0; node < pose.size(); ++node) {
            takeNode(extremes, pose[node], node);
        }
        return extremes;
    }
    for (std::size_t node = 0; node < pose.size(); ++node) {
        if (counted[node] != 0) {
            takeNode(extremes, pose[node], node);
        }
    }
    return extremes;
}

PoseExtremes extremesAfterFirstNode(std::span<const glm::dvec3> pose) {
    PoseExtremes extremes;
    for (std::size_t node = 1; node < pose.size(); ++node) {
        takeNode(extremes, pose[node], node);
    }
    return extremes;
}

PoseExtremes withFirstNode(const glm::dvec3& first, const PoseExtremes& afterFirst) {
    PoseExtremes extremes;
    takeNode(extremes, first, 0);
    for (int c = 0; c < 3; ++c) {
        const auto axis = static_cast<std::size_t>(c);
        if (afterFirst.low[c] < extremes.low[c]) {
            extremes.low[c] = afterFirst.low[c];
            extremes.lowNode[axis] = afterFirst.lowNode[axis];
        }
        if (extremes.high[c] < afterFirst.high[c]) {
            extremes.high[c] = afterFirst.high[c];
            extremes.highNode[axis] = afterFirst.highNode[axis];
        }
    }
    return extremes;
}

} // namespace bvh
