#include "core/conversions/joint_channels.h"

namespace bvh {

using namespace conversion_detail;

Conversion removeRootHorizontalMotion(const Skeleton& skeleton, const Motion& motion, UpAxis up) {
    std::vector<Diagnostic> problems = validateInput(skeleton, motion);
    if (hasErrors(problems)) {
        return failure(std::move(problems));
    }
    Conversion result;
    result.skeleton = skeleton;
    result.motion = motion;
    const int upIndex = upAxisIndex(up);
    // Holding the channel values (not the translations) at frame 0 keeps this exact in both
    // translation modes: absolute or offset + value, a constant value is a constant position.
    std::vector<std::uint32_t> horizontalColumns;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        if (skeleton.parents[node] != kNoParent || skeleton.isEndSite[node] != 0) {
            continue;
        }
        const JointChannels joint = describeJoint(skeleton, node);
        for (int axis = 0; axis < 3; ++axis) {
            const int column = joint.positionColumn[static_cast<std::size_t>(axis)];
            if (axis != upIndex && column >= 0) {
                horizontalColumns.push_back(static_cast<std::uint32_t>(column));
            }
        }
    }
    if (horizontalColumns.empty()) {
        result.diagnostics.push_back(
            warning("no root has a horizontal position channel; the motion is unchanged"));
        return result;
    }
    if (motion.frameCount == 0) {
        return result;
    }
    const std::span<const float> first = motion.frame(0);
    for (std::uint32_t frame = 1; frame < motion.frameCount; ++frame) {
        float* row = result.motion.values.data() + std::size_t{frame} * motion.channelCount;
        for (std::uint32_t column : horizontalColumns) {
            row[column] = first[column];
        }
    }
    return result;
}

Conversion placeOnGround(const Skeleton& skeleton, const Motion& motion, UpAxis up,
                         double groundLevel) {
    std::vector<Diagnostic> problems = validateInput(skeleton, motion);
    if (hasErrors(problems)) {
        return failure(std::move(problems));
    }
    Conversion result;
    result.skeleton = skeleton;
    result.motion = motion;
    const int upIndex = upAxisIndex(up);
    const double shift = -groundLevel * upAxisSign(up); // along the file's axis upIndex
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        if (skeleton.parents[node] != kNoParent || skeleton.isEndSite[node] != 0) {
            continue;
        }
        const int column =
            describeJoint(skeleton, node).positionColumn[static_cast<std::size_t>(upIndex)];
        if (column < 0) {
            result.skeleton.offsets[node][upIndex] += shift;
            continue;
        }
        for (std::uint32_t frame = 0; frame < motion.frameCount; ++frame) {
            float& value = result.motion.values[std::size_t{frame} * motion.channelCount +
                                                static_cast<std::size_t>(column)];
            value = static_cast<float>(double(value) + shift);
        }
    }
    return result;
}

} // namespace bvh
