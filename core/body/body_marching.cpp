#include "core/body/body_marching.h"

#include <algorithm>
#include <array>
#include <glm/geometric.hpp>

namespace bvh {

std::vector<float> sampleBodyDistance(std::span<const BodyVolume> volumes, const BodyGrid& grid,
                                      std::stop_token stop) {
    std::vector<float> distance(grid.sampleCount(), kBodyFarOutside);
    const std::size_t nx = static_cast<std::size_t>(grid.samplesX);
    const std::size_t ny = static_cast<std::size_t>(grid.samplesY);
    BodyNeighbourTable neighbours; // one brick's, reused
    for (int bz = 0; bz < grid.bricksZ; ++bz) {
        if (stop.stop_requested()) {
            return {};
        }
        for (int by = 0; by < grid.bricksY; ++by) {
            for (int bx = 0; bx < grid.bricksX; ++bx) {
                const std::size_t brick =
                    static_cast<std::size_t>(bx) +
                    static_cast<std::size_t>(grid.bricksX) *
                        (static_cast<std::size_t>(by) +
                         static_cast<std::size_t>(grid.bricksY) * static_cast<std::size_t>(bz));
                const std::span<const std::uint32_t> near = grid.volumesOfBrick(brick);
                if (near.empty()) {
                    continue;
                }
                listBodyNeighbours(volumes, near, neighbours);
                const int z1 = std::min((bz + 1) * kBodyBrickSamples, grid.samplesZ);
                const int y1 = std::min((by + 1) * kBodyBrickSamples, grid.samplesY);
                const int x1 = std::min((bx + 1) * kBodyBrickSamples, grid.samplesX);
                for (int z = bz * kBodyBrickSamples; z < z1; ++z) {
                    for (int y = by * kBodyBrickSamples; y < y1; ++y) {
                        for (int x = bx * kBodyBrickSamples; x < x1; ++x) {
                            const glm::vec3 p = grid.origin + grid.cell * glm::vec3(x, y, z);
                            distance[static_cast<std::size_t>(x) +
                                     nx * (static_cast<std::size_t>(y) +
                                           ny * static_cast<std::size_t>(z))] =
                                bodyDistance(volumes, near, p, kBodyFarOutside,
                                             kBodyGapInCells * grid.cell, &neighbours);
                        }
                    }
                }
            }
        }
    }
    return distance;
}

namespace {

// Open addressing from a grid edge (its lower sample and direction) to its surface vertex.
class EdgeVertexMap {
public:
    explicit EdgeVertexMap(std::size_t expected) {
        std::size_t capacity = 1024;
        while (capacity < 2 * expected) {
            capacity *= 2;
        }
        keys_.assign(capacity, kEmpty);
        values_.resize(capacity);
    }
    // The vertex of `key`, made by `make` the first time.
    template <typename Make>
    std::uint32_t find(std::uint64_t key, Make&& make) {
        if (2 * (size_ + 1) > keys_.size()) {
            grow();
        }
        std::size_t slot = slotOf(key);
        while (keys_[slot] != kEmpty) {
            if (keys_[slot] == key) {
                return values_[slot];
            }
            slot = (slot + 1) & (keys_.size() - 1);
        }
        keys_[slot] = key;
        values_[slot] = make();
        ++size_;
        return values_[slot];
    }

private:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
    std::size_t slotOf(std::uint64_t key) const {
        return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> 20) & (keys_.size() - 1);
    }
    void grow() {
        std::vector<std::uint64_t> keys(keys_.size() * 2, kEmpty);
        std::vector<std::uint32_t> values(keys.size());
        keys.swap(keys_);
        values.swap(values_);
        for (std::size_t i = 0; i < keys.size(); ++i) {
            if (keys[i] != kEmpty) {
                std::size_t slot = slotOf(keys[i]);
                while (keys_[slot] != kEmpty) {
                    slot = (slot + 1) & (keys_.size() - 1);
                }
                keys_[slot] = keys[i];
                values_[slot] = values[i];
            }
        }
    }
    std::vector<std::uint64_t> keys_;
    std::vector<std::uint32_t> values_;
    std::size_t size_ = 0;
};

// The six tetrahedra of the Kuhn cut of a cube around its diagonal from corner 0 to corner 7
// (corner bits: x = 1, y = 2, z = 4): 0, one axis, two axes, 7, over the six orders of axes.
// Every edge of them joins a corner to one with more bits, so it is named by its lower corner
// and the bits it adds.
constexpr std::array<std::array<int, 4>, 6> kTetrahedra = {{
    {0, 1, 3, 7},
    {0, 1, 5, 7},
    {0, 2, 3, 7},
    {0, 2, 6, 7},
    {0, 4, 5, 7},
    {0, 4, 6, 7},
}};

struct Marcher {
    const BodyGrid& grid;
    std::span<const float> distance;
    RawBodySurface& surface;
    EdgeVertexMap edges;
    std::size_t cornerSample[8] = {};
    float cornerValue[8] = {};
    int cellX = 0, cellY = 0, cellZ = 0;

