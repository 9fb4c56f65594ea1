#include "core/kinematics/column_changes.h"

#include "core/kinematics/column_blocks.h"
#include "core/kinematics/vector_clones.h"

#include <algorithm>
#include <cstring>

namespace bvh {
namespace {

using Eight = std::uint32_t __attribute__((vector_size(kColumnBlock * sizeof(std::uint32_t))));

// Blocks of eight columns walked down the rows together, their accumulators in registers.
constexpr std::size_t kBlocksAtOnce = 4;
constexpr std::uint32_t kRowsBetweenChecks = 64;

// Whether some column of four blocks' accumulators is still 0 (has not changed).
[[gnu::always_inline]] inline bool someLaneHeld(const Eight& a, const Eight& b, const Eight& c,
                                                const Eight& d) {
    const auto held = (a == 0) | (b == 0) | (c == 0) | (d == 0);
    for (std::size_t lane = 0; lane < kColumnBlock; ++lane) {
        if (held[lane] != 0) {
            return true;
        }
    }
    return false;
}

// ORs into `ors` the bits of the block of `row` at `start` XOR `then` (vectors by reference:
// vector_clones.h).
[[gnu::always_inline]] inline void orBlock(Eight& ors, const float* row, std::size_t start,
                                           const Eight& then) {
    Eight now;
    std::memcpy(&now, row + start, sizeof now);
    ors |= now ^ then;
}

// ORs into `changes` the bits XOR frame 0's of the four blocks starting at `starts` (repeats
// allowed: an OR is the same twice), frame by frame, until every one of their columns changed
// (checked every kRowsBetweenChecks rows). Four named accumulators: in an array indexed by a
// loop, GCC kept them in memory.
[[gnu::always_inline]] inline void
orBlocksDownTheRows(const Motion& motion, const std::size_t* starts, std::uint32_t* changes) {
    const std::size_t stride = motion.channelCount;
    const float* const first = motion.values.data();
    Eight then0;
    Eight then1;
    Eight then2;
    Eight then3;
    std::memcpy(&then0, first + starts[0], sizeof then0);
    std::memcpy(&then1, first + starts[1], sizeof then1);
    std::memcpy(&then2, first + starts[2], sizeof then2);
    std::memcpy(&then3, first + starts[3], sizeof then3);
    Eight or0{};
    Eight or1{};
    Eight or2{};
    Eight or3{};
    for (std::uint32_t frame = 1; frame < motion.frameCount; ++frame) {
        const float* const row = first + std::size_t{frame} * stride;
        orBlock(or0, row, starts[0], then0);
        orBlock(or1, row, starts[1], then1);
        orBlock(or2, row, starts[2], then2);
        orBlock(or3, row, starts[3], then3);
        if (frame % kRowsBetweenChecks == 0 && !someLaneHeld(or0, or1, or2, or3)) {
            break;
        }
    }
    const Eight ors[kBlocksAtOnce] = {or0, or1, or2, or3};
    for (std::size_t k = 0; k < kBlocksAtOnce; ++k) {
        Eight changed;
        std::memcpy(&changed, changes + starts[k], sizeof changed);
        changed |= ors[k];
        std::memcpy(changes + starts[k], &changed, sizeof changed);
    }
}

} // namespace

// A few blocks of eight columns down every row, then the next few: their accumulators stay in
// registers, where row by row (orRowBitChanges) each block's was loaded and stored again in every
// row (over a library of takes whose fingers never move, every row is read: 4.3 M instructions
// of `info --json` over the README's 178 takes). A row of fewer than eight columns is read a
// column at a time.
BVHSCOPE_VECTOR_CLONES
std::vector<std::uint32_t> clipColumnChanges(const Motion& motion) {
    const std::size_t stride = motion.channelCount;
    std::vector<std::uint32_t> changes(stride, 0U);
    const float* const first = motion.values.data();
    std::vector<std::size_t> starts;
    forEachColumnBlock(
        stride, [&](std::size_t c) { starts.push_back(c); }, [](std::size_t) {});
    if (starts.empty()) {
        for (std::uint32_t frame = 1; frame < motion.frameCount; ++frame) {
            orRowBitChanges(first + std::size_t{frame} * stride, first, stride, changes.data());
        }
        return changes;
    }
    while (starts.size() % kBlocksAtOnce != 0) {
        starts.push_back(starts.back());
    }
    for (std::size_t b = 0; b < starts.size(); b += kBlocksAtOnce) {
        orBlocksDownTheRows(motion, starts.data() + b, changes.data());
    }
    return changes;
}

} // namespace bvh
