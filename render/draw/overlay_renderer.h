// Analysis overlays over the skeletons: trails as screen-space lines of constant pixel width
// (wide lines in a core profile are not portable, so each segment is an instanced quad), and
// flat discs on the ground. One instanced draw per kind.
#pragma once

#include "render/draw/skeleton_renderer.h"
#include "render/gl/gl_objects.h"
#include "render/math/overlay_instances.h"

#include <glm/vec2.hpp>
#include <span>
#include <string>

namespace bvhscope::render {

class OverlayRenderer {
public:
    // Builds the programs; the GL context must be current. On failure `error` names the shader
    // file and the driver's log, and the draws draw nothing.
    OverlayRenderer();
    const std::string& error() const { return error_; }

    // Blended, depth-tested against what is drawn (a trail passing behind a body is hidden),
    // writing no depth. `viewportPixels` is the target's size, for the pixel widths.
    void drawLines(const ViewParameters& view, glm::vec2 viewportPixels,
                   std::span<const LineSegment> segments);
    // Blended, depth-tested, writing no depth, pulled towards the eye by a polygon offset so a
    // disc at ground height wins over the grid it lies on.
    void drawDiscs(const ViewParameters& view, std::span<const GroundDisc> discs);

private:
    std::string error_;
    Program lineProgram_;
    Program discProgram_;
    Buffer corners_; // the unit quad both draws stretch
    Buffer lineInstances_;
    Buffer discInstances_;
    VertexArray lineVertexArray_;
    VertexArray discVertexArray_;
};

} // namespace bvhscope::render