    glm::ivec3 cornerOffset(int corner) const {
        return {corner & 1, (corner >> 1) & 1, (corner >> 2) & 1};
    }

    std::uint32_t edgeVertex(int inside, int outside) {
        const int low = std::min(inside, outside);
        const int high = std::max(inside, outside);
        const std::uint64_t key = static_cast<std::uint64_t>(cornerSample[low]) * 8 +
                                  static_cast<std::uint64_t>(high ^ low);
        return edges.find(key, [&] {
            const float a = cornerValue[inside];
            const float b = cornerValue[outside];
            // a < 0 <= b: a point strictly inside the edge; kept off the samples so that no two
            // edges' vertices coincide.
            const float t = std::clamp(a / (a - b), 1e-3f, 1.0f - 1e-3f);
            const glm::vec3 cell(static_cast<float>(cellX), static_cast<float>(cellY),
                                 static_cast<float>(cellZ));
            const glm::vec3 from =
                grid.origin + grid.cell * (cell + glm::vec3(cornerOffset(inside)));
            const glm::vec3 to =
                grid.origin + grid.cell * (cell + glm::vec3(cornerOffset(outside)));
            surface.positions.push_back(from + t * (to - from));
            return static_cast<std::uint32_t>(surface.positions.size() - 1);
        });
    }

    // One triangle through the edges (inside_k, outside_k), turned to face from inside to out.
    // The orientation is decided on the edges' midpoints, in exact small integers: it is the
    // same for every point strictly inside the edges, so it holds for the interpolated ones.
    void emit(const std::array<std::array<int, 2>, 3>& edgePairs, const glm::ivec3& outward) {
        glm::ivec3 mid[3];
        std::uint32_t vertex[3];
        for (int k = 0; k < 3; ++k) {
            mid[k] = cornerOffset(edgePairs[k][0]) + cornerOffset(edgePairs[k][1]);
            vertex[k] = edgeVertex(edgePairs[k][0], edgePairs[k][1]);
        }
        const glm::ivec3 u = mid[1] - mid[0];
        const glm::ivec3 v = mid[2] - mid[0];
        const glm::ivec3 normal(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z,
                                u.x * v.y - u.y * v.x);
        const bool flip = normal.x * outward.x + normal.y * outward.y + normal.z * outward.z < 0;
        surface.indices.push_back(vertex[0]);
        surface.indices.push_back(flip ? vertex[2] : vertex[1]);
        surface.indices.push_back(flip ? vertex[1] : vertex[2]);
    }

