#include "core/body/body_bind_pose.h"

#include "core/body/body_roles.h"
#include "core/kinematics/forward_kinematics_plan.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <limits>

namespace bvh {
namespace {

// Per node: whether its rotation only turns the whole figure (a root, and each joint below it
// while the chain has not yet branched: Bandai's joint_Root and Hips).
std::vector<std::uint8_t> jointsAboveFirstBranch(const Skeleton& skeleton) {
    const std::size_t n = skeleton.nodeCount();
    const std::vector<std::uint32_t> children = skeleton.childCounts();
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

double pointSegmentDistance(const glm::dvec3& p, const glm::dvec3& a, const glm::dvec3& b) {
    const glm::dvec3 ab = b - a;
    const double lengthSquared = glm::dot(ab, ab);
    const double t =
        lengthSquared > 0.0 ? std::clamp(glm::dot(p - a, ab) / lengthSquared, 0.0, 1.0) : 0.0;
    return glm::length(p - (a + t * ab));
}

// Per node: whether it only carries the whole figure (jointsAboveFirstBranch), where some joint
// does not: a still root at the origin of a take that walks away from it (Bandai Namco's
// joint_Root with no position channels) and its link to the hips are no part of the body. As
// part of it, a walk three metres long was the figure's size, and the link, passing the hanging
// hands at the hips, was the trunk bone nearest them: every clearance read a third of itself.
std::vector<std::uint8_t> wholeFigureCarriers(const Skeleton& skeleton) {
    std::vector<std::uint8_t> carriers = jointsAboveFirstBranch(skeleton);
    if (std::ranges::find(carriers, std::uint8_t{0}) == carriers.end()) {
        std::ranges::fill(carriers, std::uint8_t{0});
    }
    return carriers;
}

// The figure's size: its joints' largest extent along an axis, leaving out the joints that only
// carry it (`carriers`: wholeFigureCarriers).
double figureSize(std::span<const std::uint8_t> carriers, std::span<const RigidTransform> world) {
    glm::dvec3 low(std::numeric_limits<double>::max());
    glm::dvec3 high(-std::numeric_limits<double>::max());
    for (std::size_t i = 0; i < world.size() && i < carriers.size(); ++i) {
        if (carriers[i] != 0) {
            continue;
        }
        low = glm::min(low, world[i].translation);
        high = glm::max(high, world[i].translation);
    }
    const glm::dvec3 extent = high - low;
    return std::max({extent.x, extent.y, extent.z});
}

bool isLegRole(BoneRole role) {
    return role == BoneRole::Thigh || role == BoneRole::Shin || role == BoneRole::Foot ||
           role == BoneRole::Toe;
}

} // namespace

double legClearance(const Skeleton& skeleton, std::span<const RigidTransform> world) {
    const std::size_t n = skeleton.nodeCount();
    if (world.size() != n || n == 0) {
        return std::numeric_limits<double>::infinity();
    }
    const std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    // Per node: the leg its bone (from its parent to it) belongs to, by the leg's first joint
    // (a Thigh, Shin, Foot or Toe joint under no other leg's); n where the bone is no leg's.
    std::vector<std::size_t> leg(n, n);
    std::vector<std::size_t> legOfJoint(n, n);
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        const std::size_t p = parent == kNoParent ? n : static_cast<std::size_t>(parent);
        // Everything below a leg's first joint is that leg's, whatever its role (MakeHuman's
        // metatarsals, unnamed, carry toes).
        if (p != n && legOfJoint[p] != n) {
            legOfJoint[i] = legOfJoint[p];
            leg[i] = legOfJoint[p];
        } else if (isLegRole(roles[i])) {
            legOfJoint[i] = i;
        }
    }
    // From the knees down (a leg's joints past its thigh bones) to the other legs' bones: the
    // thighs meet at the crotch (CMU's LHipJoint and RHipJoint start at the hips' joint).
    double nearest = std::numeric_limits<double>::infinity();
    for (std::size_t point = 0; point < n; ++point) {
        if (leg[point] == n || roles[point] == BoneRole::Thigh) {
            continue;
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (leg[i] == n || leg[i] == leg[point]) {
                continue;
            }
            const auto p = static_cast<std::size_t>(skeleton.parents[i]);
            nearest =
                std::min(nearest, pointSegmentDistance(world[point].translation,
                                                       world[p].translation, world[i].translation));
        }
    }
    const double size = figureSize(wholeFigureCarriers(skeleton), world);
    // Not a number (a NaN channel), no size or fewer than two legs: nothing measured.
    return size > 0.0 && std::isfinite(nearest) ? nearest / size
                                                : std::numeric_limits<double>::infinity();
}

double kneeClearance(const Skeleton& skeleton, std::span<const RigidTransform> world) {
    const std::size_t n = skeleton.nodeCount();
    if (world.size() != n || n == 0) {
        return std::numeric_limits<double>::infinity();
    }
    const std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    const std::vector<std::uint8_t> carriers = wholeFigureCarriers(skeleton);
    double nearest = std::numeric_limits<double>::infinity();
    for (std::size_t knee = 0; knee < n; ++knee) {
        const NodeIndex kneeParent = skeleton.parents[knee];
        if (kneeParent == kNoParent ||
            roles[static_cast<std::size_t>(kneeParent)] != BoneRole::Thigh) {
            continue;
        }
        for (std::size_t i = 0; i < n; ++i) {
            const NodeIndex parent = skeleton.parents[i];
            if (parent != kNoParent && carriers[i] == 0 &&
                roles[static_cast<std::size_t>(parent)] == BoneRole::Trunk) {
                nearest = std::min(nearest, pointSegmentDistance(
                                                world[knee].translation,
                                                world[static_cast<std::size_t>(parent)].translation,
                                                world[i].translation));
            }
        }
    }
    const double size = figureSize(carriers, world);
    return size > 0.0 && std::isfinite(nearest) ? nearest / size
                                                : std::numeric_limits<double>::infinity();
}

double armClearance(const Skeleton& skeleton, std::span<const RigidTransform> world) {
    const std::size_t n = skeleton.nodeCount();
    if (world.size() != n || n == 0) {
        return std::numeric_limits<double>::infinity();
    }
    const std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    const std::vector<std::uint8_t> carriers = wholeFigureCarriers(skeleton);
    const double size = figureSize(carriers, world);
    double nearest = std::numeric_limits<double>::infinity();
    for (std::size_t arm = 0; arm < n; ++arm) {
        if (roles[arm] != BoneRole::Forearm && roles[arm] != BoneRole::Hand) {
            continue;
        }
        for (std::size_t i = 0; i < n; ++i) {
            const NodeIndex parent = skeleton.parents[i];
            // Hands hanging against the thighs fuse with the hips as much as with the trunk
            // (and Biovision's "LeftHip", once read as a trunk bone, starts the thigh); a rest
            // pose whose limbs all hang straight down from where they start (Rokoko's, turned
            // upright) lays the elbows against the shins.
            const BoneRole from =
                parent == kNoParent ? BoneRole::Unknown : roles[static_cast<std::size_t>(parent)];
            if (carriers[i] == 0 &&
                (from == BoneRole::Trunk || from == BoneRole::Thigh || from == BoneRole::Shin)) {
                nearest = std::min(nearest, pointSegmentDistance(
                                                world[arm].translation,
                                                world[static_cast<std::size_t>(parent)].translation,
                                                world[i].translation));
            }
        }
    }
    // Not a number (a NaN channel) or no size: nothing measured.
    return size > 0.0 && std::isfinite(nearest) ? nearest / size
                                                : std::numeric_limits<double>::infinity();
}

namespace {

// limbFreedom from the arms' clearance (armClearance) already measured in `world`.
double limbFreedomWithArms(const Skeleton& skeleton, std::span<const RigidTransform> world,
                           double armsClearance) {
    const double arms = armsClearance / kArmsAgainstTrunk;
    // Arms not measured (none, a NaN channel) leave the frame unmeasured, whatever its knees do.
    return std::isfinite(arms) ? std::min(arms, kneeClearance(skeleton, world) / kKneesAgainstTrunk)
                               : arms;
}

} // namespace

double limbFreedom(const Skeleton& skeleton, std::span<const RigidTransform> world) {
    return limbFreedomWithArms(skeleton, world, armClearance(skeleton, world));
}

namespace {

// How far a held pose moves some joint from the rest pose, of the rest figure's reach from its
// root, to be a pose of its own (below: the rest pose written out, rounded).
constexpr double kHeldPoseMoves = 1e-6;

bool framesFitSkeleton(const Skeleton& skeleton, const Motion& motion) {
    return motion.frameCount != 0 && skeleton.nodeCount() != 0 &&
           motion.channelCount == skeleton.totalChannels() &&
           motion.values.size() == std::size_t{motion.frameCount} * motion.channelCount;
}

// The candidate frames: up to kBindFrameCandidates evenly spaced, the first and last included.
std::size_t candidateFrame(const Motion& motion, std::size_t k, std::size_t candidates) {
    return candidates == 1 ? 0 : k * (motion.frameCount - 1) / (candidates - 1);
}

// How far a frame's shape is from the rest pose's: the sum of the joints' local rotation angles,
// leaving out those that only turn the whole figure.
double restShapeDistance(const Skeleton& skeleton, std::span<const std::uint8_t> turnsWholeFigure,
                         std::span<const RigidTransform> local) {
    double score = 0.0;
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        if (turnsWholeFigure[i] == 0 && skeleton.isEndSite[i] == 0) {
            score += rotationAngle(local[i].rotation);
        }
    }
    return score;
}

} // namespace

