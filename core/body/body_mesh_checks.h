// Properties of a body's triangles the builder keeps and the tests assert.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <span>

namespace bvh {

// Closed and consistently oriented: every edge is used by exactly two triangles, once in each
// direction, and no triangle repeats a vertex. An empty list is not closed.
bool isClosedSurface(std::span<const std::uint32_t> indices);

// The volume enclosed (divergence theorem): positive when triangles are counter-clockwise seen
// from outside.
double signedVolume(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices);

} // namespace bvh
