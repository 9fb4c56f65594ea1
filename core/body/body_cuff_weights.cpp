#include "core/body/body_cuff_weights.h"

#include "core/body/body_weights.h"

#include <algorithm>
#include <array>
#include <glm/geometric.hpp>
#include <limits>
#include <vector>

namespace bvh {
namespace {

// The figure's triangles with a corner within this many cells of a cuff's surface are the ones a
// cuff vertex may take its weights from (the sleeve lies a few tenths of a cell outside the cuff).
constexpr float kFigureReachInCells = 2.0f;

glm::vec3 normalised(const glm::vec3& position, const CuffWeightsPieces& pieces) {
    return glm::vec3((glm::dvec3(position) - pieces.centre) / pieces.size);
}

// Whether `cuff` is the nearest of `volumes` to p.
bool nearestIs(std::span<const BodyVolume> volumes, const BodyVolume& cuff, const glm::vec3& p) {
    const float own = signedDistance(cuff, p);
    return std::none_of(volumes.begin(), volumes.end(), [&](const BodyVolume& volume) {
        return &volume != &cuff && signedDistance(volume, p) < own;
    });
}

// The figure's triangles over `cuff`: a corner near its surface and moved by its bone (a thigh
// the hand rests on in the bind pose is as near past the gap, and moves otherwise).
std::vector<std::array<std::uint32_t, 3>>
sleeveTriangles(const BodyMesh& mesh, const CuffWeightsPieces& pieces, const BodyVolume& cuff) {
    const auto onSleeve = [&](std::uint32_t v) {
        const BodyVertex& vertex = mesh.vertices[v];
        bool movedByCuffBone = false;
        for (std::size_t k = 0; k < vertex.joints.size(); ++k) {
            movedByCuffBone |= vertex.weights[k] > 0.0f && vertex.joints[k] == cuff.joint;
        }
        return movedByCuffBone &&
               std::abs(signedDistance(cuff, normalised(vertex.position, pieces))) <
                   kFigureReachInCells * pieces.cell;
    };
    // Per vertex, asked once (a vertex has about six triangles): 0 unknown, 1 on it, 2 not.
    std::vector<std::uint8_t> known(mesh.vertices.size(), 0);
    const auto onSleeveOnce = [&](std::uint32_t v) {
        if (known[v] == 0) {
            known[v] = onSleeve(v) ? 1 : 2;
        }
        return known[v] == 1;
    };
    std::vector<std::array<std::uint32_t, 3>> triangles;
    const std::span<const std::uint32_t> all = pieces.figureTriangles;
    for (std::size_t i = 0; i + 2 < all.size(); i += 3) {
        if (onSleeveOnce(all[i]) || onSleeveOnce(all[i + 1]) || onSleeveOnce(all[i + 2])) {
            triangles.push_back({all[i], all[i + 1], all[i + 2]});
        }
    }
    return triangles;
}

void matchToCuff(BodyMesh& mesh, const CuffWeightsPieces& pieces, const BodyVolume& cuff,
                 std::span<const std::uint32_t> hand) {
    const std::vector<std::array<std::uint32_t, 3>> sleeve = sleeveTriangles(mesh, pieces, cuff);
    if (sleeve.empty()) {
        return;
    }
    for (const std::uint32_t v : hand) {
        BodyVertex& vertex = mesh.vertices[v];
        const glm::vec3 p = normalised(vertex.position, pieces);
        if (!nearestIs(pieces.handVolumes, cuff, p)) {
            continue;
        }
        float nearest = std::numeric_limits<float>::max();
        std::array<std::uint32_t, 3> corners = sleeve.front();
        glm::vec3 barycentric(1.0f, 0.0f, 0.0f);
        for (const std::array<std::uint32_t, 3>& triangle : sleeve) {
            const glm::vec3 a = mesh.vertices[triangle[0]].position;
            const glm::vec3 b = mesh.vertices[triangle[1]].position;
            const glm::vec3 c = mesh.vertices[triangle[2]].position;
            const glm::vec3 at = nearestOnTriangle(vertex.position, a, b, c);
            const float distance = glm::distance(at.x * a + at.y * b + at.z * c, vertex.position);
            if (distance < nearest) {
                nearest = distance;
                corners = triangle;
                barycentric = at;
            }
        }
        // The figure's weights there: each joint's interpolated, the four largest kept.
        const std::array<const BodyVertex*, 3> corner{
            &mesh.vertices[corners[0]], &mesh.vertices[corners[1]], &mesh.vertices[corners[2]]};
        const std::array<float, 3> shares{barycentric.x, barycentric.y, barycentric.z};
        blendWeightsAmong(corner, shares, vertex);
    }
}

} // namespace

glm::vec3 nearestOnTriangle(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b,
                            const glm::vec3& c) {
    const glm::vec3 ab = b - a, ac = c - a, ap = p - a;
    const float d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
    if (d1 <= 0.0f && d2 <= 0.0f) {
        return {1.0f, 0.0f, 0.0f};
    }
    const glm::vec3 bp = p - b;
    const float d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
    if (d3 >= 0.0f && d4 <= d3) {
        return {0.0f, 1.0f, 0.0f};
    }
    const float vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f) {
        const float t = d1 / (d1 - d3);
        return {1.0f - t, t, 0.0f};
    }
    const glm::vec3 cp = p - c;
    const float d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
    if (d6 >= 0.0f && d5 <= d6) {
        return {0.0f, 0.0f, 1.0f};
    }
    const float vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f) {
        const float t = d2 / (d2 - d6);
        return {1.0f - t, 0.0f, t};
    }
    const float va = d3 * d6 - d5 * d4;
    if (va <= 0.0f && d4 - d3 >= 0.0f && d5 - d6 >= 0.0f) {
        const float t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return {0.0f, 1.0f - t, t};
    }
    const float denominator = va + vb + vc;
    if (!(std::abs(denominator) > 0.0f)) {
        return {1.0f, 0.0f, 0.0f}; // a sliver: its first corner
    }
    const float v = vb / denominator, w = vc / denominator;
    return {1.0f - v - w, v, w};
}

void matchCuffWeights(BodyMesh& mesh, const CuffWeightsPieces& pieces) {
    std::vector<std::uint32_t> hand(pieces.handTriangles.begin(), pieces.handTriangles.end());
    std::sort(hand.begin(), hand.end());
    hand.erase(std::unique(hand.begin(), hand.end()), hand.end());
    for (const BodyVolume& volume : pieces.handVolumes) {
        if (volume.cuff) {
            matchToCuff(mesh, pieces, volume, hand);
        }
    }
}

} // namespace bvh
