#include "core/body/body_figure.h"

#include "core/analysis/stance.h"
#include "core/body/body_girdles.h"
#include "core/body/body_roles.h"
#include "core/kinematics/pose.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>
#include <glm/vec2.hpp>
#include <optional>
#include <span>
#include <string>

namespace bvh {
namespace {

// [SECTION] Sizes, as fractions of the figure's largest extent (a standing human's height)
// Radii grow with the bone's length (a finger is thin because it is short) up to a cap for the
// role (a long spine bone does not make a barrel). Human proportions: a thigh about 9 cm in
// radius at its top, an upper arm 7 cm at the shoulder (the deltoid) and 5.5 cm at the elbow, a
// finger 7 mm, a torso 13 cm.
struct RoleSize {
    float perLength; // radius per unit of bone length
    float cap;       // the largest radius, of the figure's size
    float taper;     // radius at the bone's end / at its start
};

// A torso is wider across the shoulders and hips than it is deep, front to back: its cross-section
// an ellipse this many times as wide as deep (a round one thick enough to outweigh the limbs
// made a pot belly). Its width lies along the shoulders' and hips' line, across the figure's
// facing; a trunk bone along that line (a pelvis to a hip joint) stays round.
constexpr float kTorsoWidthRatio = 1.5f;

RoleSize roleSize(BoneRole role) {
    switch (role) {
    case BoneRole::Trunk:
        return {1e9f, 0.082f, 1.0f}; // the torso's thickness is not its bones'
    case BoneRole::Neck:
        return {1e9f, 0.035f, 0.9f};
    case BoneRole::Shoulder:
        return {0.4f, 0.04f, 0.9f};
    case BoneRole::UpperArm:
        return {0.26f, 0.04f, 0.8f};
    case BoneRole::Forearm:
        return {0.22f, 0.034f, 0.75f};
    case BoneRole::Hand:
        return {0.35f, 0.025f, 0.8f}; // a palm and fingers in one where no finger bones say
    case BoneRole::Finger:
        return {0.2f, 0.006f, 0.8f}; // a finger is about 8 mm thick
    case BoneRole::Thigh:
        return {0.24f, 0.06f, 0.75f};
    case BoneRole::Shin:
        return {0.13f, 0.042f, 0.7f};
    case BoneRole::Foot:
        return {0.3f, 0.03f, 0.8f};
    case BoneRole::Toe:
        return {0.3f, 0.025f, 0.8f};
    case BoneRole::Tail:
        return {0.15f, 0.04f, 0.7f};
    case BoneRole::Head:
    case BoneRole::Face:
    case BoneRole::Inner:
    case BoneRole::Unknown:
        break;
    }
    // Unnamed bones stay thin, an eighth of their length: a radius the figure's size allows
    // (0.06 of it) would swallow a short chain of a few joints in one balloon.
    return {0.12f, 0.06f, 0.8f};
}

// Unnamed bones: thick where most of the figure hangs below them (a trunk carries all the
// leaves: 9.5 % of the figure's size, a quadruped's barrel), thin towards the leaves.
constexpr float kUnknownBaseRadius = 0.015f;
constexpr float kUnknownTrunkRadius = 0.08f;
// An unnamed bone that carries three limbs or more (a quadruped's pelvis to chest) is a barrel,
// about two thirds as thick as it is long, not a stick an eighth of its length.
constexpr float kUnknownBarrelPerLength = 0.35f;
constexpr float kUnknownBarrelRadius = 0.11f;
constexpr float kUnknownBarrelLeaves = 3.0f;
// An unnamed figure's head is this many times as long as its barrel is thick; the tip of a
// chain this far above the ground (of the figure's size) is no foot.
constexpr float kHeadPerBarrel = 1.3f;
constexpr float kOffTheGround = 0.15f;
// A quadruped's neck, of its barrel's radius: where it leaves the barrel and at the head (an
// elephant's or a horse's neck is about half as thick as its barrel); its tail where it leaves
// the barrel and at its tip.
constexpr float kNeckPerBarrel = 0.6f;
constexpr float kNeckAtHeadPerBarrel = 0.45f;
constexpr float kTailPerBarrel = 0.25f;
constexpr float kTailTipPerBarrel = 0.08f;
// A head about 13 % of a standing figure's height; its ellipsoid's semi-axes per head length.
constexpr float kHeadLengthMin = 0.07f;
constexpr float kHeadLengthMax = 0.16f;
constexpr float kHeadLengthDefault = 0.12f;
// A face rig's head grows at most this much to hold its face joints, which stay this far inside.
constexpr float kHeadGrowth = 1.5f;
constexpr float kFaceMargin = 1.05f;
// A head bone shorter than this (of the figure's size, 5 cm of a human) is a marker, not a skull.
constexpr float kHeadMarkerLength = 0.03f;
// A hand or a paw without a body around it: a hand is about an eighth of a person's height, so
// caps scale by this much when the skeleton names hands or fingers but no trunk, leg or head.
constexpr float kPartOfFigureScale = 8.0f;
// Bones shorter than this (of the figure's size) are coincident joints: no volume.
constexpr double kZeroLength = 1e-4;
// Soles reach this far forward of an ankle (a human foot, of its height), for feet whose bones
// do not say (a foot joint with an End Site straight below it).
constexpr float kSoleLength = 0.09f;
constexpr float kShortFoot = 0.06f;
// A hand reaches this far from the wrist (17 cm of a human, of its height).
constexpr float kHandLength = 0.09f;
// A long limb's end (a wrist, an ankle) is at least this share of the limb's radius at its top.
constexpr float kLimbEndShare = 0.6f;
// An ankle stands about this high above the sole (8 cm of a human, of its height).
constexpr float kAnkleHeight = 0.05f;
// A chest's rounded top ends this share of its depth below the neck's root, so the neck shows
// above the shoulders' line rather than inside the chest.
constexpr float kChestTopBelowNeck = 0.8f;
// A palm's least half-thickness (of the figure's size): under a grid cell it would fall between
// samples.
constexpr float kPalmThinnest = 0.009f;

glm::dvec3 upVector(UpAxis up) {
    glm::dvec3 vector(0.0);
    vector[upAxisIndex(up)] = static_cast<double>(upAxisSign(up));
    return vector;
}

glm::vec3 anyPerpendicular(const glm::vec3& d) {
    const glm::vec3 other = std::abs(d.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    return glm::normalize(glm::cross(d, other));
}

bool isLongLimb(BoneRole role) {
    return role == BoneRole::UpperArm || role == BoneRole::Forearm || role == BoneRole::Thigh ||
           role == BoneRole::Shin;
}

// The roles a leg's first joint may have: its bone is a thigh, a shin (a crab's "leg0_knee")
// or a foot.
bool isLegRole(BoneRole role) {
    return role == BoneRole::Thigh || role == BoneRole::Shin || role == BoneRole::Foot;
}

// A joint that this many legs leave is a many-legged body (a crab's), not a pelvis (two) or a
// quadruped's chest or hips (two each).
constexpr std::uint32_t kManyLegs = 4;

bool isExcludedBone(const BodyOptions& options, std::size_t node) {
    return std::find(options.excludedBones.begin(), options.excludedBones.end(),
                     static_cast<NodeIndex>(node)) != options.excludedBones.end();
}

struct RestFigure {
    std::vector<glm::dvec3> positions; // file units
    std::vector<RigidTransform> world;
};

// The pose the body is made in: BodyOptions::bindWorld when it has one transform per node, else
// the OFFSET rest pose.
bool restPositions(const Skeleton& skeleton, const BodyOptions& options, RestFigure& rest) {
    const std::size_t n = skeleton.nodeCount();
    if (options.bindWorld.size() == n) {
        rest.world = options.bindWorld;
    } else {
        std::vector<RigidTransform> local(n);
        computeRestTransforms(skeleton, local);
        rest.world.assign(n, RigidTransform{});
        computeWorldTransforms(skeleton, local, rest.world);
    }
    rest.positions.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        rest.positions[i] = rest.world[i].translation;
        const glm::dvec3& p = rest.positions[i];
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) {
            return false;
        }
    }
    return true;
}

struct FigureBuilder {
    const Skeleton& skeleton;
    const BodyOptions& options;
    BodyFigure figure;
    RestFigure rest;
    std::vector<glm::vec3> points; // normalised
    std::vector<BoneRole> roles;
    std::vector<std::uint8_t> hasBone; // per node: a bone with length ends at it
    std::vector<float> leafShare;
    std::vector<float> leafCount; // per node: the figure's leaves at or below it
    std::vector<NodeIndex> longestChild;
    std::vector<NodeIndex> jointOf; // per node: itself, or its parent's when its bone has no length
    std::vector<NodeIndex> handOf;  // per node: the first Hand node at or above it, or kNoMass
    std::vector<std::uint8_t> legHub; // per node: kManyLegs legs or more leave it (a crab's body)
    std::vector<float> hubLegLength;  // per node: the mean length of the bones to its legs
    std::vector<BoneRole> boneRole;   // per node: its incoming bone's role, where not its parent's
    NodeIndex topologyHead = kNoParent; // an unnamed figure's head (findUnnamedHead)
    // Per node: the radii (start, end) of the bone to it in a quadruped's neck or tail sized from
    // its barrel (sizeFromBarrel); zero elsewhere.
    std::vector<glm::vec2> chainBone;
    glm::vec3 up{0.0f, 1.0f, 0.0f};
    std::optional<glm::vec3> facing;
    float capScale = 1.0f;
    float lowest = 0.0f;     // along up
    float torsoWidth = 1.0f; // the torso's width over its depth (measureTorsoWidth)

