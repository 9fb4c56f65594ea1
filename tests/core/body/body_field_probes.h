// Probing the body's signed distance (bodyDistance) for jumps, for the body tests.
#pragma once

#include "core/body/body_grid.h"
#include "core/body/body_volumes.h"

#include <cmath>
#include <cstdint>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <span>

namespace bvh::test {

// The field's steepest slope about [from, to]: the interval halved `rounds` times, each time
// keeping the half over which the field changes most. A continuous field's slope stays within
// its Lipschitz bound; a jump's doubles with every halving.
inline float steepestSlope(std::span<const BodyVolume> volumes,
                           std::span<const std::uint32_t> indices, float gap, glm::vec3 from,
                           glm::vec3 to, int rounds) {
    const auto field = [&](const glm::vec3& p) {
        return bodyDistance(volumes, indices, p, kBodyFarOutside, gap);
    };
    float low = field(from);
    float high = field(to);
    for (int round = 0; round < rounds; ++round) {
        const glm::vec3 middle = 0.5f * (from + to);
        const float value = field(middle);
        if (std::abs(value - low) > std::abs(high - value)) {
            to = middle;
            high = value;
        } else {
            from = middle;
            low = value;
        }
    }
    return std::abs(high - low) / glm::length(to - from);
}

} // namespace bvh::test
