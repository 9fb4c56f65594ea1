// A body's shading normals, from its signed distance field. The field is exact but not smooth
// everywhere: where one bone's volume gives way to the next (spine bones under the torso's skin,
// a thigh entering the pelvis, a forearm entering the wrist) the union leaves creases a few
// degrees deep, a fraction of a cell wide. A normal taken from the field over half a cell sees
// each crease whole, and the simplified level's long triangles then interpolate the jumps into
// bands and blotches on what should read as one smooth surface. Taken over a wider stencil,
// the gradient is the field's slope averaged over that width, so a crease turns the normals
// gradually over a few centimetres, as a sculpted body's would; on a round limb the wide
// stencil's gradient still points straight out (a sphere's or a cylinder's field is symmetric
// about the point). Where the wide gradient disagrees with the narrow one (the stencil reached
// across a gap into another limb, or past a feature smaller than itself) the narrow one is kept.
// The geometry is unchanged: only what the light sees.
#pragma once

#include <algorithm>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

namespace bvh {

// The wide stencil's half width, in grid cells: 1.5 spreads a Mixamo torso's creases out of
// sight at 600 pixels and keeps a wrist (3 cells across) round; 0.5 showed every crease, 2
// reaches past the gap between limbs (1.4 cells).
inline constexpr float kBodyNormalWideStep = 1.5f;
inline constexpr float kBodyNormalNarrowStep = 0.5f;
// The wide gradient is used fully while within 20 degrees of the narrow one, not at all beyond
// 45 degrees, blended smoothly between (no switch for the shading to show as a seam).
inline constexpr float kBodyNormalWideFullCosine = 0.940f;
inline constexpr float kBodyNormalWideNoneCosine = 0.707f;

// The field's gradient at p by central differences `step` apart (unnormalised: twice the step
// times the slope).
template <typename Field>
glm::vec3 centralGradient(const Field& field, const glm::vec3& p, float step) {
    glm::vec3 gradient(0.0f);
    for (int axis = 0; axis < 3; ++axis) {
        glm::vec3 offset(0.0f);
        offset[axis] = step;
        gradient[axis] = field(p + offset) - field(p - offset);
    }
    return gradient;
}

// How much of the wide gradient a normal takes, from the cosine between the wide and the narrow
// gradients' directions: 1 up to kBodyNormalWideFullCosine, 0 from kBodyNormalWideNoneCosine.
inline float bodyNormalWideShare(float cosine) {
    const float t = std::clamp((cosine - kBodyNormalWideNoneCosine) /
                                   (kBodyNormalWideFullCosine - kBodyNormalWideNoneCosine),
                               0.0f, 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

// The outward unit normal of the body's surface at p (normalised space; `field` the body's
// signed distance, `cell` the grid's cell): the wide stencil's gradient direction where it agrees
// with the narrow one's, the narrow one's where it does not, blended between; `fallback` (unit)
// where the field is flat at p.
template <typename Field>
glm::vec3 bodySurfaceNormal(const Field& field, const glm::vec3& p, float cell,
                            const glm::vec3& fallback) {
    const glm::vec3 narrow = centralGradient(field, p, kBodyNormalNarrowStep * cell);
    const float narrowLength = glm::length(narrow);
    if (!(narrowLength > 0.0f)) {
        return fallback;
    }
    const glm::vec3 narrowUnit = narrow / narrowLength;
    const glm::vec3 wide = centralGradient(field, p, kBodyNormalWideStep * cell);
    const float wideLength = glm::length(wide);
    if (!(wideLength > 0.0f)) {
        return narrowUnit;
    }
    const glm::vec3 wideUnit = wide / wideLength;
    const glm::vec3 blended =
        narrowUnit + bodyNormalWideShare(glm::dot(wideUnit, narrowUnit)) * (wideUnit - narrowUnit);
    const float blendedLength = glm::length(blended);
    return blendedLength > 0.0f ? blended / blendedLength : narrowUnit;
}

} // namespace bvh
