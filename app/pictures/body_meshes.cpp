#include "app/pictures/body_meshes.h"

#include <algorithm>
#include <cstddef>

namespace bvhscope::pictures {

static_assert(sizeof(bvh::BodyVertex) == sizeof(render::SkinnedVertex));
static_assert(offsetof(bvh::BodyVertex, position) == offsetof(render::SkinnedVertex, position));
static_assert(offsetof(bvh::BodyVertex, normal) == offsetof(render::SkinnedVertex, normal));
static_assert(offsetof(bvh::BodyVertex, axisPoint) == offsetof(render::SkinnedVertex, axisPoint));
static_assert(offsetof(bvh::BodyVertex, joints) == offsetof(render::SkinnedVertex, joints));
static_assert(offsetof(bvh::BodyVertex, weights) == offsetof(render::SkinnedVertex, weights));

render::BodyMeshGpu uploadBodyMesh(const bvh::BodyMesh& mesh) {
    // The same bytes, read through the renderer's type (layouts checked above).
    const std::span<const render::SkinnedVertex> vertices(
        reinterpret_cast<const render::SkinnedVertex*>(mesh.vertices.data()), mesh.vertices.size());
    std::vector<render::SkinnedMeshLevel> levels;
    levels.reserve(mesh.levels.size());
    for (const bvh::BodyDetailLevel& level : mesh.levels) {
        levels.push_back({level.firstIndex, level.indexCount});
    }
    return render::BodyMeshGpu::upload(vertices, mesh.indices, levels, mesh.boundsMin,
                                       mesh.boundsMax);
}

const render::BodyMeshGpu& BodyMeshes::meshFor(const std::shared_ptr<const bvh::BodyMesh>& mesh) {
    for (const std::unique_ptr<Uploaded>& entry : uploaded_) {
        if (!entry->source.owner_before(mesh) && !mesh.owner_before(entry->source)) {
            return entry->gpu;
        }
    }
    uploaded_.push_back(std::make_unique<Uploaded>(Uploaded{mesh, uploadBodyMesh(*mesh)}));
    return uploaded_.back()->gpu;
}

void BodyMeshes::forgetUnused() {
    // A mesh nobody holds is gone for good (a new one at its address is another mesh).
    std::erase_if(uploaded_,
                  [](const std::unique_ptr<Uploaded>& entry) { return entry->source.expired(); });
}

void BodyMeshes::draws(std::span<const scene::BodyInstance> bodies,
                       std::vector<render::BodyDraw>& out) {
    out.clear();
    for (const scene::BodyInstance& body : bodies) {
        if (!body.mesh) {
            continue;
        }
        render::BodyDraw draw;
        draw.mesh = &meshFor(body.mesh);
        draw.nodeTransforms = body.skin;
        draw.nodeColors = body.colors;
        draw.model = body.model;
        draw.thickness = body.thickness;
        out.push_back(draw);
    }
}

std::size_t BodyMeshes::byteSize() const {
    std::size_t bytes = 0;
    for (const std::unique_ptr<Uploaded>& entry : uploaded_) {
        bytes += entry->gpu.byteSize();
    }
    return bytes;
}

} // namespace bvhscope::pictures
