// A limb named a wing reads as a wing (core/body/body_figure_wings.cpp): Bento's wings are broad,
// flat blades tapering from the body, in the plane of the chain and the trunk's axis, and a
// flapping wing does not tear under linear blending at any grid phase.
#include "core/body/body_builder.h"
#include "core/body/body_figure.h"
#include "core/reader/document.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_second_life_rig.h"
#include "tests/core/body/body_stretch_phases.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

// A bone's volume across and through, at its start: a blade's width (its chord) and thickness, a
// round cone's diameter both.
struct WingSection {
    float width;
    float depth;
    glm::vec3 widthAxis;
};

WingSection sectionAtStart(const BodyVolume& volume) {
    const glm::vec3 widthAxis(volume.axes[0][0], volume.axes[1][0], volume.axes[2][0]);
    if (volume.rim > 0.0f) {
        return {2.0f * volume.radiusA, 2.0f * volume.rim, widthAxis};
    }
    const float ratio = volume.shape == BodyVolume::Shape::EllipticCone ? volume.radii.x : 1.0f;
    return {2.0f * ratio * volume.radiusA, 2.0f * volume.radiusA, widthAxis};
}

// Main drew each wing bone as a round cone 0.105 of the wing's length across (the capsule
// figure's joint, kCapsuleJointShare): as thick as wide (1.0 here), its width a chance direction.
// Now the first is 0.40 of the wing's length across and 0.26 as thick as it is wide, its width up
// the figure (the plane of the wing's bones and the trunk's axis), and the blade narrows to 0.24
// at the fan near its tip.
TEST(BodyFigureWings, BentosWingsAreBroadFlatBladesTaperingFromTheBody) {
    const Document document = parseDocument(test::secondLifeBentoWalkText(13));
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, {});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    for (const std::string side : {"Left", "Right"}) {
        const auto node = [&](const std::string& name) {
            return test::nodeNamed(skeleton, name + side);
        };
        const float wing = glm::length(test::normalised(figure, node("mWing4")) -
                                       test::normalised(figure, node("mWing1")));
        const BodyVolume* root = test::boneVolume(figure, node("mWing1"), node("mWing2"));
        const BodyVolume* tip = test::boneVolume(figure, node("mWing3"), node("mWing4"));
        ASSERT_NE(root, nullptr) << side;
        ASSERT_NE(tip, nullptr) << side;
        const WingSection atRoot = sectionAtStart(*root);
        EXPECT_GE(atRoot.width / wing, 0.35f) << side;
        EXPECT_LE(atRoot.depth / atRoot.width, 0.3f) << side;
        EXPECT_GT(std::abs(atRoot.widthAxis.y), 0.9f) << side;
        EXPECT_LT(sectionAtStart(*tip).width, 0.75f * atRoot.width) << side;
    }
}

// A bird: its trunk level along its front (+Z, Y up), its wings spread straight out to the sides.
test::BvhTextBuilder spreadBird() {
    test::BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0.0, 50.0, 0.0});
    const int spine = b.add("Spine", hips, {0.0, 0.0, 15.0});
    const int chest = b.add("Chest", spine, {0.0, 0.0, 15.0});
    const int neck = b.add("Neck", chest, {0.0, 10.0, 10.0});
    b.add("Head", neck, {0.0, 5.0, 5.0});
    b.add("Tail", hips, {0.0, 0.0, -15.0});
    for (const double side : {1.0, -1.0}) {
        const std::string name = side > 0.0 ? "Left" : "Right";
        int at = b.add(name + "Wing1", chest, {side * 5.0, 2.0, 0.0});
        at = b.add(name + "Wing2", at, {side * 25.0, 0.0, 0.0});
        at = b.add(name + "Wing3", at, {side * 25.0, 0.0, 0.0});
        b.add(name + "Wing4", at, {side * 20.0, 0.0, 0.0});
        at = b.add(name + "UpLeg", hips, {side * 6.0, -5.0, 0.0});
        at = b.add(name + "Leg", at, {0.0, -20.0, 0.0});
        at = b.add(name + "Foot", at, {0.0, -20.0, 0.0});
        b.add(name + "Toe", at, {0.0, -2.0, 6.0});
    }
    b.addEndSitesOnLeaves(2.0);
    return b;
}

// A straight wing lies in the plane of its chain and the trunk's axis: on a bird's level trunk
// its chord runs front to back (as a spread wing's does), not up and down as on Bento's upright
// one. (Main: a round cone 0.105 of the wing's length across, its width a chance direction.)
TEST(BodyFigureWings, ABirdsSpreadWingsChordRunsAlongItsLevelTrunk) {
    const Document document = parseDocument(spreadBird().text());
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, {});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    for (const std::string side : {"Left", "Right"}) {
        const BodyVolume* root = test::boneVolume(figure, test::nodeNamed(skeleton, side + "Wing2"),
                                                  test::nodeNamed(skeleton, side + "Wing3"));
        ASSERT_NE(root, nullptr) << side;
        const WingSection section = sectionAtStart(*root);
        EXPECT_GT(std::abs(section.widthAxis.z), 0.9f) << side;
        EXPECT_LE(section.depth / section.width, 0.5f) << side;
    }
}

// Bento walking, its wings flapping 60 degrees up and down about its front axis (the bones beyond
// curling and sweeping with them), skinned linearly over its frames (the first, the middle and
// the last at the stroke's ends) at every grid phase: no edge past 4x its bind length.
TEST(BodyFigureWings, AFlappingWingHoldsUnderLinearBlendingAtEveryGridPhase) {
    const Document document = parseDocument(test::secondLifeBentoFlapText(13));
    ASSERT_TRUE(document.loaded());
    const std::vector<test::ClipStretch> stretches = test::linearStretchOverGridPhases(document);
    for (std::size_t k = 0; k < stretches.size(); ++k) {
        EXPECT_LE(stretches[k].worst, 4.0) << "grid phase " << k;
    }
}

} // namespace
} // namespace bvh
