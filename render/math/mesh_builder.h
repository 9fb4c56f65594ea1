// The unit meshes that every bone and joint instance stretches (CPU side, no GL).
//
// A vertex is a direction in the bone's frame (y along the bone, x and z across it) scaled by
// the instance radius, plus `along`, how far from the bone's start (0) to its end (1) it sits:
// worldPosition = mix(start, end, along) + radius * (basis * direction). A capsule is a sphere
// whose upper half rides at the end and lower half at the start; with start == end it is the
// joint sphere.
//
// The closed meshes (capsule, octahedron) wind every triangle counter-clockwise seen from
// outside, OpenGL's front faces: the renderer culls their back faces, which a closed mesh hides
// behind its front anyway, and rasterises half the triangles.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <vector>

namespace bvhscope::render {

struct BoneVertex {
    glm::vec3 direction{0.0f};
    float along = 0.0f;
};

struct UnitMesh {
    std::vector<BoneVertex> vertices;
    std::vector<std::uint16_t> indices; // triangles
};

// `segments` around the axis (>= 2), `rings` per hemisphere (>= 1; one ring makes each end
// a cone, the coarsest level of detail).
UnitMesh buildCapsuleMesh(int segments, int rings);
// Blender's octahedral bone: a point at the start, a square ring a little way along, a tip.
UnitMesh buildOctahedronMesh();
// A thin triangular prism from start to end (triangles): the line style, drawn at the minimum
// on-screen width.
UnitMesh buildLineMesh();

} // namespace bvhscope::render