bool limbsAgainstEachOther(const Skeleton& skeleton, std::span<const RigidTransform> world) {
    return armClearance(skeleton, world) < kArmsAgainstTrunk ||
           legClearance(skeleton, world) < kLegsTogether;
}

namespace {

// The frame freeing the limbs most (limbFreedom) replaces the one freeing the arms most only when
// it frees them more than this many times as well: frames within a tenth of each other are the
// same shape to the body, and a capture whose knees never rise along the trunk keeps the frame
// its arms chose (CMU's jumping jacks, whose knees come within a tenth of the figure of the
// trunk in every frame, as the hips' bones stand).
constexpr double kFreerByFar = 1.1;

// The best candidate so far by one measure: frames whose legs stand apart first, then the largest
// measure; infinite (nothing measured, a NaN channel) never wins; the first frame wins ties.
struct FreestFrame {
    std::optional<std::size_t> frame;
    double measure = -1.0;
    double freedom = -1.0;
    bool legsApart = false;

    void offer(std::size_t candidate, double candidateMeasure, double candidateFreedom,
               bool candidateLegsApart) {
        if (std::isfinite(candidateMeasure) &&
            ((candidateLegsApart && !legsApart) ||
             (candidateLegsApart == legsApart && candidateMeasure > measure))) {
            frame = candidate;
            measure = candidateMeasure;
            freedom = candidateFreedom;
            legsApart = candidateLegsApart;
        }
    }
};

} // namespace

