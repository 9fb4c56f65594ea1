#include "app/scene/figure_radii.h"

#include "app/scene/character.h"
#include "core/body/body_roles.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <limits>
#include <vector>

namespace bvhscope::scene {

namespace {

// Face helpers lie within this share of the figure's height from their head.
constexpr double kFaceReach = 0.2;
// A head ball is drawn over a face rig's head from this many helper joints up: fewer are a jaw
// or eyes on a head the bones already show.
constexpr std::size_t kHeadBallHelperJoints = 4;
// Its radius: half the largest side of the box around the head's and its helper joints' rest
// positions, within these shares of the figure's height. A person's head is about 0.065 of it in
// radius, but the capsules are a stick figure (joints 0.022, bones 0.014): at 0.045 the face's
// beads still poke out of the ball ahead of it and show where it looks, and the body look's area
// stays over twice the capsules' (tools/measure_body_area.py: MakeHuman's T-pose 2.23 -> 2.16 at
// 0.045, 2.07 at 0.06).
constexpr float kHeadBallSmallestRadius = 0.03f;
constexpr float kHeadBallLargestRadius = 0.045f;

// Per node, 1 where it and every node below it have at most one child (a chain to a tip).
std::vector<std::uint8_t> chainNodes(const bvh::Skeleton& skeleton) {
    const std::vector<std::uint32_t> children = skeleton.childCounts();
    std::vector<std::uint8_t> chain(children.size());
    for (std::size_t i = 0; i < children.size(); ++i) {
        chain[i] = children[i] <= 1 ? 1 : 0;
    }
    // Children come after their parent: from the last node back, each subtree is known.
    for (std::size_t i = children.size(); i-- > 0;) {
        if (const bvh::NodeIndex parent = skeleton.parents[i]; parent != bvh::kNoParent) {
            chain[static_cast<std::size_t>(parent)] &= chain[i];
        }
    }
    return chain;
}

// The nodes of a face rig's helpers: every node below a head (bvh::classifyBoneRoles' Head) but
// the head's own continuation: among its children the one reaching farthest along the
// neck-to-head line, where it and what hangs below it are one chain (a HeadTop joint, a head-end
// End Site). A face rig hangs tens to hundreds of joints off the head a few centimetres apart
// (MakeHuman's temporalis, levator, jaw and eyes; Second Life's and Unreal's face joints); a chain
// that branches (a forehead helper with the brows below it) is the face's too. Only within
// `reach` (file units) of the head, and the End Sites of those (an eye's aim reaching ahead): a
// figure hung below a joint named Head (a root so named, a creature's head carrying its body)
// keeps its limbs. Per node, the head whose helper it is, or kNoParent.
std::vector<bvh::NodeIndex> faceHelperHeads(const bvh::Skeleton& skeleton, double reach) {
    const std::vector<bvh::BoneRole> roles = bvh::classifyBoneRoles(skeleton);
    const std::size_t count = skeleton.nodeCount();
    const std::vector<std::uint8_t> chain = chainNodes(skeleton);
    std::vector<bvh::NodeIndex> continuation(count, bvh::kNoParent);
    std::vector<double> farthestAlong(count, -std::numeric_limits<double>::infinity());
    for (std::size_t i = 0; i < count; ++i) {
        const bvh::NodeIndex parent = skeleton.parents[i];
        if (parent == bvh::kNoParent ||
            roles[static_cast<std::size_t>(parent)] != bvh::BoneRole::Head) {
            continue;
        }
        const glm::dvec3& headBone = skeleton.offsets[static_cast<std::size_t>(parent)];
        const double along = glm::length(headBone) > 0.0
                                 ? glm::dot(skeleton.offsets[i], glm::normalize(headBone))
                                 : glm::length(skeleton.offsets[i]);
        if (along > farthestAlong[static_cast<std::size_t>(parent)]) {
            farthestAlong[static_cast<std::size_t>(parent)] = along;
            continuation[static_cast<std::size_t>(parent)] = static_cast<bvh::NodeIndex>(i);
        }
    }
    std::vector<bvh::NodeIndex> headOf(count, bvh::kNoParent);
    std::vector<glm::dvec3> fromHead(count, glm::dvec3(0.0)); // rest pose, below a head
    for (std::size_t i = 0; i < count; ++i) {
        const bvh::NodeIndex parent = skeleton.parents[i];
        if (parent == bvh::kNoParent) {
            continue;
        }
        const auto p = static_cast<std::size_t>(parent);
        fromHead[i] = roles[p] == bvh::BoneRole::Head ? skeleton.offsets[i]
                                                      : fromHead[p] + skeleton.offsets[i];
        if (!(glm::length(fromHead[i]) <= reach)) {
            headOf[i] = skeleton.isEndSite[i] != 0 ? headOf[p] : bvh::kNoParent;
            continue;
        }
        const bool headsOwn = continuation[p] == static_cast<bvh::NodeIndex>(i) && chain[i] != 0;
        headOf[i] = headOf[p] != bvh::kNoParent                    ? headOf[p]
                    : roles[p] == bvh::BoneRole::Head && !headsOwn ? parent
                                                                   : bvh::kNoParent;
    }
    return headOf;
}

// See CharacterAppearance::boneRadii. A bone is at most a quarter as thick as it is long, a joint
// at most half as wide as the longest bone meeting there; zero-length bones (a joint placed on its
// parent) are not drawn, and a joint whose bones all have zero length keeps the figure's size.
// A face rig's helpers (faceHelperHeads) are beads on threads: at the figure's size, a hundred of
// them a few centimetres apart drew one lump wider than the head.
void computeRadii(Character& character, const std::vector<bvh::NodeIndex>& headOf) {
    constexpr float kFigureBoneRadius = 0.014f;  // of the figure's height
    constexpr float kFigureJointRadius = 0.022f; // of the figure's height
    constexpr float kFaceHelperBoneRadius = 0.0025f;
    constexpr float kFaceHelperJointRadius = 0.005f;
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const std::size_t count = skeleton.nodeCount();
    const double metresPerFileUnit = glm::length(glm::dvec3(character.axes.fileToViewer[0]));
    const auto height = static_cast<float>(character.axes.figureHeightMetres);
    std::vector<float> longestMeeting(count, 0.0f);
    character.appearance.boneRadii.assign(count, 0.0f);
    for (std::size_t i = 0; i < count; ++i) {
        const auto length =
            static_cast<float>(glm::length(skeleton.offsets[i]) * metresPerFileUnit);
        character.appearance.boneRadii[i] = std::min(kFigureBoneRadius * height, 0.25f * length);
        longestMeeting[i] = std::max(longestMeeting[i], length);
        if (const bvh::NodeIndex parent = skeleton.parents[i]; parent != bvh::kNoParent) {
            float& parentLongest = longestMeeting[static_cast<std::size_t>(parent)];
            parentLongest = std::max(parentLongest, length);
        }
    }
    character.appearance.jointRadii.assign(count, kFigureJointRadius * height);
    for (std::size_t i = 0; i < count; ++i) {
        if (longestMeeting[i] > 0.0f) {
            character.appearance.jointRadii[i] =
                std::min(character.appearance.jointRadii[i], 0.5f * longestMeeting[i]);
        }
    }
    for (std::size_t i = 0; i < count; ++i) {
        if (headOf[i] != bvh::kNoParent) {
            character.appearance.boneRadii[i] =
                std::min(character.appearance.boneRadii[i], kFaceHelperBoneRadius * height);
            character.appearance.jointRadii[i] =
                std::min(character.appearance.jointRadii[i], kFaceHelperJointRadius * height);
        }
    }
}

// A ball per face rig's head (CharacterAppearance::headBalls): from kHeadBallHelperJoints helper
// joints up, its radius from their rest pose's extent around the head (kHeadBallSmallestRadius..
// kHeadBallLargestRadius of the height).
void computeHeadBalls(Character& character, const std::vector<bvh::NodeIndex>& headOf) {
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const std::size_t count = skeleton.nodeCount();
    const double metresPerFileUnit = glm::length(glm::dvec3(character.axes.fileToViewer[0]));
    const auto height = static_cast<float>(character.axes.figureHeightMetres);
    std::vector<glm::dvec3> rest(count, glm::dvec3(0.0)); // rest positions, the root at 0
    for (std::size_t i = 0; i < count; ++i) {
        if (const bvh::NodeIndex parent = skeleton.parents[i]; parent != bvh::kNoParent) {
            rest[i] = rest[static_cast<std::size_t>(parent)] + skeleton.offsets[i];
        }
    }
    std::vector<HeadBall>& balls = character.appearance.headBalls;
    balls.clear();
    std::vector<std::size_t> ballOf(count, std::numeric_limits<std::size_t>::max());
    for (std::size_t i = 0; i < count; ++i) {
        const bvh::NodeIndex head = headOf[i];
        if (head == bvh::kNoParent || skeleton.isEndSite[i] != 0) {
            continue;
        }
        std::size_t& ball = ballOf[static_cast<std::size_t>(head)];
        if (ball == std::numeric_limits<std::size_t>::max()) {
            ball = balls.size();
            balls.push_back(
                {static_cast<std::size_t>(head), {static_cast<std::size_t>(head)}, 0.0f});
        }
        balls[ball].nodes.push_back(i);
    }
    std::erase_if(balls, [](const HeadBall& ball) {
        return ball.nodes.size() < kHeadBallHelperJoints + 1; // the head and its helpers
    });
    for (HeadBall& ball : balls) {
        glm::dvec3 low(std::numeric_limits<double>::infinity());
        glm::dvec3 high(-std::numeric_limits<double>::infinity());
        for (const std::size_t node : ball.nodes) {
            low = glm::min(low, rest[node]);
            high = glm::max(high, rest[node]);
        }
        const glm::dvec3 sides = high - low;
        const auto largest =
            static_cast<float>(std::max({sides.x, sides.y, sides.z}) * metresPerFileUnit);
        // Offsets past float's range (a hostile file's) leave the smallest ball, not a NaN one.
        ball.radius = std::isfinite(largest)
                          ? std::clamp(0.5f * largest, kHeadBallSmallestRadius * height,
                                       kHeadBallLargestRadius * height)
                          : kHeadBallSmallestRadius * height;
    }
}

} // namespace

void computeFigureRadii(Character& character) {
    const bvh::Skeleton& skeleton = character.clip->document.skeleton;
    const double metresPerFileUnit = glm::length(glm::dvec3(character.axes.fileToViewer[0]));
    const std::vector<bvh::NodeIndex> headOf = faceHelperHeads(
        skeleton, kFaceReach * character.axes.figureHeightMetres / metresPerFileUnit);
    computeRadii(character, headOf);
    computeHeadBalls(character, headOf);
}

} // namespace bvhscope::scene