    float boneLength(std::size_t child) const {
        return glm::length(points[child] -
                           points[static_cast<std::size_t>(skeleton.parents[child])]);
    }

    // The radius where the bone to `child` (of `length`) starts and, in `end`, where it ends.
    // Long limbs (upper arm, forearm, thigh, shin) taper over their whole run of bones
    // (roleRun): MakeHuman splits a thigh into upperleg01 and upperleg02, and each half
    // tapering on its own made a string of beads.
    float startRadius(BoneRole role, float length, std::size_t child, float* end = nullptr,
                      float* runStart = nullptr) const {
        const RoleSize size = roleSize(role);
        float radius = 0.0f;
        if (role == BoneRole::Unknown) {
            const float cap =
                (kUnknownBaseRadius + kUnknownTrunkRadius * std::sqrt(leafShare[child])) * capScale;
            radius = leafCount[child] >= kUnknownBarrelLeaves
                         ? std::min(kUnknownBarrelPerLength * length,
                                    std::max(cap, kUnknownBarrelRadius * capScale))
                         : std::min(size.perLength * length, cap);
        } else {
            // Fingers, toes and tails taper joint by joint: only the long limbs count as one.
            const RolePlace place =
                isLongLimb(role) ? roleRun(role, length, child) : RolePlace{length, 0.0f};
            const float full = std::min(size.perLength * place.run, size.cap * capScale);
            const float perRun = (1.0f - size.taper) / place.run;
            if (end != nullptr) {
                *end = full * (1.0f - perRun * (place.before + length));
            }
            if (runStart != nullptr) {
                *runStart = full;
            }
            return full * (1.0f - perRun * place.before);
        }
        if (end != nullptr) {
            *end = radius * size.taper;
        }
        return radius;
    }

    struct RolePlace {
        float run;    // the length of the run of bones of one role
        float before; // of it, before the bone's start
    };

    // The run of bones of one role the bone to `child` (of `length`) belongs to, and where in it
    // the bone starts.
    RolePlace roleRun(BoneRole role, float length, std::size_t child) const {
        RolePlace place{length, 0.0f};
        for (std::size_t node = static_cast<std::size_t>(skeleton.parents[child]);
             skeleton.parents[node] != kNoParent;) {
            const auto above = static_cast<std::size_t>(skeleton.parents[node]);
            if (roles[above] != role || longestChild[above] != static_cast<NodeIndex>(node)) {
                break;
            }
            place.before += boneLength(node);
            node = above;
        }
        place.run += place.before;
        for (std::size_t node = child; roles[node] == role && longestChild[node] != kNoParent;) {
            node = static_cast<std::size_t>(longestChild[node]);
            place.run += boneLength(node);
        }
        return place;
    }

