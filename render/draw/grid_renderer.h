// The ground: one flat polygon whose fragment shader draws anti-aliased grid lines
// (shaders/grid.*).
#pragma once

#include "render/draw/skeleton_renderer.h"
#include "render/gl/gl_objects.h"
#include "render/math/grid_layout.h"

#include <glm/vec4.hpp>
#include <string>

namespace bvhscope::render {

struct GridColors {
    glm::vec4 floor{0.20f, 0.21f, 0.23f, 1.0f};
    glm::vec4 line{0.30f, 0.31f, 0.34f, 1.0f};
    glm::vec4 majorLine{0.42f, 0.43f, 0.47f, 1.0f};
};

class GridRenderer {
public:
    // Needs a current context; `error()` names the shader file when building failed.
    GridRenderer();
    const std::string& error() const { return error_; }

    // Depth-tested and writing depth (so shadows sit on it). Draw it first, over a target cleared
    // to `background`: the ground mixes with that colour in its shader, not by blending with
    // what is in the framebuffer (a software rasteriser pays for reading back each pixel).
    void drawGrid(const ViewParameters& view, const GridLayout& layout, const GridColors& colors,
                  const glm::vec3& background);

private:
    std::string error_;
    Program program_;
    VertexArray vertexArray_;
    Buffer corners_;
};

} // namespace bvhscope::render
