// The sampling grid a body is meshed on: its cells sized from the figure with the sample count
// capped (bounded work for any skeleton), and which volumes can touch each brick of 8^3 samples,
// so the signed distance is evaluated sparsely: far from every volume a sample is simply
// outside, and near one only the few volumes within reach are summed.
#pragma once

#include "core/body/body_volumes.h"

#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <string>
#include <vector>

namespace bvh {

inline constexpr int kBodyBrickSamples = 4;

struct BodyGrid {
    glm::vec3 origin{0.0f}; // the first sample (normalised space)
    float cell = 0.0f;
    int samplesX = 0, samplesY = 0, samplesZ = 0;
    int bricksX = 0, bricksY = 0, bricksZ = 0;
    // Per brick (x fastest), the volumes that may reach it: brickVolumes[brickStart[b] ...
    // brickStart[b + 1]), in the volumes' order.
    std::vector<std::uint32_t> brickStart;
    std::vector<std::uint32_t> brickVolumes;
    // Samples times volumes summed over all bricks: the signed distance's cost.
    std::size_t evaluations = 0;

    std::size_t sampleCount() const {
        return static_cast<std::size_t>(samplesX) * static_cast<std::size_t>(samplesY) *
               static_cast<std::size_t>(samplesZ);
    }
    std::span<const std::uint32_t> volumesOfBrick(std::size_t brick) const {
        return std::span(brickVolumes)
            .subspan(brickStart[brick], brickStart[brick + 1] - brickStart[brick]);
    }
    // The volumes that may reach a point (those of the brick holding it, clamped to the grid).
    std::span<const std::uint32_t> volumesNear(const glm::vec3& p) const;
};

// Far from every volume (normalised units: the figure is 1 across).
inline constexpr float kBodyFarOutside = 1.0f;

// The cell size for a figure 1 across, before the sample cap: 1/100 resolves a human's wrist
// (radius 3 cm) with 3 cells and keeps a 65-joint build well under 50 ms.
inline constexpr float kBodyCellOfFigure = 0.0145f;

// A hand meshed as a piece of its own (BodyOptions::handPieces) is sampled on cells this many
// times finer than the figure's: 0.44 cm on a 180 cm figure, where a finger (radius 0.8 to 1 cm)
// keeps more than a cell round its axis and the gap between two fingers a cell and more.
inline constexpr int kBodyHandCellDivisor = 6;

// Volumes thinner than this many cells would vanish between samples or break into beads: they
// are thickened to it (the builder's thickenThinVolumes).
inline constexpr float kMinimumRadiusInCells = 0.75f;

// The gap kept between volumes that are not hierarchy neighbours (bodyDistance), in cells. Two
// cells would be wider than any tetrahedron edge (up to sqrt(3) cells), so marching could never
// join the two sides; 1.4 still separates them nearly everywhere (an arm resting on the torso
// lifts off it cleanly: 1.25 left 40 edges stretched in BodyShape's test) while taking less from
// where they touch, which a figure's silhouette needs (a hand near the hip can still keep a
// thread; bvhio's bar, arms hanging against its torso, keeps twice the capsules' area). Since the
// wall is continuous (gapWall), no jump's crumpled facets fill the slit: 1.5 left it open.
inline constexpr float kBodyGapInCells = 1.4f;

// Lays the grid over the volumes with at most `maxSamples` samples (cells grow to fit) and a
// margin of outside samples all round, then indexes the bricks. `problem` says why not when it
// returns false (the index would be larger than `maxEvaluations` allows). `phase`
// (BodyOptions::gridPhase, for tests and sweeps) moves the samples by that share of a cell along
// each axis, with one more sample along an axis it moves, so the margins hold (the cap may then
// be passed by that row). `firstCell`: the cell tried first (a hand's piece: a fraction of the
// figure's), grown while the samples are over the cap.
bool planBodyGrid(std::span<const BodyVolume> volumes, std::size_t maxSamples,
                  std::size_t maxEvaluations, BodyGrid& grid, std::string& problem,
                  const glm::vec3& phase = glm::vec3(0.0f), float firstCell = kBodyCellOfFigure);

// Indexes which volumes reach each brick (after radii changed; planBodyGrid does it once).
bool indexBodyGrid(std::span<const BodyVolume> volumes, std::size_t maxEvaluations, BodyGrid& grid,
                   std::string& problem);

} // namespace bvh
