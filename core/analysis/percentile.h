// The value below which a given fraction of a sample lies, for the analyses that describe a
// clip by robust statistics (a median speed, the 10th percentile of a foot's height) rather
// than by extremes one bad frame could set.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace bvh {

// The element at rank round(fraction x (n - 1)) of `values` once sorted (no interpolation),
// found in linear time; 0 for an empty sample. `fraction` is in [0, 1].
// As percentile below, reordering `values` instead of copying them: for a caller that takes
// several percentiles of one sample, or reuses its buffer.
inline double percentileInPlace(std::span<double> values, double fraction) {
    if (values.empty()) {
        return 0.0;
    }
    const auto at = values.begin() + static_cast<std::ptrdiff_t>(
                                         fraction * static_cast<double>(values.size() - 1) + 0.5);
    std::nth_element(values.begin(), at, values.end());
    return *at;
}

inline double percentile(std::vector<double> values, double fraction) {
    return percentileInPlace(values, fraction);
}

// The middle element (the upper one of an even sample); 0 for an empty sample.
inline double median(std::vector<double> values) {
    return percentile(std::move(values), 0.5);
}

} // namespace bvh
