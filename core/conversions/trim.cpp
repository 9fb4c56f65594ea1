#include "core/conversions/joint_channels.h"

#include <algorithm>

namespace bvh {

using namespace conversion_detail;

Conversion trimFrames(const Skeleton& skeleton, const Motion& motion, std::uint32_t first,
                      std::uint32_t last) {
    std::vector<Diagnostic> problems = validateInput(skeleton, motion);
    if (hasErrors(problems)) {
        return failure(std::move(problems));
    }
    if (first >= motion.frameCount) {
        return failure("frame " + std::to_string(first) +
                       " is past the last frame (the motion has " +
                       std::to_string(motion.frameCount) + " frames, numbered from 0)");
    }
    if (first > last) {
        return failure("the frame range " + std::to_string(first) + ":" + std::to_string(last) +
                       " is empty");
    }
    last = std::min(last, motion.frameCount - 1);
    Conversion result;
    result.skeleton = skeleton;
    result.motion = motion;
    result.motion.frameCount = last - first + 1;
    const auto begin = motion.values.begin() +
                       static_cast<std::ptrdiff_t>(std::size_t{first} * motion.channelCount);
    const auto end = motion.values.begin() +
                     static_cast<std::ptrdiff_t>(std::size_t{last + 1} * motion.channelCount);
    result.motion.values.assign(begin, end);
    return result;
}

} // namespace bvh
