#include "core/live/vmc_writer.h"

namespace bvh::live {
namespace {

void appendTransform(std::vector<OscArgument>& arguments, const UnityTransform& transform) {
    for (double value :
         {transform.position.x, transform.position.y, transform.position.z, transform.rotation.x,
          transform.rotation.y, transform.rotation.z, transform.rotation.w}) {
        arguments.push_back(oscFloat(static_cast<float>(value)));
    }
}

OscBytes rootMessage(const VmcPose& pose) {
    std::vector<OscArgument> arguments{oscString("root")};
    appendTransform(arguments, *pose.root);
    if (pose.rootScale != glm::dvec3(1.0) || pose.rootOffset != glm::dvec3(0.0)) {
        for (double value : {pose.rootScale.x, pose.rootScale.y, pose.rootScale.z,
                             pose.rootOffset.x, pose.rootOffset.y, pose.rootOffset.z}) {
            arguments.push_back(oscFloat(static_cast<float>(value)));
        }
    }
    return writeOscMessage("/VMC/Ext/Root/Pos", arguments);
}

} // namespace

std::vector<OscBytes> writeVmcFrame(const VmcPose& pose, VmcPacking packing) {
    std::vector<OscBytes> messages;
    if (pose.root) {
        messages.push_back(rootMessage(pose));
    }
    for (std::size_t bone = 0; bone < kUnityHumanoidBones; ++bone) {
        if (pose.bones[bone]) {
            std::vector<OscArgument> arguments{oscString(kUnityHumanoid[bone].name)};
            appendTransform(arguments, *pose.bones[bone]);
            messages.push_back(writeOscMessage("/VMC/Ext/Bone/Pos", arguments));
        }
    }
    if (pose.senderTime) {
        const OscArgument time = oscFloat(static_cast<float>(*pose.senderTime));
        messages.push_back(writeOscMessage("/VMC/Ext/T", std::span(&time, 1)));
    }
    const OscArgument loaded = oscInt(1); // OK's "loaded" argument: an avatar is loaded
    messages.push_back(writeOscMessage("/VMC/Ext/OK", std::span(&loaded, 1)));
    if (packing == VmcPacking::Messages) {
        return messages;
    }
    return {writeOscBundle(messages)};
}

} // namespace bvh::live
