// What the app hands the overlay renderer (render/draw/overlay_renderer.h): world-space line
// segments (trails) and ground discs (foot contact markers), Y up, metres. GL-free, so code that
// builds them needs no context.
#pragma once

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace bvhscope::render {

// A segment drawn `width` pixels wide whatever its distance, its colour blended from start to end
// (alpha included: a trail fades by lowering it).
struct LineSegment {
    glm::vec3 start{0.0f};
    float width = 2.0f; // pixels
    glm::vec3 end{0.0f};
    float reserved = 0.0f;
    glm::vec4 startColor{1.0f};
    glm::vec4 endColor{1.0f};
};
static_assert(sizeof(LineSegment) == 64, "LineSegment is uploaded as is");

// A disc lying flat on the horizontal plane through `center`: a filled centre with a stronger
// rim, so overlapping markers stay readable.
struct GroundDisc {
    glm::vec3 center{0.0f};
    float radius = 0.05f; // metres
    glm::vec4 color{1.0f};
};
static_assert(sizeof(GroundDisc) == 32, "GroundDisc is uploaded as is");

} // namespace bvhscope::render
