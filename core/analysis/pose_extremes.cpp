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

} // namespace

// Compiled for SSE2 and AVX2 (vector_clones.h): with AVX2 each comparison and choice covers the
// four lanes.
BVHSCOPE_VECTOR_CLONES
void extremesAfterFirstNodeOfLanes(std::span<const ForwardKinematicsPlan::LaneWorld> lanes,
                                   const LaneExtremesTargets& targets) {
    // takeNode's strict comparisons, as masks: a later node replaces an extreme only where it
    // lies strictly beyond it (the first of a tie stays; NaN compares false). The values are
    // kept as their bits, so that choosing one is the same masking as choosing a node. One axis
    // at a time: its four running extremes, the node index and the comparisons stay in
    // registers, where the twelve of all three axes at once were spilled to the stack on every
    // node (57 instructions a node). Two nodes a step: GCC 12 copies each choice to another
    // register after it once per step (16 instructions a node and axis one at a time, 12.5 two).
    LaneMask lows[3];
    LaneMask highs[3];
    LaneMask lowNodes[3];
    LaneMask highNodes[3];
    // Every coordinate summed: NaN or an infinity anywhere leaves the sum not finite (one add a
    // node and axis, where a NaN test and a running mask were two).
    LaneDoubles sum = {};
    for (int c = 0; c < 3; ++c) {
        LaneMask low = LaneMask{} + std::bit_cast<std::int64_t>(std::numeric_limits<double>::max());
        LaneMask high =
            LaneMask{} + std::bit_cast<std::int64_t>(-std::numeric_limits<double>::max());
        LaneMask lowNode = {};
        LaneMask highNode = {};
        LaneMask index = LaneMask{} + 1;
#pragma GCC unroll 2
        for (std::size_t node = 1; node < lanes.size(); ++node) {
            LaneDoubles point;
            std::memcpy(&point, lanes[node].translation[c], sizeof point);
            sum += point;
            const LaneMask bits = __builtin_bit_cast(LaneMask, point);
            const LaneMask below = point < __builtin_bit_cast(LaneDoubles, low);
            const LaneMask above = __builtin_bit_cast(LaneDoubles, high) < point;
            chooseLanes(low, below, bits);
            chooseLanes(high, above, bits);
            chooseLanes(lowNode, below, index);
            chooseLanes(highNode, above, index);
            index += 1;
        }
        lows[c] = low;
        highs[c] = high;
        lowNodes[c] = lowNode;
        highNodes[c] = highNode;
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
