// Probing the body's signed distance (bodyDistance) for jumps, for the body tests.
#pragma once

#include "core/body/body_figure.h"
#include "core/body/body_grid.h"
#include "core/body/body_volumes.h"
#include "core/reader/document.h"

#include <cmath>
#include <cstdint>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <gtest/gtest.h>
#include <span>
#include <string>
#include <vector>

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

// A figure's volumes made from a BVH text, its grid planned as the builder plans it (a failed
// plan fails the calling test), and the index of every volume.
struct PlannedFigure {
    Skeleton skeleton;
    BodyFigure figure;
    BodyGrid grid;
    std::vector<std::uint32_t> all; // every volume
};

inline PlannedFigure planFigure(const std::string& text, const BodyOptions& options = {}) {
    PlannedFigure planned;
    planned.skeleton = parseDocument(text).skeleton;
    planned.figure = makeBodyFigure(planned.skeleton, options);
    std::string problem;
    EXPECT_TRUE(planBodyGrid(planned.figure.volumes, std::size_t{1} << 20, std::size_t{64} << 20,
                             planned.grid, problem))
        << problem;
    planned.all.resize(planned.figure.volumes.size());
    for (std::size_t k = 0; k < planned.all.size(); ++k) {
        planned.all[k] = static_cast<std::uint32_t>(k);
    }
    return planned;
}

// The body's distance field (normalised units, with the builder's gap) at a point given in the
// file's units, centimetres for the generated rigs: positive outside.
inline float fieldAtCentimetres(const PlannedFigure& planned, const glm::vec3& centimetres) {
    const glm::vec3 p =
        glm::vec3((glm::dvec3(centimetres) - planned.figure.centre) / planned.figure.size);
    return bodyDistance(planned.figure.volumes, planned.all, p, kBodyFarOutside,
                        kBodyGapInCells * planned.grid.cell);
}

// How far from `centre` the body's surface lies along `direction` (normalised units): where its
// distance field first turns from inside to outside, by bisection.
inline float surfaceReach(const PlannedFigure& planned, const glm::vec3& centre,
                          const glm::vec3& direction) {
    const float gap = kBodyGapInCells * planned.grid.cell;
    const auto inside = [&](float reach) {
        return bodyDistance(planned.figure.volumes, planned.all, centre + reach * direction,
                            kBodyFarOutside, gap) < 0.0f;
    };
    float low = 0.0f;
    float high = 0.3f;
    for (int step = 1; step <= 300; ++step) { // the first way out
        if (!inside(0.001f * static_cast<float>(step))) {
            high = 0.001f * static_cast<float>(step);
            break;
        }
        low = 0.001f * static_cast<float>(step);
    }
    for (int round = 0; round < 20; ++round) {
        const float middle = 0.5f * (low + high);
        (inside(middle) ? low : high) = middle;
    }
    return low;
}

// The body's outermost surface from `centre` along `direction` (normalised space), within
// `reach`: marched in from `reach` to the first inside sample, then bisected.
inline float outermostRadius(const BodyFigure& figure, std::span<const std::uint32_t> all,
                             float gap, const glm::vec3& centre, const glm::vec3& direction,
                             float reach) {
    const auto field = [&](float r) {
        return bodyDistance(figure.volumes, all, centre + r * direction, kBodyFarOutside, gap);
    };
    constexpr float kMarch = 1e-3f;
    float inside = reach;
    while (inside > 0.0f && field(inside) > 0.0f) {
        inside -= kMarch;
    }
    float outside = inside + kMarch;
    for (int round = 0; round < 30; ++round) {
        const float middle = 0.5f * (inside + outside);
        (field(middle) > 0.0f ? outside : inside) = middle;
    }
    return inside;
}

// The body's surface from `centre` (inside it) outward along `direction`: the first point within
// `reach` where the field turns positive, marched out a thousandth of the figure at a time and
// then bisected; `reach` when none. Unlike outermostRadius it stops at the first surface (a
// torso's side, not an arm beyond it).
inline float firstExit(const BodyFigure& figure, std::span<const std::uint32_t> all, float gap,
                       const glm::vec3& centre, const glm::vec3& direction, float reach) {
    const auto field = [&](float r) {
        return bodyDistance(figure.volumes, all, centre + r * direction, kBodyFarOutside, gap);
    };
    constexpr float kMarch = 1e-3f;
    float inside = 0.0f;
    while (inside < reach && field(inside + kMarch) <= 0.0f) {
        inside += kMarch;
    }
    if (!(inside < reach)) {
        return reach;
    }
    float outside = inside + kMarch;
    for (int round = 0; round < 30; ++round) {
        const float middle = 0.5f * (inside + outside);
        (field(middle) > 0.0f ? outside : inside) = middle;
    }
    return inside;
}

} // namespace bvh::test
