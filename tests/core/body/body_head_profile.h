// An upright head measured on the body's distance field (Y up, facing +Z, across +X), for the
// head tests: its profile in the plane through the head joint from front to back, and its width
// across, in fractions of the figure's height (the span of its joints' heights).
#pragma once

#include "core/body/body_volumes.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_surface_sections.h"

#include <algorithm>
#include <cstdio>
#include <glm/vec3.hpp>
#include <string>
#include <vector>

namespace bvh::test {

// Heights are from the head joint, places front to back (`ahead`) from it, all of the figure's
// height. The throat is the front of the neck where it is thinnest front to back between
// `neckFrom` and the head; the chin the lowest point of the head ahead of the throat; the
// occiput's underside the lowest point of the head behind the neck's back there.
struct HeadProfile {
    float crown = 0.0f;       // the top of the head
    float chin = 0.0f;        // the chin's height
    float chinAhead = 0.0f;   // the chin's place
    float throatAhead = 0.0f; // the neck's front, at the throat
    float napeAhead = 0.0f;   // the neck's back, at the throat
    float occiput = 0.0f;     // the height of the head's underside behind the neck
    float width = 0.0f;       // the widest section across, over the top two thirds
    float depth = 0.0f;       // the deepest section front to back, between the chin and the crown
    // The middle of the section front to back at the brows' height (0.3 of the head's height
    // below the crown) and at the mouth's (0.8 below), ahead of the head joint.
    float browMiddle = 0.0f;
    float mouthMiddle = 0.0f;
};

// The plane through the head joint (x fixed), sampled in cells of 1/500 of the height: whether
// each is inside the body, and the run of inside cells through the joint's column at each height.
struct HeadPlane {
    glm::vec3 origin; // the head joint
    float cell = 0.0f;
    int rows = 0; // heights from `low` up
    int columns = 0;
    float low = 0.0f;  // from the head joint, normalised units
    float back = 0.0f; // the first column's place
    std::vector<std::uint8_t> inside;

