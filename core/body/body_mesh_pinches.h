// Separating the sheets of a simplified body level that a collapse pinched into one edge.
#pragma once

#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>
#include <vector>

namespace bvh {

// At each vertex of an edge used by more than two triangles, splits the triangles around the
// vertex into the fans its two-triangle edges join, and gives every fan but the first a copy of
// the vertex (appended to `positions`, at the same place). Returns the number of copies.
// A closed, oriented surface whose simplification pinched two sheets into one edge is closed
// and oriented again: each sheet keeps its own copy of the edge, both at the same place.
//
// Why: the marched surface of a slot thinner than a cell (between a resting arm and the trunk
// wall body_gap.h keeps, between fingers) is two sheets a fraction of a cell apart, and
// meshoptimizer's edge collapses, which watch each sheet's shape and not the other's, now and
// then fold one sheet's edge onto the other's. At half a cell along x a Mixamo-like biped's
// 8 000-triangle level got one edge of four triangles over its right upper arm (-38.0, 152.65,
// -1.36), and the builder fell back to a 10 000-triangle level of other collapses, which fused
// a fist's thumb tip to its index finger with an edge 7.6x stretched under linear blending.
// The copies move as the sheets did before: the slot was closed there already.
std::size_t separatePinchedSheets(std::vector<glm::vec3>& positions,
                                  std::vector<std::uint32_t>& indices);

} // namespace bvh
