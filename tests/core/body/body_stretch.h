// The measure the project's outside check applies to a posed body (issue 38): the share of
// triangle edges whose posed length stays within `factor` times their bind length (99.9 % must,
// at 4x). Counted per triangle edge, as a viewer draws them.
#pragma once

#include "core/body/body_mesh.h"
#include "core/body/body_skinning.h"
#include "core/kinematics/forward_kinematics_plan.h"
#include "core/reader/document.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvh::test {

struct EdgeStretch {
    std::size_t edges = 0;
    std::size_t stretched = 0; // longer than factor times their bind length
    double worstRatio = 0.0;   // posed over bind length, of the edges with a bind length
    double heldShare() const {
        return edges == 0 ? 1.0 : 1.0 - static_cast<double>(stretched) / static_cast<double>(edges);
    }
};

// `bind` and `posed`: the same vertices in the bind pose and posed; `indices`: triangles.
// `tolerance`: a length below which an edge counts as unstretched whatever its bind length
// (collapsed edges of a simplified mesh, posed a rounding error apart).
inline EdgeStretch measureEdgeStretch(std::span<const glm::dvec3> bind,
                                      std::span<const glm::dvec3> posed,
                                      std::span<const std::uint32_t> indices, double factor,
                                      double tolerance) {
    EdgeStretch result;
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t a = indices[t + k];
            const std::uint32_t b = indices[t + (k + 1) % 3];
            const double before = glm::length(bind[a] - bind[b]);
            const double after = glm::length(posed[a] - posed[b]);
            ++result.edges;
            if (after > factor * before && after > tolerance) {
                ++result.stretched;
            }
            if (before > 0.0 && after / before > result.worstRatio) {
                result.worstRatio = after / before;
            }
        }
    }
    return result;
}

// Triangles turned over by a skinning: a triangle is turned over where its posed normal faces
// away from its bind normal turned by its corners' skin rotations (`skin`, bodySkinTransforms'),
// the turn a tear cannot fake. `bind` and `posed` as measureEdgeStretch's.
inline std::size_t flippedTriangles(const BodyMesh& mesh, std::span<const std::uint32_t> indices,
                                    std::span<const glm::dvec3> bind,
                                    std::span<const glm::dvec3> posed,
                                    std::span<const DualQuaternion> skin) {
    const auto normal = [&indices](std::span<const glm::dvec3> at, std::size_t t) {
        return glm::cross(at[indices[t + 1]] - at[indices[t]], at[indices[t + 2]] - at[indices[t]]);
    };
    std::size_t flipped = 0;
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        glm::dvec3 turned(0.0);
        for (std::size_t k = 0; k < 3; ++k) {
            turned +=
                rotateVector(blendedSkin(mesh.vertices[indices[t + k]], skin), normal(bind, t));
        }
        flipped += glm::dot(turned, normal(posed, t)) < 0.0 ? 1 : 0;
    }
    return flipped;
}

// A tear as issue 38 sees it ("sheets of stretched triangles"): edges stretched past
// kSheetFactor, joined into sheets through the vertices they share; a sheet's stretch is the
// `least`-th largest of its edges' (posed over bind length), the stretch a tear of at least
// `least` edges all reach. One edge alone does not count: the finest level is simplified to a
// triangle budget over a grid laid on the figure's extent, so a change of the figure's size
// anywhere (a head's tip 2 % longer) moves every collapse, and a collapse's sliver with it (a
// full-body fist under dual quaternions: the worst edge 4.1x to 10.7x over such builds, the sheet
// of 4 edges 3.5x to 4.5x).
// Past 2x, a sheet spans the edges around a tear's worst ones; past 4x (the outside check's
// factor) it would be those few edges alone.
constexpr double kSheetFactor = 2.0;
// The edges of one sheet a tear is counted at (sheetStretch's `least`).
constexpr std::size_t kSheetEdges = 4;

// The most stretched sheet of `indices`' edges (bind and posed as measureEdgeStretch's), each
// edge counted once: the largest stretch that `least` edges of one sheet all reach, 0 if no
// sheet has that many edges.
inline double sheetStretch(std::span<const glm::dvec3> bind, std::span<const glm::dvec3> posed,
                           std::span<const std::uint32_t> indices, std::size_t least,
                           double tolerance) {
    struct Edge {
        std::uint32_t a, b;
        double ratio;
    };
    std::vector<Edge> edges;
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t a = std::min(indices[t + k], indices[t + (k + 1) % 3]);
            const std::uint32_t b = std::max(indices[t + k], indices[t + (k + 1) % 3]);
            const double before = glm::length(bind[a] - bind[b]);
            const double after = glm::length(posed[a] - posed[b]);
            if (after > tolerance && after > kSheetFactor * before) {
                edges.push_back({a, b, before > 0.0 ? after / before : after / tolerance});
            }
        }
    }
    // Each edge once (two triangles share it), then sheets by union-find over the vertices.
    std::sort(edges.begin(), edges.end(),
              [](const Edge& x, const Edge& y) { return x.a != y.a ? x.a < y.a : x.b < y.b; });
    edges.erase(std::unique(edges.begin(), edges.end(),
                            [](const Edge& x, const Edge& y) { return x.a == y.a && x.b == y.b; }),
                edges.end());
    std::vector<std::uint32_t> parent(bind.size());
    for (std::uint32_t v = 0; v < parent.size(); ++v) {
        parent[v] = v;
    }
    const auto root = [&parent](std::uint32_t v) {
        while (parent[v] != v) {
            v = parent[v] = parent[parent[v]];
        }
        return v;
    };
    for (const Edge& edge : edges) {
        parent[root(edge.a)] = root(edge.b);
    }
    // Per sheet, its edges' ratios, most stretched first.
    std::sort(edges.begin(), edges.end(),
              [](const Edge& x, const Edge& y) { return x.ratio > y.ratio; });
    std::vector<std::size_t> seen(bind.size(), 0);
    double worst = 0.0;
    for (const Edge& edge : edges) {
        if (++seen[root(edge.a)] == least) {
            worst = std::max(worst, edge.ratio);
        }
    }
    return worst;
}

