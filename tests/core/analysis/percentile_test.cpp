// percentile and percentileInPlace: the element at rank round(fraction x (n - 1)), and the
// in-place form leaves the sample whole (only reordered), so that several percentiles of one
// buffer, as the stance takes them, agree with copies.
#include "core/analysis/percentile.h"

#include <gtest/gtest.h>

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

} // namespace
} // namespace bvh
