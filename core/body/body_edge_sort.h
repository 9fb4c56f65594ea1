// Sorting a mesh's edges, each a 64-bit key (one vertex index in the high half, the other in the
// low): the closed-surface check and the weights' neighbour lists sort tens of thousands of them
// for every body, where std::sort's comparisons cost a few per cent of a build.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace bvh {

// The key of the edge running from vertex `from` to vertex `to`: `from` in the high half, so keys
// sorted put each vertex's outgoing edges together, in order of the vertex they reach.
constexpr std::uint64_t directedEdgeKey(std::uint32_t from, std::uint32_t to) {
    return std::uint64_t{from} << 32 | to;
}

// The same edge run the other way.
constexpr std::uint64_t reversedEdgeKey(std::uint64_t key) {
    return key << 32 | key >> 32;
}

// One key for both directions of an edge: its lower vertex in the high half.
constexpr std::uint64_t undirectedEdgeKey(std::uint32_t a, std::uint32_t b) {
    return a < b ? directedEdgeKey(a, b) : directedEdgeKey(b, a);
}

// Sorts `keys` ascending (the same order std::sort gives): a least-significant-digit radix sort
// over 11-bit digits, skipping the digits every key shares (vertex indices under 2^21 leave the
// upper digits of each half zero).
inline void sortEdgeKeys(std::vector<std::uint64_t>& keys) {
    constexpr int kDigitBits = 11;
    constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
    constexpr int kDigits = (64 + kDigitBits - 1) / kDigitBits;
    std::vector<std::array<std::uint32_t, kBuckets>> counts(kDigits);
    for (const std::uint64_t key : keys) {
        for (int d = 0; d < kDigits; ++d) {
            ++counts[d][(key >> (d * kDigitBits)) & (kBuckets - 1)];
        }
    }
    std::vector<std::uint64_t> other(keys.size());
    for (int d = 0; d < kDigits; ++d) {
        std::array<std::uint32_t, kBuckets>& count = counts[d];
        const std::uint64_t first = keys.empty() ? 0 : keys.front();
        if (count[(first >> (d * kDigitBits)) & (kBuckets - 1)] == keys.size()) {
            continue; // every key has this digit: the order stays
        }
        std::uint32_t at = 0;
        for (std::uint32_t& bucket : count) {
            at += std::exchange(bucket, at);
        }
        for (const std::uint64_t key : keys) {
            other[count[(key >> (d * kDigitBits)) & (kBuckets - 1)]++] = key;
        }
        keys.swap(other);
    }
}

} // namespace bvh
