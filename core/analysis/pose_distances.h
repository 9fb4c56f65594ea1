// How far each node moves between two poses: the stance's speeds (stance.h) measure it for
// every node of every sampled frame against the frame a tenth of a second later.
//
// Pure; never throws or prints.
#pragma once

#include <glm/vec3.hpp>
#include <span>

namespace bvh {

// distances[i] = glm::distance(from[i], to[i]) for every node, to the bit (the square root of
// (dx dx + dy dy) + dz dz, summed as glm sums a dot product). from, to and distances have one
// entry per node.
void nodeDistances(std::span<const glm::dvec3> from, std::span<const glm::dvec3> to,
                   std::span<double> distances);

} // namespace bvh
