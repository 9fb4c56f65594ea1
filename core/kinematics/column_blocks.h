// The blocks of kColumnBlock adjacent columns that cover a motion row, for the row-by-row passes
// that OR what each row changes into a per-column accumulator (column_changes.h,
// ForwardKinematicsPlan::heldOver).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

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

// ORs into changes[c] the bits of row[c] XOR firstRow[c] for each of the `stride` columns: 0
// stays exactly where the column holds firstRow's bits (not merely an equal value: -0 and +0
// have sines of different signs). Eight columns an operation; always inlined, for a
// vector_clones.h clone.
[[gnu::always_inline]] inline void orRowBitChanges(const float* row, const float* firstRow,
                                                   std::size_t stride, std::uint32_t* changes) {
    using Eight = std::uint32_t __attribute__((vector_size(kColumnBlock * sizeof(std::uint32_t))));
    forEachColumnBlock(
        stride,
        [&](std::size_t c) {
            Eight now;
            Eight then;
            Eight changed;
            std::memcpy(&now, row + c, sizeof now);
            std::memcpy(&then, firstRow + c, sizeof then);
            std::memcpy(&changed, changes + c, sizeof changed);
            changed |= now ^ then;
            std::memcpy(changes + c, &changed, sizeof changed);
        },
        [&](std::size_t c) {
            changes[c] |=
                std::bit_cast<std::uint32_t>(row[c]) ^ std::bit_cast<std::uint32_t>(firstRow[c]);
        });
}

} // namespace bvh
