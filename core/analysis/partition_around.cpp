#include "core/analysis/partition_around.h"

#include <algorithm>
#include <array>
#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && defined(__ELF__)
#define BVHSCOPE_PARTITION_AVX2 1
#include <immintrin.h>
#endif

namespace bvh {

namespace detail {

namespace {

// Values [begin, end) placed one at a time: each written to both ends of the unfilled middle
// [first, last] of `scratch`, and the end its side names moves on. The side is a template
// argument here and in the four-at-a-time loop, and the whole pass inlined: asked per value, it
// was two of the loop's twenty instructions, and the call's counters went through memory.
template <FrontOfPivot kSide>
[[gnu::always_inline]] inline void placeEach(const double* values, std::size_t begin,
                                             std::size_t end, double* scratch, double pivot,
                                             std::size_t& first, std::size_t& last) {
    for (std::size_t i = begin; i < end; ++i) {
        const double value = values[i];
        const bool front = kSide == FrontOfPivot::NotGreater ? !(pivot < value) : value < pivot;
        const std::size_t toFront = front ? 1 : 0;
        scratch[first] = value;
        scratch[last] = value;
        first += toFront;
        last -= 1 - toFront;
    }
}

} // namespace

std::size_t partitionIntoScalar(const double* values, std::size_t count, double* to, double pivot,
                                FrontOfPivot side) {
    if (count == 0) {
        return 0;
    }
    std::size_t first = 0;
    std::size_t last = count - 1; // wraps below 0 only after the last value went to the back
    if (side == FrontOfPivot::Less) {
        placeEach<FrontOfPivot::Less>(values, 0, count, to, pivot, first, last);
    } else {
        placeEach<FrontOfPivot::NotGreater>(values, 0, count, to, pivot, first, last);
    }
    return first;
}

std::size_t partitionAroundScalar(double* values, std::size_t count, double* scratch, double pivot,
                                  FrontOfPivot side) {
    const std::size_t front = partitionIntoScalar(values, count, scratch, pivot, side);
    std::copy(scratch, scratch + count, values);
    return front;
}

} // namespace detail

#ifdef BVHSCOPE_PARTITION_AVX2
namespace {

// Per mask of four comparisons (bit j: lane j goes to the front), the 32-bit lanes that gather
// the front doubles in order from lane 0 (kFront), and the back doubles in reverse order from
// lane 3 down (kBack), as the scalar loop lays them out. Unused lanes repeat lane 0.
struct Permutations {
    std::array<std::array<std::int32_t, 8>, 16> front{};
    std::array<std::array<std::int32_t, 8>, 16> back{};
};

constexpr Permutations makePermutations() {
    Permutations p;
    for (int mask = 0; mask < 16; ++mask) {
        int f = 0;
        int b = 3;
        for (int lane = 0; lane < 4; ++lane) {
            auto& row = (mask >> lane & 1) != 0 ? p.front[mask] : p.back[mask];
            const int at = (mask >> lane & 1) != 0 ? f++ : b--;
            row[2 * at] = 2 * lane;
            row[2 * at + 1] = 2 * lane + 1;
        }
    }
    return p;
}

alignas(32) constexpr Permutations kPermutations = makePermutations();

// Four values a step while at least eight remain: the front's four-lane store (its unused lanes
// included) then stays below the back's, both within the unfilled middle; the rest is scalar.
template <FrontOfPivot kSide>
__attribute__((target("avx2"))) std::size_t
partitionIntoAvx2(const double* values, std::size_t count, double* scratch, double pivot) {
    const __m256d pivots = _mm256_set1_pd(pivot);
    constexpr bool notGreater = kSide == FrontOfPivot::NotGreater;
    std::size_t first = 0;
    std::size_t last = count - 1;
    std::size_t i = 0;
    for (; i + 8 <= count; i += 4) {
        const __m256d four = _mm256_loadu_pd(values + i);
        const __m256d front = notGreater ? _mm256_cmp_pd(pivots, four, _CMP_NLT_UQ)
                                         : _mm256_cmp_pd(four, pivots, _CMP_LT_OQ);
        const auto mask = static_cast<unsigned>(_mm256_movemask_pd(front));
        const __m256 floats = _mm256_castpd_ps(four);
        const auto* front4 = kPermutations.front[mask].data();
        const auto* back4 = kPermutations.back[mask].data();
        const __m256d toFront4 = _mm256_castps_pd(_mm256_permutevar8x32_ps(
            floats, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(front4))));
        const __m256d toBack4 = _mm256_castps_pd(_mm256_permutevar8x32_ps(
            floats, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(back4))));
        _mm256_storeu_pd(scratch + first, toFront4);
        _mm256_storeu_pd(scratch + last - 3, toBack4);
        const auto toFront = static_cast<std::size_t>(__builtin_popcount(mask));
        first += toFront;
        last -= 4 - toFront;
    }
    // GCC emits no vzeroupper for a target("avx2") function: left dirty, the upper halves made
    // every SSE instruction after it slower (the selection took 1.8 times as long).
    _mm256_zeroupper();
    detail::placeEach<kSide>(values, i, count, scratch, pivot, first, last);
    return first;
}

} // namespace
#endif

std::size_t partitionInto(const double* values, std::size_t count, double* to, double pivot,
                          FrontOfPivot side) {
#ifdef BVHSCOPE_PARTITION_AVX2
    static const bool avx2 = __builtin_cpu_supports("avx2");
    if (avx2 && count > 0) {
        return side == FrontOfPivot::Less
                   ? partitionIntoAvx2<FrontOfPivot::Less>(values, count, to, pivot)
                   : partitionIntoAvx2<FrontOfPivot::NotGreater>(values, count, to, pivot);
    }
#endif
    return detail::partitionIntoScalar(values, count, to, pivot, side);
}

std::size_t partitionAround(double* values, std::size_t count, double* scratch, double pivot,
                            FrontOfPivot side) {
    const std::size_t front = partitionInto(values, count, scratch, pivot, side);
    std::copy(scratch, scratch + count, values);
    return front;
}

} // namespace bvh
