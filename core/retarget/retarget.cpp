#include "core/retarget/retarget.h"

#include "core/kinematics/euler.h"
#include "core/kinematics/pose.h"
#include "core/retarget/foot_lock.h"
#include "core/retarget/node_slot.h"
#include "core/retarget/retarget_alignment.h"

#include <algorithm>
#include <array>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <optional>

namespace bvh {
namespace {

using retarget_detail::Alignment;
using retarget_detail::ReferencePose;

Diagnostic retargetError(std::string message) {
    return Diagnostic{Severity::Error, 0, 0, std::move(message)};
}

Diagnostic retargetWarning(std::string message) {
    return Diagnostic{Severity::Warning, 0, 0, std::move(message)};
}

std::string joinedNames(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) {
        text += (text.empty() ? "" : ", ") + name;
    }
    return text.empty() ? "none" : text;
}

// Where one target joint's channels sit in a motion row.
struct JointColumns {
    std::array<int, 3> position{-1, -1, -1};
    std::optional<EulerOrder> order; // set for exactly three distinct rotation axes
    std::array<std::uint32_t, 3> rotation{};
    std::uint32_t rotationChannels = 0;
};

JointColumns columnsOf(const Skeleton& skeleton, std::size_t node) {
    JointColumns columns;
    EulerOrder order;
    const std::span<const ChannelType> channels = skeleton.channelsOf(static_cast<NodeIndex>(node));
    for (std::size_t i = 0; i < channels.size(); ++i) {
        const auto column = static_cast<std::uint32_t>(skeleton.channelBegin[node] + i);
        if (isPosition(channels[i])) {
            columns.position[static_cast<std::size_t>(channelAxis(channels[i]))] =
                static_cast<int>(column);
        } else if (isRotation(channels[i])) {
            if (columns.rotationChannels < 3) {
                order.axes[columns.rotationChannels] = channelAxis(channels[i]);
                columns.rotation[columns.rotationChannels] = column;
            }
            ++columns.rotationChannels;
        }
    }
    const std::array<int, 3>& a = order.axes;
    if (columns.rotationChannels == 3 && a[0] != a[1] && a[1] != a[2] && a[0] != a[2]) {
        columns.order = order;
    }
    return columns;
}

// The target joint whose position channels carry the hips' travel: the hips, or the nearest
// ancestor with position channels; kNoParent when none has any.
NodeIndex travelCarrier(const Skeleton& target, NodeIndex hips) {
    for (NodeIndex node = hips; node != kNoParent; node = target.parents[nodeSlot(node)]) {
        if (target.hasPositionChannels(node)) {
            return node;
        }
    }
    return kNoParent;
}

// Everything fixed before the frames.
struct RetargetPlan {
    const Skeleton& source;
    const Skeleton& target;
    const JointMap& map;
    ReferencePose sourcePose;
    ReferencePose targetPose;
    Alignment alignment;
    std::vector<JointColumns> columns;
    std::vector<glm::dquat> sourceRestInverse; // per source node: inverse reference rotation
    NodeIndex sourceHips = kNoParent;
    NodeIndex targetHips = kNoParent;
    NodeIndex carrier = kNoParent;
    double rootScale = 1.0;
    FootLockPlan footLock;
};

// The target's hips world position for the source's hips at `sourceHips` (source axes): the
// travel scaled and turned; along up, the target's reference height plus the scaled change.
glm::dvec3 targetHipsPosition(const RetargetPlan& plan, const glm::dvec3& sourceHips) {
    const glm::dquat& turn = plan.alignment.sourceToTarget;
    const glm::dvec3 up = plan.targetPose.up;
    const glm::dvec3 scaled = plan.rootScale * (turn * sourceHips);
    const glm::dvec3 scaledReference =
        plan.rootScale * (turn * plan.sourcePose.world[nodeSlot(plan.sourceHips)].translation);
    const glm::dvec3 reference = plan.targetPose.world[nodeSlot(plan.targetHips)].translation;
    return scaled + up * glm::dot(up, reference - scaledReference);
}

// The target's local transforms for one frame of source world transforms.
void poseTarget(const RetargetPlan& plan, std::span<const RigidTransform> sourceWorld,
                std::span<RigidTransform> local, std::span<RigidTransform> world) {
    const glm::dquat turn = plan.alignment.sourceToTarget;
    const glm::dquat turnBack = glm::inverse(turn);
    for (std::size_t t = 0; t < plan.target.nodeCount(); ++t) {
        const NodeIndex parent = plan.target.parents[t];
        const glm::dquat parentWorld =
            parent == kNoParent ? glm::dquat(1.0, 0.0, 0.0, 0.0) : world[nodeSlot(parent)].rotation;
        local[t] = plan.targetPose.local[t];
        const NodeIndex s = plan.map.sourceOf[t];
        if (!plan.columns[t].order) {
            local[t].rotation = glm::dquat(1.0, 0.0, 0.0, 0.0);
        } else if (s != kNoParent) {
            const glm::dquat sourceTurn =
                sourceWorld[nodeSlot(s)].rotation * plan.sourceRestInverse[nodeSlot(s)];
            const glm::dquat wanted = turn * sourceTurn * turnBack * plan.alignment.boneTurn[t] *
                                      plan.targetPose.world[t].rotation;
            local[t].rotation = glm::normalize(glm::inverse(parentWorld) * wanted);
        }
        world[t].rotation = parentWorld * local[t].rotation;
        world[t].translation = parent == kNoParent ? local[t].translation
                                                   : world[nodeSlot(parent)].translation +
                                                         parentWorld * local[t].translation;
    }
    if (plan.carrier == kNoParent) {
        return;
    }
    const glm::dvec3 wanted =
        targetHipsPosition(plan, sourceWorld[nodeSlot(plan.sourceHips)].translation);
    const glm::dvec3 shift = wanted - world[nodeSlot(plan.targetHips)].translation;
    const NodeIndex carrierParent = plan.target.parents[nodeSlot(plan.carrier)];
    local[nodeSlot(plan.carrier)].translation +=
        carrierParent == kNoParent ? shift
                                   : glm::inverse(world[nodeSlot(carrierParent)].rotation) * shift;
}

// Writes one frame's local transforms into a row of the target's channels; `previous` holds
// each joint's last angles, so curves stay continuous.
void writeRow(const RetargetPlan& plan, std::span<const RigidTransform> local,
              std::vector<glm::dvec3>& previous, std::span<float> row) {
    const bool additive = plan.targetPose.translation == TranslationMode::Additive;
    for (std::size_t t = 0; t < plan.target.nodeCount(); ++t) {
        const JointColumns& columns = plan.columns[t];
        for (std::size_t axis = 0; axis < 3; ++axis) {
            if (columns.position[axis] >= 0) {
                const double value =
                    local[t].translation[static_cast<int>(axis)] -
                    (additive ? plan.target.offsets[t][static_cast<int>(axis)] : 0.0);
                row[static_cast<std::size_t>(columns.position[axis])] = static_cast<float>(value);
            }
        }
        if (!columns.order) {
            continue;
        }
        previous[t] = quaternionToEuler(*columns.order, local[t].rotation, previous[t]);
        for (std::size_t i = 0; i < 3; ++i) {
            const float angle = static_cast<float>(previous[t][static_cast<int>(i)]);
            row[columns.rotation[i]] = angle == 0.0f ? 0.0f : angle;
        }
    }
}

void warnAboutJoints(const RetargetPlan& plan, std::vector<Diagnostic>& diagnostics) {
    for (std::size_t t = 0; t < plan.target.nodeCount(); ++t) {
        if (plan.map.sourceOf[t] != kNoParent && !plan.columns[t].order &&
            plan.target.isEndSite[t] == 0) {
            diagnostics.push_back(retargetWarning(
                "target joint " + quotedForMessage(plan.target.names[t]) +
                " has no three distinct rotation channels: it keeps its rest rotation"));
        }
    }
    if (plan.carrier == kNoParent) {
        diagnostics.push_back(retargetWarning(
            "the target's hips have no position channels: the figure stays in place"));
    }
    if (plan.sourcePose.fromFirstFrame) {
        diagnostics.push_back(retargetWarning(
            "the source's rest pose disagrees with its motion: frame 0 is its reference pose"));
    }
    if (plan.targetPose.fromFirstFrame) {
        diagnostics.push_back(retargetWarning(
            "the target's rest pose disagrees with its motion: frame 0 is its reference pose"));
    }
}

RetargetPlan planRetarget(const RetargetSide& source, const RetargetSide& target,
                          const JointMap& map, const RetargetOptions& options) {
    RetargetPlan plan{
        source.skeleton, target.skeleton, map, {}, {}, {}, {}, {}, {}, {}, {}, 1.0, {}};
    plan.sourcePose = retarget_detail::referencePoseOf(source.skeleton, source.motion);
    plan.targetPose = retarget_detail::referencePoseOf(target.skeleton, target.motion);
    plan.alignment = retarget_detail::alignReferencePoses(source.skeleton, plan.sourcePose,
                                                          target.skeleton, plan.targetPose, map);
    for (std::size_t t = 0; t < target.skeleton.nodeCount(); ++t) {
        plan.columns.push_back(columnsOf(target.skeleton, t));
    }
    for (const RigidTransform& transform : plan.sourcePose.world) {
        plan.sourceRestInverse.push_back(glm::inverse(transform.rotation));
    }
    plan.targetHips = target.roles.hips;
    plan.sourceHips = map.sourceOf[nodeSlot(plan.targetHips)];
    plan.carrier = travelCarrier(target.skeleton, plan.targetHips);
    if (source.roles.legLength > 0.0 && target.roles.legLength > 0.0) {
        plan.rootScale = target.roles.legLength / source.roles.legLength;
    }
    if (options.lockFeet) {
        plan.footLock = planFootLock(source.skeleton, source.motion, plan.sourcePose.translation,
                                     plan.sourcePose.upAxis, plan.sourcePose.height,
                                     target.skeleton, target.roles, map);
    }
    return plan;
}

} // namespace

