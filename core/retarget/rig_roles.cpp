#include "core/retarget/rig_roles.h"

#include "core/analysis/joint_side.h"
#include "core/body/body_roles.h"
#include "core/model/ascii_case.h"
#include "core/retarget/node_slot.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <glm/geometric.hpp>

namespace bvh {
namespace {

struct RigAnchors {
    std::array<NodeIndex, 2> foot{kNoParent, kNoParent}; // left, right
    std::array<NodeIndex, 2> hand{kNoParent, kNoParent};
    NodeIndex head = kNoParent;
};

std::vector<glm::dvec3> restPositionsOf(const Skeleton& skeleton) {
    std::vector<glm::dvec3> positions(skeleton.nodeCount());
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const NodeIndex parent = skeleton.parents[node];
        positions[node] = skeleton.offsets[node] +
                          (parent == kNoParent ? glm::dvec3(0.0) : positions[nodeSlot(parent)]);
    }
    return positions;
}

bool isAncestorOf(const Skeleton& skeleton, NodeIndex ancestor, NodeIndex node) {
    for (NodeIndex up = node; up != kNoParent; up = skeleton.parents[nodeSlot(up)]) {
        if (up == ancestor) {
            return true;
        }
    }
    return false;
}

std::size_t depthOf(const Skeleton& skeleton, NodeIndex node) {
    std::size_t depth = 0;
    for (NodeIndex up = skeleton.parents[nodeSlot(node)]; up != kNoParent;
         up = skeleton.parents[nodeSlot(up)]) {
        ++depth;
    }
    return depth;
}

// Linear in the depth, so a hostile chain of a million joints costs a million steps.
NodeIndex commonAncestorOf(const Skeleton& skeleton, NodeIndex a, NodeIndex b) {
    std::size_t depthA = depthOf(skeleton, a);
    std::size_t depthB = depthOf(skeleton, b);
    for (; depthA > depthB; --depthA) {
        a = skeleton.parents[nodeSlot(a)];
    }
    for (; depthB > depthA; --depthB) {
        b = skeleton.parents[nodeSlot(b)];
    }
    while (a != b) {
        a = skeleton.parents[nodeSlot(a)];
        b = skeleton.parents[nodeSlot(b)];
    }
    return a;
}

// The nodes after `ancestor` down to `node` (included), in that order.
std::vector<NodeIndex> pathBelow(const Skeleton& skeleton, NodeIndex ancestor, NodeIndex node) {
    std::vector<NodeIndex> path;
    for (NodeIndex up = node; up != kNoParent && up != ancestor;
         up = skeleton.parents[nodeSlot(up)]) {
        path.push_back(up);
    }
    std::reverse(path.begin(), path.end());
    return path;
}

// The first joint (node order, so the shallowest of its chain) whose bone role is `role` on
// `side`, or kNoParent.
NodeIndex firstJointWith(const Skeleton& skeleton, const std::vector<BoneRole>& roles,
                         BoneRole role, Side side) {
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        if (skeleton.isEndSite[node] == 0 && roles[node] == role &&
            sideOf(skeleton.names[node]) == side) {
            return static_cast<NodeIndex>(node);
        }
    }
    return kNoParent;
}

RigAnchors findAnchors(const Skeleton& skeleton) {
    const std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    RigAnchors anchors;
    const std::array<Side, 2> sides{Side::Left, Side::Right};
    for (std::size_t s = 0; s < 2; ++s) {
        anchors.foot[s] = firstJointWith(skeleton, roles, BoneRole::Foot, sides[s]);
        anchors.hand[s] = firstJointWith(skeleton, roles, BoneRole::Hand, sides[s]);
    }
    anchors.head = firstJointWith(skeleton, roles, BoneRole::Head, Side::None);
    return anchors;
}

// Without two feet: the first unsided joint whose name says hips or pelvis.
NodeIndex hipsByName(const Skeleton& skeleton) {
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const std::string name = asciiLowercase(jointBaseName(skeleton.names[node]));
        if (skeleton.isEndSite[node] == 0 && sideOf(skeleton.names[node]) == Side::None &&
            (name.find("hip") != std::string::npos || name.find("pelvis") != std::string::npos)) {
            return static_cast<NodeIndex>(node);
        }
    }
    return kNoParent;
}

// Gives each joint of `chain` its start as a share of the chain's length up to `end` (the node
// after the chain; the chain's last joint when kNoParent).
void assignChain(const std::vector<NodeIndex>& chain, NodeIndex end, RigRole role,
                 const std::vector<glm::dvec3>& positions, RigRoles& rig) {
    if (chain.empty()) {
        return;
    }
    std::vector<glm::dvec3> points;
    for (const NodeIndex node : chain) {
        points.push_back(positions[nodeSlot(node)]);
    }
    if (end != kNoParent) {
        points.push_back(positions[nodeSlot(end)]);
    }
    std::vector<double> along(points.size(), 0.0);
    for (std::size_t i = 1; i < points.size(); ++i) {
        along[i] = along[i - 1] + glm::length(points[i] - points[i - 1]);
    }
    const double total = along.back();
    for (std::size_t i = 0; i < chain.size(); ++i) {
        RigJointRole& joint = rig.joints[nodeSlot(chain[i])];
        joint.role = role;
        joint.chainShare = total > 0.0 ? along[i] / total : 0.0;
    }
}