    void addBone(std::size_t child) {
        const auto parent = static_cast<std::size_t>(skeleton.parents[child]);
        // A hand's bones to the fingers' roots lie in the palm (addPalm): finger-thin.
        BoneRole role = roles[parent] == BoneRole::Hand && roles[child] == BoneRole::Finger
                            ? BoneRole::Finger
                            : roles[parent];
        role = boneRole[child] != BoneRole::Unknown ? boneRole[child] : role;
        // A many-legged body's bones to its legs are the legs' first segments, each as thick as
        // the others (its shell is addShell's), not trunk-thick slabs.
        if (legHub[parent] != 0 && isLegRole(roles[child])) {
            role = BoneRole::Unknown;
        }
        // Its eyes (a bone to a Face joint) sit on the shell: no trunk-thick ball over it.
        if (legHub[parent] != 0 && roles[child] == BoneRole::Face) {
            return;
        }
        // A bone to or from a joint inside another part's mass lies inside that mass too.
        if (role == BoneRole::Face || role == BoneRole::Head || role == BoneRole::Inner ||
            roles[child] == BoneRole::Inner) {
            return; // inside the head's ellipsoid or the chest
        }
        float length = boneLength(child);
        glm::vec3 end = points[child];
        // A hand whose last bone is a marker (Bandai Namco's End Site, a centimetre) is a hand
        // long all the same, along that bone.
        if (role == BoneRole::Hand && longestChild[child] == kNoParent &&
            length < kHandLength * capScale) {
            end = points[parent] + (end - points[parent]) * (kHandLength * capScale / length);
            length = kHandLength * capScale;
        }
        // A many-legged body's legs are as thick as each other: sized by their mean length.
        const float sizingLength =
            role == BoneRole::Unknown && legHub[parent] != 0 ? hubLegLength[parent] : length;
        float r1 = 0.0f;
        float runStart = 0.0f;
        float r0 = startRadius(role, sizingLength, child, &r1, &runStart);
        if (chainBone[child].x > 0.0f) {
            r0 = chainBone[child].x;
            r1 = chainBone[child].y;
        }
        const NodeIndex next = longestChild[child];
        // A barrel keeps its girth to its far end (a quadruped's chest), where the neck and the
        // front legs leave it, rather than narrowing to the neck's thickness.
        const bool barrel = role == BoneRole::Unknown && leafCount[child] >= kUnknownBarrelLeaves;
        if (next != kNoParent && !barrel && chainBone[child].x == 0.0f &&
            roles[child] != BoneRole::Face && roles[child] != BoneRole::Head) {
            const float nextLength = boneLength(static_cast<std::size_t>(next));
            // A chest keeps its girth up to where the neck leaves it: tapering to the neck's
            // thickness made chest and neck one long cone under the head (a bottle).
            if (!(role == BoneRole::Trunk && roles[child] == BoneRole::Neck)) {
                r1 = std::min(
                    r1, startRadius(roles[child], nextLength, static_cast<std::size_t>(next)));
            }
            // A long limb ends no thinner than a wrist or an ankle, whatever follows it: a hand
            // or toe bone that is only a marker (Bandai Namco's, a centimetre long) made the
            // forearm and shin taper to a point.
            if (isLongLimb(role)) {
                r1 = std::max(r1, kLimbEndShare * runStart);
            }
        }
        // An end on the ground (a foot, a one-bone leg) would sink by its radius: the end
        // rises until its sphere rests on the lowest joint's level.
        // Its rounded top ends just above the neck's root, not a chest's depth up the neck.
        if (role == BoneRole::Trunk && roles[child] == BoneRole::Neck) {
            end -= (end - points[parent]) *
                   (std::min(kChestTopBelowNeck * r1, 0.5f * length) / std::max(length, 1e-9f));
        }
        const float sink = r1 - (glm::dot(end, up) - lowest);
        if (sink > 0.0f && sink < 0.5f * length) {
            end += up * sink;
        }
        BodyVolume volume =
            role == BoneRole::Trunk && facing
                ? makeEllipticCone(points[parent], end, r0, r1, glm::cross(up, *facing), torsoWidth)
                : makeRoundCone(points[parent], end, r0, r1);
        volume.blend = 0.6f * std::min(volume.radiusA, volume.radiusB);
        // A trunk is one mass with its neck and collars however its bones branch, a hand one
        // with its fingers.
        if (role == BoneRole::Trunk || role == BoneRole::Neck || role == BoneRole::Shoulder) {
            volume.mass = kTrunkMass;
        } else if (role == BoneRole::Hand || role == BoneRole::Finger) {
            volume.mass = handOf[parent];
        }
        attach(volume, parent, child);
        volume.radiusNode = static_cast<NodeIndex>(child);
        figure.volumes.push_back(volume);
    }

    void attach(BodyVolume& volume, std::size_t start, std::size_t end) const {
        volume.joint = static_cast<NodeIndex>(start);
        volume.startJoint = jointOf[start];
        volume.endJoint = jointOf[end];
    }

