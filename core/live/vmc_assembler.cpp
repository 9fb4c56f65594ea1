#include "core/live/vmc_assembler.h"

#include "core/live/rotation_values.h"

#include <cmath>
#include <glm/gtc/quaternion.hpp>

namespace bvh::live {
namespace {

constexpr std::string_view kRootAddress = "/VMC/Ext/Root/Pos";
constexpr std::string_view kBoneAddress = "/VMC/Ext/Bone/Pos";
constexpr std::string_view kTimeAddress = "/VMC/Ext/T";
constexpr std::string_view kOkAddress = "/VMC/Ext/OK";

enum class FloatsRead { Read, Malformed, NonFinite };

// `count` floats after a leading string: arguments 1..count.
FloatsRead readFloats(const OscMessage& message, std::size_t count, double* values) {
    if (message.arguments.size() < count + 1 || message.arguments[0].type != 's') {
        return FloatsRead::Malformed;
    }
    for (std::size_t i = 0; i < count; ++i) {
        const OscArgument& argument = message.arguments[i + 1];
        if (argument.type != 'f') {
            return FloatsRead::Malformed;
        }
        if (!std::isfinite(argument.number)) {
            return FloatsRead::NonFinite;
        }
        values[i] = argument.number;
    }
    return FloatsRead::Read;
}

UnityTransform transformFrom(const double* values) {
    UnityTransform transform;
    transform.position = {values[0], values[1], values[2]};
    // glm::dquat's constructor takes w first.
    transform.rotation = glm::dquat(values[6], values[3], values[4], values[5]);
    return transform;
}

} // namespace

bool VmcPose::hasBones() const {
    for (const auto& bone : bones) {
        if (bone) {
            return true;
        }
    }
    return root.has_value();
}

void VmcAssembler::feed(std::span<const OscMessage> messages, std::vector<VmcPose>& frames) {
    bool bundled = false;
    for (const OscMessage& message : messages) {
        readMessage(message, frames);
        bundled = bundled || message.inBundle;
    }
    if (bundled) {
        endFrame(frames); // a bundle is a frame, whether or not it carried T or OK
        if (ended_) {
            emit(*ended_, frames);
        }
    }
}

void VmcAssembler::flush(std::vector<VmcPose>& frames) {
    if (ended_) {
        emit(*ended_, frames);
    }
}

void VmcAssembler::readMessage(const OscMessage& message, std::vector<VmcPose>& frames) {
    if (message.address == kBoneAddress || message.address == kRootAddress) {
        if (ended_) {
            emit(*ended_, frames); // new data: the frame ended before waits no longer
        }
        if (message.address == kBoneAddress) {
            readBone(message);
        } else {
            readRoot(message);
        }
    } else if (message.address == kTimeAddress) {
        readTime(message, frames);
    } else if (message.address == kOkAddress) {
        endFrame(frames);
    } else {
        ++counters_.ignoredMessages;
    }
}

void VmcAssembler::readRoot(const OscMessage& message) {
    double values[13] = {};
    // v2.1 adds scale and offset: 13 floats; before it, 7.
    const std::size_t count = message.arguments.size() >= 14 ? 13 : 7;
    const FloatsRead read = readFloats(message, count, values);
    if (read != FloatsRead::Read) {
        ++(read == FloatsRead::NonFinite ? counters_.nonFinite : counters_.malformed);
        return;
    }
    UnityTransform root = transformFrom(values);
    if (!usableTransform(root.position, root.rotation)) {
        ++counters_.malformed;
        return;
    }
    root.rotation = glm::normalize(root.rotation);
    if (count == 13) {
        const glm::dvec3 scale{values[7], values[8], values[9]};
        const glm::dvec3 offset{values[10], values[11], values[12]};
        // A scale outside 1/1000..1000 or an offset past the position bound is no avatar's.
        const auto scaleWithin = [](double value) { return value >= 1e-3 && value <= 1e3; };
        if (!scaleWithin(scale.x) || !scaleWithin(scale.y) || !scaleWithin(scale.z) ||
            !usableTransform(offset, root.rotation)) {
            ++counters_.malformed;
            return;
        }
        pending_.rootScale = scale;
        pending_.rootOffset = offset;
    }
    pending_.root = root;
}

void VmcAssembler::readBone(const OscMessage& message) {
    double values[7] = {};
    const FloatsRead read = readFloats(message, 7, values);
    if (read != FloatsRead::Read) {
        ++(read == FloatsRead::NonFinite ? counters_.nonFinite : counters_.malformed);
        return;
    }
    const std::optional<std::size_t> bone = unityHumanoidBone(message.arguments[0].text);
    if (!bone) {
        ++counters_.unknownBones;
        return;
    }
    UnityTransform transform = transformFrom(values);
    if (!usableTransform(transform.position, transform.rotation)) {
        ++counters_.malformed;
        return;
    }
    transform.rotation = glm::normalize(transform.rotation);
    pending_.bones[*bone] = transform;
}

void VmcAssembler::readTime(const OscMessage& message, std::vector<VmcPose>& frames) {
    if (message.arguments.empty() || message.arguments[0].type != 'f') {
        ++counters_.malformed;
        return;
    }
    const double time = message.arguments[0].number;
    if (!std::isfinite(time)) {
        ++counters_.nonFinite;
        return;
    }
    if (!pending_.hasBones() && ended_ && !ended_->senderTime) {
        ended_->senderTime = time; // the T after the OK that ended the frame
        emit(*ended_, frames);
        return;
    }
    pending_.senderTime = time;
    endFrame(frames);
    if (ended_) {
        emit(*ended_, frames);
    }
}

void VmcAssembler::endFrame(std::vector<VmcPose>& frames) {
    if (!pending_.hasBones()) {
        return;
    }
    if (ended_) {
        emit(*ended_, frames);
    }
    ended_ = std::move(pending_);
    pending_ = VmcPose{};
}

void VmcAssembler::emit(VmcPose& pose, std::vector<VmcPose>& frames) {
    ++counters_.frames;
    frames.push_back(std::move(pose));
    ended_.reset();
}

} // namespace bvh::live
