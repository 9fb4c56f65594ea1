#include "app/scene/character_appearance.h"

#include "app/scene/character.h"

namespace bvhscope::scene {

void setColor(Character& character, const glm::vec4& color) {
    character.appearance.color = color;
}

void setVisible(Character& character, bool visible) {
    character.appearance.visible = visible;
}

void keepAppearanceOf(Character& character, const Character& replaced) {
    character.appearance.color = replaced.appearance.color;
    character.appearance.visible = replaced.appearance.visible;
}

} // namespace bvhscope::scene
