#include "core/conversions/joint_channels.h"

#include <cmath>

namespace bvh {

using namespace conversion_detail;

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
    Conversion result;
    result.skeleton = skeleton;
    result.motion = motion;
    for (glm::dvec3& offset : result.skeleton.offsets) {
        offset *= factor;
    }
    // World positions are sums of rotated translations, so scaling every translation (offsets
    // and position channels alike, in either translation mode) scales every position.
    std::vector<std::uint32_t> positionColumns;
    for (std::uint32_t c = 0; c < skeleton.channels.size(); ++c) {
        if (isPosition(skeleton.channels[c])) {
            positionColumns.push_back(c);
        }
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
