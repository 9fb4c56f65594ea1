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
#include "core/reader/document.h"
#include "tests/fuzz/fuzz_poses.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

using bvh::fuzz::farthest;
using bvh::fuzz::finiteQuaternion;

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
    return bvh::fuzz::checkFirstMiddleLastFrames(
        document, translation, [&](std::span<const bvh::RigidTransform> world) {
            bvh::bodySkinTransforms(skeleton.parents, world, bind, skin);
            return skinViolation(skin, skeleton.nodeCount());
        });
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
