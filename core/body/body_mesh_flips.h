// Edge flips that round a simplified body level's triangles without moving its surface.
#pragma once

#include <cstdint>
#include <functional>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh {

// Flips the shared edge of two triangles (a, b, c) and (b, a, d) to (c, d) wherever the angles
// facing it, at c and at d, add up to more than half a turn (the Delaunay condition, across the
// surface), the two triangles lie within kFlatFlipDegrees of one plane before and after, no
// edge (c, d) exists yet and `mayFlip(a, b, c, d)` (when given) allows it; at most `rounds`
// passes over the edges. Returns the number of flips. A closed, oriented mesh
// (isClosedSurface) stays closed and oriented, its vertices and their count unchanged.
//
// Why: meshoptimizer's collapses leave slivers a few cells long on a curved trunk (the flank
// under a T-posed arm: 8 cm edges where the marching's cells are 2.7). The renderer interpolates
// the field's exact normals across each triangle, and a sliver lying across the curvature
// interpolates them between points far apart round it: the light bends at every one of its long
// edges, a crease down the chest. Which slivers a level keeps depends on the whole mesh's order
// of collapses (a change at the neck moved them on the flank, where the field had not changed by
// a bit); rounder triangles over the same vertices shade alike whichever way the collapses fell.
// Flat quads only: a flip across a fold would cut into the surface or raise a ridge on it.
using MayFlip =
    std::function<bool(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d)>;
std::size_t flipToRounderTriangles(std::span<const glm::vec3> positions,
                                   std::span<std::uint32_t> indices, int rounds,
                                   const MayFlip& mayFlip = {});

struct BodyMesh;
// flipToRounderTriangles over `mesh`'s finest level (its coarser levels, simplified before, keep
// theirs), after its weights: where the new edge's weights change no faster along it than the
// old edge's did (half the L1 distance between the two vertices' weights, per unit of length).
// A flip that joins a vertex moved by one bone to one moved by another across a joint would
// stretch under linear blending where the edge it replaces did not (a Delaunay flip's new edge
// is the shorter: the same change of weights over less length).
void roundFinestLevel(BodyMesh& mesh);

// The steepest fold, in degrees between the two triangles' planes, a flip keeps (before and after).
inline constexpr float kFlatFlipDegrees = 20.0f;
// Passes over the finest level's edges (roundFinestLevel); nearly all flips come in the first two.
inline constexpr int kFlipRounds = 4;

} // namespace bvh
