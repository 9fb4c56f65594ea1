// A foot's sole (core/body/body_figure_extremities.cpp, issue 38): a foot whose bones reach
// forward to its toes gets a sole from the heel to the ball, on the ground and a foot wide.
#include "core/body/body_figure.h"
#include "core/reader/document.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_test_skeletons.h"

#include <gtest/gtest.h>

namespace bvh {
namespace {

using test::nodeNamed;
using test::normalised;

// test::mixamoBiped (its joints named mixamorig:...): 182 cm from the toes' level (y = 1) to the
// head's top; each ankle 7 cm above it and 1 cm behind the hips' line, its ball (ToeBase) 13 cm
// forward of the ankle on the ground.
TEST(BodyFeet, AFootWithToesGetsASoleFromItsHeelToItsBall) {
    const Skeleton skeleton = parseDocument(test::mixamoBiped().text()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    ASSERT_TRUE(figure.problem.empty()) << figure.problem;
    for (const std::string side : {"Left", "Right"}) {
        const NodeIndex foot = nodeNamed(skeleton, "mixamorig:" + side + "Foot");
        const NodeIndex ball = nodeNamed(skeleton, "mixamorig:" + side + "ToeBase");
        const glm::vec3 ankle = normalised(figure, foot);
        const glm::vec3 ballAt = normalised(figure, ball);
        const BodyVolume* sole = nullptr;
        for (const BodyVolume& volume : figure.volumes) {
            if (volume.joint == foot && volume.radiusNode != ball &&
                volume.shape == BodyVolume::Shape::RoundCone) {
                sole = &volume;
            }
        }
        ASSERT_NE(sole, nullptr) << side;
        // Its heel rests on the ground (the balls' level) under the ankle, not behind the
        // ankle's bone: the heel's centre straight below the ankle.
        EXPECT_NEAR(sole->a.y - sole->radiusA, ballAt.y, 1e-4f) << side;
        EXPECT_NEAR(sole->a.z, ankle.z, 1e-4f) << side;
        // Its front ends at the ball, where the toes bend, not past it.
        EXPECT_NEAR(sole->b.z + sole->radiusB, ballAt.z, 1e-4f) << side;
        // A foot is about 0.055 of the height wide at the heel (anatomical tables: 0.05-0.06).
        EXPECT_GE(2.0f * sole->radiusA, 0.05f) << side;
        EXPECT_LE(2.0f * sole->radiusA, 0.06f) << side;
    }
}

} // namespace
} // namespace bvh
