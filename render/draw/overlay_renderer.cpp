#include "render/draw/overlay_renderer.h"

#include "render/gl/shader_program.h"

#include <cstddef>
#include <initializer_list>

namespace bvhscope::render {

namespace {

// Per-instance vec4 attributes of one instance buffer, starting at `firstLocation`.
void instanceAttributes(GLuint firstLocation, GLsizei stride,
                        std::initializer_list<std::size_t> offsets) {
    GLuint location = firstLocation;
    for (const std::size_t offset : offsets) {
        glEnableVertexAttribArray(location);
        glVertexAttribPointer(location, 4, GL_FLOAT, GL_FALSE, stride, byteOffset(offset));
        glVertexAttribDivisor(location, 1);
        ++location;
    }
}

template <typename Instance>
void upload(const Buffer& buffer, std::span<const Instance> data) {
    glBindBuffer(GL_ARRAY_BUFFER, buffer.id());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size_bytes()), data.data(),
                 GL_STREAM_DRAW);
}

} // namespace

OverlayRenderer::OverlayRenderer() {
    ProgramResult line = buildProgram("trail.vert", "trail.frag");
    ProgramResult disc = buildProgram("ground_disc.vert", "ground_disc.frag");
    if (!line.program || !disc.program) {
        error_ = !line.program ? line.error : disc.error;
        return;
    }
    lineProgram_ = std::move(line.program);
    discProgram_ = std::move(disc.program);
    corners_ = createBuffer();
    lineInstances_ = createBuffer();
    discInstances_ = createBuffer();

    // The line quad's corners are (along, across); the disc's are (-1..1, -1..1). Both are
    // triangle strips of four, kept in one buffer: line corners first.
    const float corners[] = {0.0f,  -1.0f, 0.0f, 1.0f,  1.0f,  -1.0f, 1.0f, 1.0f,
                             -1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f,  1.0f, 1.0f};
    glBindBuffer(GL_ARRAY_BUFFER, corners_.id());
    glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);

    lineVertexArray_ = createVertexArray();
    glBindVertexArray(lineVertexArray_.id());
    glBindBuffer(GL_ARRAY_BUFFER, corners_.id());
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
    glBindBuffer(GL_ARRAY_BUFFER, lineInstances_.id());
    instanceAttributes(1, sizeof(LineSegment),
                       {offsetof(LineSegment, start), offsetof(LineSegment, end),
                        offsetof(LineSegment, startColor), offsetof(LineSegment, endColor)});

    discVertexArray_ = createVertexArray();
    glBindVertexArray(discVertexArray_.id());
    glBindBuffer(GL_ARRAY_BUFFER, corners_.id());
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float),
                          byteOffset(8 * sizeof(float)));
    glBindBuffer(GL_ARRAY_BUFFER, discInstances_.id());
    instanceAttributes(1, sizeof(GroundDisc),
                       {offsetof(GroundDisc, center), offsetof(GroundDisc, color)});
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void OverlayRenderer::drawLines(const ViewParameters& view, glm::vec2 viewportPixels,
                                std::span<const LineSegment> segments) {
    if (!lineProgram_ || segments.empty()) {
        return;
    }
    upload(lineInstances_, segments);
    glUseProgram(lineProgram_.id());
    setUniform(lineProgram_, "uViewProjection", view.viewProjection);
    setUniform(lineProgram_, "uViewportSize", viewportPixels);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glBindVertexArray(lineVertexArray_.id());
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(segments.size()));
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    glDepthMask(GL_TRUE);
    glUseProgram(0);
}

void OverlayRenderer::drawDiscs(const ViewParameters& view, std::span<const GroundDisc> discs) {
    if (!discProgram_ || discs.empty()) {
        return;
    }
    upload(discInstances_, discs);
    glUseProgram(discProgram_.id());
    setUniform(discProgram_, "uViewProjection", view.viewProjection);
    glEnable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(-2.0f, -4.0f);
    glBindVertexArray(discVertexArray_.id());
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(discs.size()));
    glBindVertexArray(0);
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDisable(GL_BLEND);
    glDepthMask(GL_TRUE);
    glUseProgram(0);
}

} // namespace bvhscope::render
