#include "core/analysis/pose_extremes.h"

#include "core/kinematics/vector_clones.h"

#include <bit>
#include <cassert>
#include <cmath>
#include <cstring>

namespace bvh {

namespace {

// One node's coordinates against the extremes so far. The strict comparisons keep the first
// node of a tie and skip NaN. Branches, not selects: on the benchmark's poses (BM_PoseExtremes)
// the selects took twice the time.
inline void takeNode(PoseExtremes& extremes, const glm::dvec3& point, std::size_t node) {
    for (int c = 0; c < 3; ++c) {
        const auto axis = static_cast<std::size_t>(c);
        if (point[c] < extremes.low[c]) {
            extremes.low[c] = point[c];
            extremes.lowNode[axis] = node;
        }
        if (extremes.high[c] < point[c]) {
            extremes.high[c] = point[c];
            extremes.highNode[axis] = node;
        }
    }
}

} // namespace

PoseExtremes extremesOfPose(std::span<const glm::dvec3> pose,
                            std::span<const std::uint8_t> counted) {
    assert((counted.empty() || counted.size() == pose.size()) &&
           "counted must name every node of the pose, or none");
    PoseExtremes extremes;
    if (counted.empty()) {
        for (std::size_t node = 0; node < pose.size(); ++node) {
            takeNode(extremes, pose[node], node);
        }
        return extremes;
    }
    for (std::size_t node = 0; node < pose.size(); ++node) {
        if (counted[node] != 0) {
            takeNode(extremes, pose[node], node);
        }
    }
    return extremes;
}

PoseExtremes extremesAfterFirstNode(std::span<const glm::dvec3> pose) {
    PoseExtremes extremes;
    for (std::size_t node = 1; node < pose.size(); ++node) {
        takeNode(extremes, pose[node], node);
    }
    return extremes;
}

namespace {

constexpr std::size_t kLanes = ForwardKinematicsPlan::kLanes;
// One double, or one 64-bit node index or comparison mask (all ones where true), per lane.
using LaneDoubles = double __attribute__((vector_size(kLanes * sizeof(double))));
using LaneMask = std::int64_t __attribute__((vector_size(kLanes * sizeof(std::int64_t))));

// `into` becomes `take` in the lanes where `mask` is set, bit for bit. By reference and always
// inlined (vector_clones.h).
[[gnu::always_inline]] inline void chooseLanes(LaneMask& into, const LaneMask& mask,
                                               const LaneMask& take) {
    into = mask ? take : into;
}

// withFirstNode in every lane: `first` node 0's coordinates along one axis, `low` and `high`
// (their bits) and their nodes the extremes of the nodes after it, all replaced by the whole
// pose's. Node 0 is taken first as takeNode takes it into the defaults (NaN and values beyond
// the largest double left out); a later node's extreme replaces it only where strictly beyond.
[[gnu::always_inline]] inline void withFirstNodeInLanes(const LaneDoubles& first, LaneMask& low,
                                                        LaneMask& high, LaneMask& lowNode,
                                                        LaneMask& highNode) {
    const LaneDoubles most = LaneDoubles{} + std::numeric_limits<double>::max();
    const LaneMask firstBits = __builtin_bit_cast(LaneMask, first);
    LaneMask firstLow = __builtin_bit_cast(LaneMask, most);
    LaneMask firstHigh = __builtin_bit_cast(LaneMask, -most);
    chooseLanes(firstLow, first < most, firstBits);
    chooseLanes(firstHigh, -most < first, firstBits);
    const LaneMask keepLow =
        __builtin_bit_cast(LaneDoubles, low) < __builtin_bit_cast(LaneDoubles, firstLow);
    const LaneMask keepHigh =
        __builtin_bit_cast(LaneDoubles, firstHigh) < __builtin_bit_cast(LaneDoubles, high);
    low = keepLow ? low : firstLow;
    high = keepHigh ? high : firstHigh;
    lowNode = keepLow ? lowNode : LaneMask{};
    highNode = keepHigh ? highNode : LaneMask{};
}

// Each lane's extremes built whole: written axis by axis into zeroed results, through glm's
// indexed access (a branch per axis), they were a fifth of the function's cost on rigs of two
// dozen nodes.
[[gnu::always_inline]] inline PoseExtremes
laneExtremes(const LaneMask (&lows)[3], const LaneMask (&highs)[3], const LaneMask (&lowNodes)[3],
             const LaneMask (&highNodes)[3], std::size_t k) {
    auto value = [&](const LaneMask& bits) { return std::bit_cast<double>(bits[k]); };
    auto node = [&](const LaneMask& index) { return static_cast<std::size_t>(index[k]); };
    return PoseExtremes{glm::dvec3(value(lows[0]), value(lows[1]), value(lows[2])),
                        glm::dvec3(value(highs[0]), value(highs[1]), value(highs[2])),
                        {node(lowNodes[0]), node(lowNodes[1]), node(lowNodes[2])},
                        {node(highNodes[0]), node(highNodes[1]), node(highNodes[2])}};
}

// One axis's running extremes of every lane: the values as their bits, so that choosing one is
// the same masking as choosing a node.
struct LaneRun {
    LaneMask low = LaneMask{} + std::bit_cast<std::int64_t>(std::numeric_limits<double>::max());
    LaneMask high = LaneMask{} + std::bit_cast<std::int64_t>(-std::numeric_limits<double>::max());
    LaneMask lowNode = {};
    LaneMask highNode = {};
};

// takeNode's strict comparisons, as masks: a later node replaces an extreme only where it lies
// strictly beyond it (the first of a tie stays; NaN compares false). The values are chosen as
// doubles (vblendvpd): a double comparison's mask chosen with as integers (vpblendvb) crosses
// from the floating-point to the integer units on the chain through the nodes, and cost 1 % of
// `info --json`'s CPU time over a library of takes, though not one instruction more.
[[gnu::always_inline]] inline void takeLaneNode(LaneRun& run, const LaneDoubles& point,
                                                const LaneMask& index) {
    const LaneDoubles low = __builtin_bit_cast(LaneDoubles, run.low);
    const LaneDoubles high = __builtin_bit_cast(LaneDoubles, run.high);
    const LaneMask below = point < low;
    const LaneMask above = high < point;
    run.low = __builtin_bit_cast(LaneMask, below ? point : low);
    run.high = __builtin_bit_cast(LaneMask, above ? point : high);
    chooseLanes(run.lowNode, below, index);
    chooseLanes(run.highNode, above, index);
}

// `earlier` becomes the extremes of its nodes and then those of `later`, all of whose nodes come
// after its own, as one fold over them in node order gives: a later extreme replaces an earlier
// one only where strictly beyond it, so ties keep the earlier node.
[[gnu::always_inline]] inline void foldLaneRuns(LaneRun& earlier, const LaneRun& later) {
    const LaneMask below =
        __builtin_bit_cast(LaneDoubles, later.low) < __builtin_bit_cast(LaneDoubles, earlier.low);
    const LaneMask above =
        __builtin_bit_cast(LaneDoubles, earlier.high) < __builtin_bit_cast(LaneDoubles, later.high);
    chooseLanes(earlier.low, below, later.low);
    chooseLanes(earlier.lowNode, below, later.lowNode);
    chooseLanes(earlier.high, above, later.high);
    chooseLanes(earlier.highNode, above, later.highNode);
}

} // namespace

// Compiled for SSE2 and AVX2 (vector_clones.h): with AVX2 each comparison and choice covers the
// four lanes.
BVHSCOPE_VECTOR_CLONES
void extremesAfterFirstNodeOfLanes(std::span<const ForwardKinematicsPlan::LaneWorld> lanes,
                                   const LaneExtremesTargets& targets) {
    // One axis at a time: its running extremes, the node index and the comparisons stay in
    // registers, where the twelve of all three axes at once were spilled to the stack on every
    // node (57 instructions a node). The first and the second half of the nodes run as two
    // chains, the second folded into the first at the end: each node's comparison waits for the
    // choice the node before it made, and one chain through every node took twice its share of
    // `info --json`'s instructions in CPU samples (3.4 % of the time, 1.7 % of instructions).
    LaneMask lows[3];
    LaneMask highs[3];
    LaneMask lowNodes[3];
    LaneMask highNodes[3];
    // Every coordinate summed: NaN or an infinity anywhere leaves the sum not finite (one add a
    // node and axis, where a NaN test and a running mask were two).
    LaneDoubles sum = {};
    // Nodes 1 to half in the front run, the rest (one more where their count is odd) in the back.
    const std::size_t afterFirst = lanes.empty() ? 0 : lanes.size() - 1;
    const std::size_t half = afterFirst / 2;
    for (int c = 0; c < 3; ++c) {
        LaneRun front;
        LaneRun back;
        // The front node's index; the back run holds each node `half` below its own.
        LaneMask index = LaneMask{} + 1;
#pragma GCC unroll 2
        for (std::size_t node = 1; node <= half; ++node) {
            LaneDoubles first;
            LaneDoubles second;
            std::memcpy(&first, lanes[node].translation[c], sizeof first);
            std::memcpy(&second, lanes[half + node].translation[c], sizeof second);
            sum += first + second; // the pair's add is off the chain through the nodes
            takeLaneNode(front, first, index);
            takeLaneNode(back, second, index);
            index += 1;
        }
        if (afterFirst % 2 != 0) {
            LaneDoubles last;
            std::memcpy(&last, lanes[afterFirst].translation[c], sizeof last);
            sum += last;
            takeLaneNode(back, last, index);
        }
        back.lowNode += static_cast<std::int64_t>(half);
        back.highNode += static_cast<std::int64_t>(half);
        foldLaneRuns(front, back);
        lows[c] = front.low;
        highs[c] = front.high;
        lowNodes[c] = front.lowNode;
        highNodes[c] = front.highNode;
    }
    for (std::size_t k = 0; k < kLanes; ++k) {
        if (targets.finite[k] != nullptr) {
            *targets.finite[k] = std::isfinite(sum[k]) ? 1 : 0;
        }
        if (targets.of[k] != nullptr) {
            *targets.of[k] = laneExtremes(lows, highs, lowNodes, highNodes, k);
        }
    }
    for (int c = 0; c < 3 && !lanes.empty(); ++c) { // no node 0: the defaults stand
        LaneDoubles first;
        std::memcpy(&first, lanes[0].translation[c], sizeof first);
        withFirstNodeInLanes(first, lows[c], highs[c], lowNodes[c], highNodes[c]);
    }
    for (std::size_t k = 0; k < kLanes; ++k) {
        if (targets.whole[k] != nullptr) {
            *targets.whole[k] = laneExtremes(lows, highs, lowNodes, highNodes, k);
        }
    }
}

LaneExtremes
extremesAfterFirstNodeOfLanes(std::span<const ForwardKinematicsPlan::LaneWorld> lanes) {
    LaneExtremes extremes;
    std::array<std::uint8_t, kLanes> finite{};
    LaneExtremesTargets targets;
    for (std::size_t k = 0; k < kLanes; ++k) {
        targets.of[k] = &extremes.of[k];
        targets.finite[k] = &finite[k];
        targets.whole[k] = &extremes.whole[k];
    }
    extremesAfterFirstNodeOfLanes(lanes, targets);
    for (std::size_t k = 0; k < kLanes; ++k) {
        extremes.finite[k] = finite[k] != 0;
    }
    return extremes;
}

PoseExtremes withFirstNode(const glm::dvec3& first, const PoseExtremes& afterFirst) {
    PoseExtremes extremes;
    takeNode(extremes, first, 0);
    for (int c = 0; c < 3; ++c) {
        const auto axis = static_cast<std::size_t>(c);
        if (afterFirst.low[c] < extremes.low[c]) {
            extremes.low[c] = afterFirst.low[c];
            extremes.lowNode[axis] = afterFirst.lowNode[axis];
        }
        if (extremes.high[c] < afterFirst.high[c]) {
            extremes.high[c] = afterFirst.high[c];
            extremes.highNode[axis] = afterFirst.highNode[axis];
        }
    }
    return extremes;
}

} // namespace bvh
