#include "core/conversions/joint_channels.h"

namespace bvh {

using namespace conversion_detail;

Conversion changeRotationOrder(const Skeleton& skeleton, const Motion& motion,
                               const EulerOrder& order) {
    std::vector<Diagnostic> problems = validateInput(skeleton, motion);
    if (hasErrors(problems)) {
        return failure(std::move(problems));
    }
    Conversion result;
    result.skeleton = skeleton;
    result.motion = motion;
    if (result.skeleton.channelNames.size() != skeleton.channels.size()) {
        result.skeleton.channelNames.resize(skeleton.channels.size());
    }
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const JointChannels joint = describeJoint(skeleton, node);
        if (joint.rotationChannels == 0) {
            continue;
        }
        if (!joint.eulerOrder) {
            result.diagnostics.push_back(
                warning(jointLabel(skeleton, node) + " keeps its rotation channels (" +
                        skeleton.rotationOrder(static_cast<NodeIndex>(node)) +
                        "): only joints with three distinct rotation axes are re-ordered"));
            continue;
        }
        if (*joint.eulerOrder == order) {
            continue;
        }
        // The rotation channels keep their columns (a "Xposition ... Zrotation Xrotation
        // Yrotation" root stays positions first), only their axes change.
        for (std::size_t n = 0; n < 3; ++n) {
            const ChannelType type =
                static_cast<ChannelType>(static_cast<int>(ChannelType::Xrotation) + order.axes[n]);
            result.skeleton.channels[joint.rotationColumn[n]] = type;
            result.skeleton.channelNames[joint.rotationColumn[n]] = channelTypeName(type);
        }
        JointChannels reordered = joint;
        reordered.eulerOrder = order;
        glm::dvec3 previous(0.0);
        for (std::uint32_t frame = 0; frame < motion.frameCount; ++frame) {
            const std::span<const float> in = motion.frame(frame);
            const std::span<float> out(result.motion.values.data() +
                                           std::size_t{frame} * motion.channelCount,
                                       motion.channelCount);
            const glm::dquat rotation = eulerToQuaternion(*joint.eulerOrder, readAngles(joint, in));
            previous = quaternionToEuler(order, rotation, previous);
            writeAngles(reordered, previous, out);
        }
    }
    return result;
}

} // namespace bvh
