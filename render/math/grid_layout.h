// How big the ground grid is and how fine its cells are, from what stands on it (pure math).
#pragma once

#include "render/math/camera.h"

namespace bvhscope::render {

struct GridLayout {
    glm::vec3 center{0.0f}; // on the ground plane (y == groundHeight)
    float halfExtent = 5.0f;
    float cellSize = 0.1f; // minor lines; every 10th is a major line
    float groundHeight = 0.0f;
};

// A grid under `bounds` (world, Y up, metres) reaching well beyond it, with a cell size that is
// a power of ten so a figure of any scale gets a readable grid.
GridLayout gridForBounds(const Bounds& bounds);

} // namespace bvhscope::render
