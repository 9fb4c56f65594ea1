#include "pose.h"

#include <cassert>
#include <cmath>
#include <glm/ext/matrix_transform.hpp>
#include <glm/ext/quaternion_common.hpp>
#include <glm/ext/quaternion_trigonometric.hpp>
#include <glm/gtc/quaternion.hpp>

namespace bvh {

// [SECTION] Translation mode

std::string_view translationModeName(TranslationMode mode) {
    switch (mode) {
    case TranslationMode::Auto:
        return "auto";
    case TranslationMode::Absolute:
        return "absolute";
    case TranslationMode::Additive:
        return "additive";
    }
    return "auto";
}

bool parseTranslationMode(std::string_view text, TranslationMode& mode) {
    for (TranslationMode candidate :
         {TranslationMode::Auto, TranslationMode::Absolute, TranslationMode::Additive}) {
        if (text == translationModeName(candidate)) {
            mode = candidate;
            return true;
        }
    }
    return false;
}

TranslationMode detectTranslationMode(const Skeleton& skeleton, const Motion& motion) {
    if (motion.frameCount == 0 || motion.channelCount != skeleton.totalChannels()) {
        return TranslationMode::Additive;
    }
    std::span<const float> row = motion.frame(0);
    double distanceFromOffset = 0.0;
    double magnitude = 0.0;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const std::uint32_t begin = skeleton.channelBegin[node];
        for (std::uint32_t c = 0; c < skeleton.channelCount[node]; ++c) {
            ChannelType type = skeleton.channels[begin + c];
            if (!isPosition(type)) {
                continue;
            }
            double value = row[begin + c];
            distanceFromOffset += std::abs(value - skeleton.offsets[node][channelAxis(type)]);
            magnitude += std::abs(value);
        }
    }
    return distanceFromOffset < magnitude ? TranslationMode::Absolute : TranslationMode::Additive;
}

TranslationMode resolveTranslationMode(TranslationMode requested, const Skeleton& skeleton,
                                       const Motion& motion) {
    return requested == TranslationMode::Auto ? detectTranslationMode(skeleton, motion) : requested;
}

// [SECTION] Local and world transforms

glm::dmat4 toMatrix(const RigidTransform& transform) {
    glm::dmat4 matrix = glm::mat4_cast(transform.rotation);
    matrix[3] = glm::dvec4(transform.translation, 1.0);
    return matrix;
}

namespace {

// sin and cos of an angle in degrees. Motion data is degrees, so the reduction to
// [-45°, 45°] by quarter turns is exact (q * 90 and its difference are exact doubles), and the
// Taylor polynomials below are then accurate to ~1e-15 there; this is 3-4x cheaper than
// std::sin + std::cos and precise far beyond the float data. Huge angles take the library path.
void sinCosDegrees(double degrees, double& sine, double& cosine) {
    if (!(std::abs(degrees) < 1.0e9)) {
        const double radians = glm::radians(degrees);
        sine = std::sin(radians);
        cosine = std::cos(radians);
        return;
    }
    const double quarterTurns = std::nearbyint(degrees * (1.0 / 90.0));
    const double x = (degrees - quarterTurns * 90.0) * (3.14159265358979323846 / 180.0);
    const double x2 = x * x;
    const double s =
        x * (1.0 + x2 * (-1.0 / 6 +
                         x2 * (1.0 / 120 +
                               x2 * (-1.0 / 5040 +
                                     x2 * (1.0 / 362880 +
                                           x2 * (-1.0 / 39916800 + x2 * (1.0 / 6227020800.0)))))));
    const double c =
        1.0 +
        x2 * (-0.5 + x2 * (1.0 / 24 +
                           x2 * (-1.0 / 720 +
                                 x2 * (1.0 / 40320 + x2 * (-1.0 / 3628800 +
                                                           x2 * (1.0 / 479001600.0 +
                                                                 x2 * (-1.0 / 87178291200.0)))))));
    switch (static_cast<long long>(quarterTurns) & 3) {
    case 0:
        sine = s;
        cosine = c;
        break;
    case 1:
        sine = c;
        cosine = -s;
        break;
    case 2:
        sine = -s;
        cosine = -c;
        break;
    default:
        sine = -c;
        cosine = s;
        break;
    }
}

// rotation * (rotation of `degrees` about one coordinate axis), written out: the axis
// quaternion has two non-zero components, so this is 8 multiplications instead of 16.
void applyAxisRotation(glm::dquat& q, int axis, double degrees) {
    double s = 0.0;
    double c = 1.0;
    sinCosDegrees(degrees * 0.5, s, c);
    const double w = q.w;
    const double x = q.x;
    const double y = q.y;
    const double z = q.z;
    switch (axis) {
    case 0: // (c, s, 0, 0)
        q = glm::dquat(w * c - x * s, x * c + w * s, y * c + z * s, z * c - y * s);
        break;
    case 1: // (c, 0, s, 0)
        q = glm::dquat(w * c - y * s, x * c - z * s, y * c + w * s, z * c + x * s);
        break;
    default: // (c, 0, 0, s)
        q = glm::dquat(w * c - z * s, x * c + y * s, y * c - x * s, z * c + w * s);
        break;
    }
}

} // namespace

