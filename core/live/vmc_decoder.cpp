#include "core/live/vmc_decoder.h"

namespace bvh::live {

void VmcDecoder::read(std::span<const std::uint8_t> datagram) {
    messages_.clear();
    readOscPacket(datagram, messages_, osc_);
    ready_.clear();
    assembler_.feed(messages_, ready_);
    for (VmcPose& pose : ready_) {
        if (waiting_.size() == kMostWaitingPoses) {
            waiting_.pop_front();
        }
        waiting_.push_back(std::move(pose));
    }
}

void VmcDecoder::endOfInput() {
    ready_.clear();
    assembler_.flush(ready_);
    for (VmcPose& pose : ready_) {
        waiting_.push_back(std::move(pose));
    }
    releaseHeld_ = true;
}

bool VmcDecoder::step(double arrivalSeconds, std::vector<LiveFrame>& frames) {
    const std::size_t before = frames.size();
    if (waiting_.empty()) {
        if (!releaseHeld_) {
            return false;
        }
        releaseHeld_ = false;
        frames_.releaseHeld(frames);
        framesGiven_ += frames.size() - before;
        return true;
    }
    frames_.add(waiting_.front(), arrivalSeconds, frames);
    waiting_.pop_front();
    framesGiven_ += frames.size() - before;
    return true;
}

std::string VmcDecoder::waitingFor() const {
    if (frames_.skeleton() != nullptr) {
        return {};
    }
    if (frames_.heldFrames() == 0) {
        return "waiting for a frame with every bone Unity requires";
    }
    return "measuring the sender's rate (" + std::to_string(frames_.heldFrames()) + " of " +
           std::to_string(VmcFrames::kRateFrames) + " frames)";
}

DatagramCounters VmcDecoder::counters() const {
    const VmcCounters& vmc = assembler_.counters();
    DatagramCounters counters;
    counters.datagrams = osc_.datagrams;
    counters.frames = framesGiven_;
    counters.truncated = osc_.truncated + osc_.tooDeep;
    counters.unknownTags = osc_.unknownTypeTag;
    counters.nonFinite = vmc.nonFinite;
    counters.malformed = vmc.malformed;
    counters.unknownBones = vmc.unknownBones;
    counters.ignored = vmc.ignoredMessages;
    return counters;
}

} // namespace bvh::live
