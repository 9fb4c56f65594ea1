// A hand's fingers (FigureBuilder::handFingers, core/body/body_figure_extremities.cpp) are made
// once per hand and kept (fingersOfHand): every finger bone's radii (fingerBoneRadii) and the
// palm read them. What the kept copy gives must be what a fresh scan gives, for every finger
// bone of every hand, in any order the bones ask.
#include "core/body/body_figure_builder.h"
#include "core/kinematics/pose.h"
#include "core/reader/document.h"
#include "tests/core/body/body_hand_skeletons.h"
#include "tests/core/body/body_test_skeletons.h"

#include <gtest/gtest.h>
#include <optional>
#include <vector>

namespace bvh {
namespace {

using body_figure_detail::FigureBuilder;

// A builder up to the figure's topology (what makeBodyFigure does before it adds volumes).
struct TopologyOnly {
    explicit TopologyOnly(const std::string& text) : skeleton(parseDocument(text).skeleton) {
        const std::size_t n = skeleton.nodeCount();
        std::vector<RigidTransform> local(n);
        computeRestTransforms(skeleton, local);
        builder.rest.world.assign(n, RigidTransform{});
        computeWorldTransforms(skeleton, local, builder.rest.world);
        for (const RigidTransform& world : builder.rest.world) {
            builder.rest.positions.push_back(world.translation);
        }
        EXPECT_TRUE(builder.measure());
        builder.describeTopology(classifyBoneRoles(skeleton));
    }
    Skeleton skeleton;
    BodyOptions options;
    // The members not named start empty, as makeBodyFigure starts them (it lists them all; the
    // test does not repeat that list, which grows with the builder).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
    FigureBuilder builder{.skeleton = skeleton, .options = options};
#pragma GCC diagnostic pop
};

// Each finger bone's radii with nothing kept (the cache emptied before each), then all of them
// asked in `order` with the kept hands: equal to the bit.
void expectKeptHandsGiveFreshRadii(const std::string& text, bool reversed) {
    TopologyOnly topology(text);
    FigureBuilder& builder = topology.builder;
    const std::size_t n = topology.skeleton.nodeCount();
    std::vector<std::optional<glm::vec2>> fresh(n);
    std::size_t fingerBones = 0;
    for (std::size_t child = 0; child < n; ++child) {
        if (topology.skeleton.parents[child] == kNoParent) {
            continue;
        }
        builder.handFingersMade.clear();
        fresh[child] = builder.fingerBoneRadii(child);
        fingerBones += fresh[child] ? 1 : 0;
    }
    EXPECT_GT(fingerBones, 10u);
    builder.handFingersMade.clear();
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t child = reversed ? n - 1 - k : k;
        if (topology.skeleton.parents[child] == kNoParent) {
            continue;
        }
        const std::optional<glm::vec2> kept = builder.fingerBoneRadii(child);
        ASSERT_EQ(kept.has_value(), fresh[child].has_value()) << child;
        if (kept) {
            EXPECT_EQ(kept->x, fresh[child]->x) << topology.skeleton.names[child];
            EXPECT_EQ(kept->y, fresh[child]->y) << topology.skeleton.names[child];
        }
    }
    // Each hand's kept fingers are its own: as a fresh scan finds them.
    for (std::size_t hand = 0; hand < n; ++hand) {
        if (builder.handOf[hand] != static_cast<NodeIndex>(hand)) {
            continue;
        }
        const FigureBuilder::HandFingers scanned = builder.handFingers(hand);
        const FigureBuilder::HandFingers& kept = builder.fingersOfHand(hand);
        EXPECT_EQ(kept.roots, scanned.roots) << hand;
        EXPECT_EQ(kept.knuckles, scanned.knuckles) << hand;
        EXPECT_EQ(kept.thumbs, scanned.thumbs) << hand;
        EXPECT_EQ(kept.radii, scanned.radii) << hand;
    }
}

// Two hands of five fingers (the Mixamo-like biped), asked left hand first and right hand first.
TEST(BodyFigureExtremities, KeptHandFingersGiveABipedsFreshFingerRadii) {
    const std::string text = test::mixamoBiped().text();
    expectKeptHandsGiveFreshRadii(text, false);
    expectKeptHandsGiveFreshRadii(text, true);
}

// Hand-only rigs as the tools that write hands name and lay them out: bones through the palm
// (Neuron, MakeHuman), numbered fingers.
TEST(BodyFigureExtremities, KeptHandFingersGiveAHandRigsFreshFingerRadii) {
    for (const test::HandNaming naming :
         {test::HandNaming::Mixamo, test::HandNaming::Neuron, test::HandNaming::MakeHuman,
          test::HandNaming::Numbered}) {
        SCOPED_TRACE(static_cast<int>(naming));
        expectKeptHandsGiveFreshRadii(test::handRigText(test::handAlongMinusX(naming)), false);
    }
}

} // namespace
} // namespace bvh
