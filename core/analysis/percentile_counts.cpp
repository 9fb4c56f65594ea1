#include "core/analysis/percentile.h"
#include "core/kinematics/vector_clones.h"

#include <cstdint>
#include <cstring>

namespace bvh {

namespace {

// How many of `values` compare at most (kAtLeast false) or at least `limit`, four per
// comparison: a true comparison of four-double vectors is -1 in its lane, and each lane's count
// is exact whichever clone runs (the SSE2 one compares two at a time). Always inlined into the
// clones (vector_clones.h).
template <bool kAtLeast>
[[gnu::always_inline]] inline std::size_t countAgainst(std::span<const double> values,
                                                       double limit) {
    using FourDoubles = double __attribute__((vector_size(4 * sizeof(double))));
    using FourCounts = std::int64_t __attribute__((vector_size(4 * sizeof(std::int64_t))));
    const FourDoubles limits = FourDoubles{} + limit;
    FourCounts counts = {};
    std::size_t i = 0;
    for (; i + 4 <= values.size(); i += 4) {
        FourDoubles four;
        std::memcpy(&four, values.data() + i, sizeof four);
        if constexpr (kAtLeast) {
            counts -= four >= limits;
        } else {
            counts -= four <= limits;
        }
    }
    auto count = static_cast<std::size_t>(counts[0] + counts[1] + counts[2] + counts[3]);
    for (; i < values.size(); ++i) {
        count += (kAtLeast ? values[i] >= limit : values[i] <= limit) ? 1 : 0;
    }
    return count;
}

} // namespace

BVHSCOPE_VECTOR_CLONES
std::size_t countAtMost(std::span<const double> values, double limit) {
    return countAgainst<false>(values, limit);
}

BVHSCOPE_VECTOR_CLONES
std::size_t countAtLeast(std::span<const double> values, double limit) {
    return countAgainst<true>(values, limit);
}

} // namespace bvh
