#include "core/body/body_grid.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace bvh {
namespace {

// Cells of outside samples around the volumes: the mesh never touches the grid's edge, so
// marching closes it everywhere.
constexpr int kMarginCells = 3;

int clampIndex(int value, int count) {
    return std::clamp(value, 0, count - 1);
}

// BodyOptions::gridPhase: the samples move by `phase`'s fraction of a cell. The first sample
// moves back by the rest of a cell and one more is added, so the grid reaches at least as far as
// before on both sides.
void applyGridPhase(const glm::vec3& phase, BodyGrid& grid) {
    int* const samples[3] = {&grid.samplesX, &grid.samplesY, &grid.samplesZ};
    for (int axis = 0; axis < 3; ++axis) {
        const float share = phase[axis] - std::floor(phase[axis]);
        if (share > 0.0f && std::isfinite(share)) {
            grid.origin[axis] -= (1.0f - share) * grid.cell;
            ++*samples[axis];
        }
    }
}

} // namespace

std::span<const std::uint32_t> BodyGrid::volumesNear(const glm::vec3& p) const {
    const glm::vec3 at = (p - origin) / cell;
    const int x =
        clampIndex(static_cast<int>(std::floor(at.x + 0.5f)) / kBodyBrickSamples, bricksX);
    const int y =
        clampIndex(static_cast<int>(std::floor(at.y + 0.5f)) / kBodyBrickSamples, bricksY);
    const int z =
        clampIndex(static_cast<int>(std::floor(at.z + 0.5f)) / kBodyBrickSamples, bricksZ);
    return volumesOfBrick(static_cast<std::size_t>(x) +
                          static_cast<std::size_t>(bricksX) *
                              (static_cast<std::size_t>(y) +
                               static_cast<std::size_t>(bricksY) * static_cast<std::size_t>(z)));
}

bool planBodyGrid(std::span<const BodyVolume> volumes, std::size_t maxSamples,
                  std::size_t maxEvaluations, BodyGrid& grid, std::string& problem,
                  const glm::vec3& phase, float firstCell) {
    glm::vec3 low(std::numeric_limits<float>::max());
    glm::vec3 high(-std::numeric_limits<float>::max());
    float largestBlend = 0.0f;
    for (const BodyVolume& volume : volumes) {
        low = glm::min(low, volume.boundsMin);
        high = glm::max(high, volume.boundsMax);
        largestBlend = std::max(largestBlend, volume.blend);
    }
    const glm::vec3 extent = high - low + glm::vec3(largestBlend);
    // The cell that fits the sample cap: (extent / cell + 2 margins + 1)^3 <= maxSamples.
    float cell = firstCell;
    const auto samplesFor = [&](float size) {
        double count = 1.0;
        for (int axis = 0; axis < 3; ++axis) {
            count *= std::ceil(static_cast<double>(extent[axis]) / size) + 2 * kMarginCells + 1;
        }
        return count;
    };
    while (samplesFor(cell) > static_cast<double>(maxSamples)) {
        cell *= 1.1f;
        if (cell > 10.0f) {
            problem = "the grid's sample limit is too small for any body";
            return false;
        }
    }
    grid.cell = cell;
    grid.samplesX = static_cast<int>(std::ceil(extent.x / cell)) + 2 * kMarginCells + 1;
    grid.samplesY = static_cast<int>(std::ceil(extent.y / cell)) + 2 * kMarginCells + 1;
    grid.samplesZ = static_cast<int>(std::ceil(extent.z / cell)) + 2 * kMarginCells + 1;
    // Centred on the volumes (at least the margin on every side): a figure symmetric about a
    // plane through its centre along an axis is sampled at mirrored points, so both of its sides
    // get one surface. From its low corner, the samples fell a fraction of a cell differently on
    // each side, and the body's two shoulders came out unlike each other.
    const glm::vec3 span =
        cell * glm::vec3(grid.samplesX - 1, grid.samplesY - 1, grid.samplesZ - 1);
    grid.origin = 0.5f * (low + high) - 0.5f * span;
    applyGridPhase(phase, grid);
    grid.bricksX = (grid.samplesX + kBodyBrickSamples - 1) / kBodyBrickSamples;
    grid.bricksY = (grid.samplesY + kBodyBrickSamples - 1) / kBodyBrickSamples;
    grid.bricksZ = (grid.samplesZ + kBodyBrickSamples - 1) / kBodyBrickSamples;
    return indexBodyGrid(volumes, maxEvaluations, grid, problem);
}