    // A palm: a flattened ellipsoid from the wrist to the knuckles (the finger bones' roots,
    // the thumb left out), about a third as thick as it is wide, so a hand reads as a hand and
    // not a mitten or, on a hand alone, a balloon.
    void addPalm(std::size_t hand) {
        glm::vec3 knuckles(0.0f);
        std::vector<glm::vec3> roots;
        std::vector<std::size_t> rootNodes;
        std::optional<glm::vec3> thumb;
        for (std::size_t i = hand + 1; i < points.size(); ++i) {
            if (skeleton.parents[i] != static_cast<NodeIndex>(hand) || hasBone[i] == 0) {
                continue;
            }
            if (roleFromName(skeleton.names[i]) == BoneRole::Finger &&
                skeleton.names[i].find("humb") != std::string::npos) {
                thumb = points[i];
                continue;
            }
            // A palm bone (MakeHuman's metacarpal) starts at the wrist: its finger's root, where
            // the bone ends, is the knuckle.
            const bool palmBone =
                roleFromName(skeleton.names[i]) == BoneRole::Hand && longestChild[i] != kNoParent;
            const std::size_t knuckle = palmBone ? static_cast<std::size_t>(longestChild[i]) : i;
            roots.push_back(points[knuckle]);
            rootNodes.push_back(knuckle);
            knuckles += points[knuckle];
        }
        if (roots.size() < 2) {
            return; // no fan of fingers: the hand bone's cone is the hand
        }
        knuckles /= static_cast<float>(roots.size());
        const glm::vec3 reach = knuckles - points[hand];
        const float length = glm::length(reach);
        if (!(length > static_cast<float>(kZeroLength))) {
            return;
        }
        const glm::vec3 forward = reach / length;
        float spread = 0.0f;
        glm::vec3 across = anyPerpendicular(forward);
        for (const glm::vec3& a : roots) {
            for (const glm::vec3& b : roots) {
                const glm::vec3 d = b - a - forward * glm::dot(b - a, forward);
                // Knuckles at one point (MakeHuman's helper joints) give no direction across.
                if (glm::length(d) > std::max(spread, 1e-3f * length)) {
                    spread = glm::length(d);
                    across = glm::normalize(d);
                }
            }
        }
        if (!(spread > 0.0f) && thumb) {
            const glm::vec3 d = *thumb - points[hand];
            const glm::vec3 side = d - forward * glm::dot(d, forward);
            across = glm::length(side) > 1e-3f * length ? glm::normalize(side) : across;
        }
        const float halfLength = 0.55f * length;
        const float halfWidth = std::max(0.6f * spread, 0.35f * length);
        const float halfThickness = std::max(0.35f * halfWidth, kPalmThinnest);
        across = glm::normalize(across - forward * glm::dot(across, forward));
        const glm::vec3 thick = glm::normalize(glm::cross(forward, across));
        const glm::mat3 axes = glm::transpose(glm::mat3(forward, across, thick));
        BodyVolume palm = makeEllipsoid(points[hand] + 0.5f * reach, axes,
                                        glm::vec3(halfLength, halfWidth, halfThickness));
        palm.blend = 0.5f * halfThickness;
        palm.mass = static_cast<NodeIndex>(hand);
        attach(palm, hand, hand);
        // Picking: the palm is the volume of the bone to the middle knuckle, the farthest.
        std::size_t middle = 0;
        for (std::size_t k = 1; k < roots.size(); ++k) {
            if (glm::length(roots[k] - points[hand]) > glm::length(roots[middle] - points[hand])) {
                middle = k;
            }
        }
        palm.radiusNode = static_cast<NodeIndex>(rootNodes[middle]);
        figure.volumes.push_back(palm);
    }

    // Whether the head joint lies more ahead of (or beside) the figure's root than above it: a
    // quadruped's, not a biped's or a face rig's.
    bool headAheadOfRoot(std::size_t head) const {
        std::size_t root = head;
        while (skeleton.parents[root] != kNoParent) {
            root = static_cast<std::size_t>(skeleton.parents[root]);
        }
        const glm::vec3 fromRoot = points[head] - points[root];
        const float length = glm::length(fromRoot);
        return length > 0.0f && std::abs(glm::dot(fromRoot, up)) < 0.7f * length;
    }

    // The longest bone from `node` within about 30 degrees of `direction` (a face rig's
    // HeadTop among its jaw, eyes and lips: the skull's height); 0 when none.
    float boneAlong(std::size_t node, const glm::vec3& direction) const {
        float longest = 0.0f;
        for (std::size_t i = node + 1; i < points.size(); ++i) {
            if (skeleton.parents[i] != static_cast<NodeIndex>(node) || hasBone[i] == 0) {
                continue;
            }
            const glm::vec3 bone = points[i] - points[node];
            const float length = glm::length(bone);
            if (glm::dot(bone, direction) > 0.85f * length) {
                longest = std::max(longest, length);
            }
        }
        return longest;
    }

    // The face joints below `head` (jaw, lips, eyelids, MakeHuman's temporalis and levator), in
    // the skull's `axes` from the head joint. End Sites are left out (an eye's aim reaches far
    // ahead of the face), and so is a crown marker beyond the skull's top (`crownAt`, a face
    // rig's HeadTop).
    std::vector<glm::vec3> faceJoints(std::size_t head, const glm::mat3& axes,
                                      float crownAt) const {
        std::vector<glm::vec3> joints;
        std::vector<std::uint8_t> below(points.size(), 0);
        below[head] = 1;
        for (std::size_t i = head + 1; i < points.size(); ++i) {
            const NodeIndex parent = skeleton.parents[i];
            if (parent == kNoParent || below[static_cast<std::size_t>(parent)] == 0) {
                continue;
            }
            below[i] = 1;
            const glm::vec3 local = axes * (points[i] - points[head]);
            if (skeleton.isEndSite[i] == 0 && local.x <= crownAt) {
                joints.push_back(local);
            }
        }
        return joints;
    }

    // A face rig's head (its skull's `axes`, `semiAxes`) placed over its face joints (the face
    // lies ahead of and below the head joint) and grown, up to kHeadGrowth, until they lie
    // inside it; returns its centre in those axes, from the head joint.
    glm::vec3 fitHeadToFace(std::size_t head, const glm::mat3& axes, glm::vec3& semiAxes) const {
        const std::vector<glm::vec3> joints = faceJoints(head, axes, 2.0f * semiAxes.x);
        glm::vec3 low(0.0f);
        glm::vec3 high(0.0f);
        for (const glm::vec3& joint : joints) {
            low = glm::min(low, joint);
            high = glm::max(high, joint);
        }
        // Along the skull's axis the centre stays between a chin hanging below the head joint
        // (0.15 of its height above it) and a skull sitting on it; across, within 0.8 of the
        // semi-axis, so the head joint stays inside.
        const glm::vec3 middle = 0.5f * (low + high);
        const glm::vec3 centre(std::clamp(middle.x, 0.27f * semiAxes.x, 0.91f * semiAxes.x),
                               std::clamp(middle.y, -0.8f * semiAxes.y, 0.8f * semiAxes.y),
                               std::clamp(middle.z, -0.8f * semiAxes.z, 0.8f * semiAxes.z));
        float reach = 0.0f; // the farthest joint, in the ellipsoid's own measure (1: on it)
        for (const glm::vec3& joint : joints) {
            reach = std::max(reach, glm::length((joint - centre) / semiAxes));
        }
        semiAxes *= std::clamp(kFaceMargin * reach, 1.0f, kHeadGrowth);
        return centre;
    }