std::optional<std::size_t> frameFreeingTheArms(const Skeleton& skeleton, const Motion& motion,
                                               TranslationMode translation) {
    if (!framesFitSkeleton(skeleton, motion)) {
        return std::nullopt;
    }
    const ForwardKinematicsPlan plan(skeleton, translation);
    std::vector<RigidTransform> world(skeleton.nodeCount());
    const std::size_t candidates = std::min<std::size_t>(motion.frameCount, kBindFrameCandidates);
    FreestFrame freestArms;
    FreestFrame freestLimbs;
    for (std::size_t k = 0; k < candidates; ++k) {
        const std::size_t frame = candidateFrame(motion, k, candidates);
        plan.computeWorldTransformsOfRow(motion.frame(static_cast<std::uint32_t>(frame)), world);
        const double arms = armClearance(skeleton, world);
        const double freedom = limbFreedomWithArms(skeleton, world, arms);
        // A frame whose legs stand apart wins over one that crosses them or kicks one along the
        // other, whatever its arms do: legs fused in the bind shape tear as the arms would.
        const bool legsApart = !(legClearance(skeleton, world) < kLegsTogether);
        freestArms.offer(frame, arms, freedom, legsApart);
        freestLimbs.offer(frame, freedom, freedom, legsApart);
    }
    return freestLimbs.legsApart == freestArms.legsApart &&
                   freestLimbs.freedom > kFreerByFar * freestArms.freedom
               ? freestLimbs.frame
               : freestArms.frame;
}

