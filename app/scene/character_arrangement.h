// Where a character stands among the others: moved into its slot of the row, turned, and shown
// in place or travelling.
//
// Owner: app/scene (Scene::arrangeSideBySide, alignStartWith in start_alignment.h, and the
// functions below). Compare's overlay and the command line's overlaid pictures place a character
// through them. The `character_parts` CTest fails on a write outside the owner.
#pragma once

#include <glm/vec3.hpp>

namespace bvhscope::scene {

struct Character;

struct CharacterArrangement {
    glm::vec3 placement{0.0f}; // added after conversion, to stand characters side by side
    // Radians about the viewer's up (+Y, counter-clockwise seen from above), turning the figure
    // about startGround before the placement is added: compare's Align start gives B A's
    // heading. 0 everywhere else. The file and every export keep the motion.
    float heading = 0.0f;
    // Shown in place (Scene::arrangeSideBySide, with several figures): the body root's travel on
    // the ground since the first frame is taken off for the view (placementFor), so the figure
    // stays in its slot of the row. The file and every export keep the motion.
    bool inPlace = false;
};

// Turns the figure by `heading` radians (CharacterArrangement::heading); 0 undoes a turn.
void setHeading(Character& character, float heading);
// Puts `character` where `other` stands, unturned (compare's overlay without Align start).
void standWith(Character& character, const Character& other);
// Where the file puts it, travel included (an overlaid picture of several files).
void placeAsCaptured(Character& character);

} // namespace bvhscope::scene
