// makeBodyFigure: the rest (or bind) pose measured and normalised, the skeleton's topology and
// facing read, then every part's volumes made (body_figure_builder.h says which file makes which).
#include "core/body/body_figure.h"

#include "core/analysis/goal_branches.h"
#include "core/analysis/stance.h"
#include "core/body/body_figure_builder.h"
#include "core/body/body_gap.h"
#include "core/body/body_ground_links.h"
#include "core/body/body_limb_copies.h"
#include "core/body/body_limb_helpers.h"
#include "core/kinematics/pose.h"

#include <limits>

namespace bvh::body_figure_detail {

bool FigureBuilder::measure() {
    const std::size_t n = skeleton.nodeCount();
    glm::dvec3 low(std::numeric_limits<double>::max());
    glm::dvec3 high(-std::numeric_limits<double>::max());
    bool any = false;
    bool anyLeftOut = false;
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent != kNoParent && isExcludedBone(options, i)) {
            anyLeftOut =
                anyLeftOut || rest.positions[i] != rest.positions[static_cast<std::size_t>(parent)];
            continue;
        }
        if (parent == kNoParent) {
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
        // The reason must be true: a bone with a length the body leaves out (a static root's
        // link, an IK goal's branch, a limb's helper leaf) is still a bone with a length.
        figure.problem = anyLeftOut ? "every bone with a length is a link or helper the body "
                                      "leaves out"
                                    : "no bone has any length";
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

void FigureBuilder::describeTopology(std::vector<BoneRole> classified) {
    const std::size_t n = skeleton.nodeCount();
    roles = std::move(classified);
    takeRolesOfCopiedLimbs(skeleton, rest.positions, roles);
    leaveOutRolesOfExcludedJoints();
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
    mergeJoints();
    readUnnamedHand();
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
    // A joint's role makes the figure a body only where a bone leaves it: a "Root" at a glove's
    // wrist (a still root written over a hand-only take) starts no bone, and left the hand sized
    // as part of a full figure (fingers an eighth as thick, a box for a palm).
    bool handParts = false;
    bool bodyParts = false;
    for (std::size_t i = 0; i < n; ++i) {
        const BoneRole role = roles[i];
        handParts = handParts || role == BoneRole::Hand || role == BoneRole::Finger;
        bodyParts = bodyParts ||
                    (longestChild[i] != kNoParent &&
                     (role == BoneRole::Trunk || role == BoneRole::Thigh ||
                      role == BoneRole::Shin || role == BoneRole::Head || role == BoneRole::Neck));
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
    float highest = -std::numeric_limits<float>::max();
    for (std::size_t i = 0; i < n; ++i) {
        if (hasBone[i] != 0) {
            lowest = std::min(lowest, glm::dot(points[i], up));
            highest = std::max(highest, glm::dot(points[i], up));
        }
    }
    unnamedLimbFloor =
        limbsNamed && capScale == 1.0f ? kCapsuleJointShare * (highest - lowest) : 0.0f;
    const std::optional<glm::dvec3> front =
        facingOfPose(skeleton, rest.world, options.up, options.excludedBones);
    if (front && std::isfinite(front->x) && glm::length(*front) > 0.5) {
        facing = glm::normalize(glm::vec3(*front));
    }
    measureTorsoWidth();
    measureTorsoSpan();
    measureShoulderLine();
    findLegHubs();
    findUnnamedHead();
    findNamedQuadruped();
}

void FigureBuilder::leaveOutRolesOfExcludedJoints() {
    // A role belongs to the bones that leave a joint: where every one is left out, it makes no
    // part either (Unreal's ik_foot_root, a foot by its name, made a sole on the floor under
    // the pelvis).
    const std::size_t n = skeleton.nodeCount();
    std::vector<std::uint8_t> anyChild(n, 0);
    std::vector<std::uint8_t> anyKept(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent != kNoParent) {
            const auto p = static_cast<std::size_t>(parent);
            anyChild[p] = 1;
            anyKept[p] = anyKept[p] != 0 || !isExcludedBone(options, i) ? 1 : 0;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (anyChild[i] != 0 && anyKept[i] == 0) {
            roles[i] = BoneRole::Unknown;
        }
    }
}

void FigureBuilder::mergeJoints() {
    const std::size_t n = skeleton.nodeCount();
    jointOf.resize(n);
    // Per node: its latest child with a bone, and per child the sibling with a bone before it.
    std::vector<NodeIndex> lastChild(n, kNoParent);
    std::vector<NodeIndex> previousSibling(n, kNoParent);
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        const bool excluded = isExcludedBone(options, i);
        jointOf[i] = static_cast<NodeIndex>(i);
        if (parent == kNoParent || excluded) {
            continue;
        }
        const auto p = static_cast<std::size_t>(parent);
        if (hasBone[i] == 0) {
            jointOf[i] = jointOf[p];
            continue;
        }
        for (NodeIndex sibling = lastChild[p]; sibling != kNoParent;
             sibling = previousSibling[static_cast<std::size_t>(sibling)]) {
            const auto s = static_cast<std::size_t>(sibling);
            if (glm::length(points[s] - points[i]) <= static_cast<float>(kZeroLength)) {
                jointOf[i] = jointOf[s];
                break;
            }
        }
        previousSibling[i] = lastChild[p];
        lastChild[p] = static_cast<NodeIndex>(i);
    }
    endMade.assign(n, 0);
}

bool FigureBuilder::hangsAlongTrunk(std::size_t node) const {
    const NodeIndex next = longestChild[node];
    if (next == kNoParent) {
        return false;
    }
    const glm::vec3 bone = points[static_cast<std::size_t>(next)] - points[node];
    const float length = glm::length(bone);
    return length > 0.0f && glm::dot(bone, -up) > 0.8f * length;
}

bool FigureBuilder::hangingArmRoot(std::size_t node) const {
    const NodeIndex parent = skeleton.parents[node];
    return roles[node] == BoneRole::UpperArm && parent != kNoParent &&
           roles[static_cast<std::size_t>(parent)] != BoneRole::UpperArm && hangsAlongTrunk(node);
}

void FigureBuilder::measureTorsoWidth() {
    armSpread.assign(points.size(), glm::vec3(0.0f));
    if (!facing) {
        return;
    }
    const glm::vec3 across = glm::cross(up, *facing);
    float left = std::numeric_limits<float>::max();
    float right = -std::numeric_limits<float>::max();
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (hangingArmRoot(i)) {
            left = std::min(left, glm::dot(points[i], across));
            right = std::max(right, glm::dot(points[i], across));
        }
    }
    torsoWidth = kTorsoWidthRatio;
    if (!(right > left)) {
        return;
    }
    const float half = 0.5f * (right - left);
    const float spread =
        kHangingArmSpreadPerShortfall * std::max(kHangingArmHalfSpan * capScale - half, 0.0f);
    // Parents come before their children: an arm's nodes take its root's spread.
    for (std::size_t i = 0; i < points.size() && spread > 0.0f; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (hangingArmRoot(i)) {
            const float side = glm::dot(points[i], across) > left + half ? 1.0f : -1.0f;
            armSpread[i] = across * (side * spread);
        } else if (parent != kNoParent) {
            armSpread[i] = armSpread[static_cast<std::size_t>(parent)];
        }
    }
    const float room = half + spread - roleSize(BoneRole::UpperArm).cap * capScale;
    torsoWidth =
        std::clamp(room / (roleSize(BoneRole::Trunk).cap * capScale), 1.0f, kTorsoWidthRatio);
}

void FigureBuilder::spreadArms() {
    for (BodyVolume& volume : figure.volumes) {
        const auto joint = static_cast<std::size_t>(volume.joint);
        // The deltoid stays over its joint, between the chest and the spread arm: moved out with
        // the arm, it left a valley across the upper back between it and the chest (a crease
        // turning the normal by 54-61 degrees a millimetre apart on Bandai's). The collar keeps
        // its end at the joint too: stretched out to the arm, it tore from the arm's top when
        // the arm rose to the side.
        if (volume.joint == kNoParent || armSpread[joint] == glm::vec3(0.0f) ||
            (volume.shape == BodyVolume::Shape::Ellipsoid && hangingArmRoot(joint))) {
            continue;
        }
        volume.a += armSpread[joint];
        volume.b += armSpread[joint];
        volume.boundsMin += armSpread[joint];
        volume.boundsMax += armSpread[joint];
    }
}

void FigureBuilder::measureTorsoSpan() {
    // The mean level of each limb's roots: a root is a limb's first joint (its parent another
    // role's), whatever the rig calls it.
    glm::vec2 sum(0.0f);
    glm::vec2 count(0.0f);
    for (std::size_t i = 0; i < points.size(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent || roles[static_cast<std::size_t>(parent)] == roles[i]) {
            continue;
        }
        const int limb = roles[i] == BoneRole::Thigh ? 0 : roles[i] == BoneRole::UpperArm ? 1 : -1;
        if (limb >= 0) {
            sum[limb] += glm::dot(points[i], up);
            count[limb] += 1.0f;
        }
    }
    if (count.x == 0.0f || count.y == 0.0f) {
        return;
    }
    const glm::vec2 span = sum / count;
    if (span.y - span.x >= kUprightTorsoSpan) {
        torsoSpan = span;
    }
}

float FigureBuilder::trunkShare(const glm::vec3& point) const {
    if (!torsoSpan) {
        return 1.0f;
    }
    const float along = (glm::dot(point, up) - torsoSpan->x) / (torsoSpan->y - torsoSpan->x);
    const auto ease = [](float from, float to, float t) {
        const float s = std::clamp(t, 0.0f, 1.0f);
        return from + (to - from) * s * s * (3.0f - 2.0f * s);
    };
    if (along < kWaistAt) {
        return ease(kHipsShare, kWaistShare, along / kWaistAt);
    }
    return ease(kWaistShare, 1.0f, (along - kWaistAt) / (kChestAt - kWaistAt));
}

} // namespace bvh::body_figure_detail

