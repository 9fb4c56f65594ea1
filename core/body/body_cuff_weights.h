// Issue 38: a hand meshed as a piece of its own (body_hand_pieces.h) wears a cuff that lies a
// tenth of a cell under the figure's forearm, whose rounded end dives into it. Each piece's
// weights come from its own volumes and are smoothed over its own surface, so on a forearm split
// into twist bones (MakeHuman's lowerarm01 and lowerarm02) the figure's sleeve blended both while
// the cuff followed the last alone: as the forearm turned, the cuff's facets crossed the
// sleeve's in a ragged crown round the wrist. The cuff's vertices take the weights of the
// figure's surface at its nearest point (interpolated over the nearest triangle: copied from the
// nearest vertex, neighbouring cuff vertices a sixth of a cell apart took the weights of figure
// vertices a cell apart, and linear blending stretched the short edges between them past 4x), so
// the two surfaces move as one where one covers the other.
#pragma once

#include "core/body/body_mesh.h"
#include "core/body/body_volumes.h"

#include <cstdint>
#include <glm/vec3.hpp>
#include <span>

namespace bvh {

// Where the figure's and a hand's pieces lie in `mesh`, and how its positions (file units) map
// to the volumes' normalised units: (position - centre) / size.
struct CuffWeightsPieces {
    std::span<const std::uint32_t> figureTriangles; // the figure's, of the finest level
    std::span<const std::uint32_t> handTriangles;   // the hand's, of the finest level
    std::span<const BodyVolume> handVolumes;        // its cuff among them (BodyVolume::cuff)
    glm::dvec3 centre{0.0};
    double size = 1.0;
    float cell = 0.0f; // the figure's grid's cell, normalised
};

// Gives the hand piece's cuff vertices (those whose nearest volume of the hand's is its cuff)
// the figure's weights at the nearest point of its triangles over the cuff (a corner within two
// cells of the cuff's surface, weighted to the cuff's bone); the four largest joints kept.
// Nothing changes without a cuff or such triangles.
void matchCuffWeights(BodyMesh& mesh, const CuffWeightsPieces& pieces);

// The barycentric coordinates of the point of triangle (a, b, c) nearest p (a sliver's: its
// first corner).
glm::vec3 nearestOnTriangle(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b,
                            const glm::vec3& c);

} // namespace bvh
