#include "core/conversions/joint_channels.h"

#include <cmath>

namespace bvh::conversion_detail {

Diagnostic error(std::string message) {
    return {Severity::Error, 0, 0, std::move(message)};
}

Diagnostic warning(std::string message) {
    return {Severity::Warning, 0, 0, std::move(message)};
}

Conversion failure(std::vector<Diagnostic> diagnostics) {
    Conversion result;
    result.diagnostics = std::move(diagnostics);
    return result;
}

Conversion failure(std::string message) {
    return failure(std::vector<Diagnostic>{error(std::move(message))});
}

std::vector<Diagnostic> validateInput(const Skeleton& skeleton, const Motion& motion) {
    std::vector<Diagnostic> problems;
    const std::size_t nodes = skeleton.names.size();
    if (skeleton.parents.size() != nodes || skeleton.offsets.size() != nodes ||
        skeleton.isEndSite.size() != nodes || skeleton.channelBegin.size() != nodes ||
        skeleton.channelCount.size() != nodes) {
        problems.push_back(error("the skeleton's node arrays differ in length"));
    }
    if (motion.channelCount != skeleton.channels.size()) {
        problems.push_back(error("the motion has " + std::to_string(motion.channelCount) +
                                 " channels per frame but the skeleton has " +
                                 std::to_string(skeleton.channels.size())));
    }
    if (motion.values.size() != std::size_t{motion.frameCount} * motion.channelCount) {
        problems.push_back(error("the motion's value count is not frames x channels"));
    }
    if (!(motion.frameTime > 0.0) || !std::isfinite(motion.frameTime)) {
        problems.push_back(error("the motion's frame time is not a positive number"));
    }
    return problems;
}

std::string jointLabel(const Skeleton& skeleton, std::size_t node) {
    return "joint '" + skeleton.names[node] + "'";
}

JointChannels describeJoint(const Skeleton& skeleton, std::size_t node) {
    JointChannels joint;
    const std::uint32_t begin = skeleton.channelBegin[node];
    std::array<int, 3> axes{};
    for (std::uint32_t c = 0; c < skeleton.channelCount[node]; ++c) {
        const ChannelType type = skeleton.channels[begin + c];
        if (isPosition(type)) {
            joint.positionColumn[static_cast<std::size_t>(channelAxis(type))] =
                static_cast<int>(begin + c);
        } else if (isRotation(type)) {
            if (joint.rotationChannels < 3) {
                axes[joint.rotationChannels] = channelAxis(type);
                joint.rotationColumn[joint.rotationChannels] = begin + c;
            }
            ++joint.rotationChannels;
        }
    }
    if (joint.rotationChannels == 3 && axes[0] != axes[1] && axes[1] != axes[2] &&
        axes[0] != axes[2]) {
        joint.eulerOrder = EulerOrder{axes};
    }
    return joint;
}

glm::dvec3 readAngles(const JointChannels& joint, std::span<const float> row) {
    return {row[joint.rotationColumn[0]], row[joint.rotationColumn[1]],
            row[joint.rotationColumn[2]]};
}

void writeAngles(const JointChannels& joint, const glm::dvec3& degrees, std::span<float> row) {
    for (std::size_t n = 0; n < 3; ++n) {
        // + 0.0f turns -0 into 0: "-0" in a file reads fine but looks like a bug.
        row[joint.rotationColumn[n]] = static_cast<float>(degrees[static_cast<int>(n)]) + 0.0f;
    }
}

glm::dvec3 readTranslation(const JointChannels& joint, const glm::dvec3& offset,
                           std::span<const float> row, TranslationMode mode) {
    glm::dvec3 translation = offset;
    for (int axis = 0; axis < 3; ++axis) {
        const int column = joint.positionColumn[static_cast<std::size_t>(axis)];
        if (column >= 0) {
            const double value = row[static_cast<std::size_t>(column)];
            translation[axis] = mode == TranslationMode::Absolute ? value : offset[axis] + value;
        }
    }
    return translation;
}

} // namespace bvh::conversion_detail