// The world transforms of `document`'s skeleton at `frame`, its translations resolved as the
// viewer resolves them.
inline std::vector<RigidTransform> worldAtFrame(const Document& document, std::uint32_t frame) {
    const TranslationMode mode =
        resolveTranslationMode(TranslationMode::Auto, document.skeleton, document.motion);
    const ForwardKinematicsPlan plan(document.skeleton, mode);
    std::vector<RigidTransform> world(document.skeleton.nodeCount());
    plan.computeWorldTransformsOfRow(document.motion.frame(frame), world);
    return world;
}

// `vertex` moved by its joints' skin transforms blended linearly (as glTF viewers skin).
inline glm::dvec3 linearlySkinnedVertex(const BodyVertex& vertex,
                                        std::span<const RigidTransform> world,
                                        std::span<const RigidTransform> bind) {
    glm::dvec3 sum(0.0);
    for (std::size_t k = 0; k < 4; ++k) {
        if (!(vertex.weights[k] > 0.0f)) {
            continue;
        }
        const std::size_t joint = vertex.joints[k];
        const glm::dvec3 local = glm::inverse(bind[joint].rotation) *
                                 (glm::dvec3(vertex.position) - bind[joint].translation);
        sum += static_cast<double>(vertex.weights[k]) *
               (world[joint].rotation * local + world[joint].translation);
    }
    return sum;
}

// The finest level's triangles of `mesh`.
inline std::span<const std::uint32_t> finestTriangles(const BodyMesh& mesh) {
    const BodyDetailLevel& level = mesh.levels.front();
    return {mesh.indices.data() + level.firstIndex, level.indexCount};
}

// Every vertex of `mesh` where its bind pose puts it.
inline std::vector<glm::dvec3> bindPositions(const BodyMesh& mesh) {
    std::vector<glm::dvec3> bind(mesh.vertices.size());
    for (std::size_t v = 0; v < bind.size(); ++v) {
        bind[v] = mesh.vertices[v].position;
    }
    return bind;
}

// Every vertex of `mesh` skinned linearly by `world` (linearlySkinnedVertex), into `posed`.
inline void linearlySkinned(const BodyMesh& mesh, std::span<const RigidTransform> world,
                            std::vector<glm::dvec3>& posed) {
    posed.resize(mesh.vertices.size());
    for (std::size_t v = 0; v < posed.size(); ++v) {
        posed[v] = linearlySkinnedVertex(mesh.vertices[v], world, mesh.bindWorld);
    }
}

// Over every frame of `document`'s motion, `mesh`'s finest triangles skinned linearly (as glTF
// viewers skin `convert --body`'s mesh): the worst edge's stretch (posed over bind length), the
// most edges over 4x in one frame, the least share of edges within 4x, and the most stretched
// sheet of kSheetEdges edges (sheetStretch).
struct ClipStretch {
    double worst = 0.0;
    std::size_t mostOver4x = 0;
    double leastHeld = 1.0;
    double sheet = 0.0;
};

inline ClipStretch linearStretchOverFrames(const Document& document, const BodyMesh& mesh) {
    const std::span<const std::uint32_t> indices = finestTriangles(mesh);
    const std::vector<glm::dvec3> bind = bindPositions(mesh);
    std::vector<glm::dvec3> posed;
    ClipStretch result;
    for (std::uint32_t frame = 0; frame < document.motion.frameCount; ++frame) {
        linearlySkinned(mesh, worldAtFrame(document, frame), posed);
        const EdgeStretch stretch = measureEdgeStretch(bind, posed, indices, 4.0, 1e-3);
        result.worst = std::max(result.worst, stretch.worstRatio);
        result.mostOver4x = std::max(result.mostOver4x, stretch.stretched);
        result.leastHeld = std::min(result.leastHeld, stretch.heldShare());
        result.sheet =
            std::max(result.sheet, sheetStretch(bind, posed, indices, kSheetEdges, 1e-3));
    }
    return result;
}

} // namespace bvh::test
