#include "core/body/body_gap.h"

#include <algorithm>
#include <array>
#include <glm/geometric.hpp>
#include <vector>

namespace bvh {
namespace {

// How far behind the farther of a pair a common neighbour bridges it no more, of the gap.
constexpr float kBridgeFadeOfGap = 1.0f;

// The distance between two volumes' axes (segments; an ellipsoid's is its centre), after
// Ericson's closest points of two segments.
float gapAxisDistance(const BodyVolume& one, const BodyVolume& two) {
    const glm::vec3 d1 = one.b - one.a;
    const glm::vec3 d2 = two.b - two.a;
    const glm::vec3 r = one.a - two.a;
    const float a = glm::dot(d1, d1);
    const float e = glm::dot(d2, d2);
    const float f = glm::dot(d2, r);
    float s = 0.0f;
    float t = 0.0f;
    if (a <= 1e-12f && e <= 1e-12f) {
        return glm::length(r);
    }
    if (a <= 1e-12f) {
        t = std::clamp(f / e, 0.0f, 1.0f);
    } else {
        const float c = glm::dot(d1, r);
        if (e <= 1e-12f) {
            s = std::clamp(-c / a, 0.0f, 1.0f);
        } else {
            const float b = glm::dot(d1, d2);
            const float denominator = a * e - b * b;
            s = denominator > 1e-12f ? std::clamp((b * f - c * e) / denominator, 0.0f, 1.0f) : 0.0f;
            t = (b * s + f) / e;
            if (t < 0.0f) {
                t = 0.0f;
                s = std::clamp(-c / a, 0.0f, 1.0f);
            } else if (t > 1.0f) {
                t = 1.0f;
                s = std::clamp((b - c) / a, 0.0f, 1.0f);
            }
        }
    }
    return glm::length(one.a + d1 * s - (two.a + d2 * t));
}

// Whether two volumes keep a gap between them at all (a property of the pair, never of the point,
// so that which pairs count cannot jump). Neighbours blend instead; volumes of one mass (trunk
// bones, a hand's parts, fingers below the grid) and volumes whose axes run inside each other
// (bones along one line, as abstract trees have) keep none: a wall would hollow them out.
bool keepsGap(const BodyVolume& one, const BodyVolume& two) {
    if (areHierarchyNeighbours(one, two) || (one.mass != kNoMass && one.mass == two.mass) ||
        (one.belowGrid && two.belowGrid)) {
        return false;
    }
    return gapAxisDistance(one, two) > std::min(one.largestRadius(), two.largestRadius());
}

// 0 at or below 0, 1 at or above 1, smooth (C1) between.
float smoothRamp(float x) {
    const float t = std::clamp(x, 0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

} // namespace

float gapWall(std::span<const BodyVolume> volumes, std::span<const std::uint32_t> indices,
              std::span<const float> distances, float least, float union_, float gap) {
    if (!(gap > 0.0f) || union_ >= gap) {
        return union_; // every pair's wall lies at most `gap` above `least`, so below the union
    }
    // A pair's wall rises above the union only if d_i + d_j < gap + 2 least - union_, so each of
    // its volumes lies below gap + least - union_; a bridge lies at most a fade further.
    const float fade = kBridgeFadeOfGap * gap;
    const float pairLimit = gap + least - union_;
    const float bridgeLimit = pairLimit + fade;
    constexpr std::size_t kStackNear = 32;
    std::array<std::uint32_t, kStackNear> onStack;
    std::vector<std::uint32_t> onHeap;
    std::size_t count = 0;
    for (std::size_t k = 0; k < indices.size(); ++k) {
        if (distances[k] < bridgeLimit) {
            if (count == kStackNear) {
                onHeap.assign(onStack.begin(), onStack.end());
            }
            if (count >= kStackNear) {
                onHeap.push_back(static_cast<std::uint32_t>(k));
            } else {
                onStack[count] = static_cast<std::uint32_t>(k);
            }
            ++count;
        }
    }
    const std::span<const std::uint32_t> near =
        count > kStackNear ? std::span<const std::uint32_t>(onHeap)
                           : std::span<const std::uint32_t>(onStack).first(count);
    float wall = union_;
    for (std::size_t x = 0; x < near.size(); ++x) {
        const std::size_t i = near[x];
        if (!(distances[i] < pairLimit)) {
            continue;
        }
        const BodyVolume& one = volumes[indices[i]];
        for (std::size_t y = x + 1; y < near.size(); ++y) {
            const std::size_t j = near[y];
            const float pairWall = gap + 2.0f * least - distances[i] - distances[j];
            if (!(pairWall > wall) || !keepsGap(one, volumes[indices[j]])) {
                continue;
            }
            const float farther = std::max(distances[i], distances[j]);
            float weight = 1.0f;
            for (const std::uint32_t k : near) {
                if (k != i && k != j && distances[k] < farther + fade &&
                    !keepsGap(volumes[indices[k]], one) &&
                    !keepsGap(volumes[indices[k]], volumes[indices[j]])) {
                    weight = std::min(weight, smoothRamp((distances[k] - farther) / fade));
                }
            }
            wall = std::max(wall, union_ + weight * (pairWall - union_));
        }
    }
    return wall;
}

} // namespace bvh
