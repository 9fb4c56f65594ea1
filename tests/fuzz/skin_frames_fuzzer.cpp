// libFuzzer target: the skin transforms a body is posed with (core/body/body_skin_frames.h,
// through bodySkinTransforms) on any skeleton the reader loads, bound as `convert --body` and the
// viewer bind it (chooseBodyBindPose), without building the body's surface, which takes
// build_body_fuzzer a second an input: hub plane fits over children that coincide when posed,
// chains of zero-length bones, twists about bones that vanish. Wherever the pose and the bind
// pose are finite and within the float range, every skin transform is a finite unit dual
// quaternion, and posed in the bind pose itself every one is the identity.
#include "core/analysis/rest_animation_agreement.h"
#include "core/body/body_bind_pose.h"
#include "core/body/body_skinning.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/reader/document.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

// Past this a posed point may leave the float range (the reader warns, position_range.cpp).
constexpr double kFloatSafe = 1e30;

bool finiteQuaternion(const glm::dquat& q) {
    return std::isfinite(q.w) && std::isfinite(q.x) && std::isfinite(q.y) && std::isfinite(q.z);
}

// The largest translation component, or infinity where a transform is not finite or too far.
double farthest(std::span<const bvh::RigidTransform> transforms) {
    double most = 0.0;
    for (const bvh::RigidTransform& transform : transforms) {
        const glm::dvec3& t = transform.translation;
        const double far = std::max({std::fabs(t.x), std::fabs(t.y), std::fabs(t.z)});
        if (!(far < kFloatSafe) || !finiteQuaternion(transform.rotation)) {
            return INFINITY;
        }
        most = std::max(most, far);
    }
    return most;
}

std::string skinViolation(std::span<const bvh::DualQuaternion> skin, std::size_t nodeCount) {
    if (skin.size() != nodeCount) {
        return "not one skin transform per node";
    }
    for (const bvh::DualQuaternion& dq : skin) {
        if (!finiteQuaternion(dq.real) || !finiteQuaternion(dq.dual)) {
            return "a skin transform that is not finite";
        }
        if (std::fabs(glm::length(dq.real) - 1.0) > 1e-6) {
            return "a skin rotation that is not a unit quaternion";
        }
    }
    return "";
}

// Posed in its own bind pose a body does not move: every skin transform is the identity.
std::string bindPoseViolation(std::span<const bvh::DualQuaternion> skin, double scale) {
    for (const bvh::DualQuaternion& dq : skin) {
        const double turn = std::min(glm::length(dq.real - glm::dquat(1.0, 0.0, 0.0, 0.0)),
                                     glm::length(dq.real + glm::dquat(1.0, 0.0, 0.0, 0.0)));
        if (turn > 1e-9 || glm::length(dq.dual) > 1e-9 * (1.0 + scale)) {
            return "a skin transform in the bind pose that is not the identity";
        }
    }
    return "";
}

std::string skinFramesViolation(const bvh::Document& document, bvh::TranslationMode requested) {
    const bvh::Skeleton& skeleton = document.skeleton;
    const bvh::Motion& motion = document.motion;
    const bvh::TranslationMode translation =
        bvh::resolveTranslationMode(requested, skeleton, motion);
    const bvh::RestAnimationAgreement agreement = bvh::compareRestWithAnimation(
        skeleton, motion, translation, bvh::analyzeRestPose(skeleton));
    const std::vector<bvh::RigidTransform> bind =
        bvh::chooseBodyBindPose(skeleton, motion, translation, agreement).world;
    const double bindScale = farthest(bind);
    if (bind.size() != skeleton.nodeCount() || !std::isfinite(bindScale)) {
        return "";
    }
    std::vector<bvh::DualQuaternion> skin;
    bvh::bodySkinTransforms(skeleton.parents, bind, bind, skin);
    std::string problem = skinViolation(skin, skeleton.nodeCount());
    if (problem.empty()) {
        problem = bindPoseViolation(skin, bindScale);
    }
    if (!problem.empty() || motion.frameCount == 0) {
        return problem;
    }
    const bvh::ForwardKinematicsPlan plan(skeleton, translation);
    std::vector<bvh::RigidTransform> world(skeleton.nodeCount());
    const std::uint32_t last = motion.frameCount - 1;
    for (const std::uint32_t frame : {std::uint32_t{0}, last / 2, last}) {
        plan.computeWorldTransformsOfRow(motion.frame(frame), world);
        if (!std::isfinite(farthest(world))) {
            continue;
        }
        bvh::bodySkinTransforms(skeleton.parents, world, bind, skin);
        if (problem = skinViolation(skin, skeleton.nodeCount()); !problem.empty()) {
            return problem + " at frame " + std::to_string(frame);
        }
    }
    return "";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const bvh::Document document = bvh::parseDocument(text);
    if (!document.loaded()) {
        return 0;
    }
    // The input's length picks how root translations are read, as build_body_fuzzer does.
    const auto translation = static_cast<bvh::TranslationMode>(size % 3);
    if (const std::string problem = skinFramesViolation(document, translation); !problem.empty()) {
        std::fprintf(stderr, "skin frames invariant broken: %s\n", problem.c_str());
        std::abort();
    }
    return 0;
}
