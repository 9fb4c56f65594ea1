#include "render/draw/body_renderer.h"

#include "render/draw/skeleton_renderer.h"
#include "render/gl/shader_program.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

namespace bvhscope::render {

namespace {

// Texels per row of the node texture. GL 3.3 promises textures 1024 wide (and WebGL 2 more),
// so rows of 1024 fit every driver; a frame's nodes take as many rows as they need.
constexpr int kNodeTextureWidth = 1024;
constexpr int kTexelsPerNode = 3; // real, dual, colour

int maxTextureSize() {
    GLint size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &size);
    return std::max(size, 1024);
}

// The length of a model matrix's first column: its uniform scale (metres per file unit), in double
// because the squares of a scale of 1e-22 or 1e30 (a figure 1e22 or 1e-30 units tall) leave
// float's range.
double modelScale(const glm::mat4& model) {
    return glm::length(glm::dvec3(model[0]));
}

// The model's rotation (mirrored or not) without its scale: what carries normals.
glm::mat3 normalMatrixFor(const glm::mat4& model) {
    const double scale = modelScale(model);
    return scale > 0.0 ? glm::mat3(glm::dmat3(model) / scale) : glm::mat3(1.0f);
}

// The level of detail a body's on-screen size asks for (skinned_mesh.h): its rest bounding
// sphere, carried along by its first node's skin transform (the root's motion moves the whole
// figure) and the model matrix.
std::size_t detailFor(const BodyDraw& body, const ViewParameters& view) {
    const BodyMeshGpu& mesh = *body.mesh;
    if (view.radiusPerPixelPerDistance <= 0.0f) {
        return 0;
    }
    const glm::vec3 centre = glm::vec3(
        body.model * glm::vec4(transformPoint(body.nodeTransforms[0], mesh.restCentre()), 1.0f));
    const auto worldRadius = static_cast<float>(mesh.restRadius() * modelScale(body.model) *
                                                std::max(body.thickness, 1.0f));
    const float distance = std::max(glm::distance(view.eyePosition, centre), 1e-6f);
    return bodyDetailLevel(mesh.levels(),
                           worldRadius / (distance * view.radiusPerPixelPerDistance));
}

} // namespace

BodyRenderer::BodyRenderer() {
    ProgramResult lit = buildProgram("body.vert", "skeleton.frag");
    ProgramResult shadow = buildProgram("body.vert", "shadow.frag");
    if (!lit.program || !shadow.program) {
        error_ = !lit.program ? lit.error : shadow.error;
        return;
    }
    litProgram_ = std::move(lit.program);
    shadowProgram_ = std::move(shadow.program);
    maxTextureRows_ = maxTextureSize();
    GLuint id = 0;
    glGenTextures(1, &id);
    nodeTexture_ = Texture(id);
    glBindTexture(GL_TEXTURE_2D, id);
    // texelFetch ignores filtering, but a texture whose filter wants mipmaps it lacks is
    // incomplete and reads as zero.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    glBindTexture(GL_TEXTURE_2D, 0);
}

