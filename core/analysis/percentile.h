// The value below which a given fraction of a sample lies, for the analyses that describe a
// clip by robust statistics (a median speed, the 10th percentile of a foot's height) rather
// than by extremes one bad frame could set.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace bvh {

// The rank round(fraction x (n - 1)) in a sample of n > 0 values.
inline std::ptrdiff_t percentileRank(std::size_t n, double fraction) {
    return static_cast<std::ptrdiff_t>(fraction * static_cast<double>(n - 1) + 0.5);
}

// The element at rank round(fraction x (n - 1)) of `values` once sorted (no interpolation),
// found in linear time; 0 for an empty sample. `fraction` is in [0, 1].
// As percentile below, reordering `values` instead of copying them: for a caller that takes
// several percentiles of one sample, or reuses its buffer.
inline double percentileInPlace(std::span<double> values, double fraction) {
    if (values.empty()) {
        return 0.0;
    }
    const auto at = values.begin() + percentileRank(values.size(), fraction);
    std::nth_element(values.begin(), at, values.end());
    return *at;
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
    auto end = values.end();
    for (std::size_t i = 0; i < N; ++i) {
        assert((i == 0 || fractions[i] <= fractions[i - 1]) && "fractions must decrease");
        const auto at = values.begin() + percentileRank(values.size(), fractions[i]);
        std::nth_element(values.begin(), at, end);
        found[i] = *at;
        end = at + 1;
    }
    return found;
}

inline double percentile(std::vector<double> values, double fraction) {
    return percentileInPlace(values, fraction);
}

// The middle element (the upper one of an even sample); 0 for an empty sample.
inline double median(std::vector<double> values) {
    return percentile(std::move(values), 0.5);
}

} // namespace bvh