// "thumb", "index"...: from the name ("LeftHandIndex1", "Bip01 L Finger1", "L_Thumb2"); empty
// when it names no finger.
std::string fingerNamed(const std::string& fullName) {
    static constexpr std::array<const char*, 5> kFingers{"thumb", "index", "middle", "ring",
                                                         "pinky"};
    const std::string name = asciiLowercase(jointBaseName(fullName));
    for (const char* finger : kFingers) {
        if (name.find(finger) != std::string::npos) {
            return finger;
        }
    }
    if (name.find("little") != std::string::npos) {
        return "pinky";
    }
    // Character Studio numbers them: Finger0 is the thumb, Finger4 the little finger.
    const std::size_t digit = name.find("finger");
    if (digit != std::string::npos && digit + 6 < name.size() && name[digit + 6] >= '0' &&
        name[digit + 6] <= '4') {
        return kFingers[static_cast<std::size_t>(name[digit + 6] - '0')];
    }
    return {};
}

std::vector<std::vector<NodeIndex>> childJoints(const Skeleton& skeleton) {
    std::vector<std::vector<NodeIndex>> children(skeleton.nodeCount());
    for (std::size_t node = 0; node < skeleton.nodeCount(); ++node) {
        const NodeIndex parent = skeleton.parents[node];
        if (parent != kNoParent && skeleton.isEndSite[node] == 0) {
            children[nodeSlot(parent)].push_back(static_cast<NodeIndex>(node));
        }
    }
    return children;
}

// Each joint below the hand whose chain names a finger: that finger, numbered from the
// knuckle. A chain through a palm joint ("LeftFingerBase") numbers from the named joint.
void assignFingers(const Skeleton& skeleton, NodeIndex hand, RigSide side,
                   const std::vector<std::vector<NodeIndex>>& children, RigRoles& rig) {
    std::vector<std::pair<NodeIndex, int>> pending;
    for (const NodeIndex child : children[nodeSlot(hand)]) {
        pending.emplace_back(child, 0);
    }
    while (!pending.empty()) {
        const auto [node, above] = pending.back();
        pending.pop_back();
        const std::string finger = fingerNamed(skeleton.names[nodeSlot(node)]);
        int place = above;
        if (!finger.empty()) {
            place = above + 1;
            RigJointRole& joint = rig.joints[nodeSlot(node)];
            joint.role = RigRole::Finger;
            joint.side = side;
            joint.finger = finger;
            joint.fingerJoint = place;
        }
        for (const NodeIndex child : children[nodeSlot(node)]) {
            pending.emplace_back(child, place);
        }
    }
}

void setRole(RigRoles& rig, NodeIndex node, RigRole role, RigSide side) {
    if (node != kNoParent) {
        rig.joints[nodeSlot(node)].role = role;
        rig.joints[nodeSlot(node)].side = side;
    }
}

struct LimbContext {
    const Skeleton& skeleton;
    const std::vector<glm::dvec3>& positions;
    const std::vector<std::vector<NodeIndex>>& children;
};

// Thigh, shin, foot, toes of one leg; returns thigh + shin length (0 when the leg is short).
double assignLeg(const LimbContext& context, NodeIndex foot, RigSide side, RigRoles& rig) {
    const Skeleton& skeleton = context.skeleton;
    const NodeIndex shin = skeleton.parents[nodeSlot(foot)];
    const NodeIndex thigh = shin == kNoParent ? kNoParent : skeleton.parents[nodeSlot(shin)];
    if (thigh == kNoParent || rig.hips == kNoParent || thigh == rig.hips ||
        !isAncestorOf(skeleton, rig.hips, thigh)) {
        return 0.0;
    }
    setRole(rig, foot, RigRole::Foot, side);
    setRole(rig, shin, RigRole::Shin, side);
    setRole(rig, thigh, RigRole::Thigh, side);
    if (!context.children[nodeSlot(foot)].empty()) {
        setRole(rig, context.children[nodeSlot(foot)].front(), RigRole::Toes, side);
    }
    const std::vector<glm::dvec3>& p = context.positions;
    return glm::length(p[nodeSlot(shin)] - p[nodeSlot(thigh)]) +
           glm::length(p[nodeSlot(foot)] - p[nodeSlot(shin)]);
}