    void addHead(std::size_t head) {
        const NodeIndex child = longestChild[head];
        glm::vec3 direction = up;
        float length = kHeadLengthDefault * capScale;
        const NodeIndex neck = skeleton.parents[head];
        // A face rig's longest bone from the head (a jaw, an eye's aim, MakeHuman's temporalis)
        // does not say where the skull goes: with several bones leaving the head, the neck does.
        std::size_t bones = 0;
        for (std::size_t i = head + 1; i < points.size(); ++i) {
            bones += skeleton.parents[i] == static_cast<NodeIndex>(head) && hasBone[i] != 0;
        }
        // A bone far shorter than any head (Bandai Namco's and LAFAN1's head End Site, a
        // centimetre long) is a marker: it says where the skull points, not how large it is.
        if (child != kNoParent && bones == 1) {
            const glm::vec3 bone = points[static_cast<std::size_t>(child)] - points[head];
            direction = glm::normalize(bone);
            const float headBoneLength = glm::length(bone);
            length = headBoneLength >= kHeadMarkerLength * capScale ? headBoneLength : length;
        } else if (neck != kNoParent && hasBone[head] != 0) {
            direction = glm::normalize(points[head] - points[static_cast<std::size_t>(neck)]);
            const float crown = boneAlong(head, direction);
            length = crown >= kHeadMarkerLength * capScale ? crown : length;
        }
        // A face rig's head is a whole head however short its crown bone (MakeHuman's special06
        // reaches 7 % of the height): never smaller than a plain head.
        const float least = bones > 1 ? kHeadLengthDefault : kHeadLengthMin;
        length = std::clamp(length, least * capScale, kHeadLengthMax * capScale);
        glm::vec3 centre = points[head] + direction * (0.5f * length);
        glm::vec3 front = anyPerpendicular(direction);
        // A head lying along the ground (a quadruped's, along its neck) looks where it points:
        // it gets a snout whether or not the pose says which way the figure faces.
        // Only on a figure whose head is ahead of its root rather than above it: a biped bound
        // in a frame where it looks down (body_bind_pose.h) keeps an upright head.
        const bool figureLies = headAheadOfRoot(head);
        const bool horizontal = figureLies && std::abs(glm::dot(direction, up)) < 0.6f;
        const bool knowsFront = facing.has_value() || horizontal;
        const bool lying =
            horizontal || (figureLies && facing && std::abs(glm::dot(*facing, direction)) > 0.7f);
        if (lying) {
            const glm::vec3 above = up - direction * glm::dot(up, direction);
            front = glm::length(above) > 1e-3f ? glm::normalize(above) : front;
        } else if (facing) {
            front = glm::normalize(*facing - direction * glm::dot(*facing, direction));
        }
        const glm::vec3 side = glm::cross(direction, front);
        const glm::mat3 axes = glm::transpose(glm::mat3(direction, front, side));
        glm::vec3 semiAxes = glm::vec3(0.55f, 0.45f, 0.4f) * length;
        if (bones > 1) {
            centre = points[head] + glm::transpose(axes) * fitHeadToFace(head, axes, semiAxes);
        }
        BodyVolume skull = makeEllipsoid(centre, axes, semiAxes);
        skull.blend = 0.2f * length;
        attach(skull, head, head);
        skull.radiusNode = child;
        figure.volumes.push_back(skull);
        if (!knowsFront) {
            return; // nothing says which way it looks: a plain head
        }
        // A nose (upright heads) or a snout (heads along the facing): the head shows the front.
        const glm::vec3 noseAt = centre + front * (0.42f * length) - direction * (0.12f * length);
        const float noseRadius = 0.12f * length;
        BodyVolume nose = lying ? makeRoundCone(centre + direction * (0.2f * length),
                                                centre + direction * (0.85f * length),
                                                0.3f * length, 0.17f * length)
                                : makeEllipsoid(noseAt, glm::mat3(1.0f), glm::vec3(noseRadius));
        nose.blend = 0.5f * (lying ? 0.17f * length : noseRadius);
        attach(nose, head, head);
        figure.volumes.push_back(nose);
    }

    // The end of the run of `role` bones that starts at `node` (an upper arm split in two ends
    // at the elbow).
    glm::vec3 endOfRun(std::size_t node, BoneRole role) const {
        while (roles[node] == role && longestChild[node] != kNoParent) {
            node = static_cast<std::size_t>(longestChild[node]);
        }
        return points[node];
    }

    // A deltoid or a hip's mass where an upper arm or a thigh leaves the body (body_girdles.h),
    // blending with the bone into its joint and the limb's first bone. Both move with the limb:
    // a hip's mass bound to the pelvis (one mass with the trunk) stretched Dance captures'
    // crossing legs under linear blending (dme's 99.88 % of edges within 4x, 99.97 % so).
    void addLimbRoot(std::size_t node) {
        const NodeIndex parent = skeleton.parents[node];
        const bool arm = roles[node] == BoneRole::UpperArm;
        if (parent == kNoParent || roles[static_cast<std::size_t>(parent)] == roles[node] ||
            longestChild[node] == kNoParent) {
            return;
        }
        const glm::vec3 end = endOfRun(node, roles[node]);
        BodyVolume volume = arm ? makeDeltoid(points[node], end, capScale)
                                : makeHipMass(points[node], end, facing, capScale);
        volume.joint = static_cast<NodeIndex>(node);
        volume.startJoint = jointOf[static_cast<std::size_t>(parent)];
        volume.endJoint = jointOf[node];
        volume.radiusNode = static_cast<NodeIndex>(node);
        figure.volumes.push_back(volume);
    }

