#include "core/kinematics/pose.h"

#include "core/kinematics/pose_kernels.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <glm/ext/quaternion_common.hpp>
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

// Local transforms decoding each node's channels as it goes (ForwardKinematicsPlan decodes
// once). Sines and cosines are computed in batches over a window of consecutive columns of the
// row, position columns included (a few wasted angles cost less than gathering the rotation
// columns); a node's columns follow the previous node's, so each window is computed once.
template <bool kAbsolute>
void localTransformsOfRow(const Skeleton& skeleton, std::span<const float> row,
                          std::span<RigidTransform> out) {
    constexpr std::size_t kWindow = 48;
    double halfAngles[kWindow];
    double sines[kWindow];
    double cosines[kWindow];
    std::size_t windowBegin = 0; // the columns whose sines and cosines are ready
    std::size_t windowEnd = 0;
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const detail::NodeLayout layout = detail::describeNodeChannels(skeleton, node);
        RigidTransform& local = out[node];
        local.translation =
            detail::localTranslation<kAbsolute>(layout, skeleton.offsets[node], row.data());
        if (layout.rotation == detail::RotationLayout::ThreeAxes) {
            const std::size_t first = layout.channelBegin;
            const std::size_t end = first + layout.channelCount;
            if (end - first > kWindow) { // 48 channels on one node: no real file
                local.rotation =
                    detail::applyRotationChannels(layout, skeleton.channels, row.data());
                continue;
            }
            if (first < windowBegin || end > windowEnd) {
                windowBegin = first;
                windowEnd = std::min(first + kWindow, row.size());
                for (std::size_t column = windowBegin; column < windowEnd; ++column) {
                    halfAngles[column - windowBegin] = 0.5 * row[column];
                }
                const std::size_t count = windowEnd - windowBegin;
                sinCosDegrees(std::span<const double>(halfAngles, count),
                              std::span<double>(sines, count), std::span<double>(cosines, count));
            }
            SinCos half[3];
            for (int i = 0; i < 3; ++i) {
                const std::size_t at = layout.rotationColumns[i] - windowBegin;
                half[i] = SinCos{sines[at], cosines[at]};
            }
            local.rotation = detail::composeAxisRotations(layout, half[0], half[1], half[2]);
        } else if (layout.rotation == detail::RotationLayout::Other) {
            local.rotation = detail::applyRotationChannels(layout, skeleton.channels, row.data());
        } else {
            local.rotation = glm::dquat(1.0, 0.0, 0.0, 0.0);
        }
    }
}

} // namespace

void computeLocalTransforms(const Skeleton& skeleton, std::span<const float> row,
                            TranslationMode mode, std::span<RigidTransform> out) {
    assert(out.size() >= skeleton.nodeCount() && "output span smaller than the skeleton");
    assert((row.empty() || row.size() == skeleton.totalChannels()) &&
           "a motion row must hold every channel of the skeleton");
    assert(mode != TranslationMode::Auto && "resolve TranslationMode::Auto before sampling");
    if (row.empty()) {
        computeRestTransforms(skeleton, out);
    } else if (mode == TranslationMode::Absolute) {
        localTransformsOfRow<true>(skeleton, row, out);
    } else {
        localTransformsOfRow<false>(skeleton, row, out);
    }
}

void computeRestTransforms(const Skeleton& skeleton, std::span<RigidTransform> out) {
    assert(out.size() >= skeleton.nodeCount() && "output span smaller than the skeleton");
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        out[node] = RigidTransform{skeleton.offsets[node], glm::dquat(1.0, 0.0, 0.0, 0.0)};
    }
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
        detail::composeWorld(world[static_cast<std::size_t>(parent)], local[node], world[node]);
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
