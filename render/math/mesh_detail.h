// Level of detail for the round meshes (capsule bones, joint spheres): a joint a few pixels
// across needs a handful of triangles, not hundreds. On a software rasteriser (Mesa llvmpipe)
// every vertex and triangle costs CPU time, and fifty small characters side by side would draw
// close to two million triangles a frame at full detail. GL-free, so it is unit-tested.
#pragma once

#include "render/math/skeleton_instances.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace bvhscope::render {

enum class MeshDetail : std::uint8_t { Fine, Medium, Coarse };
inline constexpr std::size_t kMeshDetails = 3;

// Instances whose radius on screen is at least this many pixels get the fine mesh; at least
// kMediumDetailPixels, the medium one; smaller ones the coarse one. At these sizes the coarser
// mesh's facets are within about half a pixel of the round shape.
inline constexpr float kFineDetailPixels = 10.0f;
inline constexpr float kMediumDetailPixels = 3.0f;

// How an instance's on-screen size is judged: the eye, the world radius that spans one pixel
// per unit of distance (pixelRadiusPerDistance(1, ...); 0 means every instance is Fine), and
// the minimum radius the shader widens instances to (ViewParameters::minRadiusPerDistance).
struct DetailView {
    glm::vec3 eyePosition{0.0f};
    float radiusPerPixelPerDistance = 0.0f;
    float minRadiusPerDistance = 0.0f;
};

// The detail for one instance: its radius (as drawn, after the minimum) in pixels at the point
// of its segment nearest the eye.
MeshDetail meshDetailFor(const BoneInstance& instance, const DetailView& view);

// Sorts instances into one list per detail level, keeping their order within each list.
using InstancesByDetail = std::array<std::vector<BoneInstance>, kMeshDetails>;
void splitByDetail(std::span<const BoneInstance> instances, const DetailView& view,
                   InstancesByDetail& out);

} // namespace bvhscope::render