namespace bvh {
namespace {

// The pose the body is made in: BodyOptions::bindWorld when it has one transform per node, else
// the OFFSET rest pose.
bool restPositions(const Skeleton& skeleton, const BodyOptions& options,
                   body_figure_detail::RestFigure& rest) {
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

// kZeroLength in file units: that share of the pose's largest extent.
double figureZeroLength(const std::vector<glm::dvec3>& positions) {
    glm::dvec3 low(std::numeric_limits<double>::max());
    glm::dvec3 high(-std::numeric_limits<double>::max());
    for (const glm::dvec3& p : positions) {
        low = glm::min(low, p);
        high = glm::max(high, p);
    }
    const glm::dvec3 extent = high - low;
    return body_figure_detail::kZeroLength * std::max({extent.x, extent.y, extent.z});
}

} // namespace

BodyFigure makeBodyFigure(const Skeleton& skeleton, const BodyOptions& requested) {
    body_figure_detail::RestFigure rest;
    if (!restPositions(skeleton, requested, rest)) {
        BodyFigure figure;
        figure.problem = "the skeleton's offsets are not finite numbers";
        return figure;
    }
    // Branches of IK goals get no bones (core/analysis/goal_branches.h), nor a root's link to the
    // hips from the ground, as a static root's gets none (body_ground_links.h).
    BodyOptions options = requested;
    const std::vector<NodeIndex> goals = goalBranchNodes(skeleton);
    options.excludedBones.insert(options.excludedBones.end(), goals.begin(), goals.end());
    for (const NodeIndex link : linksFromGroundRoots(
             skeleton, rest.positions, body_figure_detail::upVector(options.up), goals)) {
        options.excludedBones.push_back(link);
    }
    // Corrective leaves on the limbs get none either (body_limb_helpers.h).
    std::vector<BoneRole> roles = classifyBoneRoles(skeleton);
    for (const NodeIndex leaf :
         limbHelperLeaves(skeleton, rest.positions, roles, figureZeroLength(rest.positions))) {
        options.excludedBones.push_back(leaf);
    }
    body_figure_detail::FigureBuilder builder{
        skeleton, options, {},   {},   {},           {},           {},        {}, {},
        {},       {},      {},   {},   {},           {},           kNoParent, {}, {},
        {},       1.0f,    0.0f, 1.0f, std::nullopt, std::nullopt, {}};
    builder.rest = std::move(rest);
    if (!builder.measure()) {
        return builder.figure;
    }
    builder.describeTopology(std::move(roles));
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
        if (builder.roles[i] == BoneRole::UpperArm && parentRole != BoneRole::UpperArm) {
            builder.addTrapezius(i);
        }
        if (builder.legHub[i] != 0) {
            builder.addShell(i);
        }
        if (static_cast<NodeIndex>(i) == builder.topologyHead) {
            builder.addTopologyHead();
        }
        if (static_cast<NodeIndex>(i) == builder.barrelTo) {
            builder.addBarrel();
        }
    }
    if (builder.figure.volumes.empty()) {
        builder.figure.problem = "no bone has any length";
    }
    builder.spreadArms();
    builder.markHandPieces();
    linkBonesUnder(builder.figure.volumes);
    builder.figure.bindWorld = std::move(builder.rest.world);
    return builder.figure;
}

} // namespace bvh
