// How far a figure reaches on the ground, in every direction around the vertical: what
// Scene::arrangeSideBySide needs to stand figures in a row along any direction without one
// reaching into the next. A box in the viewer's axes, projected on a row at 30 degrees to them,
// claims up to 40 % more room than the figure takes; these reaches are tight.
//
// GL-free: tested in tests/app/scene/ground_reach_test.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <glm/vec3.hpp>

namespace bvhscope::scene {

class GroundReach {
public:
    // Directions sampled around Y: the bound between two of them is at most 1/cos(pi/N) - 1
    // (0.5 % at 32) over the true reach.
    static constexpr std::size_t kDirections = 32;

    // Takes in a point, as an offset from the reference point (its Y is ignored).
    void include(const glm::vec3& offset);
    bool empty() const { return empty_; }
    // An upper bound of max over the points of dot(offset, direction), for `direction` on the
    // ground (its Y is ignored; its length need not be one: the bound scales with it). 0 when
    // empty. Exact at the sampled directions; between two, the support function's sublinearity
    // (h(a u + b v) <= a h(u) + b h(v) for a, b >= 0) bounds it.
    float towards(const glm::vec3& direction) const;

private:
    std::array<float, kDirections> along_{}; // direction k at angle 2 pi k / N from +X to +Z
    bool empty_ = true;
};

} // namespace bvhscope::scene
