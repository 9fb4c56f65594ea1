// sortEdgeKeys (core/body/body_edge_sort.h) sorts as std::sort does: a mesh's edges (indices in
// both halves), keys using every bit, repeated keys, none and one.
#include "core/body/body_edge_sort.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <random>
#include <vector>

namespace bvh {
namespace {

void expectSortedAsStdSort(std::vector<std::uint64_t> keys) {
    std::vector<std::uint64_t> expected = keys;
    std::sort(expected.begin(), expected.end());
    sortEdgeKeys(keys);
    EXPECT_EQ(keys, expected);
}

TEST(BodyEdgeSort, SortsAsStdSortWhateverTheKeys) {
    expectSortedAsStdSort({});
    expectSortedAsStdSort({42});
    expectSortedAsStdSort({7, 7, 7, 3, 3, 9});
    std::mt19937_64 random(26);
    // Edges of a mesh of 30 000 vertices, both ways, as the closed-surface check lists them.
    std::vector<std::uint64_t> edges;
    std::uniform_int_distribution<std::uint32_t> vertex(0, 29999);
    for (int k = 0; k < 20000; ++k) {
        const std::uint64_t a = vertex(random);
        const std::uint64_t b = vertex(random);
        edges.push_back(a << 32 | b);
        edges.push_back(b << 32 | a);
    }
    expectSortedAsStdSort(edges);
    // Every bit in use, with repeats.
    std::vector<std::uint64_t> wide;
    for (int k = 0; k < 5000; ++k) {
        wide.push_back(random());
        wide.push_back(wide.back() & 0xFFFF0000FFFFull);
    }
    expectSortedAsStdSort(wide);
}

TEST(BodyEdgeKeys, ADirectedKeySortsByItsStartThenItsEnd) {
    std::vector<std::uint64_t> keys = {directedEdgeKey(2, 1), directedEdgeKey(1, 7),
                                       directedEdgeKey(1, 3), directedEdgeKey(0, 4000000000u)};
    sortEdgeKeys(keys);
    EXPECT_EQ(keys,
              (std::vector<std::uint64_t>{directedEdgeKey(0, 4000000000u), directedEdgeKey(1, 3),
                                          directedEdgeKey(1, 7), directedEdgeKey(2, 1)}));
    EXPECT_EQ(keys.front() >> 32, 0u);
    EXPECT_EQ(keys.front() & 0xFFFFFFFFu, 4000000000u);
}

TEST(BodyEdgeKeys, ReversedAndUndirectedKeysNameTheSameEdge) {
    EXPECT_EQ(reversedEdgeKey(directedEdgeKey(3, 4000000000u)), directedEdgeKey(4000000000u, 3));
    EXPECT_EQ(reversedEdgeKey(reversedEdgeKey(directedEdgeKey(5, 9))), directedEdgeKey(5, 9));
    EXPECT_EQ(undirectedEdgeKey(9, 5), undirectedEdgeKey(5, 9));
    EXPECT_EQ(undirectedEdgeKey(9, 5), directedEdgeKey(5, 9));
    EXPECT_NE(undirectedEdgeKey(5, 9), undirectedEdgeKey(5, 8));
}

} // namespace
} // namespace bvh
