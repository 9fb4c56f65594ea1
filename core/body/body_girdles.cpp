#include "core/body/body_girdles.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

namespace bvh {
namespace {

// Of a 1.75 m human: a deltoid reaches about 10 cm round the shoulder joint and 12 cm along the
// arm; a hip's mass 14 cm round the hip joint (the buttock and the hip's side) and 16 cm along
// the thigh. Neither reaches past this share of its limb (a short arm keeps a small one).
constexpr float kDeltoidRadius = 0.06f;
constexpr float kDeltoidLength = 0.07f;
constexpr float kHipRadius = 0.08f;
constexpr float kHipLength = 0.09f;
constexpr float kLongestShareOfLimb = 0.35f;
// Where the ellipsoid's centre lies down the limb, of its half-length: over the joint, a little
// towards the limb, so that the shape's top stays at the joint's height.
constexpr float kCentreDownLimb = 0.35f;
// How far behind the hip joint a hip's mass sits, of its radius.
constexpr float kHipBehind = 0.25f;

glm::vec3 perpendicularTo(const glm::vec3& d) {
    const glm::vec3 other = std::abs(d.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    return glm::normalize(glm::cross(d, other));
}

// An ellipsoid of half-length `along` on the axis from `joint` towards `end` and radius
// `across` around it, its centre kCentreDownLimb of its half-length down the limb.
BodyVolume limbRootEllipsoid(const glm::vec3& joint, const glm::vec3& end, float across,
                             float along, const glm::vec3& shift) {
    const glm::vec3 limb = end - joint;
    const float limbLength = glm::length(limb);
    const glm::vec3 axis = limbLength > 0.0f ? limb / limbLength : glm::vec3(0, 1, 0);
    const float halfLength = std::min(along, kLongestShareOfLimb * limbLength);
    const float radius = std::min(across, halfLength);
    const glm::vec3 side = perpendicularTo(axis);
    const glm::mat3 axes = glm::transpose(glm::mat3(axis, side, glm::cross(axis, side)));
    BodyVolume volume = makeEllipsoid(joint + axis * (kCentreDownLimb * halfLength) + shift, axes,
                                      glm::vec3(halfLength, radius, radius));
    volume.blend = 0.5f * radius;
    return volume;
}

} // namespace

BodyVolume makeDeltoid(const glm::vec3& shoulder, const glm::vec3& elbow, float scale) {
    return limbRootEllipsoid(shoulder, elbow, kDeltoidRadius * scale, kDeltoidLength * scale,
                             glm::vec3(0.0f));
}

BodyVolume makeHipMass(const glm::vec3& hip, const glm::vec3& knee,
                       const std::optional<glm::vec3>& facing, float scale) {
    const glm::vec3 behind = facing ? -*facing * (kHipBehind * kHipRadius * scale) : glm::vec3(0);
    return limbRootEllipsoid(hip, knee, kHipRadius * scale, kHipLength * scale, behind);
}

} // namespace bvh
