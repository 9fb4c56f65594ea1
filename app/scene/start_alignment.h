// Where and which way a character starts (compare's Align start, issue 39 item 5): its body
// root's ground point and its front at the first frame, in viewer space (metres, Y up,
// unplaced), and the heading and placement that put a second character's start on a first's.
#pragma once

#include "app/scene/character.h"

#include <optional>

namespace bvhscope::scene {

// The heading (radians about +Y, the convention of CharacterArrangement::heading) the first frame's
// front points along, 0 meaning +Z; nullopt when the pose does not tell its front (no left and
// right joints, no head ahead) or there is no frame.
std::optional<float> startHeading(const Character& character);

// The heading `moved` needs for its first frame to face the way `fixed`'s does as `fixed` is
// turned; 0 when either pose does not tell its front.
float headingToFace(const Character& moved, const Character& fixed);

// Turns and moves `moved` so that its first frame stands on `fixed`'s first-frame ground point
// (as `fixed` is placed) facing the same way; its height stays. Without a heading on either side
// only the ground points are matched. Leaves `fixed` alone.
void alignStartWith(Character& moved, const Character& fixed);

} // namespace bvhscope::scene
