// The blocks of kColumnBlock adjacent columns that cover a motion row, for the row-by-row passes
// that OR what each row changes into a per-column accumulator (riding_joints.cpp,
// ForwardKinematicsPlan::heldOver).
#pragma once

#include <cstddef>

namespace bvh {

inline constexpr std::size_t kColumnBlock = 8;

// Calls block(c) for c = 0, 8, 16, ... while c + 8 <= columns and, where `columns` is no multiple
// of eight, once more for c = columns - 8: a last block that overlaps the one before it. Only for
// a block operation that gives the same result when repeated over a column (an OR into an
// accumulator): the row's last columns then cost one vector operation, where one scalar
// operation per column cost up to seven (a 16-joint rig's 54 channels: 6 of 54 columns, a third
// of the pass's instructions). Fewer than eight columns call tail(c) for each column instead.
// Always inlined, so that a vector_clones.h clone keeps its vectors in registers.
template <typename Block, typename Tail>
[[gnu::always_inline]] inline void forEachColumnBlock(std::size_t columns, Block&& block,
                                                      Tail&& tail) {
    if (columns < kColumnBlock) {
        for (std::size_t c = 0; c < columns; ++c) {
            tail(c);
        }
        return;
    }
    std::size_t c = 0;
    for (; c + kColumnBlock <= columns; c += kColumnBlock) {
        block(c);
    }
    if (c < columns) {
        block(columns - kColumnBlock);
    }
}

} // namespace bvh
