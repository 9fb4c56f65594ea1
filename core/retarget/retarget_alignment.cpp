#include "core/retarget/retarget_alignment.h"

#include "core/analysis/rest_animation_agreement.h"
#include "core/analysis/stance.h"
#include "core/retarget/best_fit_rotation.h"
#include "core/retarget/node_slot.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>

namespace bvh::retarget_detail {
namespace {

// Children per node, and where each node's subtree ends: nodes are in depth-first order, so a
// subtree is the run [node, subtreeEnd[node]). Linear, whatever the depth.
struct Tree {
    std::vector<std::vector<NodeIndex>> children;
    std::vector<std::size_t> subtreeEnd;

    explicit Tree(const Skeleton& skeleton)
        : children(skeleton.nodeCount()), subtreeEnd(skeleton.nodeCount()) {
        for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
            subtreeEnd[node] = node + 1;
            if (skeleton.parents[node] != kNoParent) {
                children[nodeSlot(skeleton.parents[node])].push_back(static_cast<NodeIndex>(node));
            }
        }
        for (std::size_t node = skeleton.nodeCount(); node-- > 0;) {
            const NodeIndex parent = skeleton.parents[node];
            if (parent != kNoParent) {
                subtreeEnd[nodeSlot(parent)] =
                    std::max(subtreeEnd[nodeSlot(parent)], subtreeEnd[node]);
            }
        }
    }
    bool isBelow(NodeIndex ancestor, NodeIndex node) const {
        return node > ancestor && nodeSlot(node) < subtreeEnd[nodeSlot(ancestor)];
    }
};

glm::dvec3 upVectorOf(UpAxis axis) {
    glm::dvec3 up(0.0);
    up[upAxisIndex(axis)] = static_cast<double>(upAxisSign(axis));
    return up;
}

// Bone directions of one matched target joint and its source joint, both in target axes.
struct DirectionPairs {
    std::vector<glm::dvec3> target;
    std::vector<glm::dvec3> source;
};

// Towards each child joint whose source lies below the joint's source; without any, towards
// the mean of all children (End Sites included) on each side.
struct AlignmentInputs {
    const ReferencePose& sourcePose;
    const ReferencePose& targetPose;
    const JointMap& map;
    Tree sourceTree;
    Tree targetTree;
    glm::dquat toTarget;
};

DirectionPairs directionPairs(const AlignmentInputs& in, NodeIndex t) {
    const ReferencePose& sourcePose = in.sourcePose;
    const ReferencePose& targetPose = in.targetPose;
    const JointMap& map = in.map;
    const glm::dquat& toTarget = in.toTarget;
    const NodeIndex s = map.sourceOf[nodeSlot(t)];
    const glm::dvec3 tOrigin = targetPose.world[nodeSlot(t)].translation;
    const glm::dvec3 sOrigin = sourcePose.world[nodeSlot(s)].translation;
    DirectionPairs pairs;
    glm::dvec3 targetMean(0.0);
    glm::dvec3 sourceMean(0.0);
    for (const NodeIndex child : in.targetTree.children[nodeSlot(t)]) {
        targetMean += targetPose.world[nodeSlot(child)].translation - tOrigin;
    }
    // The nearest matched joints below t, through unmatched ones (CMU's LHipJoint between the
    // hips and the thighs): each is visited once, from its nearest matched ancestor only.
    std::vector<NodeIndex> pending(in.targetTree.children[nodeSlot(t)]);
    while (!pending.empty()) {
        const NodeIndex below = pending.back();
        pending.pop_back();
        const NodeIndex sc = map.sourceOf[nodeSlot(below)];
        if (sc == kNoParent) {
            const auto& next = in.targetTree.children[nodeSlot(below)];
            pending.insert(pending.end(), next.begin(), next.end());
        } else if (in.sourceTree.isBelow(s, sc)) {
            pairs.target.push_back(targetPose.world[nodeSlot(below)].translation - tOrigin);
            pairs.source.push_back(toTarget *
                                   (sourcePose.world[nodeSlot(sc)].translation - sOrigin));
        }
    }
    if (!pairs.target.empty()) {
        return pairs;
    }
    for (const NodeIndex child : in.sourceTree.children[nodeSlot(s)]) {
        sourceMean += sourcePose.world[nodeSlot(child)].translation - sOrigin;
    }
    pairs.target.push_back(targetMean);
    pairs.source.push_back(toTarget * sourceMean);
    return pairs;
}

bool usable(const glm::dvec3& v) {
    return glm::length(v) > 1e-9;
}

// An orthonormal frame from two directions (the first exactly, the second made perpendicular);
// nullopt when they are (nearly) parallel.
std::optional<glm::dmat3> frameOf(const glm::dvec3& first, const glm::dvec3& second) {
    const glm::dvec3 a = glm::normalize(first);
    const glm::dvec3 across = second - a * glm::dot(a, second);
    if (glm::length(across) < 1e-3 * glm::length(second)) {
        return std::nullopt;
    }
    const glm::dvec3 b = glm::normalize(across);
    return glm::dmat3(a, b, glm::cross(a, b));
}

// The turn that takes the target directions onto the source ones: the best fit over them all
// when two are independent (a hips with its spine and both thighs, a chest with its neck and
// collars); the shortest turn after the parent's for one; the parent's for none.
glm::dquat turnFor(const DirectionPairs& pairs, const glm::dquat& parentTurn) {
    for (std::size_t i = 0; i < pairs.target.size(); ++i) {
        for (std::size_t j = i + 1; j < pairs.target.size(); ++j) {
            if (usable(pairs.target[i]) && usable(pairs.source[i]) &&
                frameOf(pairs.target[i], pairs.target[j]) &&
                frameOf(pairs.source[i], pairs.source[j])) {
                return bestFitRotation(pairs.target, pairs.source);
            }
        }
    }
    const glm::dvec3 from = parentTurn * pairs.target.front();
    const glm::dvec3 to = pairs.source.front();
    if (!usable(from) || !usable(to)) {
        return parentTurn;
    }
    return glm::normalize(shortestTurn(glm::normalize(from), glm::normalize(to)) * parentTurn);
}

} // namespace

