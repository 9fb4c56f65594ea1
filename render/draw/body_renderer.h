// Draws skinned bodies (BodyMeshGpu) for SkeletonRenderer, which owns one and calls it in its
// passes: the shadow flattened on the ground, the lit opaque surface, and the translucent
// ghosts' depth and colour passes. Per frame every body's per-node data (skin dual quaternion
// and colour) goes into one RGBA32F texture in one upload, read by shaders/body.vert with
// texelFetch; each body is then one indexed draw of the level its on-screen size asks for.
#pragma once

#include "render/draw/body_mesh_gpu.h"
#include "render/gl/gl_objects.h"
#include "render/gl/texture_target.h"
#include "render/math/skinned_mesh.h"

#include <cstddef>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <span>
#include <string>
#include <vector>

namespace bvhscope::render {

// One body to draw this frame. The spans must stay valid during the draw call.
struct BodyDraw {
    const BodyMeshGpu* mesh = nullptr; // null or empty: skipped
    // Per node (the indices SkinnedVertex::joints name): the skin transform from the rest pose
    // to this pose, in the mesh's units. A body with no more transforms than
    // mesh->maxJointIndex() is skipped.
    std::span<const SkinDualQuaternion> nodeTransforms;
    // Per node: the colour of the vertices it moves (a vertex blends its joints' colours by
    // weight; alpha < 1 for ghosts drawn with drawTranslucent). Missing entries are white.
    std::span<const glm::vec4> nodeColors;
    // The mesh's axes and units to the world (Y up, metres): a rotation, a uniform scale and a
    // translation (a mirroring one is drawn with its winding flipped).
    glm::mat4 model{1.0f};
    // Scales each vertex's distance from its bone's axis (SkinnedVertex::axisPoint); 1: as built.
    float thickness = 1.0f;
};

struct ViewParameters;

class BodyRenderer {
public:
    // Builds the programs (body.vert with skeleton.frag and shadow.frag); the context must be
    // current. On failure error() names the shader file and the driver's log, and nothing draws.
    BodyRenderer();
    const std::string& error() const { return error_; }

    // Packs the bodies' node data into the texture (one upload) and picks each one's level of
    // detail; the draws below use it until the next prepare(). Bodies that cannot be drawn
    // (no mesh, too few transforms, past the largest texture) are left out.
    void prepare(const ViewParameters& view, std::span<const BodyDraw> bodies);
    bool empty() const { return prepared_.empty(); }

    // The program for a pass, in use, with the view uniforms and the node texture bound; the
    // caller sets the pass's own uniforms (light, ground, shadow) on it before drawing.
    const Program& useLit(const ViewParameters& view);
    const Program& useShadow(const ViewParameters& view);
    // Draws the prepared bodies with the program in use (one of the two above). `forShadow`:
    // flattened on the ground, no face culled, one level coarser.
    void draw(const Program& program, bool forShadow);

private:
    struct PreparedBody {
        const BodyMeshGpu* mesh = nullptr;
        glm::mat4 model{1.0f};
        glm::mat3 normalMatrix{1.0f}; // model's rotation, unscaled
        float thickness = 1.0f;
        int firstTexel = 0;
        std::size_t level = 0;
        bool mirrored = false;
    };
    void bindNodeTexture() const;

    std::string error_;
    Program litProgram_;
    Program shadowProgram_;
    Texture nodeTexture_;
    int nodeTextureRows_ = 0;
    int maxTextureRows_ = 1024; // GL_MAX_TEXTURE_SIZE: the most rows of nodes a frame holds
    std::vector<glm::vec4> nodeTexels_;
    std::vector<PreparedBody> prepared_;
};

} // namespace bvhscope::render
