// Draws every bone and joint of every character in one instanced draw per mesh (the bone
// mesh, the joint sphere, each at up to three levels of detail), plus their shadow on the
// ground. It takes world-space instances
// (Y up, metres) and knows nothing of BVH, sampling or selection: the app decides positions,
// radii and colours. Skinned bodies (BodyDraw) are drawn in the same passes by its
// BodyRenderer (body_renderer.h).
#pragma once

#include "render/draw/body_renderer.h"
#include "render/gl/gl_objects.h"
#include "render/math/mesh_builder.h"
#include "render/math/mesh_detail.h"
#include "render/math/skeleton_instances.h"

#include <array>
#include <cstdint>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <span>
#include <string>

namespace bvhscope::render {

struct ViewParameters {
    glm::mat4 viewProjection{1.0f};
    glm::vec3 eyePosition{0.0f};
    glm::vec3 lightDirection{0.35f, 0.85f, 0.4f}; // towards the light; normalised when used
    // The smallest radius drawn, per unit of distance from the eye (pixelRadiusPerDistance):
    // thinner bones and joints are widened to it, so they stay visible. 0: no minimum.
    float minRadiusPerDistance = 0.0f;
    // The radius that spans one pixel, per unit of distance (pixelRadiusPerDistance(1, ...)):
    // capsules and joint spheres get coarser meshes as they get smaller on screen
    // (mesh_detail.h). 0: always the finest mesh.
    float radiusPerPixelPerDistance = 0.0f;
};

// The world radius per unit of distance from the eye that covers `pixels` pixels on a viewport
// `viewportHeight` pixels high under a vertical field of view of `verticalFovRadians`.
float pixelRadiusPerDistance(float pixels, float verticalFovRadians, int viewportHeight);

struct SkeletonStyle {
    BoneStyle bones = BoneStyle::Capsule;
    bool drawJoints = true;
    bool drawShadow = true;
    float groundHeight = 0.0f;
    float shadowFadeHeight = 1.0f; // world units above the ground where the shadow is lightest
    float shadowStrength = 0.5f;
};

class SkeletonRenderer {
public:
    // Builds the programs and meshes; the GL context must be current. On failure `error` names
    // the shader file and the driver's log, and drawSkeletons draws nothing.
    SkeletonRenderer();
    const std::string& error() const { return error_; }

    // Shadows first (blended, no depth writes, each pixel darkened once through the stencil),
    // then the bones and joints, each kind in a single instanced draw. Expects the target to
    // have depth and stencil buffers, the stencil cleared to 0 (cleared with the frame rather
    // than here: a software rasteriser pays for a stencil-only clear on every pixel); the
    // shadows leave it non-zero where they fall. `bodies` are skinned surfaces drawn with the
    // bones, whatever the style (their shadows in the same stencil pass); bone instances with
    // BoneStyle::Body are drawn as capsules, so a scene can mix bodies and capsule figures.
    void drawSkeletons(const ViewParameters& view, std::span<const BoneInstance> bones,
                       std::span<const BoneInstance> joints, const SkeletonStyle& style,
                       std::span<const BodyDraw> bodies = {});

    // Translucent skeletons (onion-skin ghosts; the instances' alpha says how faint), after the
    // opaque ones, with no shadow. Two passes per mesh: depth only, then colour where the depth
    // matches, so each pixel takes the nearest ghost surface exactly once: no darker seams where
    // limbs, or a capsule's front and back, overlap. Ghosts are depth-tested against what is
    // drawn (the live pose hides a ghost behind it) and leave their depth behind, so draw them
    // last. Translucent `bodies` (their node colours' alpha) take the same two passes.
    void drawTranslucent(const ViewParameters& view, std::span<const BoneInstance> bones,
                         std::span<const BoneInstance> joints, const SkeletonStyle& style,
                         std::span<const BodyDraw> bodies = {});

private:
    struct GpuMesh {
        VertexArray vertexArray;
        Buffer vertices;
        Buffer indices;
        GLsizei indexCount = 0;
        GLenum primitive = GL_TRIANGLES;
        bool closed = false; // its back faces can be culled (mesh_builder.h)
    };
    GpuMesh upload(const UnitMesh& mesh, GLenum primitive, const Buffer& instances, bool closed);
    using DetailMeshes = std::array<GpuMesh, kMeshDetails>;
    void drawInstanced(const GpuMesh& mesh, const Buffer& instances,
                       std::span<const BoneInstance> data);
    // One draw per level of detail, from instances split by splitInstances(), each drawn
    // `coarser` levels coarser than its size asks for: a shadow flattened on the ground is a
    // soft dark shape, and the stencil draws each of its pixels once however many triangles
    // cover it, so it takes the next level down.
    void drawByDetail(const DetailMeshes& meshes, const Buffer& instances,
                      const InstancesByDetail& split, std::size_t coarser = 0);
    // The bone mesh for a style: the capsule levels, or the octahedron or line (one level).
    void drawBones(BoneStyle style, bool forShadow);
    // With the lit program in use: the bones in their style, then the joints as lit spheres.
    void drawShaded(BoneStyle bones, bool drawJoints);
    void splitInstances(const ViewParameters& view, std::span<const BoneInstance> bones,
                        std::span<const BoneInstance> joints, const SkeletonStyle& style,
                        bool withShadow);

    std::string error_;
    BodyRenderer bodies_;
    Program litProgram_;
    Program shadowProgram_;
    Buffer boneInstances_;
    Buffer jointInstances_;
    DetailMeshes capsules_;
    GpuMesh octahedron_;
    GpuMesh line_;
    DetailMeshes jointSpheres_;
    // This frame's instances by level of detail (kept for their storage).
    InstancesByDetail bonesByDetail_;
    InstancesByDetail jointsByDetail_;
    std::span<const BoneInstance> bones_;
    bool flatteningShadows_ = false; // in the shadow pass: nothing is culled
};

} // namespace bvhscope::render
