// A body (core/body/body_mesh.h) as the skinned mesh of a glTF export (`convert --body`): its
// finest level's triangles with POSITION, NORMAL, JOINTS_0 (unsigned shorts) and WEIGHTS_0, and a
// skin whose joints are every skeleton node in node order, so a vertex's JOINTS_0 entries (which
// index skin.joints) are its skeleton node indices. The inverse bind matrices are the inverses of
// the nodes' world transforms in the body's bind pose (BodyMesh::bindWorld: the rest pose, or a
// frame of the motion where the rest pose disagrees with it), in glTF's space. glTF skins by
// blending matrices linearly, not by the dual quaternions the viewer uses; the two agree away from
// twisted joints.
#pragma once

#include "core/body/body_mesh.h"
#include "core/gltf/gltf_tracks.h"

#include <array>
#include <cstdint>
#include <string>

namespace bvh::gltf {

struct BodyBuffer {
    std::string bytes; // little-endian, every part 4-byte aligned
    // Byte offsets of the parts within `bytes`, and their lengths.
    std::uint64_t positionsOffset = 0, normalsOffset = 0, jointsOffset = 0, weightsOffset = 0,
                  inverseBindsOffset = 0, indicesOffset = 0;
    std::uint64_t vertexCount = 0, indexCount = 0, jointCount = 0;
    std::array<float, 3> positionMin{}, positionMax{}; // of the positions as written
};

BodyBuffer makeBodyBuffer(const BodyMesh& mesh, const Skeleton& skeleton, const SpaceChange& space);

} // namespace bvh::gltf
