// Where a thigh meets the hip (issue 38): a thigh whose first bone crosses the pelvis from its
// middle to the hip joint (the older MakeHuman rig's __UpLeg_R to UpLeg_R) keeps its hip's mass
// over the hip joint. Over the pelvis's middle the mass was no hierarchy neighbour of the thigh's
// bone below the hip joint, and the gap kept between the two cut a notch into the top of the
// thigh's inner side (makehuman_walk1: its surface 0.012 of the figure's size from the thigh's
// axis, whose radius there is 0.05).
#include "core/body/body_grid.h"
#include "core/body/body_volumes.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_hip_rigs.h"

#include <algorithm>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

// The rig's figure in its rest pose, Z up, its grid planned as the builder plans it.
test::PlannedFigure planZUp(const std::string& text) {
    BodyOptions options;
    options.up = UpAxis::PositiveZ;
    return test::planFigure(text, options);
}

// The ellipsoid (a hip's mass, on this rig) moved by `joint`, or null.
const BodyVolume* hipMassAt(const BodyFigure& figure, NodeIndex joint) {
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.shape == BodyVolume::Shape::Ellipsoid && volume.joint == joint) {
            return &volume;
        }
    }
    return nullptr;
}

TEST(BodyHip, AThighCrossingThePelvisKeepsItsHipsMassOverTheHipJoint) {
    const test::PlannedFigure planned = planZUp(test::crossPelvisThighsBiped().text());
    for (const std::string side : {"_L", "_R"}) {
        const NodeIndex hip = test::nodeNamed(planned.skeleton, "UpLeg" + side);
        const BodyVolume* mass = hipMassAt(planned.figure, hip);
        ASSERT_NE(mass, nullptr) << side;
        // Sideways over the hip joint (the pelvis's middle lies 1.02 in, 0.06 of the height).
        const glm::vec3 joint = test::normalised(planned.figure, hip);
        EXPECT_NEAR(mass->a.x, joint.x, 0.005f) << side;
        EXPECT_EQ(hipMassAt(planned.figure, test::nodeNamed(planned.skeleton, "__UpLeg" + side)),
                  nullptr)
            << side;
    }
}

TEST(BodyHip, AThighCrossingThePelvisIsFullOnItsInnerSideBelowTheHip) {
    const test::PlannedFigure planned = planZUp(test::crossPelvisThighsBiped().text());
    const float gap = kBodyGapInCells * planned.grid.cell;
    const glm::vec3 hip =
        test::normalised(planned.figure, test::nodeNamed(planned.skeleton, "UpLeg_R"));
    const NodeIndex kneeNode = test::nodeNamed(planned.skeleton, "LoLeg_R");
    const glm::vec3 knee = test::normalised(planned.figure, kneeNode);
    const BodyVolume* thigh =
        test::boneVolume(planned.figure, test::nodeNamed(planned.skeleton, "UpLeg_R"), kneeNode);
    ASSERT_NE(thigh, nullptr);
    const glm::vec3 otherHip =
        test::normalised(planned.figure, test::nodeNamed(planned.skeleton, "UpLeg_L"));
    // From the thigh's axis towards the other thigh, over the thigh's top third: the surface lies
    // at least 0.7 of the thigh's radius out, or where the two thighs' gap begins.
    for (int step = 1; step <= 8; ++step) {
        const float along = 0.04f * static_cast<float>(step);
        const glm::vec3 centre = hip + along * (knee - hip);
        glm::vec3 inward = otherHip - hip;
        inward -= glm::normalize(knee - hip) * glm::dot(inward, glm::normalize(knee - hip));
        const float room = 0.5f * glm::length(inward) - gap;
        const float radius = thigh->radiusA + along * (thigh->radiusB - thigh->radiusA);
        const float reach =
            test::firstExit(planned.figure, planned.all, gap, centre, glm::normalize(inward), 0.2f);
        EXPECT_GE(reach, 0.7f * std::min(radius, room)) << "at " << along << " of the thigh";
    }
}

} // namespace
} // namespace bvh
