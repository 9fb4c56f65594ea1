// partitionAround: the front values in their order, then the others in reverse order, the same
// layout to the bit (a zero's sign, NaN's place) whether the four-at-a-time AVX2 steps or the
// scalar loop placed them.
#include "core/analysis/partition_around.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <vector>

namespace bvh {
namespace {

std::size_t partitioned(std::vector<double>& values, double pivot, FrontOfPivot side) {
    std::vector<double> scratch(values.size());
    return partitionAround(values.data(), values.size(), scratch.data(), pivot, side);
}

// Ten values: two four-value steps are possible only while eight remain, so the first four are
// placed as a group and the last six one at a time.
TEST(PartitionAround, LessGoesFrontInOrderTheRestBackReversed) {
    std::vector<double> values{3, 1, 4, 1, 5, 9, 2, 6, 5, 3};
    EXPECT_EQ(partitioned(values, 4.0, FrontOfPivot::Less), 5u);
    EXPECT_EQ(values, (std::vector<double>{3, 1, 1, 2, 3, 5, 6, 9, 5, 4}));
}

// partitionInto: the same layout written to another buffer, the values left as they were.
// Thirteen values: two four-value steps (at 0 and 4), then five one at a time; at most 5 in
// front in their order (nine), the four greater behind in reverse order.
TEST(PartitionAround, IntoAnotherBufferLeavesTheValues) {
    const std::vector<double> values{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9};
    std::vector<double> to(values.size(), -1.0);
    EXPECT_EQ(partitionInto(values.data(), values.size(), to.data(), 5.0, FrontOfPivot::NotGreater),
              9u);
    EXPECT_EQ(to, (std::vector<double>{3, 1, 4, 1, 5, 2, 5, 3, 5, 9, 8, 6, 9}));
    EXPECT_EQ(values, (std::vector<double>{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9}));
}

TEST(PartitionAround, NotGreaterKeepsThePivotsEqualsAndNaNInFront) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> values{3, 1, 4, 1, 5, 9, 2, 6, 5, nan, 3, 7};
    EXPECT_EQ(partitioned(values, 5.0, FrontOfPivot::NotGreater), 9u);
    const std::vector<double> front{3, 1, 4, 1, 5, 2, 5};
    for (std::size_t i = 0; i < front.size(); ++i) {
        EXPECT_EQ(values[i], front[i]) << i;
    }
    EXPECT_TRUE(std::isnan(values[7]));
    EXPECT_EQ(values[8], 3.0);
    EXPECT_EQ(values[9], 7.0); // the back: 9, 6, 7 reversed
    EXPECT_EQ(values[10], 6.0);
    EXPECT_EQ(values[11], 9.0);
}

// Against the scalar loop, bit for bit, on every length up to 70 (each remainder after the
// four-value steps) and values with both zeros, repeats of the pivot and NaN.
TEST(PartitionAround, LaysOutTheScalarLoopsBits) {
    std::mt19937 random(73);
    std::uniform_int_distribution<int> pick(0, 9);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double choices[] = {0.0, -0.0, 1.0, -1.0, 2.5, 2.5, nan, 7.0, -3.0, 1e300};
    for (std::size_t n = 0; n <= 70; ++n) {
        for (const FrontOfPivot side : {FrontOfPivot::Less, FrontOfPivot::NotGreater}) {
            for (const double pivot : {0.0, -0.0, 2.5, 1.0}) {
                std::vector<double> values(n);
                for (double& value : values) {
                    value = choices[pick(random)];
                }
                std::vector<double> expected = values;
                std::vector<double> scratch(n);
                const std::size_t expectedFront =
                    detail::partitionAroundScalar(expected.data(), n, scratch.data(), pivot, side);
                ASSERT_EQ(partitioned(values, pivot, side), expectedFront) << n;
                // Bit by bit: memcmp of an empty vector's null data is undefined (UBSan says so).
                for (std::size_t i = 0; i < n; ++i) {
                    ASSERT_EQ(std::bit_cast<std::uint64_t>(values[i]),
                              std::bit_cast<std::uint64_t>(expected[i]))
                        << "length " << n << ", pivot " << pivot << ", at " << i;
                }
            }
        }
    }
}

} // namespace
} // namespace bvh
