// How a character looks: its colour, whether it is shown, the thickness of its bones and
// joints, and its body build.
//
// Owner: app/scene (Scene::add gives the colour, applyAxes the radii, requestBodies the body;
// setColor, setVisible and keepAppearanceOf below for everyone else: the Files panel's
// SetColor and SetVisible commands, a file replacing another in its place). The
// `character_parts` CTest fails on a write outside the owner.
#pragma once

#include <cstddef>
#include <glm/vec4.hpp>
#include <memory>
#include <vector>

namespace bvhscope::scene {

struct Character;
class BodyBuild;

// A face rig's head (app/scene/figure_radii.cpp): its helpers (a jaw, eyes, tens of MakeHuman's
// or Second Life's face joints) are drawn as beads too small to show a head, and the capsules
// drew a cage of them with no head inside, so a ball is drawn over them, centred in each pose on
// the box of the head's and its helper joints' positions (it turns with the head, and the jaw
// opening moves it a little). Selecting the head or one of its face joints colours it.
struct HeadBall {
    std::size_t head = 0;           // the head's node: a click on the ball selects it
    std::vector<std::size_t> nodes; // the head and its helper joints (End Sites left out)
    float radius = 0.0f;            // viewer metres at bone thickness 1
};

struct CharacterAppearance {
    glm::vec4 color{1.0f};
    bool visible = true;
    // Per node, in viewer metres at bone thickness 1 (Scene::boneRadius/jointRadius): the
    // radius of the bone ending at the node and of its joint sphere. They follow the figure's
    // height, capped by the rest length of the bones that meet there, so a finger is not drawn
    // as thick as an arm, and a hierarchy of thousands of tiny bones is not a pile of
    // overlapping fat capsules. Set by applyAxes.
    std::vector<float> boneRadii;
    std::vector<float> jointRadii;
    // One per face rig's head. Set by applyAxes.
    std::vector<HeadBall> headBalls;
    // The body look's build for this clip as the character stands (character_body.h;
    // requestBodies); shared with other characters showing the clip the same way. Null until
    // the body look is asked for.
    std::shared_ptr<BodyBuild> body;
};

void setColor(Character& character, const glm::vec4& color);
void setVisible(Character& character, bool visible);
// A character taking another's place (the browser's next file, a live stream reconnected) keeps
// the colour and visibility the user gave the one it replaces.
void keepAppearanceOf(Character& character, const Character& replaced);

} // namespace bvhscope::scene
