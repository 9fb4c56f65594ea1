// Where a character stands among the others, changed only through its owner's functions
// (app/scene/character_arrangement.h): compare's overlay and the command line's overlaid pictures.
#include "app/scene/character.h"
#include "core/reader/document.h"
#include "tests/app/viewer/session/slide_capture.h"

#include <glm/gtc/constants.hpp>
#include <gtest/gtest.h>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

Character slideForArrangement(const char* name) {
    return makeCharacter(name, "", bvh::parseDocument(test::kSlide));
}

} // namespace

TEST(CharacterArrangement, StandWithTakesTheOthersPlacementUnturned) {
    Character a = slideForArrangement("a");
    Character b = slideForArrangement("b");
    a.arrangement.placement = glm::vec3(2.0f, 0.0f, -1.0f);
    a.arrangement.heading = 0.5f;
    b.arrangement.placement = glm::vec3(5.0f, 0.0f, 0.0f);
    b.arrangement.heading = 1.0f;
    standWith(b, a);
    EXPECT_EQ(b.arrangement.placement, glm::vec3(2.0f, 0.0f, -1.0f));
    EXPECT_EQ(b.arrangement.heading, 0.0f); // B is not given A's turn
}

TEST(CharacterArrangement, TheHeadingSetTurnsEveryPlacedPoint) {
    Character character = slideForArrangement("a");
    setHeading(character, glm::half_pi<float>());
    CharacterPose pose;
    samplePose(character, 0.0, bvh::Interpolation::Nearest, pose);
    const Placement placement = placementFor(character, pose.world);
    EXPECT_FLOAT_EQ(placement.heading, glm::half_pi<float>());
    // A quarter turn counter-clockwise seen from above about the start (the origin): +X to -Z.
    const glm::vec3 turned = placement.apply(glm::vec3(1.0f, 0.0f, 0.0f));
    EXPECT_NEAR(turned.x, 0.0f, 1e-6f);
    EXPECT_NEAR(turned.z, -1.0f, 1e-6f);
    setHeading(character, 0.0f);
    EXPECT_EQ(placementFor(character, pose.world).apply(glm::vec3(1.0f, 0.0f, 0.0f)),
              glm::vec3(1.0f, 0.0f, 0.0f));
}

TEST(CharacterArrangement, PlacedAsCapturedIsAtTheOriginWithItsTravel) {
    Character character = slideForArrangement("a");
    character.arrangement.placement = glm::vec3(3.0f, 0.0f, 0.0f);
    character.arrangement.inPlace = true;
    placeAsCaptured(character);
    EXPECT_EQ(character.arrangement.placement, glm::vec3(0.0f));
    EXPECT_FALSE(character.arrangement.inPlace);
}
