// How far each node moves between two poses: the stance's speeds (stance.h) measure it for
// every node of every sampled frame against the frame a tenth of a second later.
//
// Pure; never throws or prints.
#pragma once

#include <glm/vec3.hpp>
#include <span>

namespace bvh {

// distances[i] = glm::distance(from[i], to[i]) for every node: the correctly rounded square root
// of (dx dx + dy dy) + dz dz, summed as glm sums a dot product, so glm::distance's bits wherever
// the C library's sqrt rounds correctly (glibc; MinGW-w64's static sqrt is now and then one unit
// in the last place off). from, to and distances have one entry per node.
void nodeDistances(std::span<const glm::dvec3> from, std::span<const glm::dvec3> to,
                   std::span<double> distances);

} // namespace bvh