    void marchTetrahedron(const std::array<int, 4>& tet) {
        int inside[4];
        int outside[4];
        int insideCount = 0;
        int outsideCount = 0;
        for (const int corner : tet) {
            if (cornerValue[corner] < 0.0f) {
                inside[insideCount++] = corner;
            } else {
                outside[outsideCount++] = corner;
            }
        }
        if (insideCount == 0 || outsideCount == 0) {
            return;
        }
        // From the inside corners' mean to the outside corners' mean (times both counts).
        glm::ivec3 outward(0);
        for (int k = 0; k < outsideCount; ++k) {
            outward += insideCount * cornerOffset(outside[k]);
        }
        for (int k = 0; k < insideCount; ++k) {
            outward -= outsideCount * cornerOffset(inside[k]);
        }
        if (insideCount == 1) {
            emit({{{inside[0], outside[0]}, {inside[0], outside[1]}, {inside[0], outside[2]}}},
                 outward);
        } else if (insideCount == 3) {
            emit({{{inside[0], outside[0]}, {inside[1], outside[0]}, {inside[2], outside[0]}}},
                 outward);
        } else {
            // The quad's cycle: (a,c) (a,d) (b,d) (b,c).
            const int a = inside[0], b = inside[1], c = outside[0], d = outside[1];
            emit({{{a, c}, {a, d}, {b, d}}}, outward);
            emit({{{a, c}, {b, d}, {b, c}}}, outward);
        }
    }
};

// Per sample x along the row of cells at `row` (its y and z): which of the 4 samples at x the
// row's cells have as corners (at y and z, y + 1, z + 1, both) are inside, as bits 0 to 3; a
// cell's 8 corners are those of x and x + 1. False when none is: most rows of a grid round a
// body. (Read corner by corner, every cell cost more than the triangles of the few with surface.)
bool insideColumns(std::span<const float> distance, std::size_t row, std::size_t nx,
                   std::size_t nxy, std::vector<std::uint8_t>& columns) {
    const float* const at[4] = {&distance[row], &distance[row + nx], &distance[row + nxy],
                                &distance[row + nx + nxy]};
    std::uint8_t any = 0;
    for (std::size_t x = 0; x < nx; ++x) {
        columns[x] =
            static_cast<std::uint8_t>((at[0][x] < 0.0f ? 1 : 0) | (at[1][x] < 0.0f ? 2 : 0) |
                                      (at[2][x] < 0.0f ? 4 : 0) | (at[3][x] < 0.0f ? 8 : 0));
        any |= columns[x];
    }
    return any != 0;
}

} // namespace

bool marchBodySurface(const BodyGrid& grid, std::span<const float> distance, std::stop_token stop,
                      RawBodySurface& surface) {
    surface = {};
    Marcher marcher{grid, distance, surface, EdgeVertexMap(1 << 14), {}, {}, 0, 0, 0};
    const std::size_t nx = static_cast<std::size_t>(grid.samplesX);
    const std::size_t nxy = nx * static_cast<std::size_t>(grid.samplesY);
    std::vector<std::uint8_t> columns(nx);
    for (int z = 0; z + 1 < grid.samplesZ; ++z) {
        if (stop.stop_requested()) {
            return false;
        }
        for (int y = 0; y + 1 < grid.samplesY; ++y) {
            const std::size_t row =
                nx * static_cast<std::size_t>(y) + nxy * static_cast<std::size_t>(z);
            if (!insideColumns(distance, row, nx, nxy, columns)) {
                continue;
            }
            for (int x = 0; x + 1 < grid.samplesX; ++x) {
                // A cell whose corners are all inside or all outside holds no surface.
                const int corners = columns[static_cast<std::size_t>(x)] |
                                    columns[static_cast<std::size_t>(x) + 1] << 4;
                if (corners == 0 || corners == 0xFF) {
                    continue;
                }
                const std::size_t base = row + static_cast<std::size_t>(x);
                for (int corner = 0; corner < 8; ++corner) {
                    const std::size_t sample = base + static_cast<std::size_t>(corner & 1) +
                                               nx * static_cast<std::size_t>((corner >> 1) & 1) +
                                               nxy * static_cast<std::size_t>((corner >> 2) & 1);
                    marcher.cornerSample[corner] = sample;
                    marcher.cornerValue[corner] = distance[sample];
                }
                marcher.cellX = x;
                marcher.cellY = y;
                marcher.cellZ = z;
                for (const auto& tet : kTetrahedra) {
                    marcher.marchTetrahedron(tet);
                }
            }
        }
    }
    return true;
}

} // namespace bvh
