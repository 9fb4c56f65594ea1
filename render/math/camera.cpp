#include "render/math/camera.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <limits>

namespace bvhscope::render {

Bounds emptyBounds() {
    constexpr float kHuge = std::numeric_limits<float>::max();
    return {glm::vec3(kHuge), glm::vec3(-kHuge)};
}

void include(Bounds& bounds, const glm::vec3& point) {
    bounds.min = glm::min(bounds.min, point);
    bounds.max = glm::max(bounds.max, point);
}

void include(Bounds& bounds, const Bounds& other) {
    if (!other.empty()) {
        include(bounds, other.min);
        include(bounds, other.max);
    }
}

namespace {

// Unit vector from the target to the eye.
glm::vec3 backDirection(const OrbitCamera& camera) {
    const float cosPitch = std::cos(camera.pitchRadians);
    return {cosPitch * std::sin(camera.yawRadians), std::sin(camera.pitchRadians),
            cosPitch * std::cos(camera.yawRadians)};
}

float nearPlane(const OrbitCamera& camera) {
    return std::max(camera.distance * 0.01f, 0.001f);
}
float farPlane(const OrbitCamera& camera) {
    return camera.distance * 100.0f + 10.0f;
}

} // namespace

glm::vec3 eyePosition(const OrbitCamera& camera) {
    return camera.target + camera.distance * backDirection(camera);
}

glm::mat4 viewMatrix(const OrbitCamera& camera) {
    return glm::lookAt(eyePosition(camera), camera.target, glm::vec3(0.0f, 1.0f, 0.0f));
}

glm::mat4 projectionMatrix(const OrbitCamera& camera, float aspect) {
    return glm::perspective(camera.verticalFovRadians, std::max(aspect, 1e-3f), nearPlane(camera),
                            farPlane(camera));
}

void orbit(OrbitCamera& camera, float yawDeltaRadians, float pitchDeltaRadians) {
    constexpr float kTwoPi = 6.28318530718f;
    camera.yawRadians = std::remainder(camera.yawRadians + yawDeltaRadians, kTwoPi);
    camera.pitchRadians =
        std::clamp(camera.pitchRadians + pitchDeltaRadians, kMinPitchRadians, kMaxPitchRadians);
}

void pan(OrbitCamera& camera, glm::vec2 pixelDelta, float viewportHeight) {
    const glm::vec3 back = backDirection(camera);
    const glm::vec3 right = glm::normalize(glm::cross(glm::vec3(0.0f, 1.0f, 0.0f), back));
    const glm::vec3 up = glm::cross(back, right);
    // World size of one pixel at the target's depth.
    const float metresPerPixel = 2.0f * camera.distance *
                                 std::tan(0.5f * camera.verticalFovRadians) /
                                 std::max(viewportHeight, 1.0f);
    camera.target += metresPerPixel * (-pixelDelta.x * right + pixelDelta.y * up);
}

void zoom(OrbitCamera& camera, float steps) {
    camera.distance =
        std::clamp(camera.distance * std::pow(0.85f, steps), kMinDistance, kMaxDistance);
}

void frameBounds(OrbitCamera& camera, const Bounds& bounds, float aspect) {
    if (bounds.empty()) {
        return;
    }
    camera.target = bounds.center();
    const float radius = std::max(0.5f * glm::length(bounds.size()), 0.05f);
    const float halfVertical = 0.5f * camera.verticalFovRadians;
    const float halfHorizontal = std::atan(std::tan(halfVertical) * std::max(aspect, 1e-3f));
    const float halfAngle = std::min(halfVertical, halfHorizontal);
    constexpr float kMargin = 1.05f;
    camera.distance =
        std::clamp(kMargin * radius / std::sin(halfAngle), kMinDistance, kMaxDistance);
}

std::optional<glm::vec2> projectToPixel(const OrbitCamera& camera, glm::vec2 viewport,
                                        const glm::vec3& point) {
    const glm::mat4 viewProjection =
        projectionMatrix(camera, viewport.x / std::max(viewport.y, 1.0f)) * viewMatrix(camera);
    const glm::vec4 clip = viewProjection * glm::vec4(point, 1.0f);
    if (!(clip.w > 1e-6f)) { // behind the eye, or NaN
        return std::nullopt;
    }
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    const glm::vec2 pixel((ndc.x * 0.5f + 0.5f) * viewport.x, (0.5f - ndc.y * 0.5f) * viewport.y);
    if (!std::isfinite(pixel.x) || !std::isfinite(pixel.y)) {
        return std::nullopt;
    }
    return pixel;
}

Ray pixelRay(const OrbitCamera& camera, glm::vec2 viewport, glm::vec2 pixel) {
    const glm::vec3 back = backDirection(camera);
    const glm::vec3 right = glm::normalize(glm::cross(glm::vec3(0.0f, 1.0f, 0.0f), back));
    const glm::vec3 up = glm::cross(back, right);
    const float tanHalf = std::tan(0.5f * camera.verticalFovRadians);
    const float aspect = viewport.x / std::max(viewport.y, 1.0f);
    const float ndcX = 2.0f * pixel.x / std::max(viewport.x, 1.0f) - 1.0f;
    const float ndcY = 1.0f - 2.0f * pixel.y / std::max(viewport.y, 1.0f);
    const glm::vec3 direction = -back + ndcX * tanHalf * aspect * right + ndcY * tanHalf * up;
    return {eyePosition(camera), glm::normalize(direction)};
}

} // namespace bvhscope::render
