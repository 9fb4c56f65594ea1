#include "render/draw/skeleton_renderer.h"

#include "render/gl/shader_program.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <glm/geometric.hpp>

namespace bvhscope::render {

namespace {

// The view's uniforms shared by both programs and every pass.
void setViewUniforms(const Program& program, const ViewParameters& view) {
    setUniform(program, "uViewProjection", view.viewProjection);
    setUniform(program, "uEyePosition", view.eyePosition);
    setUniform(program, "uMinRadiusPerDistance", view.minRadiusPerDistance);
}

// The shadow pass's uniforms, the same for bones and bodies.
void setShadowUniforms(const Program& program, const glm::vec3& light, const SkeletonStyle& style) {
    setUniform(program, "uShadowPass", 1);
    setUniform(program, "uLightDirection", light);
    setUniform(program, "uGroundHeight", style.groundHeight);
    setUniform(program, "uShadowStrength", style.shadowStrength);
    setUniform(program, "uFadeHeight", style.shadowFadeHeight);
}

// The lit pass's uniforms for a body: smooth, lit surfaces.
void setBodyLitUniforms(const Program& program, const glm::vec3& light) {
    setUniform(program, "uShadowPass", 0);
    setUniform(program, "uLightDirection", light);
    setUniform(program, "uFlatShading", 0);
    setUniform(program, "uUnlit", 0);
}

// Bone instances drawn with capsules: the capsule style, and the body style's characters
// without a body.
bool drawnAsCapsules(BoneStyle style) {
    return style == BoneStyle::Capsule || style == BoneStyle::Body;
}

// (segments, rings) of the capsule and joint-sphere meshes at each level of detail, Fine to
// Coarse: 216, 80 and 36 triangles for a bone; 364, 112 and 36 for a joint.
struct MeshResolution {
    int segments;
    int rings;
};
constexpr std::array<MeshResolution, kMeshDetails> kCapsuleResolutions = {
    {{12, 4}, {8, 2}, {6, 1}}};
constexpr std::array<MeshResolution, kMeshDetails> kJointResolutions = {{{14, 6}, {8, 3}, {6, 1}}};

} // namespace

float pixelRadiusPerDistance(float pixels, float verticalFovRadians, int viewportHeight) {
    // At distance d the viewport spans 2 d tan(fov / 2) vertically.
    return pixels * 2.0f * std::tan(0.5f * verticalFovRadians) /
           static_cast<float>(std::max(viewportHeight, 1));
}

SkeletonRenderer::SkeletonRenderer() {
    if (!bodies_.error().empty()) {
        error_ = bodies_.error();
        return;
    }
    ProgramResult lit = buildProgram("skeleton.vert", "skeleton.frag");
    ProgramResult shadow = buildProgram("skeleton.vert", "shadow.frag");
    if (!lit.program || !shadow.program) {
        error_ = !lit.program ? lit.error : shadow.error;
        return;
    }
    litProgram_ = std::move(lit.program);
    shadowProgram_ = std::move(shadow.program);
    boneInstances_ = createBuffer();
    jointInstances_ = createBuffer();
    for (std::size_t level = 0; level < kMeshDetails; ++level) {
        const MeshResolution bone = kCapsuleResolutions[level];
        const MeshResolution joint = kJointResolutions[level];
        capsules_[level] =
            upload(buildCapsuleMesh(bone.segments, bone.rings), GL_TRIANGLES, boneInstances_, true);
        jointSpheres_[level] = upload(buildCapsuleMesh(joint.segments, joint.rings), GL_TRIANGLES,
                                      jointInstances_, true);
    }
    octahedron_ = upload(buildOctahedronMesh(), GL_TRIANGLES, boneInstances_, true);
    // Open at both ends: seen end-on, its inside faces are what shows.
    line_ = upload(buildLineMesh(), GL_TRIANGLES, boneInstances_, false);
}

SkeletonRenderer::GpuMesh SkeletonRenderer::upload(const UnitMesh& mesh, GLenum primitive,
                                                   const Buffer& instances, bool closed) {
    GpuMesh gpu;
    gpu.vertexArray = createVertexArray();
    gpu.vertices = createBuffer();
    gpu.indices = createBuffer();
    gpu.indexCount = static_cast<GLsizei>(mesh.indices.size());
    gpu.primitive = primitive;
    gpu.closed = closed;

    glBindVertexArray(gpu.vertexArray.id());
    glBindBuffer(GL_ARRAY_BUFFER, gpu.vertices.id());
    glBufferData(GL_ARRAY_BUFFER,
                 static_cast<GLsizeiptr>(mesh.vertices.size() * sizeof(BoneVertex)),
                 mesh.vertices.data(), GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(BoneVertex),
                          byteOffset(offsetof(BoneVertex, direction)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, sizeof(BoneVertex),
                          byteOffset(offsetof(BoneVertex, along)));
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, gpu.indices.id());
    glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                 static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint16_t)),
                 mesh.indices.data(), GL_STATIC_DRAW);

    glBindBuffer(GL_ARRAY_BUFFER, instances.id());
    const struct {
        GLuint location;
        std::size_t offset;
    } attributes[] = {{2, offsetof(BoneInstance, start)},
                      {3, offsetof(BoneInstance, end)},
                      {4, offsetof(BoneInstance, color)}};
    for (const auto& attribute : attributes) {
        glEnableVertexAttribArray(attribute.location);
        glVertexAttribPointer(attribute.location, 4, GL_FLOAT, GL_FALSE, sizeof(BoneInstance),
                              byteOffset(attribute.offset));
        glVertexAttribDivisor(attribute.location, 1);
    }
    glBindVertexArray(0);
    return gpu;
}