bool indexBodyGrid(std::span<const BodyVolume> volumes, std::size_t maxEvaluations, BodyGrid& grid,
                   std::string& problem) {
    const std::size_t brickCount = static_cast<std::size_t>(grid.bricksX) *
                                   static_cast<std::size_t>(grid.bricksY) *
                                   static_cast<std::size_t>(grid.bricksZ);
    const std::size_t brickSamples =
        static_cast<std::size_t>(kBodyBrickSamples) * kBodyBrickSamples * kBodyBrickSamples;
    // Each volume's brick range: its bounds grown by its blend and two cells (normals and weights
    // look a little beyond the surface).
    struct Range {
        int low[3];
        int high[3];
    };
    std::vector<Range> ranges(volumes.size());
    std::vector<std::uint32_t> counts(brickCount + 1, 0);
    std::size_t pairs = 0;
    const int bricks[3] = {grid.bricksX, grid.bricksY, grid.bricksZ};
    for (std::size_t v = 0; v < volumes.size(); ++v) {
        const float reach = volumes[v].blend + 2.0f * grid.cell;
        const glm::vec3 low = (volumes[v].boundsMin - glm::vec3(reach) - grid.origin) / grid.cell;
        const glm::vec3 high = (volumes[v].boundsMax + glm::vec3(reach) - grid.origin) / grid.cell;
        std::size_t covered = 1;
        for (int axis = 0; axis < 3; ++axis) {
            ranges[v].low[axis] = clampIndex(
                static_cast<int>(std::floor(low[axis])) / kBodyBrickSamples, bricks[axis]);
            ranges[v].high[axis] = clampIndex(
                static_cast<int>(std::ceil(high[axis])) / kBodyBrickSamples, bricks[axis]);
            covered *= static_cast<std::size_t>(ranges[v].high[axis] - ranges[v].low[axis] + 1);
        }
        pairs += covered;
        if (pairs * brickSamples > maxEvaluations) {
            problem = "the body would take too long to build (too many or too large bones)";
            return false;
        }
    }
    const auto brickIndex = [&](int x, int y, int z) {
        return static_cast<std::size_t>(x) +
               static_cast<std::size_t>(grid.bricksX) *
                   (static_cast<std::size_t>(y) +
                    static_cast<std::size_t>(grid.bricksY) * static_cast<std::size_t>(z));
    };
    const auto forEachBrick = [&](const Range& range, auto&& visit) {
        for (int z = range.low[2]; z <= range.high[2]; ++z) {
            for (int y = range.low[1]; y <= range.high[1]; ++y) {
                for (int x = range.low[0]; x <= range.high[0]; ++x) {
                    visit(brickIndex(x, y, z));
                }
            }
        }
    };
    for (const Range& range : ranges) {
        forEachBrick(range, [&](std::size_t brick) { ++counts[brick + 1]; });
    }
    for (std::size_t b = 0; b < brickCount; ++b) {
        counts[b + 1] += counts[b];
    }
    grid.brickStart = counts;
    grid.brickVolumes.assign(pairs, 0);
    std::vector<std::uint32_t> cursor(counts.begin(), counts.end() - 1);
    for (std::size_t v = 0; v < volumes.size(); ++v) {
        forEachBrick(ranges[v], [&](std::size_t brick) {
            grid.brickVolumes[cursor[brick]++] = static_cast<std::uint32_t>(v);
        });
    }
    grid.evaluations = pairs * brickSamples;
    return true;
}

} // namespace bvh
