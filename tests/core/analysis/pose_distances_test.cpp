// nodeDistances: how far each node moves between two poses, worked by hand and equal to the bit
// to glm::distance on every node, in the blocks of four nodes and in the rest alike.
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

// Poses of 0 to 13 nodes with coordinates from centimetres to kilometres: every distance has
// glm::distance's bits (the stance's speeds were measured with it).
TEST(PoseDistances, EqualToGlmDistanceToTheBit) {
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
                const double expected = glm::distance(from[i], to[i]);
                EXPECT_EQ(std::memcmp(&distances[i], &expected, sizeof expected), 0)
                    << nodes << " nodes, node " << i << ": " << distances[i] << " against "
                    << expected;
            }
        }
    }
}

} // namespace
} // namespace bvh
