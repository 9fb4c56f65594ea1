// Skinning weights smoothed along a body's surface: the weights each vertex takes from the
// volumes near it (body_builder.cpp) change abruptly where two bones' volumes meet (an upper
// arm hanging against the chest, a thigh against the pelvis), and a triangle whose corners
// follow different bones stretches by the whole distance they move apart. Spreading the weights
// over a few rings of the surface's own edges makes that distance fall over several triangles,
// each stretched a little, as linear blend skinning (glTF viewers) and dual quaternions (the
// viewer) both need. Weights travel only along the surface, so they never cross a gap between
// volumes (an arm's surface and the torso's are not connected there).
#pragma once

#include "core/body/body_mesh.h"

#include <cstdint>
#include <span>

namespace bvh {

// Smooths mesh.vertices' joints and weights over the triangles `indices` (a closed level of
// `mesh`): `rounds` rounds, each averaging a vertex's weights with its edge neighbours' mean
// (half and half, neighbours by inverse distance), then gives the ends of edges under a tenth of
// the mean edge one set of weights; keeps the 4 largest, in descending order, summing to 1.
void smoothBodyWeights(BodyMesh& mesh, std::span<const std::uint32_t> indices, int rounds);

} // namespace bvh