void computeLocalTransforms(const Skeleton& skeleton, std::span<const float> row,
                            TranslationMode mode, std::span<RigidTransform> out) {
    assert(out.size() >= skeleton.nodeCount() && "output span smaller than the skeleton");
    assert((row.empty() || row.size() == skeleton.totalChannels()) &&
           "a motion row must hold every channel of the skeleton");
    assert(mode != TranslationMode::Auto && "resolve TranslationMode::Auto before sampling");
    const bool absolute = mode == TranslationMode::Absolute;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        RigidTransform& local = out[node];
        local.translation = skeleton.offsets[node];
        local.rotation = glm::dquat(1.0, 0.0, 0.0, 0.0);
        if (row.empty()) {
            continue;
        }
        const std::uint32_t begin = skeleton.channelBegin[node];
        for (std::uint32_t c = 0; c < skeleton.channelCount[node]; ++c) {
            const ChannelType type = skeleton.channels[begin + c];
            const double value = row[begin + c];
            const int axis = channelAxis(type);
            if (isPosition(type)) {
                local.translation[axis] = absolute ? value : skeleton.offsets[node][axis] + value;
            } else if (isRotation(type)) {
                // Declared order, left to right: "Z X Y" gives Rz * Rx * Ry.
                applyAxisRotation(local.rotation, axis, value);
            }
        }
    }
}

void computeRestTransforms(const Skeleton& skeleton, std::span<RigidTransform> out) {
    computeLocalTransforms(skeleton, {}, TranslationMode::Additive, out);
}

void computeWorldTransforms(const Skeleton& skeleton, std::span<const RigidTransform> local,
                            std::span<RigidTransform> world) {
    assert(local.size() >= skeleton.nodeCount() && world.size() >= skeleton.nodeCount() &&
           "spans smaller than the skeleton");
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const NodeIndex parent = skeleton.parents[node];
        if (parent == kNoParent) {
            world[node] = local[node];
            continue;
        }
        assert(static_cast<std::size_t>(parent) < node && "parents must precede children");
        const RigidTransform& up = world[static_cast<std::size_t>(parent)];
        world[node].translation = up.translation + up.rotation * local[node].translation;
        world[node].rotation = up.rotation * local[node].rotation;
    }
}

void blendLocalTransforms(std::span<const RigidTransform> a, std::span<const RigidTransform> b,
                          double t, std::span<RigidTransform> out) {
    assert(a.size() == b.size() && out.size() >= a.size() && "blend spans must match");
    for (std::size_t i = 0; i < a.size(); ++i) {
        out[i].translation = a[i].translation + (b[i].translation - a[i].translation) * t;
        // glm::slerp takes the shorter arc (q and -q are the same rotation).
        out[i].rotation = glm::slerp(a[i].rotation, b[i].rotation, t);
    }
}

// [SECTION] Sampling

FramePair locateFrames(const Motion& motion, double timeSeconds, Interpolation interpolation) {
    FramePair pair;
    if (motion.frameCount == 0) {
        return pair;
    }
    const std::uint32_t last = motion.frameCount - 1;
    double position = timeSeconds / motion.frameTime;
    if (!(position > 0.0)) { // also catches NaN
        return pair;
    }
    if (position >= last) {
        pair.first = pair.second = last;
        return pair;
    }
    if (interpolation == Interpolation::Nearest) {
        pair.first = pair.second = static_cast<std::uint32_t>(std::lround(position));
        return pair;
    }
    pair.first = static_cast<std::uint32_t>(position);
    pair.second = pair.first + 1;
    pair.weight = position - pair.first;
    return pair;
}

void sampleLocalTransforms(const Skeleton& skeleton, const Motion& motion, double timeSeconds,
                           Interpolation interpolation, TranslationMode mode,
                           std::span<RigidTransform> scratch, std::span<RigidTransform> out) {
    if (motion.frameCount == 0) {
        computeRestTransforms(skeleton, out);
        return;
    }
    const FramePair pair = locateFrames(motion, timeSeconds, interpolation);
    computeLocalTransforms(skeleton, motion.frame(pair.first), mode, out);
    if (pair.weight > 0.0 && pair.second != pair.first) {
        computeLocalTransforms(skeleton, motion.frame(pair.second), mode, scratch);
        const std::size_t n = skeleton.nodeCount();
        blendLocalTransforms(out.first(n), scratch.first(n), pair.weight, out);
    }
}

} // namespace bvh
