#include "core/body/body_mesh_pinches.h"

#include "core/body/body_edge_sort.h"
#include "core/body/union_find.h"

#include <algorithm>
#include <numeric>
#include <span>

namespace bvh {
namespace {

// The undirected edges of `indices` used by more than two triangles, sorted.
std::vector<std::uint64_t> pinchedEdges(std::span<const std::uint32_t> indices) {
    std::vector<std::uint64_t> edges;
    edges.reserve(indices.size());
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        for (std::size_t k = 0; k < 3; ++k) {
            edges.push_back(undirectedEdgeKey(indices[t + k], indices[t + (k + 1) % 3]));
        }
    }
    sortEdgeKeys(edges);
    std::vector<std::uint64_t> pinched;
    for (std::size_t k = 0; k + 2 < edges.size(); ++k) {
        if (edges[k] == edges[k + 2] && (pinched.empty() || pinched.back() != edges[k])) {
            pinched.push_back(edges[k]);
        }
    }
    return pinched;
}

// The triangle at `t`'s corner other than `vertex` and before or after it, going round.
std::uint32_t cornerAfter(std::span<const std::uint32_t> indices, std::size_t t,
                          std::uint32_t vertex, std::size_t step) {
    for (std::size_t k = 0; k < 3; ++k) {
        if (indices[t + k] == vertex) {
            return indices[t + (k + step) % 3];
        }
    }
    return vertex;
}

// Splits `vertex`'s triangles (at `around`, offsets into `indices`) into the fans joined by
// edges of two triangles (not in `pinched`), and moves every fan but the first to a new copy of
// the vertex. Returns the copies made.
std::size_t splitFans(std::uint32_t vertex, std::span<const std::size_t> around,
                      std::span<const std::uint64_t> pinched,
                      const std::vector<glm::vec3>& positions,
                      std::vector<std::uint32_t>& indices) {
    std::vector<std::size_t> parent(around.size());
    std::iota(parent.begin(), parent.end(), std::size_t{0});
    for (std::size_t i = 0; i < around.size(); ++i) {
        const std::uint32_t next = cornerAfter(indices, around[i], vertex, 1);
        if (std::binary_search(pinched.begin(), pinched.end(), undirectedEdgeKey(vertex, next))) {
            continue;
        }
        for (std::size_t j = 0; j < around.size(); ++j) {
            if (j != i && cornerAfter(indices, around[j], vertex, 2) == next) {
                parent[unionFindRoot(parent, i)] = unionFindRoot(parent, j);
            }
        }
    }
    std::vector<std::size_t> roots;
    for (std::size_t i = 0; i < around.size(); ++i) {
        const std::size_t root = unionFindRoot(parent, i);
        const auto at = std::find(roots.begin(), roots.end(), root);
        const std::size_t fan = static_cast<std::size_t>(at - roots.begin());
        if (at == roots.end()) {
            roots.push_back(root);
        }
        if (fan == 0) {
            continue;
        }
        // The copies go after `positions`' end (separatePinchedSheets appends them).
        const auto copy = static_cast<std::uint32_t>(positions.size() + fan - 1);
        std::replace(indices.begin() + static_cast<std::ptrdiff_t>(around[i]),
                     indices.begin() + static_cast<std::ptrdiff_t>(around[i] + 3), vertex, copy);
    }
    return roots.size() - 1;
}

} // namespace

std::size_t separatePinchedSheets(std::vector<glm::vec3>& positions,
                                  std::vector<std::uint32_t>& indices) {
    const std::vector<std::uint64_t> pinched = pinchedEdges(indices);
    if (pinched.empty()) {
        return 0;
    }
    std::vector<std::uint32_t> vertices;
    for (const std::uint64_t edge : pinched) {
        vertices.push_back(static_cast<std::uint32_t>(edge >> 32));
        vertices.push_back(static_cast<std::uint32_t>(edge & 0xffffffffu));
    }
    std::sort(vertices.begin(), vertices.end());
    vertices.erase(std::unique(vertices.begin(), vertices.end()), vertices.end());
    std::size_t copies = 0;
    std::vector<std::size_t> around;
    for (const std::uint32_t vertex : vertices) {
        around.clear();
        for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
            if (indices[t] == vertex || indices[t + 1] == vertex || indices[t + 2] == vertex) {
                around.push_back(t);
            }
        }
        const std::size_t made = splitFans(vertex, around, pinched, positions, indices);
        positions.insert(positions.end(), made, positions[vertex]);
        copies += made;
    }
    return copies;
}

} // namespace bvh
