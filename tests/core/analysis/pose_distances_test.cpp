// nodeDistances: how far each node moves between two poses, worked by hand and equal to the bit
// to the correctly rounded square root of glm's sum of squares (glm::distance's bits where the C
// library's square root is correctly rounded) on every node, in the blocks of four nodes and in
// the rest alike.
#include "core/analysis/pose_distances.h"

#include <cmath>
#include <cstring>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <vector>

namespace bvh {
namespace {

TEST(PoseDistances, WorkedByHand) {
    // Six nodes: one block of four, then two alone.
    const std::vector<glm::dvec3> from{{0, 0, 0}, {1, 1, 1}, {-2, 0, 5},
                                       {7, 7, 7}, {1, 2, 3}, {0, 0, 0}};
    const std::vector<glm::dvec3> to{{3, 4, 0},  {2, 3, 3},   {-2, 0, 5},
                                     {7, 7, -5}, {1, 2, 3.5}, {2, 3, 6}};
    std::vector<double> distances(from.size());
    nodeDistances(from, to, distances);
    EXPECT_EQ(distances, (std::vector<double>{5, 3, 0, 12, 0.5, 7}));
}

TEST(PoseDistances, ANotANumberStaysOnItsNode) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<glm::dvec3> from{{0, 0, 0}, {nan, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, nan, 0}};
    const std::vector<glm::dvec3> to{{0, 0, 1}, {0, 0, 0}, {0, 2, 0}, {3, 0, 0}, {0, 0, 0}};
    std::vector<double> distances(from.size());
    nodeDistances(from, to, distances);
    EXPECT_EQ(distances[0], 1.0);
    EXPECT_TRUE(std::isnan(distances[1]));
    EXPECT_EQ(distances[2], 2.0);
    EXPECT_EQ(distances[3], 3.0);
    EXPECT_TRUE(std::isnan(distances[4]));
}

// |c c - s|, with c c taken exactly (Dekker's product: c split into two 26-bit halves, every
// partial product exact), and c c - s exact by Sterbenz's lemma when c is near the square root
// of s: only the last sum rounds.
double squareResidual(double c, double s) {
    constexpr double kVeltkampSplitter = 134217729.0; // 2^27 + 1
    const double scaled = kVeltkampSplitter * c;
    const double high = scaled - (scaled - c);
    const double low = c - high;
    const double square = c * c;
    const double squareError = ((high * high - square) + 2.0 * high * low) + low * low;
    return std::abs((square - s) + squareError);
}

// The correctly rounded square root of s >= 0, whatever the C library's std::sqrt rounds to:
// MinGW-w64's statically linked sqrt is now and then one unit in the last place off, where
// glibc's and the processor's square root instruction (which nodeDistances compiles to) are not.
double correctlyRoundedSqrt(double s) {
    const double guess = std::sqrt(s);
    double best = guess;
    for (const double neighbour :
         {std::nextafter(guess, 0.0),
          std::nextafter(guess, std::numeric_limits<double>::infinity())}) {
        if (squareResidual(neighbour, s) < squareResidual(best, s)) {
            best = neighbour;
        }
    }
    return best;
}

TEST(PoseDistances, TheReferenceSquareRootIsCorrectlyRounded) {
    // The double nearest the square root of 2; and of 0x1.3418beea3611fp-1 (0.60175129517577720),
    // whose root lies just below the midpoint of two doubles, so that MinGW-w64's static sqrt
    // rounds it one unit up, to 0x1.8d2bff710b600p-1 (with exact fractions the lower candidate's
    // square is 8.6102e-17 from it, the upper one's 8.6144e-17).
    EXPECT_EQ(correctlyRoundedSqrt(2.0), 1.4142135623730951);
    EXPECT_EQ(correctlyRoundedSqrt(0x1.3418beea3611fp-1), 0x1.8d2bff710b5ffp-1);
    EXPECT_EQ(correctlyRoundedSqrt(0.25), 0.5);
    EXPECT_EQ(correctlyRoundedSqrt(0.0), 0.0);
}

// Poses of 0 to 13 nodes with coordinates from centimetres to kilometres: every distance is the
// correctly rounded square root of (dx dx + dy dy) + dz dz, glm's dot product order, so it has
// glm::distance's bits wherever the C library's sqrt rounds correctly (the stance's speeds were
// measured with glm::distance).
TEST(PoseDistances, EqualToGlmsSumOfSquaresCorrectlyRootedToTheBit) {
    std::mt19937 random(48);
    std::uniform_real_distribution<double> coordinate(-1.0, 1.0);
    std::uniform_int_distribution<int> scale(-2, 5);
    for (std::size_t nodes = 0; nodes <= 13; ++nodes) {
        for (int trial = 0; trial < 40; ++trial) {
            std::vector<glm::dvec3> from(nodes);
            std::vector<glm::dvec3> to(nodes);
            for (std::size_t i = 0; i < nodes; ++i) {
                const double size = std::pow(10.0, scale(random));
                for (int c = 0; c < 3; ++c) {
                    from[i][c] = size * coordinate(random);
                    to[i][c] = from[i][c] + 0.01 * size * coordinate(random);
                }
            }
            std::vector<double> distances(nodes);
            nodeDistances(from, to, distances);
            for (std::size_t i = 0; i < nodes; ++i) {
                const double expected =
                    correctlyRoundedSqrt(glm::dot(to[i] - from[i], to[i] - from[i]));
                EXPECT_EQ(std::memcmp(&distances[i], &expected, sizeof expected), 0)
                    << nodes << " nodes, node " << i << ": " << distances[i] << " against "
                    << expected;
            }
        }
    }
}

} // namespace
} // namespace bvh
