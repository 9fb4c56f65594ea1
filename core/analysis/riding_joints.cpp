#include "core/analysis/riding_joints.h"

#include "core/kinematics/column_changes.h"

#include <algorithm>
#include <cstdint>
#include <glm/geometric.hpp>

namespace bvh {
namespace {

// Per column, 1 where some frame holds another value than the first frame (NaN differs from
// itself, +0 equals -0: Motion::columnNeverChanges's answer), from the clip's bit changes
// (column_changes.h, shared with the forward kinematics' held joints, which read the rows for it
// too): a column whose bits never change holds one value, unless that value is NaN; one whose
// bits change holds another value unless it only turns +0 into -0, so its rows are read until
// one does (the next row, for most moving columns).
std::vector<std::uint8_t> changingColumns(const Motion& motion,
                                          std::span<const std::uint32_t> bitChanges) {
    const std::size_t stride = motion.channelCount;
    std::vector<std::uint8_t> changing(stride, 0);
    const float* const first = motion.values.data();
    for (std::size_t c = 0; c < stride; ++c) {
        if (bitChanges[c] == 0) {
            changing[c] = motion.frameCount > 1 && first[c] != first[c] ? 1 : 0;
            continue;
        }
        for (std::uint32_t frame = 1; frame < motion.frameCount; ++frame) {
            if (first[std::size_t{frame} * stride + c] != first[c]) {
                changing[c] = 1;
                break;
            }
        }
    }
    return changing;
}

// A joint whose channels hold one value over the clip (a joint without channels too).
bool jointIsStill(const Skeleton& skeleton, std::span<const std::uint8_t> changing,
                  std::size_t node) {
    const std::uint32_t begin = skeleton.channelBegin[node];
    return std::all_of(changing.begin() + begin,
                       changing.begin() + begin + skeleton.channelCount[node],
                       [](std::uint8_t changes) { return changes == 0; });
}

// Per node, 1 where it is a still joint (not a root) whose subtree holds only still joints and
// End Sites: a rigid attachment to its parent. Empty where no joint moves against its parent.
std::vector<std::uint8_t> rigidAttachments(const Skeleton& skeleton, const Motion& motion,
                                           std::span<const std::uint32_t> bitChanges) {
    const std::size_t n = skeleton.nodeCount();
    std::vector<std::uint8_t> rigid(n, 0);
    const std::vector<std::uint8_t> changing = changingColumns(motion, bitChanges);
    bool articulates = false;
    for (std::size_t i = 0; i < n; ++i) {
        if (skeleton.isEndSite[i] != 0 || skeleton.parents[i] == kNoParent) {
            continue;
        }
        rigid[i] = jointIsStill(skeleton, changing, i) ? 1 : 0;
        articulates = articulates || rigid[i] == 0;
    }
    if (!articulates) {
        return {};
    }
    // Children follow their parents in node order: walking back, a joint's children are settled
    // before it, and one that moves unsettles its parent.
    for (std::size_t i = n; i-- > 0;) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent != kNoParent && skeleton.isEndSite[i] == 0 && rigid[i] == 0) {
            rigid[static_cast<std::size_t>(parent)] = 0;
        }
    }
    return rigid;
}

} // namespace

RidingJoints findRidingJoints(const Skeleton& skeleton, const Motion& motion,
                              std::span<const glm::dvec3> pose, double bodySize,
                              std::span<const std::uint32_t> clipChanges) {
    RidingJoints riding;
    const std::size_t n = skeleton.nodeCount();
    if (motion.frameCount < 2 || pose.size() != n || !(bodySize > 0.0)) {
        return riding;
    }
    std::vector<std::uint32_t> ownChanges;
    if (clipChanges.size() != motion.channelCount) {
        ownChanges = clipColumnChanges(motion);
        clipChanges = ownChanges;
    }
    const std::vector<std::uint8_t> rigid = rigidAttachments(skeleton, motion, clipChanges);
    if (rigid.empty()) {
        return riding;
    }
    // Per node, the topmost rigid joint it hangs from (itself included), or n; and per such top,
    // how far its subtree reaches from the joint it hangs on.
    std::vector<std::size_t> top(n, n);
    std::vector<double> reach(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent) {
            continue;
        }
        const auto p = static_cast<std::size_t>(parent);
        top[i] = rigid[i] != 0 ? (top[p] < n ? top[p] : i) : (skeleton.isEndSite[i] ? top[p] : n);
        if (top[i] < n) {
            const auto hangsOn = static_cast<std::size_t>(skeleton.parents[top[i]]);
            reach[top[i]] = std::max(reach[top[i]], glm::distance(pose[i], pose[hangsOn]));
        }
    }
    riding.rides.assign(n, 0);
    riding.anchor.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        riding.rides[i] = top[i] < n && reach[top[i]] <= kRiderReach * bodySize ? 1 : 0;
        riding.anchor[i] = riding.rides[i] != 0
                               ? riding.anchor[static_cast<std::size_t>(skeleton.parents[i])]
                               : static_cast<NodeIndex>(i);
        riding.count += riding.rides[i];
    }
    if (riding.count == 0) {
        riding = {};
    }
    return riding;
}

} // namespace bvh
