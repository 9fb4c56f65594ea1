#include "app/scene/ground_reach.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace bvhscope::scene {

namespace {

constexpr float kStepRadians =
    2.0f * std::numbers::pi_v<float> / static_cast<float>(GroundReach::kDirections);

float alongSampledDirection(const glm::vec3& offset, std::size_t k) {
    const float angle = kStepRadians * static_cast<float>(k);
    return offset.x * std::cos(angle) + offset.z * std::sin(angle);
}

} // namespace

void GroundReach::include(const glm::vec3& offset) {
    if (!std::isfinite(offset.x) || !std::isfinite(offset.z)) {
        return;
    }
    for (std::size_t k = 0; k < kDirections; ++k) {
        const float reach = alongSampledDirection(offset, k);
        along_[k] = empty_ ? reach : std::max(along_[k], reach);
    }
    empty_ = false;
}

float GroundReach::towards(const glm::vec3& direction) const {
    const float length = std::hypot(direction.x, direction.z);
    if (empty_ || !(length > 0.0f) || !std::isfinite(length)) {
        return 0.0f;
    }
    float angle = std::atan2(direction.z, direction.x);
    if (angle < 0.0f) {
        angle += 2.0f * std::numbers::pi_v<float>;
    }
    const auto below = std::min(static_cast<std::size_t>(angle / kStepRadians), kDirections - 1);
    const std::size_t above = (below + 1) % kDirections;
    // direction = a d_below + b d_above with a, b >= 0 (the sine rule in their triangle).
    const float past = angle - kStepRadians * static_cast<float>(below);
    const float a = std::sin(kStepRadians - past) / std::sin(kStepRadians);
    const float b = std::sin(past) / std::sin(kStepRadians);
    return length * (std::max(a, 0.0f) * along_[below] + std::max(b, 0.0f) * along_[above]);
}

} // namespace bvhscope::scene