ReferencePose referencePoseOf(const Skeleton& skeleton, const Motion& motion) {
    ReferencePose pose;
    // Without frames nothing says how position channels are meant: OUT is written absolute,
    // which every reader's detection (pose.h) reads back as such.
    pose.translation = motion.frameCount == 0
                           ? TranslationMode::Absolute
                           : resolveTranslationMode(TranslationMode::Auto, skeleton, motion);
    const RestPoseAnalysis rest = analyzeRestPose(skeleton);
    const Stance stance = analyzeStance(skeleton, motion, pose.translation, rest);
    pose.up = upVectorOf(stance.upAxis);
    pose.upAxis = stance.upAxis;
    pose.height = stance.height;
    pose.local.resize(skeleton.nodeCount());
    pose.world.resize(skeleton.nodeCount());
    pose.fromFirstFrame =
        motion.frameCount > 0 &&
        compareRestWithAnimation(skeleton, motion, pose.translation, rest).upDisagrees;
    if (pose.fromFirstFrame) {
        computeLocalTransforms(skeleton, motion.frame(0), pose.translation, pose.local);
    } else {
        computeRestTransforms(skeleton, pose.local);
    }
    computeWorldTransforms(skeleton, pose.local, pose.world);
    return pose;
}

Alignment alignReferencePoses(const Skeleton& source, const ReferencePose& sourcePose,
                              const Skeleton& target, const ReferencePose& targetPose,
                              const JointMap& map) {
    Alignment alignment;
    alignment.sourceToTarget = shortestTurn(sourcePose.up, targetPose.up);
    alignment.boneTurn.assign(target.nodeCount(), glm::dquat(1.0, 0.0, 0.0, 0.0));
    const AlignmentInputs inputs{sourcePose,   targetPose,   map,
                                 Tree(source), Tree(target), alignment.sourceToTarget};
    for (std::size_t t = 0; t < target.nodeCount(); ++t) {
        const NodeIndex parent = target.parents[t];
        const glm::dquat parentTurn = parent == kNoParent ? glm::dquat(1.0, 0.0, 0.0, 0.0)
                                                          : alignment.boneTurn[nodeSlot(parent)];
        if (map.sourceOf[t] == kNoParent) {
            alignment.boneTurn[t] = parentTurn;
            continue;
        }
        const DirectionPairs pairs = directionPairs(inputs, static_cast<NodeIndex>(t));
        alignment.boneTurn[t] = turnFor(pairs, parentTurn);
    }
    return alignment;
}

} // namespace bvh::retarget_detail