    // A sole forward of an ankle whose own bones do not reach forward.
    void addSole(std::size_t ankle) {
        if (!facing) {
            return;
        }
        // The ankle's subtree is the run of nodes after it whose parents lie within it
        // (parent-before-child, depth-first order).
        float reach = 0.0f;
        for (std::size_t i = ankle + 1; i < points.size(); ++i) {
            const NodeIndex parent = skeleton.parents[i];
            if (parent == kNoParent || static_cast<std::size_t>(parent) < ankle) {
                break;
            }
            reach = std::max(reach, glm::dot(points[i] - points[ankle], *facing));
        }
        if (reach >= kShortFoot * capScale) {
            return;
        }
        // The sole rests on the lowest joint's level (the ground in the rest pose), never below,
        // and never farther below the ankle than a foot is tall: a foot raised in the bind
        // frame (body_bind_pose.h) keeps its sole under the ankle, not a piece on the ground.
        const float heelRadius = 0.028f * capScale;
        const float toeRadius = 0.022f * capScale;
        const float height = glm::dot(points[ankle], up) - lowest;
        const float tallest = kAnkleHeight * capScale;
        const glm::vec3 heel =
            points[ankle] - up * std::clamp(height - heelRadius, 0.0f, tallest - heelRadius);
        const glm::vec3 toes = points[ankle] -
                               up * std::clamp(height - toeRadius, 0.0f, tallest - toeRadius) +
                               *facing * (kSoleLength * capScale);
        BodyVolume sole = makeRoundCone(heel, toes, heelRadius, toeRadius);
        sole.blend = 0.5f * sole.radiusB;
        attach(sole, ankle, ankle);
        figure.volumes.push_back(sole);
    }

    bool measure() {
        const std::size_t n = skeleton.nodeCount();
        glm::dvec3 low(std::numeric_limits<double>::max());
        glm::dvec3 high(-std::numeric_limits<double>::max());
        bool any = false;
        for (std::size_t i = 0; i < n; ++i) {
            const NodeIndex parent = skeleton.parents[i];
            if (parent == kNoParent || isExcludedBone(options, i)) {
                continue;
            }
            for (const glm::dvec3& p :
                 {rest.positions[i], rest.positions[static_cast<std::size_t>(parent)]}) {
                low = glm::min(low, p);
                high = glm::max(high, p);
            }
            any = any || rest.positions[i] != rest.positions[static_cast<std::size_t>(parent)];
        }
        if (!any) {
            figure.problem = "no bone has any length";
            return false;
        }
        const glm::dvec3 extent = high - low;
        figure.size = std::max({extent.x, extent.y, extent.z});
        figure.centre = 0.5 * (low + high);
        // Floats must hold every normalised value and its product with the size.
        if (!(figure.size > 1e-30 && figure.size < 1e30)) {
            figure.problem = "the skeleton's size is out of range";
            return false;
        }
        points.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            points[i] = glm::vec3((rest.positions[i] - figure.centre) / figure.size);
        }
        return true;
    }