namespace {

// A motion that frees the limbs this many times more (limbFreedom) than in its frame closest to
// the rest pose's shape raises them: a walk's swing frees its arms by a third at most over its
// neutral frame (bvhio's test take: 1.04 at its neutral, 1.29 swung), a take that lifts them by
// far more (mocapbank's: 1.02 and 2.59, its neutral arms a hair off the trunk).
constexpr double kRaisedNotSwung = 1.5;

// The frame that frees the limbs a pose (`current`) lays against each other
// (limbsAgainstEachOther): the frame closest to the rest pose's shape (`closest`) where that
// frame lays none and the motion only swings the limbs (kRaisedNotSwung): the motion's own
// version of the rest pose, as a walk holds out the arms its rest pose hugs to the trunk; else
// frameFreeingTheArms; either if it frees them (its arms stand farther from the trunk, or its legs
// apart where `current`'s are together); nullopt: keep `current`. Bound at the frame freeing the
// arms most, a walk was bound mid-stride, arms swung out, and its body came out 6 % smaller
// (bvhio's test take) than bound by the rest pose's shape.
std::optional<std::size_t> frameFreeingTheLimbsOf(const Skeleton& skeleton, const Motion& motion,
                                                  TranslationMode translation,
                                                  std::span<const RigidTransform> current,
                                                  std::size_t closest) {
    const std::optional<std::size_t> freest = frameFreeingTheArms(skeleton, motion, translation);
    if (!freest) {
        return std::nullopt;
    }
    const ForwardKinematicsPlan plan(skeleton, translation);
    std::vector<RigidTransform> world(skeleton.nodeCount());
    plan.computeWorldTransformsOfRow(motion.frame(static_cast<std::uint32_t>(*freest)), world);
    const double freestFreedom = limbFreedom(skeleton, world);
    plan.computeWorldTransformsOfRow(motion.frame(static_cast<std::uint32_t>(closest)), world);
    std::optional<std::size_t> frame = closest;
    if (limbsAgainstEachOther(skeleton, world) ||
        !(freestFreedom <= kRaisedNotSwung * limbFreedom(skeleton, world))) {
        frame = freest;
        plan.computeWorldTransformsOfRow(motion.frame(static_cast<std::uint32_t>(*freest)), world);
    }
    const bool freesArms = limbFreedom(skeleton, world) > limbFreedom(skeleton, current);
    const bool freesLegs = legClearance(skeleton, current) < kLegsTogether &&
                           !(legClearance(skeleton, world) < kLegsTogether);
    return freesArms || freesLegs ? frame : std::nullopt;
}

// The bind frame for a rest pose (`current`) the animation agrees with: where it lays limbs
// against each other, frameFreeingTheLimbsOf it; nullopt: keep the rest pose.
std::optional<std::size_t> bindFrameForArms(const Skeleton& skeleton, const Motion& motion,
                                            TranslationMode translation,
                                            std::span<const RigidTransform> current) {
    if (!limbsAgainstEachOther(skeleton, current)) {
        return std::nullopt;
    }
    const std::optional<std::size_t> closest =
        frameClosestToRestShape(skeleton, motion, translation);
    return closest ? frameFreeingTheLimbsOf(skeleton, motion, translation, current, *closest)
                   : std::nullopt;
}

// Whether the motion holds one pose: every frame's row the same, all finite (a pose file, as
// MakeHuman's poses are, one frame each). Its body is never seen in another pose, so it is made in
// that one: made in a rest pose the frame does not take (MakeHuman's A-pose under its T-pose
// frame), the skin between the chest and the arms raised out of it crumpled.
bool motionHoldsOnePose(const Skeleton& skeleton, const Motion& motion) {
    if (!framesFitSkeleton(skeleton, motion)) {
        return false;
    }
    const std::span<const float> first = motion.frame(0);
    if (!std::ranges::all_of(first, [](float value) { return std::isfinite(value); })) {
        return false;
    }
    for (std::uint32_t frame = 1; frame < motion.frameCount; ++frame) {
        if (!std::ranges::equal(motion.frame(frame), first)) {
            return false;
        }
    }
    return true;
}

// Frame 0 when the motion holds one pose (motionHoldsOnePose) that moves some joint from where the
// rest pose (`rest`) puts it; nullopt otherwise (a rest pose written out as its one frame stays
// the rest pose).
std::optional<std::size_t> heldPoseFrame(const Skeleton& skeleton, const Motion& motion,
                                         TranslationMode translation,
                                         std::span<const RigidTransform> rest) {
    if (!motionHoldsOnePose(skeleton, motion) || rest.size() != skeleton.nodeCount()) {
        return std::nullopt;
    }
    const ForwardKinematicsPlan plan(skeleton, translation);
    std::vector<RigidTransform> world(skeleton.nodeCount());
    plan.computeWorldTransformsOfRow(motion.frame(0), world);
    double extent = 0.0;
    double moved = 0.0;
    for (std::size_t i = 0; i < world.size(); ++i) {
        extent = std::max(extent, glm::length(rest[i].translation - rest[0].translation));
        moved = std::max(moved, glm::length(world[i].translation - rest[i].translation));
    }
    return moved > kHeldPoseMoves * extent ? std::optional<std::size_t>(0) : std::nullopt;
}

// Arms this far from the trunk stand clear of it in a frame taken for one that hangs them: the
// frames next to one that hangs them, which barely clear kArmsAgainstTrunk, are the same pose on
// the arms' way down (a take that lowers them from overhead tore at 99.7 % of edges bound there).
constexpr double kArmsClearOfTrunk = 2.0 * kArmsAgainstTrunk;

// The frame (of up to kBindFrameCandidates evenly spaced ones) closest to the rest pose's shape,
// as frameClosestToRestShape; with `limbsClear`, of those whose arms stand kArmsClearOfTrunk from
// the trunk and whose legs stand apart (kLegsTogether), nullopt where none does.
std::optional<std::size_t> closestFrameToRestShape(const Skeleton& skeleton, const Motion& motion,
                                                   TranslationMode translation, bool limbsClear) {
    if (!framesFitSkeleton(skeleton, motion)) {
        return std::nullopt;
    }
    const ForwardKinematicsPlan plan(skeleton, translation);
    const std::vector<std::uint8_t> turnsWholeFigure = jointsAboveFirstBranch(skeleton);
    std::vector<RigidTransform> local(skeleton.nodeCount());
    std::vector<RigidTransform> world(limbsClear ? skeleton.nodeCount() : 0);
    const std::size_t candidates = std::min<std::size_t>(motion.frameCount, kBindFrameCandidates);
    std::optional<std::size_t> best;
    double bestScore = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < candidates; ++k) {
        const std::size_t frame = candidateFrame(motion, k, candidates);
        const std::span<const float> row = motion.frame(static_cast<std::uint32_t>(frame));
        plan.computeLocalTransforms(row, local);
        const double score = restShapeDistance(skeleton, turnsWholeFigure, local);
        // Not a number (a NaN channel) never wins; the first frame wins ties.
        if (!(score < bestScore)) {
            continue;
        }
        if (limbsClear) {
            plan.computeWorldTransformsOfRow(row, world);
            if (armClearance(skeleton, world) < kArmsClearOfTrunk ||
                legClearance(skeleton, world) < kLegsTogether) {
                continue;
            }
        }
        bestScore = score;
        best = frame;
    }
    return best;
}

