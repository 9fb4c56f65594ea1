// The body's surface from its signed distance on a grid, by marching tetrahedra: each cube is
// cut into the six tetrahedra around its main diagonal (the same cut in every cube, so faces
// match), and within a tetrahedron the zero set of the linearly interpolated distance is one
// triangle or one quad, with no ambiguous case. Samples are inside when negative, outside
// otherwise (never zero), and every surface vertex is the one point on its grid edge shared by
// all tetrahedra around that edge, so the result is a closed, consistently oriented 2-manifold
// (counter-clockwise seen from outside) whenever the grid's border is outside.
#pragma once

#include "core/body/body_grid.h"

#include <cstdint>
#include <glm/vec3.hpp>
#include <stop_token>
#include <vector>

namespace bvh {

struct RawBodySurface {
    std::vector<glm::vec3> positions; // normalised space
    std::vector<std::uint32_t> indices;
};

// Evaluates the smooth union of `volumes` at every sample (sparsely, per brick).
std::vector<float> sampleBodyDistance(std::span<const BodyVolume> volumes, const BodyGrid& grid,
                                      std::stop_token stop);

// Marches the sampled distance. Returns false when stopped.
bool marchBodySurface(const BodyGrid& grid, std::span<const float> distance, std::stop_token stop,
                      RawBodySurface& surface);

} // namespace bvh