    void describeTopology() {
        const std::size_t n = skeleton.nodeCount();
        roles = classifyBoneRoles(skeleton);
        hasBone.assign(n, 0);
        longestChild.assign(n, kNoParent);
        std::vector<float> longest(n, 0.0f);
        for (std::size_t i = 0; i < n; ++i) {
            const NodeIndex parent = skeleton.parents[i];
            if (parent == kNoParent || isExcludedBone(options, i)) {
                continue;
            }
            const float length = boneLength(i);
            if (!(length > kZeroLength)) {
                continue;
            }
            hasBone[i] = 1;
            const auto p = static_cast<std::size_t>(parent);
            if (length > longest[p]) {
                longest[p] = length;
                longestChild[p] = static_cast<NodeIndex>(i);
            }
        }
        jointOf.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const NodeIndex parent = skeleton.parents[i];
            const bool merged =
                parent != kNoParent && hasBone[i] == 0 && !isExcludedBone(options, i);
            jointOf[i] =
                merged ? jointOf[static_cast<std::size_t>(parent)] : static_cast<NodeIndex>(i);
        }
        handOf.assign(n, kNoMass);
        for (std::size_t i = 0; i < n; ++i) {
            const NodeIndex parent = skeleton.parents[i];
            const NodeIndex above =
                parent == kNoParent ? kNoMass : handOf[static_cast<std::size_t>(parent)];
            handOf[i] =
                above == kNoMass && roles[i] == BoneRole::Hand ? static_cast<NodeIndex>(i) : above;
        }
        std::vector<float> leaves(n, 0.0f);
        for (std::size_t i = n; i-- > 0;) {
            if (longestChild[i] == kNoParent) {
                leaves[i] += 1.0f;
            }
            if (skeleton.parents[i] != kNoParent) {
                leaves[static_cast<std::size_t>(skeleton.parents[i])] += leaves[i];
            }
        }
        float total = 0.0f;
        for (std::size_t i = 0; i < n; ++i) {
            if (skeleton.parents[i] == kNoParent) {
                total += leaves[i];
            }
        }
        leafCount = leaves;
        leafShare.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            leafShare[i] = total > 0.0f ? leaves[i] / total : 0.0f;
        }
        bool handParts = false;
        bool bodyParts = false;
        for (const BoneRole role : roles) {
            handParts = handParts || role == BoneRole::Hand || role == BoneRole::Finger;
            bodyParts = bodyParts || role == BoneRole::Trunk || role == BoneRole::Thigh ||
                        role == BoneRole::Shin || role == BoneRole::Head || role == BoneRole::Neck;
        }
        capScale = handParts && !bodyParts ? kPartOfFigureScale : 1.0f;
        // A lone "Root" or "body" among unnamed joints is no torso: its thickness would come from
        // the figure, not its bones, and swallow a small abstract tree.
        const bool limbsNamed = std::any_of(roles.begin(), roles.end(), [](BoneRole role) {
            return role != BoneRole::Unknown && role != BoneRole::Trunk;
        });
        if (!limbsNamed) {
            std::replace(roles.begin(), roles.end(), BoneRole::Trunk, BoneRole::Unknown);
        }
        up = glm::vec3(upVector(options.up));
        lowest = std::numeric_limits<float>::max();
        for (std::size_t i = 0; i < n; ++i) {
            if (hasBone[i] != 0) {
                lowest = std::min(lowest, glm::dot(points[i], up));
            }
        }
        const std::optional<glm::dvec3> front =
            facingOfPose(skeleton, rest.world, options.up, options.excludedBones);
        if (front && std::isfinite(front->x) && glm::length(*front) > 0.5) {
            facing = glm::normalize(glm::vec3(*front));
        }
        measureTorsoWidth();
        findLegHubs();
        findUnnamedHead();
    }

    // An unnamed figure with a barrel (a quadruped's): the chain of single bones leaving the
    // barrel's far end (the end away from the root) whose tip stays off the ground is its neck;
    // with two bones or more, the joint before the tip is the head (topologyHead) and the last
    // bone a trunk or a snout, tapering like a tail.
    void findUnnamedHead() {
        boneRole.assign(points.size(), BoneRole::Unknown);
        chainBone.assign(points.size(), glm::vec2(0.0f));
        const bool named = std::any_of(roles.begin(), roles.end(),
                                       [](BoneRole role) { return role != BoneRole::Unknown; });
        for (std::size_t end = 0; end < points.size() && !named; ++end) {
            const NodeIndex from = skeleton.parents[end];
            const bool barrelEnd = from != kNoParent && hasBone[end] != 0 &&
                                   leafCount[end] >= kUnknownBarrelLeaves &&
                                   skeleton.parents[static_cast<std::size_t>(from)] == kNoParent;
            for (std::size_t c = end + 1; barrelEnd && c < points.size(); ++c) {
                if (skeleton.parents[c] == static_cast<NodeIndex>(end) && hasBone[c] != 0 &&
                    leafCount[c] == 1.0f) {
                    markNeckChain(c);
                }
            }
            if (barrelEnd && topologyHead != kNoParent) {
                sizeFromBarrel(end);
                break; // one barrel, one neck
            }
        }
    }

    // The chain of single bones from `first` to its tip: its nodes, `first` and its parent
    // (the chain's root) included.
    std::vector<std::size_t> chainFrom(std::size_t first) const {
        std::vector<std::size_t> chain{static_cast<std::size_t>(skeleton.parents[first]), first};
        while (longestChild[chain.back()] != kNoParent) {
            chain.push_back(static_cast<std::size_t>(longestChild[chain.back()]));
        }
        return chain;
    }

    // Radii of the bones along `chain` (chainBone) from `start` at its root to `end` at node
    // `last` (an index into chain), by the length run.
    void taperChain(std::span<const std::size_t> chain, std::size_t last, float start, float end) {
        float run = 0.0f;
        for (std::size_t k = 1; k <= last; ++k) {
            run += boneLength(chain[k]);
        }
        float along = 0.0f;
        float before = start;
        for (std::size_t k = 1; k <= last; ++k) {
            along += boneLength(chain[k]);
            const float after = run > 0.0f ? start + (end - start) * (along / run) : start;
            chainBone[chain[k]] = glm::vec2(before, after);
            before = after;
        }
    }

    // A quadruped's neck and tail sized from its barrel (the bone to `barrelEnd`), not a
    // human's: the neck leaves the barrel kNeckPerBarrel as thick and narrows towards the head;
    // a tail (a chain of single bones from the barrel's other end whose tip stays off the
    // ground) leaves it kTailPerBarrel as thick and tapers to its tip.
    void sizeFromBarrel(std::size_t barrelEnd) {
        const float barrel = startRadius(BoneRole::Unknown, boneLength(barrelEnd), barrelEnd);
        const auto head = static_cast<std::size_t>(topologyHead);
        for (std::size_t c = barrelEnd + 1; c < points.size(); ++c) {
            if (skeleton.parents[c] != static_cast<NodeIndex>(barrelEnd) || leafCount[c] != 1.0f) {
                continue;
            }
            const std::vector<std::size_t> chain = chainFrom(c);
            const auto at = std::find(chain.begin(), chain.end(), head);
            if (at != chain.end()) {
                taperChain(chain, static_cast<std::size_t>(at - chain.begin()),
                           kNeckPerBarrel * barrel, kNeckAtHeadPerBarrel * barrel);
            }
        }
        const auto root = static_cast<std::size_t>(skeleton.parents[barrelEnd]);
        for (std::size_t c = root + 1; c < points.size(); ++c) {
            if (skeleton.parents[c] != static_cast<NodeIndex>(root) || hasBone[c] == 0 ||
                leafCount[c] != 1.0f) {
                continue;
            }
            const std::vector<std::size_t> chain = chainFrom(c);
            if (glm::dot(points[chain.back()], up) - lowest >= kOffTheGround) {
                taperChain(chain, chain.size() - 1, kTailPerBarrel * barrel,
                           kTailTipPerBarrel * barrel);
            }
        }
    }

    void markNeckChain(std::size_t first) {
        std::vector<std::size_t> chain{first};
        while (longestChild[chain.back()] != kNoParent) {
            chain.push_back(static_cast<std::size_t>(longestChild[chain.back()]));
        }
        if (chain.size() < 3 || glm::dot(points[chain.back()], up) - lowest < kOffTheGround) {
            return; // a leg, or a neck with no head on it
        }
        for (std::size_t k = 0; k + 1 < chain.size(); ++k) {
            boneRole[chain[k]] = BoneRole::Neck;
        }
        boneRole[chain.back()] = BoneRole::Tail;
        topologyHead = static_cast<NodeIndex>(chain[chain.size() - 2]);
    }

    // The head topologyHead says: an ellipsoid along the neck's last bone, as large as the
    // barrel is thick.
    void addTopologyHead() {
        if (topologyHead == kNoParent) {
            return;
        }
        const auto head = static_cast<std::size_t>(topologyHead);
        const glm::vec3 neck =
            points[head] - points[static_cast<std::size_t>(skeleton.parents[head])];
        const glm::vec3 direction = glm::normalize(neck);
        const float length = kHeadPerBarrel * kUnknownBarrelRadius * capScale;
        const glm::vec3 side = anyPerpendicular(direction);
        const glm::mat3 axes =
            glm::transpose(glm::mat3(direction, side, glm::cross(direction, side)));
        BodyVolume skull = makeEllipsoid(points[head] + direction * (0.25f * length), axes,
                                         glm::vec3(0.55f, 0.45f, 0.45f) * length);
        skull.blend = 0.2f * length;
        attach(skull, head, head);
        skull.radiusNode = topologyHead;
        figure.volumes.push_back(skull);
    }

    void findLegHubs() {
        std::vector<std::uint32_t> legs(points.size(), 0);
        for (std::size_t i = 0; i < points.size(); ++i) {
            const NodeIndex parent = skeleton.parents[i];
            if (parent != kNoParent && hasBone[i] != 0 && isLegRole(roles[i])) {
                ++legs[static_cast<std::size_t>(parent)];
            }
        }
        legHub.assign(points.size(), 0);
        hubLegLength.assign(points.size(), 0.0f);
        for (std::size_t i = 0; i < points.size(); ++i) {
            legHub[i] = legs[i] >= kManyLegs ? 1 : 0;
            const NodeIndex parent = skeleton.parents[i];
            if (parent != kNoParent && hasBone[i] != 0 && isLegRole(roles[i])) {
                const auto hub = static_cast<std::size_t>(parent);
                hubLegLength[hub] += boneLength(i) / static_cast<float>(legs[hub]);
            }
        }
    }

    // A shell over the joint many legs leave (body_girdles.h), one mass with the legs' roots.
    void addShell(std::size_t hub) {
        std::vector<glm::vec3> legJoints;
        for (std::size_t i = hub + 1; i < points.size(); ++i) {
            if (skeleton.parents[i] == static_cast<NodeIndex>(hub) && hasBone[i] != 0 &&
                isLegRole(roles[i])) {
                legJoints.push_back(points[i]);
            }
        }
        BodyVolume shell = makeShell(points[hub], legJoints, up);
        attach(shell, hub, hub);
        shell.radiusNode = static_cast<NodeIndex>(hub);
        figure.volumes.push_back(shell);
    }

    // Whether the bone from `node` to its longest child points down within about 35 degrees.
    bool hangsAlongTrunk(std::size_t node) const {
        const NodeIndex next = longestChild[node];
        if (next == kNoParent) {
            return false;
        }
        const glm::vec3 bone = points[static_cast<std::size_t>(next)] - points[node];
        const float length = glm::length(bone);
        return length > 0.0f && glm::dot(bone, -up) > 0.8f * length;
    }

    // kTorsoWidthRatio, narrowed so that the torso's sides stay off upper arms that hang beside
    // it in the bind pose (bvhio's rest pose), whose roots it measures across the facing: such
    // arms would otherwise lie inside the torso and tear from it when they rise. Arms held out
    // (a T-pose, an A-pose) leave the torso only at the shoulder, which blends with it.
    void measureTorsoWidth() {
        if (!facing) {
            return;
        }
        const glm::vec3 across = glm::cross(up, *facing);
        float left = std::numeric_limits<float>::max();
        float right = -std::numeric_limits<float>::max();
        for (std::size_t i = 0; i < points.size(); ++i) {
            const NodeIndex parent = skeleton.parents[i];
            if (roles[i] == BoneRole::UpperArm && parent != kNoParent &&
                roles[static_cast<std::size_t>(parent)] != BoneRole::UpperArm &&
                hangsAlongTrunk(i)) {
                left = std::min(left, glm::dot(points[i], across));
                right = std::max(right, glm::dot(points[i], across));
            }
        }
        torsoWidth = kTorsoWidthRatio;
        if (right > left) {
            const float room = 0.5f * (right - left) - roleSize(BoneRole::UpperArm).cap * capScale;
            torsoWidth = std::clamp(room / (roleSize(BoneRole::Trunk).cap * capScale), 1.0f,
                                    kTorsoWidthRatio);
        }
    }
};

} // namespace

