// What A/B compare paints on a character: per node, the colour of the bone ending at it and of
// its joint (B's differences from A).
//
// Owner: app/viewer/analysis (updateAnalysisViews paints B and clears the others each frame);
// the scene only reads it when it builds the figures. The `character_parts` CTest fails on a
// write outside the owner.
#pragma once

#include <glm/vec4.hpp>
#include <vector>

namespace bvhscope::scene {

struct ComparePaint {
    std::vector<glm::vec4> nodeColors; // empty: the character's colour
};

} // namespace bvhscope::scene
