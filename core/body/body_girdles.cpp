#include "core/body/body_girdles.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>
#include <vector>

namespace bvh {
namespace {

// Of a 1.75 m human: a deltoid reaches about 10 cm round the shoulder joint and 12 cm along the
// arm; a hip's mass (the buttock) at most 14 cm round the hip joint and 10 cm along the thigh, to
// the gluteal fold. Neither reaches past this share of its limb (a short arm keeps a small one).
constexpr float kDeltoidRadius = 0.06f;
constexpr float kDeltoidLength = 0.07f;
constexpr float kHipRadius = 0.08f;
constexpr float kHipLength = 0.06f;
constexpr float kLongestShareOfLimb = 0.35f;
// A deltoid is at most this many times as thick as the upper arm where it starts front to back
// (it wraps the shoulder's front and back, where the arm meets the chest), and this many times
// across: a shoulder that carries the trunk's top into the arm, not a ball standing above both.
constexpr float kDeltoidPerArmRadius = 1.5f;
constexpr float kDeltoidAboveArm = 1.15f;
// Over an arm that hangs beside the chest the deltoid's sides are the shoulder's outline seen
// from in front and behind: sized like an arm held out's (or, front to back, as deep as the
// figure allowed) it was a ball wider than the upper arm below it, standing out of the chest's
// outline (the bundled walk's shoulders reached 1.46 times as far out from the arm's axis as the
// upper arm half way down, and were 1.7 times as deep). Sideways it reaches no farther than the
// arm's own sphere at the joint (a person's deltoid is about 1.2 times as wide as the upper arm
// half way down, as the arm's own taper makes it); front to back a little past it, so that it
// still bridges the arm and the chest before and behind the armpit (body_gap.cpp's folds). The
// walk's shoulder is now 1.34 times as wide as the upper arm half way down and 1.42 as deep.
constexpr float kHangingDeltoidAcross = 1.0f;
constexpr float kHangingDeltoidDeep = 1.1f;
// Where the ellipsoid's centre lies down the limb, of its half-length: over the joint, a little
// towards the limb, so that the shape's top stays at the joint's height.
constexpr float kCentreDownLimb = 0.35f;
// A shell reaches this share of the way to the legs' first joints (it spans them: at 0.55 a
// crab's was lost among its legs); it is at least this share as long as it is wide, and this
// share as thick as it is long.
constexpr float kShellReach = 1.0f;
constexpr float kShellLeastRound = 0.6f;
constexpr float kShellFlatness = 0.45f;
// A hip's mass is the buttock behind the thigh's top, sized from the thigh's radius at the hip
// joint: across, within the thigh's outline (the thigh's top is the hip's side: a person's outline
// runs from the waist over the greater trochanter into the outer thigh), and front to back this
// many times as deep, set this share of that depth behind the joint. Sized 0.08 of the height
// every way, 0.02 behind the joint and 0.09 along the thigh, the two masses stood out past the
// thighs' outline by 0.04 of the height either side (the hips 0.27 of the Mixamo-like biped's
// height across, their outline 1.42 times as far from the middle as the thigh's under the
// crotch) and, blending with each other over the pelvis, filled the crotch down to 0.12 of the
// height below the hip joints, half way to the knees: a diaper. Across, as wide as the thigh's
// top: from 0.8 to 1.0 of it the outline from in front is the thigh's (the Mixamo-like biped's
// hip 1.087 times as far out as its thigh under the crotch either way), and the narrower masses
// creased the lower back where the buttock's top meets it (the Mixamo-like biped's torso normals
// 6.1 degrees off their neighbours' at 0.8, BodyMeshNormalsOfABiped's bound 6).
constexpr float kHipAcrossPerThigh = 1.0f;
constexpr float kHipDeepPerThigh = 1.5f;
constexpr float kHipBehind = 0.3f;

glm::vec3 perpendicularTo(const glm::vec3& d) {
    const glm::vec3 other = std::abs(d.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
    return glm::normalize(glm::cross(d, other));
}

// An ellipsoid of half-length `along` on the axis from `joint` towards `end` and radius
// `across` around it, its centre kCentreDownLimb of its half-length down the limb; `deepAcross`
// along `deep` where `deep` (a direction, or zero) is not along the limb.
BodyVolume limbRootEllipsoid(const glm::vec3& joint, const glm::vec3& end, float across,
                             float along, const glm::vec3& shift, const glm::vec3& deep = {},
                             float deepAcross = 0.0f) {
    const glm::vec3 limb = end - joint;
    const float limbLength = glm::length(limb);
    const glm::vec3 axis = limbLength > 0.0f ? limb / limbLength : glm::vec3(0, 1, 0);
    const float halfLength = std::min(along, kLongestShareOfLimb * limbLength);
    const float radius = std::min(across, halfLength);
    glm::vec3 side = perpendicularTo(axis);
    float sideRadius = radius;
    const glm::vec3 deepSide = deep - axis * glm::dot(deep, axis);
    if (glm::length(deepSide) > 0.3f * glm::length(deep)) {
        side = glm::normalize(deepSide);
        sideRadius = std::min(deepAcross, halfLength);
    }
    const glm::mat3 axes = glm::transpose(glm::mat3(axis, side, glm::cross(axis, side)));
    BodyVolume volume = makeEllipsoid(joint + axis * (kCentreDownLimb * halfLength) + shift, axes,
                                      glm::vec3(halfLength, sideRadius, radius));
    volume.blend = 0.5f * std::min(radius, sideRadius);
    return volume;
}

// The direction in the plane perpendicular to `up` along which `offsets` spread most (the
// principal axis of their second moments, by power iteration).
glm::vec3 widestSpread(std::span<const glm::vec3> offsets, const glm::vec3& up) {
    // Not along an axis of symmetry, which is an eigenvector too (a crab's legs, mirrored,
    // would keep it there however much wider they spread the other way).
    const glm::vec3 first = perpendicularTo(up);
    glm::vec3 axis = glm::normalize(first + 0.37f * glm::cross(up, first));
    for (int round = 0; round < 16; ++round) {
        glm::vec3 next(0.0f);
        for (const glm::vec3& d : offsets) {
            next += d * glm::dot(d, axis);
        }
        next -= up * glm::dot(next, up);
        if (!(glm::length(next) > 0.0f)) {
            break;
        }
        axis = glm::normalize(next);
    }
    return axis;
}

} // namespace

BodyVolume makeShell(const glm::vec3& hub, std::span<const glm::vec3> legJoints,
                     const glm::vec3& up, float leastHalfWidth) {
    std::vector<glm::vec3> offsets;
    for (const glm::vec3& joint : legJoints) {
        const glm::vec3 d = joint - hub;
        offsets.push_back(d - up * glm::dot(d, up));
    }
    const glm::vec3 across = widestSpread(offsets, up);
    const glm::vec3 along = glm::cross(up, across);
    float wide = 0.0f;
    float long_ = 0.0f;
    for (const glm::vec3& d : offsets) {
        wide = std::max(wide, std::abs(glm::dot(d, across)));
        long_ = std::max(long_, std::abs(glm::dot(d, along)));
    }
    const float semiWide = std::max(kShellReach * wide, leastHalfWidth);
    const float semiLong = std::max(kShellReach * long_, kShellLeastRound * semiWide);
    const glm::mat3 axes = glm::transpose(glm::mat3(across, along, up));
    BodyVolume shell =
        makeEllipsoid(hub, axes, glm::vec3(semiWide, semiLong, kShellFlatness * semiLong));
    shell.blend = 0.5f * shell.radii.z;
    return shell;
}

BodyVolume makeDeltoid(const glm::vec3& shoulder, const glm::vec3& elbow,
                       const std::optional<glm::vec3>& facing, float scale, DeltoidArm arm) {
    const float acrossPerArm = arm.hangs ? kHangingDeltoidAcross : kDeltoidAboveArm;
    const float deepPerArm = arm.hangs ? kHangingDeltoidDeep : kDeltoidPerArmRadius;
    const float across = std::min(kDeltoidRadius * scale, acrossPerArm * arm.radius);
    const float deep = std::min(kDeltoidRadius * scale, deepPerArm * arm.radius);
    return limbRootEllipsoid(shoulder, elbow, across, kDeltoidLength * scale, glm::vec3(0.0f),
                             facing.value_or(glm::vec3(0.0f)), deep);
}

BodyVolume makeHipMass(const glm::vec3& hip, const glm::vec3& knee,
                       const std::optional<glm::vec3>& facing, float scale, float thighRadius) {
    const float across = std::min(kHipRadius * scale, kHipAcrossPerThigh * thighRadius);
    const float deep = std::min(kHipRadius * scale, kHipDeepPerThigh * thighRadius);
    const glm::vec3 behind = facing ? -*facing * (kHipBehind * deep) : glm::vec3(0.0f);
    return limbRootEllipsoid(hip, knee, across, kHipLength * scale, behind,
                             facing.value_or(glm::vec3(0.0f)), deep);
}

} // namespace bvh
