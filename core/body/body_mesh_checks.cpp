#include "core/body/body_mesh_checks.h"

#include "core/body/body_edge_sort.h"
#include "core/body/body_mesh.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <vector>

namespace bvh {

std::size_t BodyMesh::byteSize() const {
    return sizeof(BodyMesh) + vertices.capacity() * sizeof(BodyVertex) +
           indices.capacity() * sizeof(std::uint32_t) +
           levels.capacity() * sizeof(BodyDetailLevel) + nodeRadii.capacity() * sizeof(float) +
           outlineVertices.capacity() * sizeof(std::uint32_t) +
           bindWorld.capacity() * sizeof(RigidTransform);
}

bool isClosedSurface(std::span<const std::uint32_t> indices) {
    if (indices.empty() || indices.size() % 3 != 0) {
        return false;
    }
    std::vector<std::uint64_t> directed;
    directed.reserve(indices.size());
    for (std::size_t t = 0; t < indices.size(); t += 3) {
        const std::uint32_t v[3] = {indices[t], indices[t + 1], indices[t + 2]};
        if (v[0] == v[1] || v[1] == v[2] || v[0] == v[2]) {
            return false;
        }
        for (int k = 0; k < 3; ++k) {
            directed.push_back(directedEdgeKey(v[k], v[(k + 1) % 3]));
        }
    }
    sortEdgeKeys(directed);
    if (std::adjacent_find(directed.begin(), directed.end()) != directed.end()) {
        return false; // an edge used twice in one direction: not oriented, or more than two faces
    }
    // Every edge's reverse is there exactly when the reversed edges, sorted, are the same list
    // (no edge repeats): one more sort costs less than a search for each edge.
    std::vector<std::uint64_t> reversed(directed.size());
    std::transform(directed.begin(), directed.end(), reversed.begin(), reversedEdgeKey);
    sortEdgeKeys(reversed);
    return reversed == directed;
}

double signedVolume(std::span<const glm::vec3> positions, std::span<const std::uint32_t> indices) {
    double volume = 0.0;
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        const glm::dvec3 a(positions[indices[t]]);
        const glm::dvec3 b(positions[indices[t + 1]]);
        const glm::dvec3 c(positions[indices[t + 2]]);
        volume += glm::dot(a, glm::cross(b, c)) / 6.0;
    }
    return volume;
}

} // namespace bvh
