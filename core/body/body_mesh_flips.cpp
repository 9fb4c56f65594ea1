#include "core/body/body_mesh_flips.h"

#include "core/body/body_edge_sort.h"
#include "core/body/body_mesh.h"
#include "core/body/body_mesh_checks.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <utility>

namespace bvh {

namespace {

constexpr std::uint32_t kNoTwin = ~0u;
// twins' keys: a vertex index in 21 bits, a half-edge's in 22 (a finest level has some 24 000
// half-edges and half as many vertices; a larger mesh is left as it is).
constexpr int kVertexBits = 21;
constexpr int kHalfEdgeBits = 22;
// A vertex with more triangles round it than this is left as it is (the ring walk's bound).
constexpr int kLongestRing = 64;

std::uint32_t next(std::uint32_t h) {
    return h % 3 == 2 ? h - 2 : h + 1;
}

std::uint32_t previous(std::uint32_t h) {
    return h % 3 == 0 ? h + 2 : h - 1;
}

// Per half-edge h (corner h of the index list, running from indices[h] to the next corner of
// its triangle): the half-edge running back along it, kNoTwin where none does or where more than
// two triangles share the edge. Keys of the edge's lower and higher vertex and h, radix-sorted
// (sortEdgeKeys): the two half-edges of an edge come out next to each other.
std::vector<std::uint32_t> twins(std::span<const std::uint32_t> indices) {
    std::vector<std::uint64_t> keys(indices.size());
    for (std::uint32_t h = 0; h < indices.size(); ++h) {
        const std::uint64_t low = std::min(indices[h], indices[next(h)]);
        const std::uint64_t high = std::max(indices[h], indices[next(h)]);
        keys[h] = low << (kVertexBits + kHalfEdgeBits) | high << kHalfEdgeBits | h;
    }
    sortEdgeKeys(keys);
    std::vector<std::uint32_t> twin(indices.size(), kNoTwin);
    const auto edge = [](std::uint64_t key) { return key >> kHalfEdgeBits; };
    const auto half = [](std::uint64_t key) {
        return static_cast<std::uint32_t>(key & ((std::uint64_t{1} << kHalfEdgeBits) - 1));
    };
    for (std::size_t k = 0; k + 1 < keys.size(); ++k) {
        const bool pair = edge(keys[k]) == edge(keys[k + 1]);
        const bool alone = (k == 0 || edge(keys[k - 1]) != edge(keys[k])) &&
                           (k + 2 == keys.size() || edge(keys[k + 2]) != edge(keys[k]));
        if (pair && alone) {
            twin[half(keys[k])] = half(keys[k + 1]);
            twin[half(keys[k + 1])] = half(keys[k]);
        }
    }
    return twin;
}

// Whether an edge joins vertex indices[from] to `to`: a walk round the triangles about it
// (outgoing half-edges, each the twin of the one before it coming in). True where the walk
// cannot close (an open or crowded ring): no flip is made there.
bool joined(std::span<const std::uint32_t> indices, std::span<const std::uint32_t> twin,
            std::uint32_t from, std::uint32_t to) {
    std::uint32_t h = from;
    for (int step = 0; step < kLongestRing; ++step) {
        if (indices[next(h)] == to) {
            return true;
        }
        h = twin[previous(h)];
        if (h == kNoTwin) {
            return true;
        }
        if (h == from) {
            return false;
        }
    }
    return true;
}

glm::vec3 faceNormal(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
    const glm::vec3 n = glm::cross(b - a, c - a);
    const float length = glm::length(n);
    return length > 0.0f ? n / length : glm::vec3(0.0f);
}

// Whether the quad a, d, b, c (triangles (a, b, c) and (b, a, d)) is better split along c-d:
// the angles facing a-b, at c and d, add up to more than half a turn (a margin keeps four
// points on one circle, a regular grid's squares, from flipping back and forth), the sign of
// sin(alpha + beta) = sin alpha cos beta + cos alpha sin beta, each scaled by the positive
// |u| |v| of its corner; and the quad is flat both ways.
bool rounderAcross(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c, const glm::vec3& d) {
    constexpr float kMargin = 1e-3f; // radians
    const glm::vec3 ca = a - c, cb = b - c, da = a - d, db = b - d;
    const float cosC = glm::dot(ca, cb), sinC = glm::length(glm::cross(ca, cb));
    const float cosD = glm::dot(da, db), sinD = glm::length(glm::cross(da, db));
    const float scale = glm::length(ca) * glm::length(cb) * glm::length(da) * glm::length(db);
    if (!(sinC * cosD + cosC * sinD < -kMargin * scale)) {
        return false;
    }
    const float flat = std::cos(glm::radians(kFlatFlipDegrees));
    const glm::vec3 n1 = faceNormal(a, b, c);
    const glm::vec3 n2 = faceNormal(b, a, d);
    const glm::vec3 n3 = faceNormal(a, d, c);
    const glm::vec3 n4 = faceNormal(c, d, b);
    return glm::dot(n1, n2) > flat && glm::dot(n3, n4) > flat && glm::dot(n3, n1 + n2) > 0.0f &&
           glm::dot(n4, n1 + n2) > 0.0f;
}

// Rewrites triangles (a, b, c) at h and (b, a, d) at its twin g as (a, d, c) and (c, d, b), and
// their half-edges' twins.
void flip(std::span<std::uint32_t> indices, std::vector<std::uint32_t>& twin, std::uint32_t h) {
    const std::uint32_t g = twin[h];
    const std::uint32_t a = indices[h], b = indices[next(h)], c = indices[previous(h)];
    const std::uint32_t d = indices[previous(g)];
    const std::uint32_t outBC = twin[next(h)], outCA = twin[previous(h)];
    const std::uint32_t outAD = twin[next(g)], outDB = twin[previous(g)];
    const std::uint32_t one = h - h % 3, other = g - g % 3;
    indices[one] = a, indices[one + 1] = d, indices[one + 2] = c;
    indices[other] = c, indices[other + 1] = d, indices[other + 2] = b;
    const auto link = [&twin](std::uint32_t x, std::uint32_t y) {
        twin[x] = y;
        if (y != kNoTwin) {
            twin[y] = x;
        }
    };
    link(one, outAD);
    link(one + 1, other);
    link(one + 2, outCA);
    link(other + 1, outDB);
    link(other + 2, outBC);
}

} // namespace

std::size_t flipToRounderTriangles(std::span<const glm::vec3> positions,
                                   std::span<std::uint32_t> indices, int rounds,
                                   const MayFlip& mayFlip) {
    if (indices.size() >= (std::size_t{1} << kHalfEdgeBits) ||
        positions.size() >= (std::size_t{1} << kVertexBits)) {
        return 0;
    }
    std::vector<std::uint32_t> twin = twins(indices);
    std::size_t flips = 0;
    for (int round = 0; round < rounds; ++round) {
        std::size_t flipped = 0;
        for (std::uint32_t h = 0; h < indices.size(); ++h) {
            const std::uint32_t g = twin[h];
            if (g == kNoTwin || g < h) {
                continue; // each edge once, from its lower half-edge
            }
            const std::uint32_t a = indices[h], b = indices[next(h)], c = indices[previous(h)];
            const std::uint32_t d = indices[previous(g)];
            if (c == d || !rounderAcross(positions[a], positions[b], positions[c], positions[d]) ||
                joined(indices, twin, previous(h), d) || (mayFlip && !mayFlip(a, b, c, d))) {
                continue;
            }
            flip(indices, twin, h);
            ++flipped;
        }
        flips += flipped;
        if (flipped == 0) {
            break;
        }
    }
    return flips;
}

namespace {

// Half the L1 distance between two vertices' weights: 0 where the same joints move both alike,
// 1 where no joint moves both.
float weightGap(const BodyVertex& one, const BodyVertex& other) {
    float shared = 0.0f;
    for (std::size_t i = 0; i < one.joints.size(); ++i) {
        for (std::size_t j = 0; j < other.joints.size(); ++j) {
            if (one.joints[i] == other.joints[j]) {
                shared += std::min(one.weights[i], other.weights[j]);
            }
        }
    }
    return std::max(0.0f, 1.0f - shared);
}

} // namespace

void roundFinestLevel(BodyMesh& mesh) {
    if (mesh.levels.empty()) {
        return;
    }
    const BodyDetailLevel finest = mesh.levels.front();
    const std::span<std::uint32_t> level =
        std::span<std::uint32_t>(mesh.indices).subspan(finest.firstIndex, finest.indexCount);
    std::vector<glm::vec3> positions(mesh.vertices.size());
    std::transform(mesh.vertices.begin(), mesh.vertices.end(), positions.begin(),
                   [](const BodyVertex& vertex) { return vertex.position; });
    const auto slope = [&](std::uint32_t from, std::uint32_t to) {
        const float length = glm::length(positions[from] - positions[to]);
        return weightGap(mesh.vertices[from], mesh.vertices[to]) / std::max(length, 1e-12f);
    };
    const std::vector<std::uint32_t> before(level.begin(), level.end());
    const auto mayFlip = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
        return slope(c, d) <= slope(a, b);
    };
    if (flipToRounderTriangles(positions, level, kFlipRounds, mayFlip) > 0 &&
        !isClosedSurface(level)) {
        std::copy(before.begin(), before.end(), level.begin()); // a pinched vertex's ring
    }
}

} // namespace bvh
