#include "render/grid_renderer.h"

#include "render/shader_program.h"

namespace bvhscope::render {

GridRenderer::GridRenderer() {
    ProgramResult built = buildProgram("grid.vert", "grid.frag");
    if (!built.program) {
        error_ = built.error;
        return;
    }
    program_ = std::move(built.program);
    vertexArray_ = createVertexArray();
    corners_ = createBuffer();
    const float corners[] = {-1.0f, -1.0f, 1.0f, -1.0f, -1.0f, 1.0f, 1.0f, 1.0f};
    glBindVertexArray(vertexArray_.id());
    glBindBuffer(GL_ARRAY_BUFFER, corners_.id());
    glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 2 * sizeof(float), nullptr);
    glBindVertexArray(0);
}

void GridRenderer::drawGrid(const ViewParameters& view, const GridLayout& layout,
                            const GridColors& colors) {
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
    glEnable(GL_DEPTH_TEST);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glBindVertexArray(vertexArray_.id());
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindVertexArray(0);
    glDisable(GL_BLEND);
    glUseProgram(0);
}

} // namespace bvhscope::render
