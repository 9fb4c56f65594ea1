// Choosing what is under the cursor, on the CPU: a ray against bones (segments) and joints
// (points), each with a pick radius in world units. Pure math, tested in tests/render.
#pragma once

#include "render/math/camera.h"

#include <cstddef>
#include <glm/vec3.hpp>
#include <optional>
#include <span>

namespace bvhscope::render {

struct PickSegment {
    glm::vec3 start{0.0f};
    glm::vec3 end{0.0f};
    float radius = 0.0f;
};

// The smallest distance between the ray (t >= 0) and the segment, and the ray parameter there.
struct RaySegmentDistance {
    float distance = 0.0f;
    float rayParameter = 0.0f;
};
RaySegmentDistance raySegmentDistance(const Ray& ray, const glm::vec3& start, const glm::vec3& end);

// The index of the segment the ray passes within `radius` of, nearest the eye first; nullopt
// when it misses all of them. A point is a segment with start == end.
std::optional<std::size_t> pickNearest(const Ray& ray, std::span<const PickSegment> segments);

} // namespace bvhscope::render