BodyFigure makeBodyFigure(const Skeleton& skeleton, const BodyOptions& options) {
    FigureBuilder builder{skeleton, options, {}, {}, {},        {}, {}, {}, {},   {},   {},
                          {},       {},      {}, {}, kNoParent, {}, {}, {}, 1.0f, 0.0f, 1.0f};
    if (!restPositions(skeleton, options, builder.rest)) {
        builder.figure.problem = "the skeleton's offsets are not finite numbers";
        return builder.figure;
    }
    if (!builder.measure()) {
        return builder.figure;
    }
    builder.describeTopology();
    const std::size_t n = skeleton.nodeCount();
    for (std::size_t i = 0; i < n; ++i) {
        if (builder.hasBone[i] != 0) {
            builder.addBone(i);
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (skeleton.isEndSite[i] != 0) {
            continue;
        }
        const NodeIndex parent = skeleton.parents[i];
        const BoneRole parentRole = parent == kNoParent
                                        ? BoneRole::Unknown
                                        : builder.roles[static_cast<std::size_t>(parent)];
        if (builder.roles[i] == BoneRole::Head && parentRole != BoneRole::Head) {
            builder.addHead(i);
        }
        if (builder.roles[i] == BoneRole::Foot && parentRole != BoneRole::Foot) {
            builder.addSole(i);
        }
        if (builder.roles[i] == BoneRole::Hand && parentRole != BoneRole::Hand) {
            builder.addPalm(i);
        }
        if (builder.roles[i] == BoneRole::UpperArm || builder.roles[i] == BoneRole::Thigh) {
            builder.addLimbRoot(i);
        }
        if (builder.legHub[i] != 0) {
            builder.addShell(i);
        }
        if (static_cast<NodeIndex>(i) == builder.topologyHead) {
            builder.addTopologyHead();
        }
    }
    if (builder.figure.volumes.empty()) {
        builder.figure.problem = "no bone has any length";
    }
    builder.figure.bindWorld = std::move(builder.rest.world);
    return builder.figure;
}

} // namespace bvh
