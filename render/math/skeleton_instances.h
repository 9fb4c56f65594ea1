// What the app hands the skeleton renderer: world-space bone and joint instances (Y up,
// metres) and the bone style. GL-free, so code that builds instances needs no context.
#pragma once

#include <cstdint>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

namespace bvhscope::render {

// One bone (start != end) or joint sphere (start == end). Laid out for the GPU.
struct BoneInstance {
    glm::vec3 start{0.0f};
    float radius = 0.01f;
    glm::vec3 end{0.0f};
    float reserved = 0.0f;
    glm::vec4 color{1.0f};
};
static_assert(sizeof(BoneInstance) == 48, "BoneInstance is uploaded as is");

// Body: each character with a body mesh is drawn as a skinned surface (BodyDraw in
// render/draw/body_renderer.h); the bone instances given with it (characters whose body is not
// built, or fell back) are drawn as capsules. Settings store the style by name.
enum class BoneStyle : std::uint8_t { Capsule, Octahedral, Line, Body };

} // namespace bvhscope::render
