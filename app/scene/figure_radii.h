// How thick a character's bones and joints are drawn (CharacterAppearance::boneRadii and
// jointRadii) and the ball over a face rig's head (CharacterAppearance::headBalls), from the
// figure's height and its rest pose. Set by applyAxes, whenever the height or unit changes.
#pragma once

namespace bvhscope::scene {

struct Character;

// Sets character.appearance's radii and head balls for character.axes' height and unit.
void computeFigureRadii(Character& character);

} // namespace bvhscope::scene