// `closest` (the frame closest to the rest pose's shape), or, where `closest` lays limbs against
// each other, a frame that frees them: the closest frame measured on rotations can hang the arms
// (a motion that raises and lowers them), and a body made there tears when they rise. Of a rest
// pose (`rest`) that holds them clear, the closest frame that lays none against each other; of
// one that hangs them itself (CMU's arms-down rest pose, Bandai Namco's), the frame that frees
// them most (frameFreeingTheLimbsOf, as for a rest pose the motion agrees with): bound with its
// arms down, a jumping jack whose rest pose lies along X kept 99.75 % of its edges within 4x.
std::optional<std::size_t> freerThanTheRestPose(const Skeleton& skeleton, const Motion& motion,
                                                TranslationMode translation,
                                                std::span<const RigidTransform> rest,
                                                std::optional<std::size_t> closest) {
    if (!closest) {
        return closest;
    }
    const ForwardKinematicsPlan plan(skeleton, translation);
    std::vector<RigidTransform> world(skeleton.nodeCount());
    plan.computeWorldTransformsOfRow(motion.frame(static_cast<std::uint32_t>(*closest)), world);
    if (!limbsAgainstEachOther(skeleton, world)) {
        return closest;
    }
    if (limbsAgainstEachOther(skeleton, rest)) {
        const std::optional<std::size_t> freer =
            frameFreeingTheLimbsOf(skeleton, motion, translation, world, *closest);
        return freer ? freer : closest;
    }
    const std::optional<std::size_t> clear =
        closestFrameToRestShape(skeleton, motion, translation, true);
    return clear ? clear : closest;
}

} // namespace

