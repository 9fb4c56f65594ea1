#include "core/analysis/pose_distances.h"

#include "core/kinematics/vector_clones.h"

#include <cassert>
#include <cmath>
#include <cstring>
#include <glm/geometric.hpp>

namespace bvh {

namespace {

// Four doubles: the coordinates of four nodes (twelve doubles) are three of them, whatever node
// each coordinate belongs to, so the differences and squares need no shuffling.
using FourDoubles = double __attribute__((vector_size(4 * sizeof(double))));

} // namespace

// Compiled for SSE2 and AVX2 (vector_clones.h), with -ffp-contract=off (core/CMakeLists.txt):
// the differences and squares are the scalar ones, element by element, and the sums are made
// node by node in glm's order, so every distance has glm::distance's bits.
BVHSCOPE_VECTOR_CLONES
void nodeDistances(std::span<const glm::dvec3> from, std::span<const glm::dvec3> to,
                   std::span<double> distances) {
    static_assert(sizeof(glm::dvec3) == 3 * sizeof(double), "a node is three packed doubles");
    assert(to.size() == from.size() && distances.size() == from.size() && "one entry per node");
    const auto* fromBytes = reinterpret_cast<const unsigned char*>(from.data());
    const auto* toBytes = reinterpret_cast<const unsigned char*>(to.data());
    constexpr std::size_t kNodes = 4; // per block: 12 coordinates, three vectors
    std::size_t node = 0;
    for (; node + kNodes <= from.size(); node += kNodes) {
        FourDoubles squares[3]; // x0 y0 z0 x1 | y1 z1 x2 y2 | z2 x3 y3 z3
#pragma GCC unroll 3
        for (std::size_t part = 0; part < 3; ++part) {
            const std::size_t offset = (3 * node + 4 * part) * sizeof(double);
            FourDoubles a;
            FourDoubles b;
            std::memcpy(&a, fromBytes + offset, sizeof a);
            std::memcpy(&b, toBytes + offset, sizeof b);
            const FourDoubles difference = b - a;
            squares[part] = difference * difference;
        }
        // Each node's squares summed in glm's order, the four sums as one vector. The squares
        // regrouped by coordinate in registers, pairs of halves then pairs of doubles (six
        // shuffles): gathered one double at a time through memory, they cost twice the rest.
        const FourDoubles xyxy = __builtin_shufflevector(squares[0], squares[1], 0, 1, 6, 7);
        const FourDoubles zxzx = __builtin_shufflevector(squares[0], squares[2], 2, 3, 4, 5);
        const FourDoubles yzyz = __builtin_shufflevector(squares[1], squares[2], 0, 1, 6, 7);
        const FourDoubles xs = __builtin_shufflevector(xyxy, zxzx, 0, 5, 2, 7);
        const FourDoubles ys = __builtin_shufflevector(xyxy, yzyz, 1, 4, 3, 6);
        const FourDoubles zs = __builtin_shufflevector(zxzx, yzyz, 0, 5, 2, 7);
        const FourDoubles sums = (xs + ys) + zs;
#pragma GCC unroll 4
        for (std::size_t k = 0; k < kNodes; ++k) {
            distances[node + k] = std::sqrt(sums[k]);
        }
    }
    for (; node < from.size(); ++node) {
        distances[node] = glm::distance(from[node], to[node]);
    }
}

} // namespace bvh