void BodyRenderer::prepare(const ViewParameters& view, std::span<const BodyDraw> bodies) {
    prepared_.clear();
    if (!litProgram_ || bodies.empty()) {
        return;
    }
    const std::size_t maxTexels = static_cast<std::size_t>(kNodeTextureWidth) * maxTextureRows_;
    nodeTexels_.clear();
    for (const BodyDraw& body : bodies) {
        if (body.mesh == nullptr || !*body.mesh ||
            body.nodeTransforms.size() <= body.mesh->maxJointIndex()) {
            continue;
        }
        const std::size_t nodes = body.nodeTransforms.size();
        if (nodeTexels_.size() + nodes * kTexelsPerNode > maxTexels) {
            continue;
        }
        PreparedBody prepared;
        prepared.mesh = body.mesh;
        prepared.model = body.model;
        prepared.normalMatrix = normalMatrixFor(body.model);
        prepared.thickness = body.thickness;
        prepared.firstTexel = static_cast<int>(nodeTexels_.size());
        prepared.level = detailFor(body, view);
        prepared.mirrored = glm::determinant(glm::mat3(body.model)) < 0.0f;
        for (std::size_t node = 0; node < nodes; ++node) {
            nodeTexels_.push_back(body.nodeTransforms[node].real);
            nodeTexels_.push_back(body.nodeTransforms[node].dual);
            nodeTexels_.push_back(node < body.nodeColors.size() ? body.nodeColors[node]
                                                                : glm::vec4(1.0f));
        }
        prepared_.push_back(prepared);
    }
    if (prepared_.empty()) {
        return;
    }
    // One upload for every body: whole rows, the last one padded.
    const int rows =
        static_cast<int>((nodeTexels_.size() + kNodeTextureWidth - 1) / kNodeTextureWidth);
    nodeTexels_.resize(static_cast<std::size_t>(rows) * kNodeTextureWidth, glm::vec4(0.0f));
    glBindTexture(GL_TEXTURE_2D, nodeTexture_.id());
    if (rows > nodeTextureRows_) {
        // Grown by doubling, so a scene gaining characters reallocates a few times at most.
        nodeTextureRows_ = std::max(rows, std::min(2 * nodeTextureRows_, maxTextureRows_));
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, kNodeTextureWidth, nodeTextureRows_, 0, GL_RGBA,
                     GL_FLOAT, nullptr);
    }
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kNodeTextureWidth, rows, GL_RGBA, GL_FLOAT,
                    nodeTexels_.data());
    glBindTexture(GL_TEXTURE_2D, 0);
}

void BodyRenderer::bindNodeTexture() const {
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, nodeTexture_.id());
}

const Program& BodyRenderer::useLit(const ViewParameters& view) {
    glUseProgram(litProgram_.id());
    setUniform(litProgram_, "uViewProjection", view.viewProjection);
    setUniform(litProgram_, "uEyePosition", view.eyePosition);
    setUniform(litProgram_, "uNodeData", 0);
    setUniform(litProgram_, "uNodeTextureWidth", kNodeTextureWidth);
    bindNodeTexture();
    return litProgram_;
}

const Program& BodyRenderer::useShadow(const ViewParameters& view) {
    glUseProgram(shadowProgram_.id());
    setUniform(shadowProgram_, "uViewProjection", view.viewProjection);
    setUniform(shadowProgram_, "uNodeData", 0);
    setUniform(shadowProgram_, "uNodeTextureWidth", kNodeTextureWidth);
    bindNodeTexture();
    return shadowProgram_;
}

void BodyRenderer::draw(const Program& program, bool forShadow) {
    // Flattened onto the ground for a shadow, either side of a triangle may face the eye.
    if (forShadow) {
        glDisable(GL_CULL_FACE);
    } else {
        glEnable(GL_CULL_FACE);
        glCullFace(GL_BACK);
    }
    // Looked up once per pass, not per body.
    const GLint model = glGetUniformLocation(program.id(), "uModel");
    const GLint normalMatrix = glGetUniformLocation(program.id(), "uNormalMatrix");
    const GLint thickness = glGetUniformLocation(program.id(), "uThickness");
    const GLint nodeBase = glGetUniformLocation(program.id(), "uNodeBase");
    for (const PreparedBody& body : prepared_) {
        const std::vector<SkinnedMeshLevel>& levels = body.mesh->levels();
        // A shadow is a soft dark shape drawn once per pixel: the next level down will do.
        const SkinnedMeshLevel level =
            levels[std::min(body.level + (forShadow ? 1 : 0), levels.size() - 1)];
        glUniformMatrix4fv(model, 1, GL_FALSE, glm::value_ptr(body.model));
        glUniformMatrix3fv(normalMatrix, 1, GL_FALSE, glm::value_ptr(body.normalMatrix));
        glUniform1f(thickness, body.thickness);
        glUniform1i(nodeBase, body.firstTexel);
        glFrontFace(body.mirrored ? GL_CW : GL_CCW);
        glBindVertexArray(body.mesh->vertexArray());
        glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(level.indexCount), GL_UNSIGNED_INT,
                       byteOffset(std::size_t{level.firstIndex} * sizeof(std::uint32_t)));
    }
    glBindVertexArray(0);
    glFrontFace(GL_CCW);
    glBindTexture(GL_TEXTURE_2D, 0);
}

} // namespace bvhscope::render
