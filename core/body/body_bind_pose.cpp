#include "core/body/body_bind_pose.h"

#include "core/kinematics/forward_kinematics_plan.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bvh {
namespace {

// Per node: whether its rotation only turns the whole figure (a root, and each joint below it
// while the chain has not yet branched: Bandai's joint_Root and Hips).
std::vector<std::uint8_t> jointsAboveFirstBranch(const Skeleton& skeleton) {
    const std::size_t n = skeleton.nodeCount();
    std::vector<std::uint32_t> children(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (skeleton.parents[i] != kNoParent) {
            ++children[static_cast<std::size_t>(skeleton.parents[i])];
        }
    }
    std::vector<std::uint8_t> above(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        const auto p = static_cast<std::size_t>(parent);
        above[i] = parent == kNoParent || (above[p] != 0 && children[p] == 1) ? 1 : 0;
    }
    return above;
}

double rotationAngle(const glm::dquat& rotation) {
    return 2.0 * std::acos(std::clamp(std::abs(rotation.w), 0.0, 1.0));
}

} // namespace

std::optional<std::size_t> frameClosestToRestShape(const Skeleton& skeleton, const Motion& motion,
                                                   TranslationMode translation) {
    const std::size_t n = skeleton.nodeCount();
    if (motion.frameCount == 0 || n == 0 || motion.channelCount != skeleton.totalChannels() ||
        motion.values.size() != std::size_t{motion.frameCount} * motion.channelCount) {
        return std::nullopt;
    }
    const ForwardKinematicsPlan plan(skeleton, translation);
    const std::vector<std::uint8_t> turnsWholeFigure = jointsAboveFirstBranch(skeleton);
    std::vector<RigidTransform> local(n);
    const std::size_t candidates = std::min<std::size_t>(motion.frameCount, kBindFrameCandidates);
    std::optional<std::size_t> best;
    double bestScore = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < candidates; ++k) {
        const std::size_t frame =
            candidates == 1 ? 0 : k * (motion.frameCount - 1) / (candidates - 1);
        plan.computeLocalTransforms(motion.frame(static_cast<std::uint32_t>(frame)), local);
        double score = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            if (turnsWholeFigure[i] == 0 && skeleton.isEndSite[i] == 0) {
                score += rotationAngle(local[i].rotation);
            }
        }
        // Not a number (a NaN channel) never wins; the first frame wins ties.
        if (score < bestScore) {
            bestScore = score;
            best = frame;
        }
    }
    return best;
}

BodyBindPose chooseBodyBindPose(const Skeleton& skeleton, const Motion& motion,
                                TranslationMode translation,
                                const RestAnimationAgreement& agreement) {
    BodyBindPose pose;
    const std::size_t n = skeleton.nodeCount();
    std::vector<RigidTransform> local(n);
    pose.world.assign(n, RigidTransform{});
    if (agreement.measured && agreement.disagrees() && translation != TranslationMode::Auto) {
        pose.frame = frameClosestToRestShape(skeleton, motion, translation);
    }
    if (pose.frame) {
        const ForwardKinematicsPlan plan(skeleton, translation);
        plan.computeWorldTransformsOfRow(motion.frame(static_cast<std::uint32_t>(*pose.frame)),
                                         pose.world);
    } else {
        computeRestTransforms(skeleton, local);
        computeWorldTransforms(skeleton, local, pose.world);
    }
    return pose;
}

} // namespace bvh