bool motionResizesBones(const Skeleton& skeleton, const Motion& motion, TranslationMode translation,
                        std::span<const RigidTransform> rest) {
    const std::size_t n = skeleton.nodeCount();
    if (!framesFitSkeleton(skeleton, motion) || rest.size() != n) {
        return false;
    }
    const ForwardKinematicsPlan plan(skeleton, translation);
    std::vector<RigidTransform> world(n);
    plan.computeWorldTransformsOfRow(motion.frame(0), world);
    glm::dvec3 low(std::numeric_limits<double>::max());
    glm::dvec3 high(-std::numeric_limits<double>::max());
    double worst = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        low = glm::min(low, rest[i].translation);
        high = glm::max(high, rest[i].translation);
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent) {
            continue;
        }
        const auto p = static_cast<std::size_t>(parent);
        const double posed = glm::length(world[i].translation - world[p].translation);
        const double atRest = glm::length(rest[i].translation - rest[p].translation);
        worst = std::max(worst, std::abs(posed - atRest));
    }
    const glm::dvec3 extent = high - low;
    const double size = std::max({extent.x, extent.y, extent.z});
    return size > 0.0 && worst > kResizedBone * size; // false for a NaN too
}

std::optional<std::size_t> frameClosestToRestShape(const Skeleton& skeleton, const Motion& motion,
                                                   TranslationMode translation) {
    return closestFrameToRestShape(skeleton, motion, translation, false);
}

BodyBindPose chooseBodyBindPose(const Skeleton& skeleton, const Motion& motion,
                                TranslationMode translation,
                                const RestAnimationAgreement& agreement) {
    BodyBindPose pose;
    const std::size_t n = skeleton.nodeCount();
    std::vector<RigidTransform> local(n);
    pose.world.assign(n, RigidTransform{});
    computeRestTransforms(skeleton, local);
    computeWorldTransforms(skeleton, local, pose.world);
    if (translation == TranslationMode::Auto) {
        return pose;
    }
    if ((agreement.measured && agreement.disagrees()) ||
        motionResizesBones(skeleton, motion, translation, pose.world)) {
        pose.frame = frameClosestToRestShape(skeleton, motion, translation);
        pose.frame = freerThanTheRestPose(skeleton, motion, translation, pose.world, pose.frame);
    } else if (const std::optional<std::size_t> held =
                   heldPoseFrame(skeleton, motion, translation, pose.world)) {
        pose.frame = held;
    } else {
        pose.frame = bindFrameForArms(skeleton, motion, translation, pose.world);
    }
    if (pose.frame) {
        const ForwardKinematicsPlan plan(skeleton, translation);
        plan.computeWorldTransformsOfRow(motion.frame(static_cast<std::uint32_t>(*pose.frame)),
                                         pose.world);
    }
    return pose;
}

} // namespace bvh
