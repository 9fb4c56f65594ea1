#include "render/draw/grid_renderer.h"

#include "render/gl/shader_program.h"

#include <cmath>
#include <vector>

namespace bvhscope::render {

namespace {
constexpr float kPi = 3.14159265358979f;
constexpr int kDiscSides = 32;
} // namespace

GridRenderer::GridRenderer() {
    ProgramResult built = buildProgram("grid.vert", "grid.frag");
    if (!built.program) {
        error_ = built.error;
        return;
    }
    program_ = std::move(built.program);
    vertexArray_ = createVertexArray();
    corners_ = createBuffer();
    // A polygon around the unit disc rather than the square: the grid fades out to nothing at
    // radius 1, and the square's corners would cost shading for nothing (a fifth of its area,
    // which a software rasteriser pays per pixel).
    std::vector<float> corners = {0.0f, 0.0f};
    const float circumscribed = 1.0f / std::cos(kPi / kDiscSides);
    for (int side = 0; side <= kDiscSides; ++side) {
        const float angle = 2.0f * kPi * static_cast<float>(side) / kDiscSides;
        corners.push_back(circumscribed * std::cos(angle));
        corners.push_back(circumscribed * std::sin(angle));
    }
    glBindVertexArray(vertexArray_.id());
    glBindBuffer(GL_ARRAY_BUFFER, corners_.id());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(corners.size() * sizeof(float)),
                 corners.data(), GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
    glBindVertexArray(0);
}

void GridRenderer::drawGrid(const ViewParameters& view, const GridLayout& layout,
                            const GridColors& colors, const glm::vec3& background) {
    if (!program_) {
        return;
    }
    glUseProgram(program_.id());
    setUniform(program_, "uViewProjection", view.viewProjection);
    setUniform(program_, "uCenter",
               glm::vec3(layout.center.x, layout.groundHeight, layout.center.z));
    setUniform(program_, "uHalfExtent", layout.halfExtent);
    setUniform(program_, "uCellSize", layout.cellSize);
    setUniform(program_, "uFloorColor", colors.floor);
    setUniform(program_, "uLineColor", colors.line);
    setUniform(program_, "uMajorLineColor", colors.majorLine);
    setUniform(program_, "uBackground", background);
    glEnable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glBindVertexArray(vertexArray_.id());
    glDrawArrays(GL_TRIANGLE_FAN, 0, kDiscSides + 2);
    glBindVertexArray(0);
    glUseProgram(0);
}

} // namespace bvhscope::render
