#include "render/math/picking.h"

#include <algorithm>
#include <glm/geometric.hpp>

namespace bvhscope::render {

RaySegmentDistance raySegmentDistance(const Ray& ray, const glm::vec3& start,
                                      const glm::vec3& end) {
    // Closest points of two lines (Ericson, Real-Time Collision Detection 5.1.9), clamped to the
    // segment and to the forward half of the ray.
    const glm::vec3 segment = end - start;
    const glm::vec3 offset = ray.origin - start;
    const float segmentLength2 = glm::dot(segment, segment);
    const float b = glm::dot(ray.direction, segment);
    const float c = glm::dot(ray.direction, offset);
    const float f = glm::dot(segment, offset);
    float rayT = 0.0f;
    float segmentT = 0.0f;
    if (segmentLength2 <= 1e-12f) {
        rayT = std::max(-c, 0.0f);
    } else {
        const float denominator = segmentLength2 - b * b; // |d| == 1
        // Parallel lines: any segment point will do, take the start.
        segmentT = denominator > 1e-9f ? std::clamp((f - b * c) / denominator, 0.0f, 1.0f) : 0.0f;
        rayT = glm::dot(start + segmentT * segment - ray.origin, ray.direction);
        if (rayT < 0.0f) {
            // Behind the eye: the closest ray point is the origin; find the segment point again.
            rayT = 0.0f;
            segmentT = std::clamp(f / segmentLength2, 0.0f, 1.0f);
        }
    }
    const glm::vec3 onRay = ray.origin + rayT * ray.direction;
    const glm::vec3 onSegment = start + segmentT * segment;
    return {glm::length(onRay - onSegment), rayT};
}

std::optional<std::size_t> pickNearest(const Ray& ray, std::span<const PickSegment> segments) {
    std::optional<std::size_t> best;
    float bestDepth = 0.0f;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const RaySegmentDistance hit = raySegmentDistance(ray, segments[i].start, segments[i].end);
        if (hit.distance <= segments[i].radius && (!best || hit.rayParameter < bestDepth)) {
            best = i;
            bestDepth = hit.rayParameter;
        }
    }
    return best;
}

} // namespace bvhscope::render
