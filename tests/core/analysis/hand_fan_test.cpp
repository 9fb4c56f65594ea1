// A hand alone is found from its shape, whatever its names, and faces the back of the hand.
#include "core/analysis/hand_fan.h"
#include "core/analysis/stance.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/core/body/body_hand_skeletons.h"

#include <cmath>
#include <gtest/gtest.h>

namespace bvh {
namespace {

using test::HandNaming;

struct RestHand {
    Skeleton skeleton;
    std::vector<RigidTransform> world;
    std::vector<glm::dvec3> positions;
};

RestHand restOf(const std::string& text) {
    RestHand hand{parseDocument(text).skeleton, {}, {}};
    std::vector<RigidTransform> local(hand.skeleton.nodeCount());
    computeRestTransforms(hand.skeleton, local);
    hand.world.assign(local.size(), RigidTransform{});
    computeWorldTransforms(hand.skeleton, local, hand.world);
    for (const RigidTransform& transform : hand.world) {
        hand.positions.push_back(transform.translation);
    }
    return hand;
}

TEST(HandFan, AHandAloneFacesTheBackOfTheHandWhateverItsNames) {
    for (const HandNaming naming : {HandNaming::Mixamo, HandNaming::Neuron, HandNaming::MakeHuman,
                                    HandNaming::Numbered, HandNaming::Unnamed}) {
        // Fingers along -X, the palm in XZ, the thumb below it: the back of the hand is +Y.
        const RestHand hand = restOf(test::handRigText(test::handAlongMinusX(naming)));
        const std::optional<HandFan> fan = findHandFan(hand.skeleton, hand.positions);
        ASSERT_TRUE(fan.has_value()) << static_cast<int>(naming);
        EXPECT_EQ(fan->wrist, 0);
        EXPECT_EQ(fan->fingers.size(), 5u);
        FacingSource source = FacingSource::None;
        // Hanging (fingers down, +X up) it faces +Y; lying flat (+Y up) it faces nowhere.
        const std::optional<glm::dvec3> facing =
            facingOfPose(hand.skeleton, hand.world, UpAxis::PositiveX, {}, &source);
        ASSERT_TRUE(facing.has_value()) << static_cast<int>(naming);
        EXPECT_NEAR(facing->y, 1.0, 1e-9) << static_cast<int>(naming);
        EXPECT_EQ(source, FacingSource::HandBack);
        EXPECT_FALSE(facingOfPose(hand.skeleton, hand.world, UpAxis::PositiveY).has_value());
    }
    // A Z-up file, fingers along +Y, the back of the hand +Z: seen with +Y up, it faces +Z.
    const RestHand zUp = restOf(test::handRigText(test::handZUp(HandNaming::Unnamed)));
    const std::optional<glm::dvec3> facing =
        facingOfPose(zUp.skeleton, zUp.world, UpAxis::PositiveY);
    ASSERT_TRUE(facing.has_value());
    EXPECT_NEAR(facing->z, 1.0, 1e-9);
}

TEST(HandFan, StarsForksAndBodiesAreNoHand) {
    for (const std::string& text : {test::starRigText(), test::forkedFanText()}) {
        const RestHand rest = restOf(text);
        EXPECT_FALSE(findHandFan(rest.skeleton, rest.positions).has_value());
    }
    // A whole figure with a hand: one hand is not the whole skeleton.
    const RestHand biped = restOf(test::mixamoBipedText());
    EXPECT_FALSE(findHandFan(biped.skeleton, biped.positions).has_value());
}

} // namespace
} // namespace bvh
