#include "app/scene/character_arrangement.h"

#include "app/scene/character.h"

namespace bvhscope::scene {

void setHeading(Character& character, float heading) {
    character.arrangement.heading = heading;
}

void standWith(Character& character, const Character& other) {
    character.arrangement.placement = other.arrangement.placement;
    character.arrangement.heading = 0.0f;
}

void placeAsCaptured(Character& character) {
    character.arrangement.placement = glm::vec3(0.0f);
    character.arrangement.inPlace = false;
}

} // namespace bvhscope::scene
