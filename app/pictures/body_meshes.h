// The GPU copies of the body meshes a SceneDrawer draws (render::BodyMeshGpu), uploaded once per
// mesh and dropped once no character holds the mesh any more. The core's bvh::BodyVertex and the
// renderer's render::SkinnedVertex share one 60-byte layout (checked here), so the core's
// vertices go to the GPU as they are.
#pragma once

#include "app/scene/scene.h"
#include "core/body/body_mesh.h"
#include "render/draw/body_mesh_gpu.h"
#include "render/draw/body_renderer.h"

#include <memory>
#include <span>
#include <vector>

namespace bvhscope::pictures {

// Uploads `mesh` (the GL context must be current).
render::BodyMeshGpu uploadBodyMesh(const bvh::BodyMesh& mesh);

class BodyMeshes {
public:
    // Drops the GPU copies of meshes nobody holds any more (once per picture, before draws()).
    void forgetUnused();
    // The renderer's draws for `bodies` into `out` (valid while `bodies` and this cache are
    // unchanged), uploading meshes seen for the first time.
    void draws(std::span<const scene::BodyInstance> bodies, std::vector<render::BodyDraw>& out);
    // GPU memory held by the uploaded meshes.
    std::size_t byteSize() const;

private:
    struct Uploaded {
        std::weak_ptr<const bvh::BodyMesh> source;
        render::BodyMeshGpu gpu;
    };
    const render::BodyMeshGpu& meshFor(const std::shared_ptr<const bvh::BodyMesh>& mesh);

    std::vector<std::unique_ptr<Uploaded>> uploaded_; // stable addresses for the draws
};

} // namespace bvhscope::pictures
