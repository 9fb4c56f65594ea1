#include "core/analysis/feet_floor.h"

#include <algorithm>
#include <array>
#include <glm/geometric.hpp>
#include <limits>
#include <vector>

namespace bvh {
namespace {

struct Figure {
    std::span<const glm::dvec3> positions;
    std::span<const NodeIndex> parents;
    std::vector<std::uint8_t> leaf; // per node: 1 for End Sites and joints without children
    std::size_t leaves = 0;
    glm::dvec3 low{0.0};
    glm::dvec3 high{0.0};
    double size = 0.0; // the bounding box's diagonal
};

Figure figureOf(const Skeleton& skeleton, std::span<const glm::dvec3> positions) {
    Figure figure{positions, skeleton.parents, std::vector<std::uint8_t>(positions.size(), 1)};
    figure.low = figure.high = positions[0];
    for (std::size_t i = 0; i < positions.size(); ++i) {
        figure.low = glm::min(figure.low, positions[i]);
        figure.high = glm::max(figure.high, positions[i]);
        if (skeleton.parents[i] != kNoParent) {
            figure.leaf[static_cast<std::size_t>(skeleton.parents[i])] = 0;
        }
    }
    figure.leaves = static_cast<std::size_t>(std::count(figure.leaf.begin(), figure.leaf.end(), 1));
    figure.size = glm::length(figure.high - figure.low);
    return figure;
}

// Per node, whether a leaf at or below it ends off the floor (above `limit` along the axis):
// where a leg leaves the trunk.
std::vector<std::uint8_t> carryingOffFloor(const Figure& figure, const auto& height, double limit) {
    const std::size_t n = figure.positions.size();
    std::vector<std::uint8_t> carries(n, 0);
    for (std::size_t i = n; i-- > 0;) {
        carries[i] |= figure.leaf[i] != 0 && !(height(i) <= limit) ? 1 : 0;
        if (figure.parents[i] != kNoParent) {
            carries[static_cast<std::size_t>(figure.parents[i])] |= carries[i];
        }
    }
    return carries;
}

// The feet along `axis` (see feet_floor.h): their count where they stand as a figure on its
// legs does, else 0.
std::size_t feetAlong(const Figure& figure, UpAxis axis) {
    const int c = upAxisIndex(axis);
    const double sign = upAxisSign(axis);
    const double extent = figure.high[c] - figure.low[c];
    if (!(extent >= kLeastStandingHeight * figure.size)) {
        return 0;
    }
    const double floor = sign > 0.0 ? figure.low[c] : -figure.high[c];
    const double tolerance = kFootFloorTolerance * figure.size;
    const double legHeight = kLegRise * extent;
    const std::size_t n = figure.positions.size();
    auto height = [&](std::size_t i) { return sign * figure.positions[i][c] - floor; };
    auto across = [c](glm::dvec3 v) {
        v[c] = 0.0;
        return v;
    };
    // Half the leaves must end on the floor before any leg is followed up: most axes of most rigs
    // stop here (`info` on the face rig, 326 nodes: 4.82 M instructions on main, 5.12 M without
    // this check, 4.90 M with it; the rest pose is analysed more than once a take).
    std::size_t onTheFloor = 0;
    for (std::size_t i = 0; i < n; ++i) {
        onTheFloor += figure.leaf[i] != 0 && height(i) <= tolerance ? 1 : 0;
    }
    if (onTheFloor < kMinimumFeet || 2 * onTheFloor < figure.leaves) {
        return 0;
    }
    const std::vector<std::uint8_t> carries = carryingOffFloor(figure, height, tolerance);
    // Per node, the first node from it up (itself included) that stands legHeight above the
    // floor, not past the first joint that carries a leaf off the floor (kNone: none does).
    // Parents come before their children.
    constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
    std::vector<std::size_t> legTop(n, kNone);
    std::size_t feet = 0;
    glm::dvec3 footLow(std::numeric_limits<double>::max());
    glm::dvec3 footHigh(std::numeric_limits<double>::lowest());
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = figure.parents[i];
        if (height(i) >= legHeight) {
            legTop[i] = i;
        } else if (parent != kNoParent) {
            const auto p = static_cast<std::size_t>(parent);
            legTop[i] = carries[p] == 0 ? legTop[p] : (height(p) >= legHeight ? p : kNone);
        }
        if (figure.leaf[i] == 0 || !(height(i) <= tolerance) || legTop[i] == kNone ||
            glm::length(across(figure.positions[legTop[i]] - figure.positions[i])) >
                kLegSlope * height(legTop[i])) {
            continue;
        }
        ++feet;
        footLow = glm::min(footLow, figure.positions[i]);
        footHigh = glm::max(footHigh, figure.positions[i]);
    }
    // The root over the feet: its distance across the axis from their box.
    const glm::dvec3 root = figure.positions[0];
    const double rootOut =
        glm::length(across(glm::max(glm::max(footLow - root, root - footHigh), glm::dvec3(0.0))));
    return 2 * feet >= figure.leaves && rootOut <= tolerance ? feet : 0;
}

} // namespace

std::optional<UpAxis> upFromFeet(const Skeleton& skeleton, std::span<const glm::dvec3> positions) {
    if (positions.empty() || positions.size() != skeleton.nodeCount() ||
        skeleton.parents.size() != positions.size()) {
        return std::nullopt;
    }
    const Figure figure = figureOf(skeleton, positions);
    if (!(figure.size > 0.0)) {
        return std::nullopt;
    }
    static constexpr std::array<UpAxis, 6> kAxes = {UpAxis::PositiveY, UpAxis::PositiveZ,
                                                    UpAxis::NegativeY, UpAxis::NegativeZ,
                                                    UpAxis::PositiveX, UpAxis::NegativeX};
    std::optional<UpAxis> most;
    std::size_t mostFeet = kMinimumFeet - 1;
    bool tied = false;
    for (const UpAxis axis : kAxes) {
        const std::size_t feet = feetAlong(figure, axis);
        if (feet > mostFeet) {
            most = axis;
            mostFeet = feet;
            tied = false;
        } else if (feet == mostFeet && most) {
            tied = true;
        }
    }
    return tied ? std::nullopt : most;
}

} // namespace bvh
