// countAtMost and countAtLeast past the first four values: every group of four (two groups a
// step where the loop is unrolled) and every length of the last values after them count alike.
#include "core/analysis/percentile.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <limits>
#include <span>
#include <vector>

namespace bvh {
namespace {

TEST(PercentileCounts, CountsEveryGroupOfFourAndTheValuesAfterThem) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    // Thirteen: three groups of four and one value after them.
    const std::vector<double> values{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, nan, -0.0, 2};
    EXPECT_EQ(countAtMost(values, 4.0), 6u);                          // 1, 2, 3, 4, -0, 2
    EXPECT_EQ(countAtLeast(values, 4.0), 7u);                         // 4 .. 10
    EXPECT_EQ(countAtMost(values, 0.0), 1u);                          // -0 alone
    EXPECT_EQ(countAtLeast(values, -0.0), 12u);                       // all but NaN
    EXPECT_EQ(countAtMost(std::span(values).first(8), 4.0), 4u);      // two whole groups
    EXPECT_EQ(countAtLeast(std::span(values).first(9), 9.0), 1u);     // 9, after two groups
    EXPECT_EQ(countAtLeast(std::span(values).first(11), 9.0), 2u);    // 9, 10; NaN not
    EXPECT_EQ(countAtMost(std::span(values).subspan(5, 7), 7.0), 3u); // 6, 7, -0
}

// Every length from 0 to 13: each prefix of ascending values 1 .. n counts min(n, k) values at
// most k and n - k + 1 at least k (for k <= n).
TEST(PercentileCounts, CountsEveryPrefixLength) {
    std::vector<double> values;
    for (int n = 0; n <= 13; ++n) {
        for (int k = 1; k <= 13; ++k) {
            const auto atMost = static_cast<std::size_t>(std::min(n, k));
            const auto atLeast = static_cast<std::size_t>(k <= n ? n - k + 1 : 0);
            EXPECT_EQ(countAtMost(values, k), atMost) << n << " values, limit " << k;
            EXPECT_EQ(countAtLeast(values, k), atLeast) << n << " values, limit " << k;
        }
        values.push_back(n + 1);
    }
}

} // namespace
} // namespace bvh
