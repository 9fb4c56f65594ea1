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

// For distances from kMinDistance up, 1 mm at least and 10 m more: a figure of human size
// keeps its depth range. Closer (a figure under a centimetre), both follow the distance.
float nearPlane(const OrbitCamera& camera) {
    return std::min(std::max(camera.distance * 0.01f, 0.001f), camera.distance * 0.1f);
}
float farPlane(const OrbitCamera& camera) {
    return camera.distance * 100.0f + std::min(10.0f, camera.distance * 1000.0f);
}

} // namespace

glm::vec3 eyePosition(const OrbitCamera& camera) {
    return camera.target + camera.distance * backDirection(camera);
}

glm::mat4 viewMatrix(const OrbitCamera& camera) {
    // glm::lookAt's, from the unit direction rather than by normalizing eye - target: that
    // squares the distance, past float's range for a camera framing a 1e20 m figure.
    const glm::vec3 forward = -backDirection(camera);
    const glm::vec3 side = glm::normalize(glm::cross(forward, glm::vec3(0.0f, 1.0f, 0.0f)));
    const glm::vec3 up = glm::cross(side, forward);
    const glm::vec3 eye = eyePosition(camera);
    glm::mat4 view(1.0f);
    for (int column = 0; column < 3; ++column) {
        view[column][0] = side[column];
        view[column][1] = up[column];
        view[column][2] = -forward[column];
    }
    view[3][0] = -glm::dot(side, eye);
    view[3][1] = -glm::dot(up, eye);
    view[3][2] = glm::dot(forward, eye);
    return view;
}

glm::mat4 projectionMatrix(const OrbitCamera& camera, float aspect) {
    const float near = nearPlane(camera);
    const float far = farPlane(camera);
    glm::mat4 projection =
        glm::perspective(camera.verticalFovRadians, std::max(aspect, 1e-3f), near, far);
    // glm's -2 far near / (far - near), without the product that overflows (a 1e20 m figure)
    // or underflows (a 1e-5 m one's near and far: 1e-13) float.
    projection[3][2] = -2.0f * near * (far / (far - near));
    return projection;
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
    camera.distance = std::clamp(camera.distance * std::pow(0.85f, steps), camera.minDistance,
                                 camera.maxDistance);
}

void setDistanceRange(OrbitCamera& camera, float radius) {
    camera.minDistance = std::min(kMinDistance, 0.2f * radius);
    camera.maxDistance = std::min(std::max(kMaxDistance, 1e3f * radius), kLargestDistance);
}

float lengthWithoutOverflow(const glm::vec3& v) {
    const float largest = std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)});
    if (!(largest > 0.0f) || !std::isfinite(largest)) {
        return largest;
    }
    return largest * glm::length(v / largest);
}

void frameBounds(OrbitCamera& camera, const Bounds& bounds, float aspect) {
    if (bounds.empty()) {
        return;
    }
    camera.target = bounds.center();
    // What is there, however small; a figure on one point (0 across) as one kSpanOfAPoint across.
    const float across = lengthWithoutOverflow(bounds.size());
    const float radius = 0.5f * (across > 0.0f ? across : kSpanOfAPoint);
    setDistanceRange(camera, radius);
    const float halfVertical = 0.5f * camera.verticalFovRadians;
    const float halfHorizontal = std::atan(std::tan(halfVertical) * std::max(aspect, 1e-3f));
    const float halfAngle = std::min(halfVertical, halfHorizontal);
    constexpr float kMargin = 1.05f;
    camera.distance =
        std::clamp(kMargin * radius / std::sin(halfAngle), camera.minDistance, camera.maxDistance);
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
