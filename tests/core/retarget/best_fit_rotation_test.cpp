// The least-squares turn between two sets of directions (Horn's method): exact for directions
// one rotation apart, and the inverse when the sets are swapped (so round trips cancel).
#include "core/retarget/best_fit_rotation.h"
#include "core/retarget/retarget_alignment.h"

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>
#include <vector>

namespace bvh::retarget_detail {
namespace {

TEST(BestFitRotation, RecoversTheRotationBetweenTurnedDirections) {
    const glm::dquat turn =
        glm::angleAxis(glm::radians(137.0), glm::normalize(glm::dvec3(0.3, -1.0, 0.6)));
    const std::vector<glm::dvec3> from{{0, 1, 0}, {1, -0.2, 0.1}, {-1, -0.2, 0.1}};
    std::vector<glm::dvec3> to;
    for (const glm::dvec3& direction : from) {
        to.push_back(turn * (direction * 3.0)); // lengths do not matter
    }
    const glm::dquat found = bestFitRotation(from, to);
    EXPECT_GT(std::abs(glm::dot(found, turn)), 1.0 - 1e-12);
}

TEST(BestFitRotation, SwappingTheSetsGivesTheInverse) {
    const std::vector<glm::dvec3> a{{0, 1, 0.1}, {1, -0.2, 0.3}, {-1, -0.3, 0.0}};
    const std::vector<glm::dvec3> b{{0.1, 1, 0}, {0.9, 0.1, -0.4}, {-1, -0.1, 0.3}};
    const glm::dquat there = bestFitRotation(a, b);
    const glm::dquat back = bestFitRotation(b, a);
    EXPECT_GT(std::abs(glm::dot(there * back, glm::dquat(1.0, 0.0, 0.0, 0.0))), 1.0 - 1e-12);
    // Least squares: no worse than the exact turn of the first pair alone.
    const auto residual = [&](const glm::dquat& turn) {
        double sum = 0.0;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const glm::dvec3 d = turn * glm::normalize(a[i]) - glm::normalize(b[i]);
            sum += glm::dot(d, d);
        }
        return sum;
    };
    EXPECT_LT(residual(there), residual(shortestTurn(glm::normalize(a[0]), glm::normalize(b[0]))));
}

} // namespace
} // namespace bvh::retarget_detail
