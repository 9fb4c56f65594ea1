// What the body's skin frames (body_skin_frames.h) need of a skeleton and its bind pose, worked
// out once: which joints are hubs (their bones span a plane) and the bind frame each is fitted
// against, the chains of one-bone joints between them with their bones' bind directions, the
// order the rest follow their parents in, and the inverse bind rotations. The viewer keeps one per
// loaded body (BodyBuild::skinPlan), so a frame only evaluates it (bodySkinFrames with a plan).
//
// Why: the structure is the same every frame, and derived on every call (with a dozen vectors
// allocated) it was repeated work and allocation on the viewer's per-frame path
// (Scene::poseBody, for every body drawn; tests/bench/body_bench.cpp measures it).
//
// Pure; never throws or prints.
#pragma once

#include "core/body/dual_quaternion.h"
#include "core/kinematics/pose.h"
#include "core/model/skeleton.h"

#include <cstdint>
#include <glm/ext/quaternion_double.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

// A joint whose bones (through children at its own position) span a plane: fitted from the two
// reached children `first` and `second` that span the widest plane in the bind pose.
struct BodySkinHub {
    std::uint32_t node = 0;
    std::uint32_t first = 0;
    std::uint32_t second = 0;
    bool fits = false; // false: no pair spans a plane in the bind pose (the joint's own turn)
    // The inverse of the bind pose's frame of the pair (skinPlaneFrame of their directions).
    glm::dquat inverseBindFrame{1.0, 0.0, 0.0, 0.0};
};

// One joint of a chain: the bone it runs along (to `along`) and that bone's bind direction.
struct BodySkinLink {
    std::uint32_t node = 0;
    std::uint32_t along = 0;
    glm::dvec3 bindDirection{0.0};
};

// The one-bone joints hung from `top`'s parent down to `end` (the child the last one's bone runs
// to): links [firstLink, firstLink + linkCount) of BodySkinPlan::links.
struct BodySkinChain {
    std::uint32_t firstLink = 0;
    std::uint32_t linkCount = 0;
    std::uint32_t end = 0;
    bool bounded = false; // `end` is a hub: the chain's twist runs to its frame
};

// After the hubs, in node order: a chain, a root with one bone (its own turn), or a joint with no
// bone and an End Site (its parent's frame times its own local turn).
struct BodySkinStep {
    enum class Kind : std::uint8_t { Chain, Own, FollowParent };
    Kind kind = Kind::Own;
    std::uint32_t index = 0; // a chain's index in BodySkinPlan::chains, else the node
};

struct BodySkinPlan {
    // Per node, the bind pose: skin transforms are world · inverse(bind).
    std::vector<glm::dvec3> bindTranslations;
    std::vector<glm::dquat> inverseBindRotations;
    std::vector<NodeIndex> parents;
    // False where `parents` does not fit the bind pose (another count, a child before its parent):
    // every node keeps its own rotation.
    bool fitted = false;
    std::vector<BodySkinHub> hubs; // in node order
    std::vector<BodySkinStep> steps;
    std::vector<BodySkinChain> chains;
    std::vector<BodySkinLink> links;
    std::size_t longestChain = 0;

    std::size_t nodeCount() const { return bindTranslations.size(); }
};

// What evaluating a plan writes along the way, kept by the caller between frames so the steady
// state allocates nothing (sized by the first evaluation; every entry is written before it is
// read). `transforms` and `skin`: for callers that convert the frames (bodySkinTransforms,
// skinBody, the viewer's Scene::poseBody); bodySkinFrames itself does not touch them.
struct BodySkinScratch {
    std::vector<glm::dquat> frame;   // per node: the skin rotation chosen
    std::vector<std::uint8_t> isOwn; // per node: frame is the joint's own rotation exactly
    // Per link of the chain being fitted: the bone's posed direction, the chain hung by least
    // swing from the top's parent's own rotation and from its frame, the capture's twist about the
    // bone as (w, along) and as an angle.
    std::vector<glm::dvec3> posed;
    std::vector<glm::dquat> ownHung;
    std::vector<glm::dquat> swing;
    std::vector<glm::dvec2> twistTurn;
    std::vector<double> twist;
    std::vector<RigidTransform> transforms;
    std::vector<DualQuaternion> skin;
};

// An orthonormal frame (as a rotation) whose first axis is unit `first` and whose plane holds unit
// `second`; false where the two are nearly parallel. A hub's bind frame and posed frame both.
bool skinPlaneFrame(const glm::dvec3& first, const glm::dvec3& second, glm::dquat& out);

// The plan of a skeleton (`parents` as Skeleton::parents) bound at `bindWorld` (one world
// transform per node). A plan of no parents (or ones that do not fit) keeps every joint's own
// rotation: bodySkinFrames then gives world · inverse(bind).
BodySkinPlan makeBodySkinPlan(std::span<const NodeIndex> parents,
                              std::span<const RigidTransform> bindWorld);

} // namespace bvh
