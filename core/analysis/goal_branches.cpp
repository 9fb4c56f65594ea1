#include "core/analysis/goal_branches.h"

#include <algorithm>
#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <limits>
#include <numeric>

namespace bvh {
namespace {

struct RestPlaces {
    std::vector<glm::dvec3> positions;
    std::vector<int> depth; // bones from the node's root
    double tolerance = 0.0;
};

// The OFFSET rest pose has no rotations: each node lies at its parent plus its offset, what
// computeRestTransforms and computeWorldTransforms give, without their two transform arrays
// (allocations a summary of every take would pay: stance_allocation_test.cpp).
RestPlaces restPlaces(const Skeleton& skeleton) {
    const std::size_t n = skeleton.nodeCount();
    RestPlaces places;
    places.positions.resize(n);
    places.depth.assign(n, 0);
    glm::dvec3 low(std::numeric_limits<double>::max());
    glm::dvec3 high(-std::numeric_limits<double>::max());
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent) {
            places.positions[i] = skeleton.offsets[i];
        } else {
            const auto p = static_cast<std::size_t>(parent);
            places.positions[i] = places.positions[p] + skeleton.offsets[i];
            places.depth[i] = places.depth[p] + 1;
        }
        low = glm::min(low, places.positions[i]);
        high = glm::max(high, places.positions[i]);
    }
    const glm::dvec3 extent = high - low;
    places.tolerance = kGoalPlaceShare * std::max({extent.x, extent.y, extent.z});
    return places;
}

bool isAncestor(const Skeleton& skeleton, std::size_t above, std::size_t node, int steps) {
    NodeIndex at = static_cast<NodeIndex>(node);
    for (int k = 0; k < steps && at != kNoParent; ++k) {
        at = skeleton.parents[static_cast<std::size_t>(at)];
    }
    return at == static_cast<NodeIndex>(above);
}

// Per node: 1 where a joint lies away from its parent, on a joint outside its own line that
// more bones reach.
std::vector<std::uint8_t> goalJoints(const Skeleton& skeleton, const RestPlaces& places) {
    const std::size_t n = skeleton.nodeCount();
    std::vector<std::size_t> byX(n);
    std::iota(byX.begin(), byX.end(), std::size_t{0});
    std::sort(byX.begin(), byX.end(), [&](std::size_t a, std::size_t b) {
        return places.positions[a].x < places.positions[b].x;
    });
    const double tolerance = places.tolerance;
    std::vector<std::uint8_t> goal(n, 0);
    for (std::size_t at = 0; at < n; ++at) {
        const std::size_t j = byX[at];
        const NodeIndex parent = skeleton.parents[j];
        if (skeleton.isEndSite[j] != 0 || parent == kNoParent ||
            glm::length(places.positions[j] - places.positions[static_cast<std::size_t>(parent)]) <=
                tolerance) {
            continue;
        }
        // Both ways along X from j, while within the tolerance.
        for (const int step : {-1, 1}) {
            for (std::size_t other = at; goal[j] == 0;) {
                if ((step < 0 && other == 0) || (step > 0 && other + 1 == n)) {
                    break;
                }
                other = step < 0 ? other - 1 : other + 1;
                const std::size_t k = byX[other];
                if (std::abs(places.positions[k].x - places.positions[j].x) > tolerance) {
                    break;
                }
                const int deeper = places.depth[k] - places.depth[j];
                goal[j] =
                    skeleton.isEndSite[k] == 0 && deeper > 0 &&
                            glm::length(places.positions[k] - places.positions[j]) <= tolerance &&
                            !isAncestor(skeleton, j, k, deeper)
                        ? 1
                        : 0;
            }
        }
    }
    return goal;
}

} // namespace

std::vector<NodeIndex> goalBranchNodes(const Skeleton& skeleton) {
    const std::size_t n = skeleton.nodeCount();
    std::vector<NodeIndex> nodes;
    if (n == 0) {
        return nodes;
    }
    const RestPlaces places = restPlaces(skeleton);
    const std::vector<std::uint8_t> goal = goalJoints(skeleton, places);
    // Children come after their parents: from the last node back, each subtree's verdict.
    std::vector<std::uint8_t> allHelpers(n, 1);
    std::vector<std::uint8_t> anyGoal(n, 0);
    for (std::size_t i = n; i-- > 0;) {
        const NodeIndex parent = skeleton.parents[i];
        const bool onParent =
            parent != kNoParent &&
            glm::length(places.positions[i] - places.positions[static_cast<std::size_t>(parent)]) <=
                places.tolerance;
        const bool helper = skeleton.isEndSite[i] != 0 || onParent || goal[i] != 0;
        allHelpers[i] = allHelpers[i] != 0 && helper ? 1 : 0;
        anyGoal[i] = anyGoal[i] != 0 || goal[i] != 0 ? 1 : 0;
        if (parent != kNoParent) {
            const auto p = static_cast<std::size_t>(parent);
            allHelpers[p] = allHelpers[p] != 0 && allHelpers[i] != 0 ? 1 : 0;
            anyGoal[p] = anyGoal[p] != 0 || anyGoal[i] != 0 ? 1 : 0;
        }
    }
    std::vector<std::uint8_t> inBranch(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const NodeIndex parent = skeleton.parents[i];
        const bool parentIn =
            parent != kNoParent && inBranch[static_cast<std::size_t>(parent)] != 0;
        inBranch[i] =
            parentIn || (parent != kNoParent && allHelpers[i] != 0 && anyGoal[i] != 0) ? 1 : 0;
        if (inBranch[i] != 0) {
            nodes.push_back(static_cast<NodeIndex>(i));
        }
    }
    return nodes;
}

} // namespace bvh
