#include "core/conversions/joint_channels.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

namespace bvh {

using namespace conversion_detail;

namespace {

// The fewest digits that read back as the value: a float as a float ("3e+38", not
// "3.0000000054977558e+38"), an offset as the double it is.
template <typename Number>
std::string numberText(Number value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

// A result, to six digits ("4.5e+38").
std::string resultText(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
}

// Why `value` times `factor` would not read back as a float (the motion's values, and the
// precision the viewer draws offsets in), or empty: it leaves the float range, or it is not zero
// and becomes zero. A value that is already not finite stays what it was.
template <typename Number>
std::string scaledValueProblem(Number value, double factor) {
    if (!std::isfinite(value)) {
        return {};
    }
    const double scaled = static_cast<double>(value) * factor;
    if (!std::isfinite(scaled) || std::abs(scaled) > std::numeric_limits<float>::max()) {
        return numberText(value) + " becomes " + resultText(scaled) +
               ", beyond the float range (3.4e38)";
    }
    if (value != 0 && static_cast<float>(scaled) == 0.0f) {
        return numberText(value) + " becomes 0 as a float (smaller than 1.4e-45)";
    }
    return {};
}

// "Xposition of joint 'Hips'": a motion column by its spelling and joint.
std::string channelLabel(const Skeleton& skeleton, std::uint32_t column) {
    const std::string spelling =
        column < skeleton.channelNames.size() ? skeleton.channelNames[column] : "channel";
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        if (column >= skeleton.channelBegin[node] &&
            column - skeleton.channelBegin[node] < skeleton.channelCount[node]) {
            return spelling + " of " + jointLabel(skeleton, node);
        }
    }
    return spelling + " " + std::to_string(column);
}

// The first offset or position value that scaling by `factor` would break, as an error message;
// empty when there is none. Checks every value, before anything is allocated.
std::string scaleProblem(const Skeleton& skeleton, const Motion& motion,
                         const std::vector<std::uint32_t>& positionColumns, double factor) {
    const std::string prefix = "scaling by " + numberText(factor) + ": ";
    static constexpr const char* kAxes[] = {"x", "y", "z"};
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        for (int axis = 0; axis < 3; ++axis) {
            if (std::string problem = scaledValueProblem(skeleton.offsets[node][axis], factor);
                !problem.empty()) {
                return prefix + "the OFFSET " + kAxes[axis] + " of " + jointLabel(skeleton, node) +
                       ", " + problem;
            }
        }
    }
    for (std::uint32_t frame = 0; frame < motion.frameCount; ++frame) {
        const std::span<const float> row = motion.frame(frame);
        for (std::uint32_t column : positionColumns) {
            if (std::string problem = scaledValueProblem(row[column], factor); !problem.empty()) {
                return prefix + "the " + channelLabel(skeleton, column) + " in frame " +
                       std::to_string(frame) + ", " + problem;
            }
        }
    }
    return {};
}

} // namespace

Conversion scaleSkeleton(const Skeleton& skeleton, const Motion& motion, double factor) {
    std::vector<Diagnostic> problems = validateInput(skeleton, motion);
    if (!(factor > 0.0) || !std::isfinite(factor)) {
        // Zero collapses the figure and a negative factor mirrors it (and turns it inside out:
        // rotations would then need re-deriving); neither is a change of unit.
        problems.push_back(error("the scale factor must be a positive finite number"));
    }
    if (hasErrors(problems)) {
        return failure(std::move(problems));
    }
    // World positions are sums of rotated translations, so scaling every translation (offsets
    // and position channels alike, in either translation mode) scales every position.
    std::vector<std::uint32_t> positionColumns;
    for (std::uint32_t c = 0; c < skeleton.channels.size(); ++c) {
        if (isPosition(skeleton.channels[c])) {
            positionColumns.push_back(c);
        }
    }
    if (std::string problem = scaleProblem(skeleton, motion, positionColumns, factor);
        !problem.empty()) {
        return failure(std::move(problem));
    }
    Conversion result;
    result.skeleton = skeleton;
    result.motion = motion;
    for (glm::dvec3& offset : result.skeleton.offsets) {
        offset *= factor;
    }
    for (std::uint32_t frame = 0; frame < motion.frameCount; ++frame) {
        float* row = result.motion.values.data() + std::size_t{frame} * motion.channelCount;
        for (std::uint32_t column : positionColumns) {
            row[column] = static_cast<float>(row[column] * factor);
        }
    }
    return result;
}

} // namespace bvh
