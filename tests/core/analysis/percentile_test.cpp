// percentile and percentileInPlace: the element at rank round(fraction x (n - 1)), and the
// in-place form leaves the sample whole (only reordered), so that several percentiles of one
// buffer, as the stance takes them, agree with copies.
#include "core/analysis/percentile.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <limits>
#include <random>

namespace bvh {
namespace {

TEST(Percentile, PicksTheElementAtTheRoundedRank) {
    const std::vector<double> values{9, 1, 8, 2, 7, 3, 6, 4, 5, 0}; // 0..9, n - 1 = 9
    EXPECT_EQ(percentile(values, 0.0), 0.0);
    EXPECT_EQ(percentile(values, 0.1), 1.0); // rank 0.9 + 0.5 -> 1
    EXPECT_EQ(percentile(values, 0.5), 5.0); // rank 4.5 + 0.5 -> 5: the upper middle
    EXPECT_EQ(percentile(values, 0.8), 7.0); // rank 7.2 + 0.5 -> 7
    EXPECT_EQ(percentile(values, 1.0), 9.0);
    EXPECT_EQ(percentile({}, 0.5), 0.0);
    EXPECT_EQ(median({4, 1, 3}), 3.0);
}

TEST(Percentile, InPlaceReordersWithoutLosingAnElement) {
    std::vector<double> values{9, 1, 8, 2, 7, 3, 6, 4, 5, 0};
    const std::vector<double> copy = values;
    EXPECT_EQ(percentileInPlace(values, 0.8), percentile(copy, 0.8));
    EXPECT_EQ(percentileInPlace(values, 0.2), percentile(copy, 0.2));
    EXPECT_EQ(percentileInPlace(values, 0.1), percentile(copy, 0.1));
    EXPECT_EQ(percentileInPlace(values, 0.5), percentile(copy, 0.5));
    std::vector<double> sorted = values;
    std::ranges::sort(sorted);
    EXPECT_EQ(sorted, (std::vector<double>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    std::vector<double> none;
    EXPECT_EQ(percentileInPlace(none, 0.5), 0.0);
}

// percentilesInPlace narrows each search to the elements at or below the last one found: its
// values are percentile()'s, duplicates and equal fractions included, and the sample is kept.
TEST(Percentile, SeveralAtOnceAreEachTheSameAsOneAtATime) {
    std::vector<double> values;
    for (int i = 0; i < 241; ++i) {
        values.push_back(static_cast<double>((i * 37) % 101) - 50.0); // duplicates, negatives
    }
    const std::vector<double> copy = values;
    const auto found = percentilesInPlace(values, {1.0, 0.9, 0.8, 0.5, 0.5, 0.2, 0.1, 0.0});
    const double fractions[] = {1.0, 0.9, 0.8, 0.5, 0.5, 0.2, 0.1, 0.0};
    for (std::size_t i = 0; i < found.size(); ++i) {
        EXPECT_EQ(found[i], percentile(copy, fractions[i])) << "fraction " << fractions[i];
    }
    EXPECT_EQ(found[1], 40.0); // rank round(0.9 x 240) = 216: each of -50..50 two or three times
    std::vector<double> sorted = values;
    std::vector<double> expected = copy;
    std::ranges::sort(sorted);
    std::ranges::sort(expected);
    EXPECT_EQ(sorted, expected);
    std::vector<double> none;
    EXPECT_EQ(percentilesInPlace(none, {0.9, 0.5}), (std::array<double, 2>{0.0, 0.0}));
    std::vector<double> one{7.0};
    EXPECT_EQ(percentilesInPlace(one, {0.9, 0.1}), (std::array<double, 2>{7.0, 7.0}));
}

// detail::selectRank (quickselect without branches on the data) leaves what std::nth_element
// leaves: the same value at the rank, none greater before it, none less after it. Samples like
// the stance's (a drifting series), with long runs of equal values (a planted foot's zero
// speeds), all equal, sorted both ways, and past the selection's stack scratch (512 values).
TEST(Percentile, SelectRankLeavesWhatNthElementLeaves) {
    std::mt19937 random(46);
    std::normal_distribution<double> noise(0.0, 1.0);
    std::uniform_int_distribution<int> sizes(1, 700);
    std::uniform_int_distribution<int> kinds(0, 4);
    for (int trial = 0; trial < 400; ++trial) {
        const auto n = static_cast<std::size_t>(sizes(random));
        const int kind = kinds(random);
        std::vector<double> values(n);
        double drift = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            drift += 0.1 * noise(random);
            values[i] = kind == 0   ? drift + noise(random)
                        : kind == 1 ? (noise(random) < 0.5 ? 0.0 : std::round(noise(random)))
                        : kind == 2 ? 3.0
                        : kind == 3 ? static_cast<double>(i)
                                    : static_cast<double>(n - i);
        }
        const std::size_t rank = std::uniform_int_distribution<std::size_t>(0, n - 1)(random);
        std::vector<double> expected = values;
        std::nth_element(expected.begin(), expected.begin() + static_cast<std::ptrdiff_t>(rank),
                         expected.end());
        detail::selectRank(values, rank);
        SCOPED_TRACE("trial " + std::to_string(trial) + ", kind " + std::to_string(kind));
        ASSERT_EQ(values[rank], expected[rank]);
        for (std::size_t i = 0; i < n; ++i) {
            ASSERT_TRUE(i < rank ? !(values[rank] < values[i]) : !(values[i] < values[rank]))
                << "element " << i << " on the wrong side of rank " << rank;
        }
        std::ranges::sort(values);
        std::ranges::sort(expected);
        ASSERT_EQ(values, expected); // reordered, nothing lost
    }
}

// countAtMost and countAtLeast: NaN counts for neither, a zero of either sign is at most and at
// least 0, the last odd value (past the pairs) counts too.
TEST(Percentile, CountsAtMostAndAtLeastALimit) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<double> values{3, 1, nan, 2, 2, 5, -0.0}; // seven: the last one alone
    EXPECT_EQ(countAtMost(values, 2.0), 4u);                    // 1, 2, 2, -0
    EXPECT_EQ(countAtLeast(values, 2.0), 4u);                   // 3, 2, 2, 5
    EXPECT_EQ(countAtMost(values, 0.0), 1u);                    // -0
    EXPECT_EQ(countAtLeast(values, 0.0), 6u);                   // all but NaN
    EXPECT_EQ(countAtMost(values, -1.0), 0u);
    EXPECT_EQ(countAtLeast(values, 5.5), 0u);
    EXPECT_EQ(countAtMost(std::span(values).first(1), 3.0), 1u);
    EXPECT_EQ(countAtMost({}, 3.0), 0u);
}

// The stance's test of a percentile against a limit: the element at rank r is at most the limit
// exactly when more than r values are, on samples with many ties.
TEST(Percentile, ACountAnswersWhetherARankIsAtMostALimit) {
    std::mt19937 random(46);
    std::uniform_int_distribution<int> level(-6, 6);
    std::uniform_int_distribution<std::size_t> sizes(1, 41);
    for (int trial = 0; trial < 300; ++trial) {
        std::vector<double> values(sizes(random));
        for (double& value : values) {
            value = 0.5 * level(random);
        }
        const double limit = 0.5 * level(random);
        const auto rank = static_cast<std::size_t>(percentileRank(values.size(), 0.1));
        std::vector<double> copy = values;
        const bool atMost = percentileInPlace(copy, 0.1) <= limit;
        EXPECT_EQ(countAtMost(values, limit) > rank, atMost) << "trial " << trial;
        std::vector<double> negated(values.size());
        std::ranges::transform(values, negated.begin(), [](double v) { return -v; });
        std::vector<double> negatedCopy = negated;
        EXPECT_EQ(countAtLeast(values, -limit) > rank, percentileInPlace(negatedCopy, 0.1) <= limit)
            << "trial " << trial;
    }
}

} // namespace
} // namespace bvh
