// The value below which a given fraction of a sample lies, for the analyses that describe a
// clip by robust statistics (a median speed, the 10th percentile of a foot's height) rather
// than by extremes one bad frame could set.
#pragma once

#include "core/analysis/partition_around.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <utility>
#include <vector>

namespace bvh {

namespace detail {

// A pivot for looking for the element at `rank` among `count` > 16 values: of eight values spread
// over them, sorted, the one at the rank's place (rounded down) where the rank lies in the upper
// half, else the one after it. Partitioning by it sets apart most of the side of the rank where
// more values lie in one pass (for the 80th percentile, about the lowest two thirds), where the
// median of three sets apart about half whichever rank is sought; the next round cuts from the
// other side. The sample is sorted by a network of minima and maxima (Batcher's odd-even merge
// sort, 19 exchanges), without a branch on the data: sorted by insertion, its mispredicted
// branches cost more time than the passes saved. Any value of the range but NaN is a correct
// pivot, only a slower one where the sample misleads (values holding NaN have no order to
// select in, for std::nth_element either). Both loops unrolled: their indices then are constants
// and the sample stays in registers; looped, each exchange loaded its two places and the values
// from memory, a third of the selections' instructions over a library of takes.
inline double pivotTowards(const double* values, std::size_t count, std::size_t rank) {
    constexpr std::size_t kSample = 8;
    static constexpr std::uint8_t kNetwork[19][2] = {
        {0, 1}, {2, 3}, {0, 2}, {1, 3}, {1, 2}, {4, 5}, {6, 7}, {4, 6}, {5, 7}, {5, 6},
        {0, 4}, {2, 6}, {2, 4}, {1, 5}, {3, 7}, {3, 5}, {1, 2}, {3, 4}, {5, 6}};
    std::array<double, kSample> sample;
#pragma GCC unroll 8
    for (std::size_t i = 0; i < kSample; ++i) {
        sample[i] = values[i * (count - 1) / (kSample - 1)];
    }
#pragma GCC unroll 19
    for (const auto& [first, second] : kNetwork) {
        const double a = sample[first];
        const double b = sample[second];
        sample[first] = std::min(a, b);
        sample[second] = std::max(a, b);
    }
    const std::size_t place = rank * (kSample - 1) / (count - 1);
    const bool upper = 2 * rank >= count;
    return sample[upper ? place : std::min(place + 1, kSample - 1)];
}

// Reorders `values` as std::nth_element does: the element at `rank` once sorted comes to
// `rank`, none before it is greater and none after it is less. Quickselect on a pivot from a
// sample (pivotTowards), partitioned without branches (partition_around.h); a range whose
// pivot is its smallest value first sets apart the values equal to it, so runs of equal values
// (a planted foot's zero speeds) always shrink the range; after more rounds than a fair pivot
// needs, the rest is left to std::nth_element, so no input is quadratic. The value found compares
// equal to std::nth_element's (only the sign of a zero among equal zeros may differ).
// Each partition is written to the other of `values` and a scratch buffer at the same places,
// and the range goes on there: only the parts set apart while it lies in the scratch are copied
// back (each value at most once), and `values` ends as partitioning in place leaves it.
inline void selectRank(std::span<double> values, std::size_t rank) {
    assert(rank < values.size() && "the rank of an element of the sample");
    constexpr std::size_t kStackScratch = 512; // the stance's samples: 240 values
    double stackScratch[kStackScratch];
    std::vector<double> heapScratch;
    double* scratch = stackScratch;
    if (values.size() > kStackScratch) {
        heapScratch.resize(values.size());
        scratch = heapScratch.data();
    }
    double* const home = values.data();
    double* range = home; // the buffer that holds [begin, begin + count)
    auto partition = [&](std::size_t begin, std::size_t count, double pivot, FrontOfPivot side) {
        double* const to = range == home ? scratch : home;
        const std::size_t front = partitionInto(range + begin, count, to + begin, pivot, side);
        range = to;
        return front;
    };
    auto setApart = [&](std::size_t begin, std::size_t count) {
        if (range != home) {
            std::copy(range + begin, range + begin + count, home + begin);
        }
    };
    std::size_t begin = 0;
    std::size_t count = values.size();
    std::size_t rounds = 2 * static_cast<std::size_t>(std::bit_width(count));
    for (; count > 16 && rounds > 0; --rounds) {
        const double pivot = pivotTowards(range + begin, count, rank);
        const std::size_t below = partition(begin, count, pivot, FrontOfPivot::Less);
        if (rank < below) {
            setApart(begin + below, count - below);
            count = below;
            continue;
        }
        std::size_t skipped = below;
        if (below == 0) { // the pivot is the smallest value: the values equal to it come first
            skipped = partition(begin, count, pivot, FrontOfPivot::NotGreater);
            if (rank < skipped) {
                setApart(begin, count);
                return;
            }
        }
        setApart(begin, skipped);
        begin += skipped;
        count -= skipped;
        rank -= skipped;
    }
    setApart(begin, count);
    std::nth_element(home + begin, home + begin + rank, home + begin + count);
}

} // namespace detail

// The rank round(fraction x (n - 1)) in a sample of n > 0 values.
inline std::ptrdiff_t percentileRank(std::size_t n, double fraction) {
    return static_cast<std::ptrdiff_t>(fraction * static_cast<double>(n - 1) + 0.5);
}

// The element at rank round(fraction x (n - 1)) of `values` once sorted (no interpolation),
// found in linear time (detail::selectRank); 0 for an empty sample. `fraction` is in [0, 1].
// As percentile below, reordering `values` instead of copying them: for a caller that takes
// several percentiles of one sample, or reuses its buffer.
inline double percentileInPlace(std::span<double> values, double fraction) {
    if (values.empty()) {
        return 0.0;
    }
    const auto rank = static_cast<std::size_t>(percentileRank(values.size(), fraction));
    detail::selectRank(values, rank);
    return values[rank];
}

// Several percentiles of one sample, each the value percentileInPlace gives: `fractions` in
// decreasing order, each looked for among the elements at or below the one found before (they
// are the smallest of the sample), so later searches cover less of it. Reorders `values`.
template <std::size_t N>
std::array<double, N> percentilesInPlace(std::span<double> values, const double (&fractions)[N]) {
    std::array<double, N> found{};
    if (values.empty()) {
        return found;
    }
    std::size_t end = values.size();
    for (std::size_t i = 0; i < N; ++i) {
        assert((i == 0 || fractions[i] <= fractions[i - 1]) && "fractions must decrease");
        const auto rank = static_cast<std::size_t>(percentileRank(values.size(), fractions[i]));
        detail::selectRank(values.first(end), rank);
        found[i] = values[rank];
        end = rank + 1;
    }
    return found;
}

// How many of `values` are at most `limit` (NaN never is): the element at rank r of the sorted
// values (percentileInPlace's) is at most `limit` exactly when more than r of them are, so a
// count answers "is this percentile at most `limit`" without reordering anything. Four values
// an instruction where AVX2 is (percentile_counts.cpp).
std::size_t countAtMost(std::span<const double> values, double limit);

// How many of `values` are at least `limit` (NaN never is).
std::size_t countAtLeast(std::span<const double> values, double limit);

inline double percentile(std::vector<double> values, double fraction) {
    return percentileInPlace(values, fraction);
}

// The middle element (the upper one of an even sample); 0 for an empty sample.
inline double median(std::vector<double> values) {
    return percentile(std::move(values), 0.5);
}

} // namespace bvh