    bool at(int row, int column) const {
        return row >= 0 && row < rows && column >= 0 && column < columns &&
               inside[static_cast<std::size_t>(row * columns + column)] != 0;
    }
    float height(int row) const { return low + cell * static_cast<float>(row); }
    float ahead(int column) const { return back + cell * static_cast<float>(column); }
};

inline HeadPlane sampleHeadPlane(const PlannedFigure& planned, NodeIndex head, float neckFrom,
                                 float height) {
    HeadPlane plane;
    plane.origin = normalised(planned.figure, head);
    plane.cell = height / 500.0f;
    plane.low = neckFrom - plane.origin.y;
    plane.back = -0.12f * height;
    plane.rows = static_cast<int>((0.25f * height - plane.low) / plane.cell);
    plane.columns = static_cast<int>(0.26f * height / plane.cell);
    plane.inside.resize(static_cast<std::size_t>(plane.rows * plane.columns));
    const float gap = kBodyGapInCells * planned.grid.cell;
    for (int row = 0; row < plane.rows; ++row) {
        for (int column = 0; column < plane.columns; ++column) {
            const glm::vec3 p =
                plane.origin + glm::vec3(0.0f, plane.height(row), plane.ahead(column));
            plane.inside[static_cast<std::size_t>(row * plane.columns + column)] =
                bodyDistance(planned.figure.volumes, planned.all, p, kBodyFarOutside, gap) < 0.0f;
        }
    }
    return plane;
}

// The run of inside cells at `row` through the column nearest `ahead` (front and back columns,
// inclusive); {-1, -1} when that cell is outside.
inline std::pair<int, int> runThrough(const HeadPlane& plane, int row, float ahead) {
    int column = static_cast<int>((ahead - plane.back) / plane.cell);
    if (!plane.at(row, column)) {
        return {-1, -1};
    }
    int front = column;
    int back = column;
    while (plane.at(row, front + 1)) {
        ++front;
    }
    while (plane.at(row, back - 1)) {
        --back;
    }
    return {front, back};
}

// The head of an upright figure facing +Z: `neckFrom` (normalised height) a height on the neck
// below the head, above the shoulders' slope.
inline HeadProfile measureHeadProfile(const PlannedFigure& planned, NodeIndex head,
                                      float neckFrom) {
    const float height = jointHeightSpan(planned);
    const HeadPlane plane = sampleHeadPlane(planned, head, neckFrom, height);
    HeadProfile profile;
    // Up the joint's column: the crown is where its run of inside cells ends.
    const auto jointRun = [&](int row) { return runThrough(plane, row, 0.0f); };
    int crown = static_cast<int>(-plane.low / plane.cell);
    while (plane.at(crown + 1, static_cast<int>(-plane.back / plane.cell))) {
        ++crown;
    }
    profile.crown = plane.height(crown) / height;
    // The throat: the thinnest section below the head joint's height.
    int throat = 0;
    int thinnest = plane.columns;
    for (int row = 0; plane.height(row) <= 0.0f; ++row) {
        const auto [front, back] = jointRun(row);
        if (front >= 0 && front - back < thinnest) {
            thinnest = front - back;
            throat = row;
        }
    }
    const auto [throatFront, throatBack] = jointRun(throat);
    profile.throatAhead = plane.ahead(throatFront) / height;
    profile.napeAhead = plane.ahead(throatBack) / height;
    // The chin: down the face from its most forward point, the lowest height where the head
    // still reaches 0.01 of the height ahead of the throat; the occiput's underside, down the
    // back of the skull from its hindmost point, where it reaches as far behind the nape.
    const int reach = static_cast<int>(0.01f * height / plane.cell);
    int faceRow = crown;
    int skullRow = crown;
    for (int row = crown; row > throat; --row) {
        const auto [front, back] = jointRun(row);
        faceRow = front > jointRun(faceRow).first ? row : faceRow;
        skullRow = back >= 0 && back < jointRun(skullRow).second ? row : skullRow;
    }
    int chin = faceRow;
    while (chin > throat && jointRun(chin - 1).first >= throatFront + reach) {
        --chin;
    }
    int occiput = skullRow;
    while (occiput > throat && jointRun(occiput - 1).second >= 0 &&
           jointRun(occiput - 1).second <= throatBack - reach) {
        --occiput;
    }
    profile.chin = plane.height(chin) / height;
    profile.chinAhead = plane.ahead(jointRun(chin).first) / height;
    profile.occiput = plane.height(occiput) / height;
    // The sections between the chin and the crown; across, over the cranium's top two thirds
    // (lower, a high shoulder's slope may lie beside the jaw).
    const float gap = kBodyGapInCells * planned.grid.cell;
    const int craniumFrom = crown - 2 * (crown - chin) / 3;
    for (int row = chin; row <= crown; ++row) {
        const auto [front, back] = jointRun(row);
        if (front < 0) {
            continue;
        }
        profile.depth =
            std::max(profile.depth, plane.cell * static_cast<float>(front - back + 1) / height);
        const float middle = 0.5f * (plane.ahead(front) + plane.ahead(back));
        const glm::vec3 at = plane.origin + glm::vec3(0.0f, plane.height(row), middle);
        const float across = firstExit(planned.figure, planned.all, gap, at, {1, 0, 0}, 0.3f) +
                             firstExit(planned.figure, planned.all, gap, at, {-1, 0, 0}, 0.3f);
        profile.width =
            row >= craniumFrom ? std::max(profile.width, across / height) : profile.width;
    }
    const auto middleAt = [&](float share) {
        const float y = profile.crown - share * (profile.crown - profile.chin);
        const auto [front, back] =
            jointRun(static_cast<int>((y * height - plane.low) / plane.cell));
        return front < 0 ? 0.0f : 0.5f * (plane.ahead(front) + plane.ahead(back)) / height;
    };
    profile.browMiddle = middleAt(0.3f);
    profile.mouthMiddle = middleAt(0.8f);
    return profile;
}

// The profile, for a test's trace.
inline std::string describeHeadProfile(const HeadProfile& p) {
    char text[256];
    std::snprintf(text, sizeof text,
                  "crown %.4f chin %.4f at %.4f throat %.4f nape %.4f occiput %.4f width %.4f "
                  "depth %.4f brow middle %.4f mouth middle %.4f",
                  p.crown, p.chin, p.chinAhead, p.throatAhead, p.napeAhead, p.occiput, p.width,
                  p.depth, p.browMiddle, p.mouthMiddle);
    return text;
}

} // namespace bvh::test
