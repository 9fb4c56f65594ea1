// rotateWorld and changeUpAxis: re-expressing a clip in rotated axes.
//
// Why conjugation: with world transforms (R_i, T_i) and a world rotation C, the new world must
// be (C R_i C^-1, C T_i) so that every position p becomes C p and every bone keeps its shape.
// For the root that means local translation C t and rotation C R C^-1. For a child, from
// T'_child = T'_parent + R'_parent t'_child: C (T_child - T_parent) = C R_parent t_child =
// (C R_parent C^-1) t'_child, so t'_child = C t_child (every OFFSET and position channel is
// rotated), and from R'_child = R'_parent r'_child, r'_child = C r_child C^-1. End Sites are
// offsets only, so they follow. Nothing here depends on the figure; the Biped convention
// (seed 001) is just the choice of C in upAxisRotation.
#include "core/conversions/joint_channels.h"

#include <algorithm>
#include <cmath>
#include <glm/ext/quaternion_trigonometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>

namespace bvh {

using namespace conversion_detail;

namespace {

// A rotation matrix with entries that are within rounding of -1, 0 or 1 made exactly so. Quarter
// turns built from quaternions carry 1e-17-sized terms; snapped, an axis change moves numbers
// between axes without touching their bits, and a zero offset stays 0 instead of 6e-17.
glm::dmat3 snappedRotation(const glm::dquat& rotation) {
    glm::dmat3 matrix = glm::mat3_cast(glm::normalize(rotation));
    for (int column = 0; column < 3; ++column) {
        for (int row = 0; row < 3; ++row) {
            double& value = matrix[column][row];
            const double nearest = std::round(value);
            if (std::abs(value - nearest) < 1e-12) {
                value = nearest;
            }
        }
    }
    return matrix;
}

// Whether a translation component that has no channel to carry it still equals the OFFSET.
bool representable(double translation, double offset) {
    return std::abs(translation - offset) <=
           1e-9 * std::max({1.0, std::abs(translation), std::abs(offset)});
}

} // namespace

Conversion rotateWorld(const Skeleton& skeleton, const Motion& motion, TranslationMode mode,
                       const glm::dquat& rotation) {
    std::vector<Diagnostic> problems = validateInput(skeleton, motion);
    if (mode == TranslationMode::Auto) {
        problems.push_back(error("rotateWorld needs an Absolute or Additive translation mode"));
    }
    if (hasErrors(problems)) {
        return failure(std::move(problems));
    }
    const glm::dmat3 c = snappedRotation(rotation);
    const glm::dmat3 cInverse = glm::transpose(c);
    Conversion result;
    result.skeleton = skeleton;
    result.motion = motion;
    for (glm::dvec3& offset : result.skeleton.offsets) {
        offset = c * offset;
    }
    const bool absolute = mode == TranslationMode::Absolute;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const JointChannels joint = describeJoint(skeleton, node);
        const bool rotates = joint.rotationChannels > 0;
        if (rotates && !joint.eulerOrder) {
            problems.push_back(error(
                jointLabel(skeleton, node) + " has " + std::to_string(joint.rotationChannels) +
                " rotation channels (" + skeleton.rotationOrder(static_cast<NodeIndex>(node)) +
                "); rotating the axes needs three distinct rotation axes"));
            continue;
        }
        const glm::dvec3& oldOffset = skeleton.offsets[node];
        const glm::dvec3& newOffset = result.skeleton.offsets[node];
        glm::dvec3 previous(0.0);
        bool translationFits = true;
        for (std::uint32_t frame = 0; frame < motion.frameCount && translationFits; ++frame) {
            const std::span<const float> in = motion.frame(frame);
            const std::span<float> out(result.motion.values.data() +
                                           std::size_t{frame} * motion.channelCount,
                                       motion.channelCount);
            if (joint.hasPosition()) {
                const glm::dvec3 translation = c * readTranslation(joint, oldOffset, in, mode);
                for (int axis = 0; axis < 3; ++axis) {
                    const int column = joint.positionColumn[static_cast<std::size_t>(axis)];
                    if (column >= 0) {
                        const double value =
                            absolute ? translation[axis] : translation[axis] - newOffset[axis];
                        out[static_cast<std::size_t>(column)] = static_cast<float>(value) + 0.0f;
                    } else if (!representable(translation[axis], newOffset[axis])) {
                        problems.push_back(error(jointLabel(skeleton, node) + " would move along " +
                                                 std::string(1, static_cast<char>('X' + axis)) +
                                                 " after the rotation but has no " +
                                                 std::string(1, static_cast<char>('X' + axis)) +
                                                 "position channel (frame " +
                                                 std::to_string(frame) + ")"));
                        translationFits = false;
                        break;
                    }
                }
            }
            if (joint.eulerOrder) {
                const glm::dmat3 local =
                    glm::mat3_cast(eulerToQuaternion(*joint.eulerOrder, readAngles(joint, in)));
                previous = matrixToEuler(*joint.eulerOrder, c * local * cInverse, previous);
                writeAngles(joint, previous, out);
            }
        }
    }
    if (hasErrors(problems)) {
        return failure(std::move(problems));
    }
    return result;
}

Conversion changeUpAxis(const Skeleton& skeleton, const Motion& motion, TranslationMode mode,
                        UpAxis from, UpAxis to) {
    if (from == to) {
        // Not rotateWorld with the identity: that would re-derive (and re-wrap) every angle.
        std::vector<Diagnostic> problems = validateInput(skeleton, motion);
        if (hasErrors(problems)) {
            return failure(std::move(problems));
        }
        return Conversion{skeleton, motion, {}};
    }
    return rotateWorld(skeleton, motion, mode, upAxisRotation(from, to));
}

} // namespace bvh
