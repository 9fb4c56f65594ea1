// A body's shading normals, from its signed distance field. The field is exact but not smooth
// everywhere: where one bone's volume gives way to the next (spine bones under the torso's skin,
// a thigh entering the pelvis, a forearm entering the wrist) the union leaves creases a few
// degrees deep, a fraction of a cell wide. A normal taken from the field over half a cell sees
// each crease whole, and the simplified level's long triangles then interpolate the jumps into
// bands and blotches on what should read as one smooth surface. Taken over a wider stencil,
// the gradient is the field's slope averaged over that width, so a crease turns the normals
// gradually over a few centimetres, as a sculpted body's would; on a round limb the wide
// stencil's gradient still points straight out (a sphere's or a cylinder's field is symmetric
// about the point). The body takes its wide gradient from the grid's samples round the vertex
// (sampledGradient), which were evaluated to march the surface anyway. Where the wide gradient
// disagrees with the narrow one (the stencil reached across a gap into another limb, or past a
// feature smaller than itself) the narrow one is kept. The geometry is unchanged: only what the
// light sees.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <span>

namespace bvh {

// The field's wide stencil's half width, in grid cells (where the samples give no gradient): 1.5
// spreads a Mixamo torso's creases out of sight at 600 pixels and keeps a wrist (3 cells across)
// round; 0.5 showed every crease, 2 reaches past the gap between limbs (1.4 cells).
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

// A field's samples on a regular grid (x fastest), as the body's marching sampled it: where a
// sample was never evaluated (no volume reaches its brick) it holds `far`.
struct BodySampledField {
    std::span<const float> samples;
    int samplesX = 0, samplesY = 0, samplesZ = 0;
    glm::vec3 origin{0.0f}; // the first sample
    float cell = 0.0f;
    float far = 0.0f;
};

// The sampled field's gradient at p (unnormalised, as centralGradient's: twice the cell times
// the slope), read from the samples round p instead of evaluating the field again (6 evaluations
// a vertex were an eighth of a body's build): the central differences a cell either side of the
// 4 x 4 x 4 samples round p's cell, interpolated by the cubic B-spline (a smooth, not an
// interpolating, fit: the normals it gives turn with continuous curvature from vertex to vertex;
// linear interpolation of the differences bent the shading at the cells' faces, on 1.8 % of the
// lit Mixamo torso's pixels, this on 0.9 %, the field's wide stencil on 0.8). It reads the 6 x 6 x
// 6 samples from 2 before p's cell to 3 after; a crease turns it over 2 cells either side (the
// field's wide stencil: 1.5), and a sphere 3 cells across keeps it within 1.1 degrees of straight
// out. False (and `gradient` unchanged) where a sample it weighs lies off the grid or was never
// evaluated: `far` is no distance, and a difference across it would point anywhere.
inline bool sampledGradient(const BodySampledField& field, const glm::vec3& p,
                            glm::vec3& gradient) {
    const glm::vec3 at = (p - field.origin) / field.cell;
    const int x0 = static_cast<int>(std::floor(at.x));
    const int y0 = static_cast<int>(std::floor(at.y));
    const int z0 = static_cast<int>(std::floor(at.z));
    if (x0 < 2 || y0 < 2 || z0 < 2 || x0 + 3 >= field.samplesX || y0 + 3 >= field.samplesY ||
        z0 + 3 >= field.samplesZ) {
        return false;
    }
    // Along each axis: `level`, the B-spline's weights of the 4 samples round p (window 1 to 4);
    // `slope`, the same weights given to the differences a cell either side of them.
    const glm::vec3 t = glm::clamp(at - glm::vec3(x0, y0, z0), 0.0f, 1.0f);
    constexpr int kWindow = 6;
    float slope[3][kWindow] = {};
    float level[3][kWindow] = {};
    for (int axis = 0; axis < 3; ++axis) {
        const float u = t[axis];
        const float w[4] = {(1.0f - u) * (1.0f - u) * (1.0f - u) / 6.0f,
                            (3.0f * u * u * u - 6.0f * u * u + 4.0f) / 6.0f,
                            (-3.0f * u * u * u + 3.0f * u * u + 3.0f * u + 1.0f) / 6.0f,
                            u * u * u / 6.0f};
        for (int c = 0; c < 4; ++c) {
            level[axis][c + 1] = w[c];
            slope[axis][c] -= w[c];
            slope[axis][c + 2] += w[c];
        }
    }
    const std::size_t nx = static_cast<std::size_t>(field.samplesX);
    const std::size_t nxy = nx * static_cast<std::size_t>(field.samplesY);
    glm::vec3 sum(0.0f);
    for (int k = 0; k < kWindow; ++k) {
        for (int j = 0; j < kWindow; ++j) {
            const float* row = &field.samples[static_cast<std::size_t>(x0 - 2) +
                                              nx * static_cast<std::size_t>(y0 - 2 + j) +
                                              nxy * static_cast<std::size_t>(z0 - 2 + k)];
            for (int i = 0; i < kWindow; ++i) {
                const glm::vec3 weight(slope[0][i] * level[1][j] * level[2][k],
                                       level[0][i] * slope[1][j] * level[2][k],
                                       level[0][i] * level[1][j] * slope[2][k]);
                if (weight == glm::vec3(0.0f)) {
                    continue;
                }
                if (row[i] >= field.far) {
                    return false;
                }
                sum += row[i] * weight;
            }
        }
    }
    gradient = sum;
    return true;
}

// The blend of the narrow and the wide gradients (unnormalised) that bodySurfaceNormal returns:
// the wide one's direction where it agrees with the narrow one's, the narrow one's where it does
// not, blended between; `fallback` (unit) where the narrow one is zero.
inline glm::vec3 blendedBodyNormal(const glm::vec3& narrow, const glm::vec3& wide,
                                   const glm::vec3& fallback) {
    const float narrowLength = glm::length(narrow);
    if (!(narrowLength > 0.0f)) {
        return fallback;
    }
    const glm::vec3 narrowUnit = narrow / narrowLength;
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

// The outward unit normal of the body's surface at p (normalised space; `field` the body's
// signed distance, `cell` the grid's cell): the narrow stencil's gradient blended with the wide
// one's (blendedBodyNormal); `fallback` (unit) where the field is flat at p.
template <typename Field>
glm::vec3 bodySurfaceNormal(const Field& field, const glm::vec3& p, float cell,
                            const glm::vec3& fallback) {
    const glm::vec3 narrow = centralGradient(field, p, kBodyNormalNarrowStep * cell);
    if (!(glm::length(narrow) > 0.0f)) {
        return fallback;
    }
    return blendedBodyNormal(narrow, centralGradient(field, p, kBodyNormalWideStep * cell),
                             fallback);
}

// The same with the wide gradient from the grid's samples (sampledGradient) where they hold it,
// the field's wide stencil where they do not (the surface beside a brick no volume reaches).
template <typename Field>
glm::vec3 bodySurfaceNormal(const Field& field, const BodySampledField& sampled, const glm::vec3& p,
                            const glm::vec3& fallback) {
    const glm::vec3 narrow = centralGradient(field, p, kBodyNormalNarrowStep * sampled.cell);
    if (!(glm::length(narrow) > 0.0f)) {
        return fallback;
    }
    glm::vec3 wide(0.0f);
    if (!sampledGradient(sampled, p, wide)) {
        wide = centralGradient(field, p, kBodyNormalWideStep * sampled.cell);
    }
    return blendedBodyNormal(narrow, wide, fallback);
}

} // namespace bvh