std::vector<std::string> sharedRoleNames(const RigRoles& source, const RigRoles& target) {
    const std::vector<std::string> targetNames = target.roleNames();
    std::vector<std::string> shared;
    for (const std::string& name : source.roleNames()) {
        if (std::find(targetNames.begin(), targetNames.end(), name) != targetNames.end()) {
            shared.push_back(name);
        }
    }
    return shared;
}

std::optional<Diagnostic> checkRetargetMatch(const RigRoles& source, const RigRoles& target,
                                             const JointMap& map) {
    const bool hipsMatched =
        target.hips != kNoParent && map.sourceOf[nodeSlot(target.hips)] != kNoParent;
    const std::size_t shared = sharedRoleNames(source, target).size();
    if (hipsMatched && shared >= kMinimumRetargetRoles) {
        return std::nullopt;
    }
    const std::string why = !hipsMatched
                                ? "no hips matched"
                                : "only " + std::to_string(shared) +
                                      (shared == 1 ? " role" : " roles") + " matched (at least " +
                                      std::to_string(kMinimumRetargetRoles) + " needed)";
    return retargetError(why + "; roles found in the source: " + joinedNames(source.roleNames()) +
                         "; in the target: " + joinedNames(target.roleNames()));
}

RetargetResult retargetMotion(const RetargetSide& source, const RetargetSide& target,
                              const JointMap& map, const RetargetOptions& options) {
    RetargetResult result;
    if (const auto problem = checkRetargetMatch(source.roles, target.roles, map)) {
        result.diagnostics.push_back(*problem);
        return result;
    }
    const RetargetPlan plan = planRetarget(source, target, map, options);
    warnAboutJoints(plan, result.diagnostics);
    result.rootScale = plan.rootScale;
    result.skeleton = target.skeleton;
    Motion& out = result.motion;
    out.frameCount = source.motion.frameCount;
    out.channelCount = static_cast<std::uint32_t>(target.skeleton.totalChannels());
    out.frameTime = source.motion.frameTime;
    out.frameTimeAssumed = source.motion.frameTimeAssumed;
    out.values.assign(std::size_t{out.frameCount} * out.channelCount, 0.0f);
    std::vector<RigidTransform> sourceLocal(source.skeleton.nodeCount());
    std::vector<RigidTransform> sourceWorld(source.skeleton.nodeCount());
    std::vector<RigidTransform> targetLocal(target.skeleton.nodeCount());
    std::vector<RigidTransform> targetWorld(target.skeleton.nodeCount());
    std::vector<glm::dvec3> previous(target.skeleton.nodeCount(), glm::dvec3(0.0));
    std::vector<glm::dvec3> planted;
    for (std::uint32_t frame = 0; frame < out.frameCount; ++frame) {
        computeLocalTransforms(source.skeleton, source.motion.frame(frame),
                               plan.sourcePose.translation, sourceLocal);
        computeWorldTransforms(source.skeleton, sourceLocal, sourceWorld);
        poseTarget(plan, sourceWorld, targetLocal, targetWorld);
        if (!plan.footLock.legs.empty()) {
            computeWorldTransforms(target.skeleton, targetLocal, targetWorld);
            lockFeet(target.skeleton, plan.footLock, frame, planted, targetLocal, targetWorld);
        }
        writeRow(
            plan, targetLocal, previous,
            std::span(out.values).subspan(std::size_t{frame} * out.channelCount, out.channelCount));
    }
    return result;
}

} // namespace bvh
