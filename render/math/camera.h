// The orbit camera: pure math, no GL, unit-tested in tests/render/math/camera_test.cpp.
//
// The viewer's world is Y up, in metres (the app converts every file's axes and units before it
// draws). The camera circles `target` at `distance`; yaw turns about +Y (0 looks along -Z, from
// +Z), pitch raises the eye (positive looks down at the target). Pixels have their origin at the
// top-left corner of the viewport, as windows and ImGui count them.
#pragma once

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <optional>

namespace bvhscope::render {

// The zoom's range for figures of human size, in metres.
inline constexpr float kMinDistance = 0.01f;
inline constexpr float kMaxDistance = 10000.0f;
// The figure sizes the view draws in float, in metres (a figure's height under a forced unit:
// the 1e20 walk in --unit cm is 1.64e18 m). The eye stays within kLargestDistance of what it
// frames: past it, the square of the distance from the eye (the shaders' normalize) overflows
// float (3.4e38), and a figure taller than kLargestDrawnMetres is framed from further than
// that. kSmallestDrawnMetres is the smallest checked (camera_test's 1e-5 m box, the walk at
// 0.16 mm in render_scale_test); under it the squares of lengths head for float's smallest
// (1e-38), and already under 4e-5 m a trail's points lie nearer the eye than trail.vert's clip
// (1e-4 m), so trails are not drawn. Framing sets the zoom's range to what it frames
// (setDistanceRange).
inline constexpr float kSmallestDrawnMetres = 1e-5f;
inline constexpr float kLargestDrawnMetres = 2e18f;
inline constexpr float kLargestDistance = 1.5e19f;
// What a figure of no size (every joint on one point) is framed and gridded as: one this many
// metres across (frameBounds, gridForBounds).
inline constexpr float kSpanOfAPoint = 0.1f;

struct OrbitCamera {
    glm::vec3 target{0.0f, 1.0f, 0.0f};
    float distance = 4.0f;
    float yawRadians = 0.5f;
    float pitchRadians = 0.25f;
    float verticalFovRadians = 0.7854f; // 45 degrees
    // How close and how far the zoom goes: kMinDistance to kMaxDistance, widened by framing for
    // a figure smaller or larger than those suit (setDistanceRange).
    float minDistance = kMinDistance;
    float maxDistance = kMaxDistance;
};

struct Bounds {
    glm::vec3 min{0.0f};
    glm::vec3 max{0.0f};
    bool empty() const { return max.x < min.x || max.y < min.y || max.z < min.z; }
    glm::vec3 center() const { return 0.5f * (min + max); }
    glm::vec3 size() const { return max - min; }
};
// An empty box that grows to the first point included.
Bounds emptyBounds();
void include(Bounds& bounds, const glm::vec3& point);
void include(Bounds& bounds, const Bounds& other);

struct Ray {
    glm::vec3 origin{0.0f};
    glm::vec3 direction{0.0f, 0.0f, -1.0f}; // unit length
};

inline constexpr float kMinPitchRadians = -1.50f;
inline constexpr float kMaxPitchRadians = 1.50f;

glm::vec3 eyePosition(const OrbitCamera& camera);
glm::mat4 viewMatrix(const OrbitCamera& camera);
// Near and far planes follow the distance, so a 1 cm and a 100 m figure both draw crisply, and
// so do a 1e-5 m and a 1e18 m one (computed without the product of near and far, which leaves
// float's range there).
glm::mat4 projectionMatrix(const OrbitCamera& camera, float aspect);

// Turns the eye around the target; pitch is clamped short of the poles.
void orbit(OrbitCamera& camera, float yawDeltaRadians, float pitchDeltaRadians);
// Moves the target in the view plane so the point under the cursor follows a drag of
// `pixelDelta` in a viewport `viewportHeight` pixels tall.
void pan(OrbitCamera& camera, glm::vec2 pixelDelta, float viewportHeight);
// Positive steps move closer; each step scales the distance by 0.85 (mouse wheels give whole
// steps, trackpads fractions).
void zoom(OrbitCamera& camera, float steps);
// The zoom's range for a framed figure whose bounding sphere has `radius` metres: kMinDistance
// to kMaxDistance for one of human size (a radius of 0.05 m to 10 m), reaching down to a fifth
// of a smaller radius and up to 1000 times a larger one, within what float draws
// (kLargestDrawnMetres).
void setDistanceRange(OrbitCamera& camera, float radius);
// The length of `v` without overflow or underflow of its square (a figure of 1e20 m, of 1e-30).
float lengthWithoutOverflow(const glm::vec3& v);
// Aims at the box's centre from the current direction, at the distance where its bounding
// sphere fills the view with a small margin (both the vertical and horizontal field of view).
void frameBounds(OrbitCamera& camera, const Bounds& bounds, float aspect);

// Where a world point lands in a viewport of `viewport` pixels; nullopt when it is behind the
// eye, or where the camera or the point is so far out of float's range (a hostile file's figure
// scaled, an overflowed framing) that the pixel would not be finite: callers hand pixels to
// ImGui, which must never see NaN. The result can lie outside the viewport.
std::optional<glm::vec2> projectToPixel(const OrbitCamera& camera, glm::vec2 viewport,
                                        const glm::vec3& point);
// The ray from the eye through a pixel.
Ray pixelRay(const OrbitCamera& camera, glm::vec2 viewport, glm::vec2 pixel);

} // namespace bvhscope::render
