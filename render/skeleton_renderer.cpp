#include "render/skeleton_renderer.h"

#include "render/shader_program.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <glm/geometric.hpp>

namespace bvhscope::render {

namespace {

void* byteOffset(std::size_t offset) {
    return reinterpret_cast<void*>(offset);
}

// The view's uniforms shared by both programs and every pass.
void setViewUniforms(const Program& program, const ViewParameters& view) {
    setUniform(program, "uViewProjection", view.viewProjection);
    setUniform(program, "uEyePosition", view.eyePosition);
    setUniform(program, "uMinRadiusPerDistance", view.minRadiusPerDistance);
}

} // namespace

float pixelRadiusPerDistance(float pixels, float verticalFovRadians, int viewportHeight) {
    // At distance d the viewport spans 2 d tan(fov / 2) vertically.
    return pixels * 2.0f * std::tan(0.5f * verticalFovRadians) /
           static_cast<float>(std::max(viewportHeight, 1));
}

SkeletonRenderer::SkeletonRenderer() {
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
    capsule_ = upload(buildCapsuleMesh(12, 4), GL_TRIANGLES, boneInstances_);
    octahedron_ = upload(buildOctahedronMesh(), GL_TRIANGLES, boneInstances_);
    line_ = upload(buildLineMesh(), GL_TRIANGLES, boneInstances_);
    jointSphere_ = upload(buildCapsuleMesh(14, 6), GL_TRIANGLES, jointInstances_);
}

SkeletonRenderer::GpuMesh SkeletonRenderer::upload(const UnitMesh& mesh, GLenum primitive,
                                                   const Buffer& instances) {
    GpuMesh gpu;
    gpu.vertexArray = createVertexArray();
    gpu.vertices = createBuffer();
    gpu.indices = createBuffer();
    gpu.indexCount = static_cast<GLsizei>(mesh.indices.size());
    gpu.primitive = primitive;

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
    glBindVertexArray(mesh.vertexArray.id());
    glDrawElementsInstanced(mesh.primitive, mesh.indexCount, GL_UNSIGNED_SHORT, nullptr,
                            static_cast<GLsizei>(data.size()));
    glBindVertexArray(0);
}

void SkeletonRenderer::drawSkeletons(const ViewParameters& view,
                                     std::span<const BoneInstance> bones,
                                     std::span<const BoneInstance> joints,
                                     const SkeletonStyle& style) {
    if (!litProgram_ || (bones.empty() && joints.empty())) {
        return;
    }
    const glm::vec3 light = glm::normalize(view.lightDirection);
    const GpuMesh& boneMesh = style.bones == BoneStyle::Capsule      ? capsule_
                              : style.bones == BoneStyle::Octahedral ? octahedron_
                                                                     : line_;
    const bool drawJoints = style.drawJoints && !joints.empty();

    if (style.drawShadow) {
        glUseProgram(shadowProgram_.id());
        setViewUniforms(shadowProgram_, view);
        setUniform(shadowProgram_, "uShadowPass", 1);
        setUniform(shadowProgram_, "uLightDirection", light);
        setUniform(shadowProgram_, "uGroundHeight", style.groundHeight);
        setUniform(shadowProgram_, "uShadowStrength", style.shadowStrength);
        setUniform(shadowProgram_, "uFadeHeight", style.shadowFadeHeight);
        glEnable(GL_BLEND);
        glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
        glDepthMask(GL_FALSE);
        // Overlapping limbs would darken twice; the stencil lets each pixel be shaded once.
        glEnable(GL_STENCIL_TEST);
        glClear(GL_STENCIL_BUFFER_BIT);
        glStencilFunc(GL_EQUAL, 0, 0xFF);
        glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
        glEnable(GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(-1.0f, -1.0f);
        // Lines cast no useful shadow; the capsule stands in for them.
        drawInstanced(style.bones == BoneStyle::Line ? capsule_ : boneMesh, boneInstances_, bones);
        if (drawJoints) {
            drawInstanced(jointSphere_, jointInstances_, joints);
        }
        glDisable(GL_POLYGON_OFFSET_FILL);
        glDisable(GL_STENCIL_TEST);
        glDepthMask(GL_TRUE);
        glDisable(GL_BLEND);
    }

    glUseProgram(litProgram_.id());
    setViewUniforms(litProgram_, view);
    setUniform(litProgram_, "uShadowPass", 0);
    setUniform(litProgram_, "uLightDirection", light);
    setUniform(litProgram_, "uFlatShading", style.bones == BoneStyle::Octahedral ? 1 : 0);
    setUniform(litProgram_, "uUnlit", style.bones == BoneStyle::Line ? 1 : 0);
    setUniform(litProgram_, "uLineStyle", style.bones == BoneStyle::Line ? 1 : 0);
    glEnable(GL_DEPTH_TEST);
    drawInstanced(boneMesh, boneInstances_, bones);
    if (drawJoints) {
        setUniform(litProgram_, "uFlatShading", 0);
        setUniform(litProgram_, "uUnlit", 0);
        setUniform(litProgram_, "uLineStyle", 0);
        drawInstanced(jointSphere_, jointInstances_, joints);
    }
    glUseProgram(0);
}

void SkeletonRenderer::drawTranslucent(const ViewParameters& view,
                                       std::span<const BoneInstance> bones,
                                       std::span<const BoneInstance> joints,
                                       const SkeletonStyle& style) {
    if (!litProgram_ || (bones.empty() && joints.empty())) {
        return;
    }
    const GpuMesh& boneMesh = style.bones == BoneStyle::Capsule      ? capsule_
                              : style.bones == BoneStyle::Octahedral ? octahedron_
                                                                     : line_;
    const bool drawJoints = style.drawJoints && !joints.empty();
    glUseProgram(litProgram_.id());
    setViewUniforms(litProgram_, view);
    setUniform(litProgram_, "uShadowPass", 0);
    setUniform(litProgram_, "uLightDirection", glm::normalize(view.lightDirection));
    setUniform(litProgram_, "uLineStyle", style.bones == BoneStyle::Line ? 1 : 0);
    glEnable(GL_DEPTH_TEST);

    // Pass 1: the nearest ghost surface's depth. Both passes must place every vertex alike
    // (GL_EQUAL below), so the uniforms that move vertices match per mesh.
    const int lineStyle = style.bones == BoneStyle::Line ? 1 : 0;
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glDepthFunc(GL_LESS);
    drawInstanced(boneMesh, boneInstances_, bones);
    if (drawJoints) {
        setUniform(litProgram_, "uLineStyle", 0);
        drawInstanced(jointSphere_, jointInstances_, joints);
        setUniform(litProgram_, "uLineStyle", lineStyle);
    }
    // Pass 2: colour there, once.
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthFunc(GL_EQUAL);
    glDepthMask(GL_FALSE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    setUniform(litProgram_, "uFlatShading", style.bones == BoneStyle::Octahedral ? 1 : 0);
    setUniform(litProgram_, "uUnlit", style.bones == BoneStyle::Line ? 1 : 0);
    drawInstanced(boneMesh, boneInstances_, bones);
    if (drawJoints) {
        setUniform(litProgram_, "uFlatShading", 0);
        setUniform(litProgram_, "uUnlit", 0);
        setUniform(litProgram_, "uLineStyle", 0);
        drawInstanced(jointSphere_, jointInstances_, joints);
    }
    setUniform(litProgram_, "uLineStyle", 0);
    glDisable(GL_BLEND);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LESS);
    glUseProgram(0);
}

} // namespace bvhscope::render
