// What the body fuzzers share: whether a pose lies within the float range, and the document's
// first, middle and last frames posed as the viewer poses them.
#pragma once

#include "core/kinematics/forward_kinematics_plan.h"
#include "core/reader/document.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace bvh::fuzz {

// Past this a posed point may leave the float range once a vertex's offset is added to it; the
// reader warns about such files (position_range.cpp) and no finite skinning is promised there.
inline constexpr double kFloatSafe = 1e30;

inline bool finiteQuaternion(const glm::dquat& q) {
    return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

// The largest translation component, or infinity where a transform is not finite or lies past
// kFloatSafe.
inline double farthest(std::span<const RigidTransform> transforms) {
    double most = 0.0;
    for (const RigidTransform& transform : transforms) {
        const glm::dvec3& t = transform.translation;
        const double far = std::max({std::fabs(t.x), std::fabs(t.y), std::fabs(t.z)});
        if (!(far < kFloatSafe) || !finiteQuaternion(transform.rotation)) {
            return INFINITY;
        }
        most = std::max(most, far);
    }
    return most;
}

// Calls `check(frame, world)` on the document's first, middle and last frames posed with the
// forward kinematics plan of `translation` (resolved), skipping poses that do not lie within
// kFloatSafe; the first problem it returns (non-empty), with the frame, else "".
template <class Check>
std::string checkFirstMiddleLastFrames(const Document& document, TranslationMode translation,
                                       Check check) {
    const Skeleton& skeleton = document.skeleton;
    const Motion& motion = document.motion;
    if (motion.frameCount == 0) {
        return "";
    }
    const ForwardKinematicsPlan plan(skeleton,
                                     resolveTranslationMode(translation, skeleton, motion));
    std::vector<RigidTransform> world(skeleton.nodeCount());
    const std::uint32_t last = motion.frameCount - 1;
    for (const std::uint32_t frame : {std::uint32_t{0}, last / 2, last}) {
        plan.computeWorldTransformsOfRow(motion.frame(frame), world);
        if (!std::isfinite(farthest(world))) {
            continue;
        }
        if (std::string problem = check(world); !problem.empty()) {
            return problem + " at frame " + std::to_string(frame);
        }
    }
    return "";
}

} // namespace bvh::fuzz
