// What every Document must satisfy, whatever the input: checked by the fuzzers and by the
// regression tests built from their findings.
#pragma once

#include "core/reader/document.h"

#include <cmath>
#include <string>

namespace bvh::test {

// Returns "" when the document is consistent, otherwise what is wrong.
inline std::string documentInvariantViolation(const Document& document) {
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    for (const Diagnostic& diagnostic : document.diagnostics) {
        if (diagnostic.message.empty()) {
            return "a diagnostic without a message";
        }
    }
    if (!document.loaded()) {
        if (skeleton.nodeCount() != 0 || !motion.values.empty()) {
            return "a document that did not load still holds data";
        }
        return "";
    }
    const std::size_t n = skeleton.nodeCount();
    if (n == 0) {
        return "a loaded document has no nodes";
    }
    if (skeleton.parents.size() != n || skeleton.offsets.size() != n ||
        skeleton.isEndSite.size() != n || skeleton.channelBegin.size() != n ||
        skeleton.channelCount.size() != n || document.nodeLocations.size() != n) {
        return "skeleton arrays of different lengths";
    }
    if (skeleton.channelNames.size() != skeleton.channels.size()) {
        return "channel names and channels differ in length";
    }
    std::size_t channel = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent != kNoParent && (parent < 0 || static_cast<std::size_t>(parent) >= i)) {
            return "node " + std::to_string(i) + " has a parent that does not precede it";
        }
        if (parent != kNoParent && skeleton.isEndSite[static_cast<std::size_t>(parent)] != 0) {
            return "an End Site has a child";
        }
        if (skeleton.channelBegin[i] != channel) {
            return "channel layout is not contiguous";
        }
        channel += skeleton.channelCount[i];
        for (int axis = 0; axis < 3; ++axis) {
            if (!std::isfinite(skeleton.offsets[i][axis])) {
                return "a non-finite OFFSET";
            }
        }
    }
    if (channel != skeleton.totalChannels() || motion.channelCount != channel) {
        return "motion channel count differs from the skeleton's";
    }
    if (motion.values.size() != std::size_t{motion.frameCount} * motion.channelCount) {
        return "motion holds " + std::to_string(motion.values.size()) + " values for " +
               std::to_string(motion.frameCount) + " frames";
    }
    for (float value : motion.values) {
        if (!std::isfinite(value)) {
            return "a non-finite motion value";
        }
    }
    if (!(motion.frameTime > 0.0) || !std::isfinite(motion.frameTime)) {
        return "a frame time that is not a positive number";
    }
    return "";
}

} // namespace bvh::test