void SkeletonRenderer::drawInstanced(const GpuMesh& mesh, const Buffer& instances,
                                     std::span<const BoneInstance> data) {
    glBindBuffer(GL_ARRAY_BUFFER, instances.id());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size_bytes()), data.data(),
                 GL_STREAM_DRAW);
    // Flattened onto the ground for a shadow, either side of a triangle may face the eye.
    if (mesh.closed && !flatteningShadows_) {
        glEnable(GL_CULL_FACE);
        glCullFace(GL_BACK);
        glFrontFace(GL_CCW);
    } else {
        glDisable(GL_CULL_FACE);
    }
    glBindVertexArray(mesh.vertexArray.id());
    glDrawElementsInstanced(mesh.primitive, mesh.indexCount, GL_UNSIGNED_SHORT, nullptr,
                            static_cast<GLsizei>(data.size()));
    glBindVertexArray(0);
}

void SkeletonRenderer::drawByDetail(const DetailMeshes& meshes, const Buffer& instances,
                                    const InstancesByDetail& split, std::size_t coarser) {
    for (std::size_t level = 0; level < kMeshDetails; ++level) {
        if (!split[level].empty()) {
            drawInstanced(meshes[std::min(level + coarser, kMeshDetails - 1)], instances,
                          split[level]);
        }
    }
}

void SkeletonRenderer::splitInstances(const ViewParameters& view,
                                      std::span<const BoneInstance> bones,
                                      std::span<const BoneInstance> joints,
                                      const SkeletonStyle& style, bool withShadow) {
    const DetailView detailView{view.eyePosition, view.radiusPerPixelPerDistance,
                                view.minRadiusPerDistance};
    // Only what is drawn with capsules and spheres: a hierarchy drawn as lines can have a
    // hundred thousand bones.
    const bool bonesAsCapsules =
        drawnAsCapsules(style.bones) || (withShadow && style.bones == BoneStyle::Line);
    splitByDetail(bonesAsCapsules ? bones : std::span<const BoneInstance>{}, detailView,
                  bonesByDetail_);
    splitByDetail(style.drawJoints ? joints : std::span<const BoneInstance>{}, detailView,
                  jointsByDetail_);
    bones_ = bones;
}

void SkeletonRenderer::drawBones(BoneStyle style, bool forShadow) {
    // Lines cast no useful shadow; the capsule stands in for them.
    if (drawnAsCapsules(style) || (forShadow && style == BoneStyle::Line)) {
        drawByDetail(capsules_, boneInstances_, bonesByDetail_, forShadow ? 1 : 0);
    } else {
        drawInstanced(style == BoneStyle::Octahedral ? octahedron_ : line_, boneInstances_, bones_);
    }
}

void SkeletonRenderer::drawShaded(BoneStyle bones, bool drawJoints) {
    setUniform(litProgram_, "uFlatShading", bones == BoneStyle::Octahedral ? 1 : 0);
    setUniform(litProgram_, "uUnlit", bones == BoneStyle::Line ? 1 : 0);
    setUniform(litProgram_, "uLineStyle", bones == BoneStyle::Line ? 1 : 0);
    drawBones(bones, false);
    if (drawJoints) {
        setUniform(litProgram_, "uFlatShading", 0);
        setUniform(litProgram_, "uUnlit", 0);
        setUniform(litProgram_, "uLineStyle", 0);
        drawByDetail(jointSpheres_, jointInstances_, jointsByDetail_);
    }
}

