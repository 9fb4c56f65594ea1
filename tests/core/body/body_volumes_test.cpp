// The body's volumes: the elliptic cone's distance against hand-derived values, and the torso
// that makeBodyFigure builds from it (wider than deep where the arms leave room, round where
// they hang beside it).
#include "core/body/body_figure.h"
#include "core/body/body_roles.h"
#include "core/body/body_volumes.h"
#include "core/reader/document.h"
#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <gtest/gtest.h>

namespace bvh {
namespace {

// From (0, 0, 0) to (0, 10, 0), 2 deep along Z, 1.5 times as wide along X.
BodyVolume uprightEllipticCone() {
    return makeEllipticCone(glm::vec3(0.0f), glm::vec3(0.0f, 10.0f, 0.0f), 2.0f, 2.0f,
                            glm::vec3(1.0f, 0.0f, 0.0f), 1.5f);
}

TEST(BodyVolumes, AnEllipticConeIsWideAcrossAndDeepFrontToBack) {
    const BodyVolume cone = uprightEllipticCone();
    ASSERT_EQ(cone.shape, BodyVolume::Shape::EllipticCone);
    EXPECT_NEAR(signedDistance(cone, glm::vec3(3.0f, 5.0f, 0.0f)), 0.0f, 1e-5f);
    EXPECT_NEAR(signedDistance(cone, glm::vec3(-3.0f, 5.0f, 0.0f)), 0.0f, 1e-5f);
    EXPECT_NEAR(signedDistance(cone, glm::vec3(0.0f, 5.0f, 2.0f)), 0.0f, 1e-5f);
    // On the axes of the ellipse the first-order estimate is exact: (5/3)(2/3)/(5/9) = 2.
    EXPECT_NEAR(signedDistance(cone, glm::vec3(5.0f, 5.0f, 0.0f)), 2.0f, 1e-5f);
    EXPECT_NEAR(signedDistance(cone, glm::vec3(0.0f, 5.0f, -4.0f)), 2.0f, 1e-5f);
    EXPECT_NEAR(signedDistance(cone, glm::vec3(0.0f, 5.0f, 0.0f)), -2.0f, 1e-5f);
    // Closed by a half-ellipsoid 2 high: 3 beyond the end is 1 outside.
    EXPECT_NEAR(signedDistance(cone, glm::vec3(0.0f, 13.0f, 0.0f)), 1.0f, 1e-5f);
    EXPECT_FLOAT_EQ(cone.largestRadius(), 3.0f);
    EXPECT_FLOAT_EQ(cone.boundsMin.x, -3.0f);
    EXPECT_FLOAT_EQ(cone.boundsMax.x, 3.0f);
}

TEST(BodyVolumes, AnEllipticConeWithNoWidthToGiveStaysRound) {
    const BodyVolume along = makeEllipticCone(glm::vec3(0.0f), glm::vec3(0.0f, 10.0f, 0.0f), 2.0f,
                                              2.0f, glm::vec3(0.0f, 1.0f, 0.0f), 1.5f);
    EXPECT_EQ(along.shape, BodyVolume::Shape::RoundCone);
    EXPECT_NEAR(signedDistance(along, glm::vec3(3.0f, 5.0f, 0.0f)), 1.0f, 1e-5f);
    const BodyVolume unwidened = makeEllipticCone(glm::vec3(0.0f), glm::vec3(0.0f, 10.0f, 0.0f),
                                                  2.0f, 2.0f, glm::vec3(1.0f, 0.0f, 0.0f), 1.0f);
    EXPECT_EQ(unwidened.shape, BodyVolume::Shape::RoundCone);
}

// The trunk's bones up the spine (Hips to Spine, Spine to Spine1...), as the figure built them.
std::vector<BodyVolume> spineVolumes(const std::string& text) {
    const Skeleton skeleton = parseDocument(text).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    std::vector<BodyVolume> spine;
    for (const BodyVolume& volume : figure.volumes) {
        const glm::vec3 bone = volume.b - volume.a;
        if (volume.mass == kTrunkMass && glm::length(bone) > 0.0f &&
            std::abs(glm::normalize(bone).y) > 0.9f) {
            spine.push_back(volume);
        }
    }
    return spine;
}

TEST(BodyVolumes, ATPosedBipedsTorsoIsWiderAcrossThanDeep) {
    const std::vector<BodyVolume> spine = spineVolumes(test::mixamoBipedText());
    ASSERT_GE(spine.size(), 3u);
    for (const BodyVolume& volume : spine) {
        if (volume.shape != BodyVolume::Shape::EllipticCone) {
            continue; // the neck, one mass with the trunk, stays round
        }
        EXPECT_FLOAT_EQ(volume.radii.x, 1.5f);
        // Its width lies along the shoulders' line, X (the figure faces +Z).
        EXPECT_NEAR(std::abs(volume.axes[0][0]), 1.0f, 1e-4f);
    }
    const auto elliptic = std::count_if(spine.begin(), spine.end(), [](const BodyVolume& v) {
        return v.shape == BodyVolume::Shape::EllipticCone;
    });
    EXPECT_GE(elliptic, 3);
}

TEST(BodyVolumes, ArmsHangingBesideTheTorsoKeepItOffThem) {
    // Shoulders 18 cm from the spine, an upper arm 7.3 cm thick: no room to widen a 13.7 cm torso.
    const std::vector<BodyVolume> spine = spineVolumes(test::armsDownBiped().text());
    ASSERT_GE(spine.size(), 3u);
    for (const BodyVolume& volume : spine) {
        EXPECT_EQ(volume.shape, BodyVolume::Shape::RoundCone);
    }
}

} // namespace
} // namespace bvh