void assignArm(const LimbContext& context, NodeIndex hand, NodeIndex chest, RigSide side,
               RigRoles& rig) {
    const Skeleton& skeleton = context.skeleton;
    const std::vector<NodeIndex> arm = pathBelow(skeleton, chest, hand);
    if (arm.size() < 3) {
        return;
    }
    setRole(rig, hand, RigRole::Hand, side);
    setRole(rig, arm[arm.size() - 2], RigRole::Forearm, side);
    setRole(rig, arm[arm.size() - 3], RigRole::UpperArm, side);
    if (arm.size() >= 4) {
        setRole(rig, arm[arm.size() - 4], RigRole::Clavicle, side);
    }
    assignFingers(skeleton, hand, side, context.children, rig);
}

void assignTrunk(const Skeleton& skeleton, const RigAnchors& anchors,
                 const std::vector<glm::dvec3>& positions, RigRoles& rig) {
    setRole(rig, rig.hips, RigRole::Hips, RigSide::Centre);
    NodeIndex chest = kNoParent;
    if (anchors.hand[0] != kNoParent && anchors.hand[1] != kNoParent) {
        chest = commonAncestorOf(skeleton, anchors.hand[0], anchors.hand[1]);
    }
    const bool chestAboveHips =
        chest != kNoParent && chest != rig.hips && isAncestorOf(skeleton, rig.hips, chest);
    const bool headBelowChest = anchors.head != kNoParent && chest != kNoParent &&
                                isAncestorOf(skeleton, chest, anchors.head);
    if (chestAboveHips) {
        const NodeIndex end =
            headBelowChest ? pathBelow(skeleton, chest, anchors.head).front() : kNoParent;
        assignChain(pathBelow(skeleton, rig.hips, chest), end, RigRole::Spine, positions, rig);
    }
    if (headBelowChest) {
        std::vector<NodeIndex> neck = pathBelow(skeleton, chest, anchors.head);
        neck.pop_back();
        assignChain(neck, anchors.head, RigRole::Neck, positions, rig);
        setRole(rig, anchors.head, RigRole::Head, RigSide::Centre);
    }
    if (chest == kNoParent) {
        return;
    }
    const LimbContext context{skeleton, positions, childJoints(skeleton)};
    assignArm(context, anchors.hand[0], chest, RigSide::Left, rig);
    assignArm(context, anchors.hand[1], chest, RigSide::Right, rig);
}

} // namespace

RigRoles findRigRoles(const Skeleton& skeleton) {
    RigRoles rig;
    rig.joints.resize(skeleton.nodeCount());
    const RigAnchors anchors = findAnchors(skeleton);
    const std::vector<glm::dvec3> positions = restPositionsOf(skeleton);
    const bool twoFeet = anchors.foot[0] != kNoParent && anchors.foot[1] != kNoParent;
    rig.hips = twoFeet ? commonAncestorOf(skeleton, anchors.foot[0], anchors.foot[1])
                       : hipsByName(skeleton);
    if (rig.hips == kNoParent) {
        return rig;
    }
    assignTrunk(skeleton, anchors, positions, rig);
    const LimbContext context{skeleton, positions, childJoints(skeleton)};
    double legs = 0.0;
    int legsFound = 0;
    const std::array<RigSide, 2> sides{RigSide::Left, RigSide::Right};
    for (std::size_t s = 0; s < 2; ++s) {
        if (anchors.foot[s] != kNoParent) {
            const double length = assignLeg(context, anchors.foot[s], sides[s], rig);
            legs += length;
            legsFound += length > 0.0 ? 1 : 0;
        }
    }
    rig.legLength = legsFound > 0 ? legs / legsFound : 0.0;
    return rig;
}

std::vector<std::string> RigRoles::roleNames() const {
    std::vector<std::string> names;
    for (int role = static_cast<int>(RigRole::Hips); role <= static_cast<int>(RigRole::Finger);
         ++role) {
        const bool found = std::any_of(joints.begin(), joints.end(), [&](const RigJointRole& j) {
            return static_cast<int>(j.role) == role;
        });
        if (found) {
            names.push_back(rigRoleName(static_cast<RigRole>(role)));
        }
    }
    return names;
}

std::string rigRoleName(RigRole role) {
    static constexpr std::array<const char*, 14> kNames{
        "none",    "hips", "spine", "neck", "head", "clavicle", "upper arm",
        "forearm", "hand", "thigh", "shin", "foot", "toes",     "finger"};
    return kNames[static_cast<std::size_t>(role)];
}

std::string describeRigJointRole(const RigJointRole& role) {
    std::string text = role.side == RigSide::Left    ? "left "
                       : role.side == RigSide::Right ? "right "
                                                     : "";
    if (role.role == RigRole::Finger) {
        return text + role.finger + ' ' + std::to_string(role.fingerJoint);
    }
    text += rigRoleName(role.role);
    if (role.role == RigRole::Spine || role.role == RigRole::Neck) {
        char share[16];
        std::snprintf(share, sizeof share, " %.2f", role.chainShare);
        text += share;
    }
    return text;
}

} // namespace bvh