void SkeletonRenderer::drawSkeletons(const ViewParameters& view,
                                     std::span<const BoneInstance> bones,
                                     std::span<const BoneInstance> joints,
                                     const SkeletonStyle& style, std::span<const BodyDraw> bodies) {
    if (!litProgram_ || (bones.empty() && joints.empty() && bodies.empty())) {
        return;
    }
    const glm::vec3 light = glm::normalize(view.lightDirection);
    const bool drawJoints = style.drawJoints && !joints.empty();
    splitInstances(view, bones, joints, style, style.drawShadow);
    bodies_.prepare(view, bodies);

    if (style.drawShadow) {
        glUseProgram(shadowProgram_.id());
        setViewUniforms(shadowProgram_, view);
        setShadowUniforms(shadowProgram_, light, style);
        glEnable(GL_BLEND);
        // Colour blends "over"; alpha accumulates coverage (a + dst * (1 - a)), so a picture
        // drawn over a transparent clear keeps a correct alpha (thumbnails) and one over an
        // opaque clear stays opaque.
        glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
        glDepthMask(GL_FALSE);
        // Overlapping limbs would darken twice; the stencil lets each pixel be shaded once.
        glEnable(GL_STENCIL_TEST);
        glStencilFunc(GL_EQUAL, 0, 0xFF);
        glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
        glEnable(GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(-1.0f, -1.0f);
        flatteningShadows_ = true;
        drawBones(style.bones, true);
        if (drawJoints) {
            drawByDetail(jointSpheres_, jointInstances_, jointsByDetail_, 1);
        }
        if (!bodies_.empty()) {
            const Program& bodyShadow = bodies_.useShadow(view);
            setShadowUniforms(bodyShadow, light, style);
            bodies_.draw(bodyShadow, true);
        }
        flatteningShadows_ = false;
        glDisable(GL_POLYGON_OFFSET_FILL);
        glDisable(GL_STENCIL_TEST);
        glDepthMask(GL_TRUE);
        glDisable(GL_BLEND);
    }

    glUseProgram(litProgram_.id());
    setViewUniforms(litProgram_, view);
    setUniform(litProgram_, "uShadowPass", 0);
    setUniform(litProgram_, "uLightDirection", light);
    glEnable(GL_DEPTH_TEST);
    drawShaded(style.bones, drawJoints);
    if (!bodies_.empty()) {
        const Program& bodyLit = bodies_.useLit(view);
        setBodyLitUniforms(bodyLit, light);
        bodies_.draw(bodyLit, false);
    }
    glDisable(GL_CULL_FACE);
    glUseProgram(0);
}

void SkeletonRenderer::drawTranslucent(const ViewParameters& view,
                                       std::span<const BoneInstance> bones,
                                       std::span<const BoneInstance> joints,
                                       const SkeletonStyle& style,
                                       std::span<const BodyDraw> bodies) {
    if (!litProgram_ || (bones.empty() && joints.empty() && bodies.empty())) {
        return;
    }
    const glm::vec3 light = glm::normalize(view.lightDirection);
    const bool drawJoints = style.drawJoints && !joints.empty();
    // Both passes draw the same split and body levels, so every vertex lands alike (GL_EQUAL
    // below).
    splitInstances(view, bones, joints, style, false);
    bodies_.prepare(view, bodies);
    const auto drawBodies = [&] {
        if (!bodies_.empty()) {
            const Program& bodyLit = bodies_.useLit(view);
            setBodyLitUniforms(bodyLit, light);
            bodies_.draw(bodyLit, false);
            glUseProgram(litProgram_.id());
        }
    };
    glUseProgram(litProgram_.id());
    setViewUniforms(litProgram_, view);
    setUniform(litProgram_, "uShadowPass", 0);
    setUniform(litProgram_, "uLightDirection", light);
    setUniform(litProgram_, "uLineStyle", style.bones == BoneStyle::Line ? 1 : 0);
    glEnable(GL_DEPTH_TEST);

    // Pass 1: the nearest ghost surface's depth. Both passes must place every vertex alike
    // (GL_EQUAL below), so the uniforms that move vertices match per mesh.
    const int lineStyle = style.bones == BoneStyle::Line ? 1 : 0;
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glDepthFunc(GL_LESS);
    drawBones(style.bones, false);
    if (drawJoints) {
        setUniform(litProgram_, "uLineStyle", 0);
        drawByDetail(jointSpheres_, jointInstances_, jointsByDetail_);
        setUniform(litProgram_, "uLineStyle", lineStyle);
    }
    drawBodies();
    // Pass 2: colour there, once.
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthFunc(GL_EQUAL);
    glDepthMask(GL_FALSE);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    drawShaded(style.bones, drawJoints);
    drawBodies();
    setUniform(litProgram_, "uLineStyle", 0);
    glDisable(GL_BLEND);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LESS);
    glDisable(GL_CULL_FACE);
    glUseProgram(0);
}

} // namespace bvhscope::render
