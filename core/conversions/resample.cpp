#include "core/conversions/joint_channels.h"
#include "core/conversions/number_text.h"
#include "core/model/output_limits.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <glm/ext/quaternion_common.hpp>

namespace bvh {

using namespace conversion_detail;

namespace {

// Output times closer than this (in input frames) to an input frame use that frame as is, so
// 30 -> 60 -> 30 fps, or any rate sharing frame times with the input, loses nothing there. Not
// tighter: files round their Frame Time (".0083333" for 1/120 s), which puts "shared" times a
// few millionths of a frame apart per frame.
constexpr double kFrameSnap = 1e-3;

// Files round their Frame Time: 0.0083333 is 120.0005 fps and 0.033333 is 30.0003. Taken
// literally, 120 -> 30 fps would drift off the input frames (by a frame every 5000), so a rate
// within 0.01% of a whole number is taken to be that number.
double intendedFrameTime(double frameTime) {
    const double rate = 1.0 / frameTime;
    const double whole = std::round(rate);
    return (whole >= 1.0 && std::abs(rate - whole) <= 1e-4 * rate) ? 1.0 / whole : frameTime;
}

// Shortest text that reads back as the same double ("20000", "1e-09", "72000001").
} // namespace

double resampledFrameCount(std::uint32_t frameCount, double frameTime, double framesPerSecond) {
    if (frameCount == 0) {
        return 0.0;
    }
    const double inputFramesPerOutputFrame = 1.0 / (framesPerSecond * intendedFrameTime(frameTime));
    const double lastInputFrame = frameCount - 1.0;
    return std::floor(lastInputFrame / inputFramesPerOutputFrame + kFrameSnap) + 1.0;
}

std::string resampleSizeProblem(std::uint32_t frameCount, std::uint32_t channelCount,
                                double frameTime, double framesPerSecond) {
    if (!isWritableFrameRate(framesPerSecond)) {
        return "the frame rate must be from 1/" + std::to_string(std::lround(kLongestFrameTime)) +
               " to " + std::to_string(std::lround(1.0 / kShortestFrameTime)) +
               " frames per second: a Frame Time of 1 microsecond to 1 hour, as BVH readers "
               "take it, not " +
               numberText(framesPerSecond);
    }
    const double frames = resampledFrameCount(frameCount, frameTime, framesPerSecond);
    // A row of no channels still costs a line of text: count it as one value.
    const double values = frames * std::max<std::uint32_t>(channelCount, 1);
    if (!(values <= static_cast<double>(kMaxConvertedValues))) {
        return "resampling to " + numberText(framesPerSecond) + " fps would make " +
               numberText(frames) + " frames of " + std::to_string(channelCount) + " channels (" +
               numberText(values) + " values), more than the " +
               std::to_string(kMaxConvertedValues) + " (" +
               std::to_string(kMaxConvertedValues * sizeof(float) >> 20) +
               " MiB) a converted motion may hold";
    }
    return {};
}

Conversion resampleMotion(const Skeleton& skeleton, const Motion& motion, double framesPerSecond) {
    std::vector<Diagnostic> problems = validateInput(skeleton, motion);
    if (hasErrors(problems)) {
        return failure(std::move(problems));
    }
    // The size first, before anything is allocated.
    if (std::string problem = resampleSizeProblem(motion.frameCount, motion.channelCount,
                                                  motion.frameTime, framesPerSecond);
        !problem.empty()) {
        return failure(std::move(problem));
    }
    const double inputFramesPerOutputFrame =
        1.0 / (framesPerSecond * intendedFrameTime(motion.frameTime));
    const double lastInputFrame = motion.frameCount > 0 ? motion.frameCount - 1.0 : 0.0;

    Conversion result;
    result.skeleton = skeleton;
    result.motion.frameTime = 1.0 / framesPerSecond;
    result.motion.frameTimeAssumed = false;
    result.motion.channelCount = motion.channelCount;
    result.motion.frameCount = static_cast<std::uint32_t>(
        resampledFrameCount(motion.frameCount, motion.frameTime, framesPerSecond));
    result.motion.values.resize(std::size_t{result.motion.frameCount} * motion.channelCount);

    std::vector<JointChannels> joints;
    std::vector<std::uint8_t> slerped(motion.channelCount, 0); // columns written by slerp
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        joints.push_back(describeJoint(skeleton, node));
        if (joints.back().eulerOrder) {
            for (std::uint32_t column : joints.back().rotationColumn) {
                slerped[column] = 1;
            }
        }
    }

    for (std::uint32_t frame = 0; frame < result.motion.frameCount; ++frame) {
        const std::span<float> out(result.motion.values.data() +
                                       std::size_t{frame} * motion.channelCount,
                                   motion.channelCount);
        const double position = std::min(frame * inputFramesPerOutputFrame, lastInputFrame);
        const double nearest = std::round(position);
        if (std::abs(position - nearest) < kFrameSnap) {
            const std::span<const float> in = motion.frame(static_cast<std::uint32_t>(nearest));
            std::copy(in.begin(), in.end(), out.begin());
            continue;
        }
        const auto before = static_cast<std::uint32_t>(position);
        const std::uint32_t after = std::min(before + 1, motion.frameCount - 1);
        const double weight = position - before;
        const std::span<const float> a = motion.frame(before);
        const std::span<const float> b = motion.frame(after);
        // Positions (and unknown channels, and rotations of unusual layouts) per channel.
        for (std::uint32_t c = 0; c < motion.channelCount; ++c) {
            if (slerped[c] == 0) {
                out[c] = static_cast<float>(a[c] + (static_cast<double>(b[c]) - a[c]) * weight);
            }
        }
        for (const JointChannels& joint : joints) {
            if (!joint.eulerOrder) {
                continue;
            }
            const glm::dvec3 anglesA = readAngles(joint, a);
            const glm::dvec3 anglesB = readAngles(joint, b);
            // glm::slerp takes the shorter arc, which is what a capture between two samples
            // did; the per-channel lerp of the angles is only the reference that picks the
            // Euler solution, keeping the input curve's own unwrapping.
            const glm::dquat rotation =
                glm::slerp(eulerToQuaternion(*joint.eulerOrder, anglesA),
                           eulerToQuaternion(*joint.eulerOrder, anglesB), weight);
            const glm::dvec3 reference = anglesA + (anglesB - anglesA) * weight;
            writeAngles(joint, quaternionToEuler(*joint.eulerOrder, rotation, reference), out);
        }
    }
    return result;
}

} // namespace bvh
