// The body's volumes: the elliptic cone's distance against hand-derived values, the torso that
// makeBodyFigure builds from it (wider than deep where the arms leave room, round where they hang
// beside it), and the smooth union's bound and continuity where many volumes overlap.
#include "core/body/body_figure.h"
#include "core/body/body_grid.h"
#include "core/body/body_roles.h"
#include "core/body/body_volumes.h"
#include "core/reader/document.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>
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

// A chest's top under the neck (kChestTopHeight): the cap past b is 0.4 of the depth high over
// the axis (0.8 here), the half-ellipsoid's height times 0.4 + 0.6 r^2 at r of the way to the rim
// (at r = 0.8 across, 0.784 of 1.2), and as wide as the cone at its end; the cap past a is whole.
TEST(BodyVolumes, AnEllipticConesFlatterCapIsLowInTheMiddleAndWholeAtItsRim) {
    BodyVolume cone = uprightEllipticCone();
    cone.radii.z = 0.4f;
    EXPECT_NEAR(signedDistance(cone, glm::vec3(0.0f, 10.8f, 0.0f)), 0.0f, 1e-5f);
    // Where the half-ellipsoid's top was: (2.5)(1.5)/(3.125) = 1.2 outside.
    EXPECT_NEAR(signedDistance(cone, glm::vec3(0.0f, 12.0f, 0.0f)), 1.2f, 1e-5f);
    EXPECT_NEAR(signedDistance(cone, glm::vec3(2.4f, 10.0f + 0.784f * 1.2f, 0.0f)), 0.0f, 1e-5f);
    EXPECT_GT(signedDistance(cone, glm::vec3(2.4f, 11.19f, 0.0f)), 0.1f);
    EXPECT_NEAR(signedDistance(cone, glm::vec3(3.0f, 10.0f, 0.0f)), 0.0f, 1e-5f);
    EXPECT_NEAR(signedDistance(cone, glm::vec3(0.0f, 10.0f, 2.0f)), 0.0f, 1e-5f);
    EXPECT_NEAR(signedDistance(cone, glm::vec3(0.0f, -2.0f, 0.0f)), 0.0f, 1e-5f);
}

// Below the cone's end the nearest surface is the flattened top (0.8 above the end on the axis),
// not the sides a whole depth (2) away: the cross section alone said -2 up to the end, the cap
// -0.8 just past it, a jump that made the body's field 30 times as steep as a distance there.
TEST(BodyVolumes, AFlatterCapIsAsDeepFromBelowItsEndAsFromAboveIt) {
    BodyVolume cone = uprightEllipticCone();
    cone.radii.z = 0.4f;
    EXPECT_NEAR(signedDistance(cone, glm::vec3(0.0f, 9.5f, 0.0f)), -1.3f, 1e-5f);
    constexpr float kStep = 0.01f;
    float previous = signedDistance(cone, glm::vec3(0.0f, 8.0f, 0.0f));
    for (float y = 8.0f + kStep; y <= 11.0f; y += kStep) {
        const float value = signedDistance(cone, glm::vec3(0.0f, y, 0.0f));
        EXPECT_LE(std::abs(value - previous), 1.01f * kStep) << "at y " << y;
        previous = value;
    }
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

TEST(BodyVolumes, AnEllipticConeAlongItsWidthIsRoundWhicheverWayItTilts) {
    // A bone 2 degrees off `across` (a pelvis to a hip joint) was widened along what is left of
    // `across`: an arbitrary direction across it, front to back on MakeHuman (a pot belly).
    const auto alongTilted = [](float degrees) {
        const float radians = glm::radians(degrees);
        return makeEllipticCone(glm::vec3(0.0f),
                                10.0f * glm::vec3(std::cos(radians), std::sin(radians), 0.0f), 2.0f,
                                2.0f, glm::vec3(1.0f, 0.0f, 0.0f), 1.5f);
    };
    for (const float degrees : {0.5f, 2.0f, 10.0f, 29.0f}) {
        EXPECT_EQ(alongTilted(degrees).shape, BodyVolume::Shape::RoundCone) << degrees;
    }
    // At 45 degrees (a sine of 0.707) part of the width: 1 + 0.5 * smoothstep(0.566) = 1.2991.
    const BodyVolume half = alongTilted(45.0f);
    ASSERT_EQ(half.shape, BodyVolume::Shape::EllipticCone);
    const float s = (std::sqrt(0.5f) - kEllipticWidthFadeStart) /
                    (kEllipticWidthFadeEnd - kEllipticWidthFadeStart);
    EXPECT_NEAR(half.radii.x, 1.0f + 0.5f * s * s * (3.0f - 2.0f * s), 1e-5f);
    EXPECT_NEAR(half.radii.x, 1.2991f, 1e-3f);
    // From 60 degrees on, all of it.
    EXPECT_FLOAT_EQ(alongTilted(61.0f).radii.x, 1.5f);
    EXPECT_FLOAT_EQ(alongTilted(90.0f).radii.x, 1.5f);
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

// Three round cones of blend 0.4 along X, all from one joint (coincident bones: MakeHuman's
// root to pelvis.L, pelvis.R and spine05), as neighbours.
std::vector<BodyVolume> coincidentCones(int count) {
    std::vector<BodyVolume> cones;
    for (int k = 0; k < count; ++k) {
        BodyVolume cone = makeRoundCone(glm::vec3(0.0f), glm::vec3(1.0f, 0.0f, 0.0f), 0.5f, 0.5f);
        cone.blend = 0.4f;
        cone.startJoint = 0;
        cone.endJoint = 1 + k;
        cones.push_back(cone);
    }
    return cones;
}

TEST(BodyVolumes, CoincidentVolumesSinkTheUnionByLessThanABlendWidthHoweverMany) {
    // On the surface of every cone (distance 0 each), x the chain's depth: one pair is the
    // polynomial smooth minimum, 0.4^2 / (4 x 0.4) = 0.1 deep; a third cone blends with that,
    // x = 0.1 + 0.3^2 / 1.6 = 0.15625. Past a quarter of the width (0.1) the depth saturates
    // towards three eighths of it, 0.15 - 0.05 exp(-(x - 0.1) / 0.05): three cones sink 0.133767;
    // 8 cones, x = 0.269157, 0.148303; 40, x = 0.364894, 0.149750. A chain of blends sank without
    // bound.
    const std::pair<int, float> expected[] = {
        {2, -0.1f}, {3, -0.133767f}, {8, -0.148303f}, {40, -0.149750f}};
    for (const auto& [count, depth] : expected) {
        const std::vector<BodyVolume> cones = coincidentCones(count);
        std::vector<std::uint32_t> indices;
        for (int k = 0; k < count; ++k) {
            indices.push_back(static_cast<std::uint32_t>(k));
        }
        const glm::vec3 onSurface(0.5f, 0.5f, 0.0f);
        EXPECT_NEAR(bodyDistance(cones, indices, onSurface, kBodyFarOutside, 0.0f), depth, 1e-5f)
            << count << " cones";
        // The same in any order.
        std::reverse(indices.begin(), indices.end());
        EXPECT_NEAR(bodyDistance(cones, indices, onSurface, kBodyFarOutside, 0.0f), depth, 1e-5f)
            << count << " cones, reversed";
    }
}

TEST(BodyVolumes, AVolumeAboveTwoOfItsNeighboursDoesNotBlendThemTogether) {
    // A bone (joints 0-1) above the point, its child (1-2) at 0 and its sibling (0-3) at 0.05: the
    // child and the sibling are not neighbours, and the bone counts them no nearer than a quarter
    // of its width (0.1) below itself, so it cannot blend them together through its own chain.
    std::vector<BodyVolume> cones = coincidentCones(3);
    cones[1].startJoint = 1;
    cones[1].endJoint = 2;
    cones[2].startJoint = 0;
    cones[2].endJoint = 3;
    const std::array<std::uint32_t, 3> indices = {0, 1, 2};
    ASSERT_FALSE(areHierarchyNeighbours(cones[1], cones[2]));
    // At 0.5, beyond its width (0.4) of the child: nothing blends; the union is the child's 0.
    const std::array<float, 3> far = {0.5f, 0.0f, 0.05f};
    EXPECT_NEAR(boundedSmoothUnion(cones, indices, far, 1), 0.0f, 1e-6f);
    // At 0.3 the child blends with the bone: 0 - (0.4 - 0.3)^2 / 1.6 = -0.00625. The bone's own
    // chain counts both at 0.2 and stays above 0 (chained from the bone as they were, the sibling
    // blended with the child: -0.0801).
    const std::array<float, 3> nearer = {0.3f, 0.0f, 0.05f};
    EXPECT_NEAR(boundedSmoothUnion(cones, indices, nearer, 1), -0.00625f, 1e-6f);
}

TEST(BodyVolumes, TheSmoothUnionIsContinuousThroughShortSpineBonesAndCoincidentPelvisBones) {
    const test::PlannedFigure planned = test::planFigure(test::shortSpineBiped().text());
    const BodyFigure& figure = planned.figure;
    const BodyGrid& grid = planned.grid;
    const std::vector<std::uint32_t>& all = planned.all;
    glm::vec3 low(1e30f);
    glm::vec3 high(-1e30f);
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.mass == kTrunkMass) {
            low = glm::min(low, volume.boundsMin);
            high = glm::max(high, volume.boundsMax);
        }
    }
    // The union alone, without the gap kept between volumes that are not neighbours (a wall
    // that opens where the two lie within the gap of each other, by design a step).
    const float gap = 0.0f;
    const float step = 0.05f * grid.cell;
    // Signed distances change at most about 1 per unit (the ellipsoid's estimate a little more);
    // 20 leaves room for that and none for a jump, whose slope after ten halvings is over 1000
    // times its size in cells.
    constexpr float kMostSlope = 20.0f;
    int lines = 0;
    int steep = 0;
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3;
        const int w = (axis + 2) % 3;
        for (int a = 1; a < 8; ++a) {
            for (int b = 1; b < 8; ++b) {
                glm::vec3 p = low;
                p[u] += (high[u] - low[u]) * static_cast<float>(a) / 8.0f;
                p[w] += (high[w] - low[w]) * static_cast<float>(b) / 8.0f;
                ++lines;
                float previous = bodyDistance(figure.volumes, all, p, kBodyFarOutside, gap);
                for (float t = low[axis] + step; t <= high[axis]; t += step) {
                    glm::vec3 q = p;
                    q[axis] = t;
                    const float value = bodyDistance(figure.volumes, all, q, kBodyFarOutside, gap);
                    if (std::abs(value - previous) > 2.0f * step) {
                        ++steep;
                        glm::vec3 before = q;
                        before[axis] = t - step;
                        ASSERT_LE(test::steepestSlope(figure.volumes, all, gap, before, q, 10),
                                  kMostSlope)
                            << "at (" << q.x << ", " << q.y << ", " << q.z << ") along axis "
                            << axis << ": " << previous << " then " << value;
                    }
                    previous = value;
                }
            }
        }
    }
    EXPECT_EQ(lines, 147);
    RecordProperty("steep steps", steep);
}

TEST(BodyVolumes, TheBellyOfShortSpineBonesAndCoincidentPelvisBonesHasNoFold) {
    const test::PlannedFigure planned = test::planFigure(test::shortSpineBiped().text());
    const BodyFigure& figure = planned.figure;
    const BodyGrid& grid = planned.grid;
    const std::vector<std::uint32_t>& all = planned.all;
    const float gap = kBodyGapInCells * grid.cell;
    // The torso's front and back, every millimetre from below the root (95 cm) to the neck
    // (140 cm), 2 cm in front of the spine's line. A smooth belly's profile changes by about a
    // millimetre per millimetre of height at its steepest (1.3 here); the blends of blends sank
    // the surface where the pelvis bones meet the spine and it stepped out by 4 mm over 1 mm.
    for (const float side : {1.0f, -1.0f}) {
        float previous = -1.0f;
        float steepest = 0.0f;
        for (int millimetre = 900; millimetre <= 1400; ++millimetre) {
            const glm::dvec3 onSpine(0.0, 0.1 * millimetre, 2.0);
            const glm::vec3 centre((onSpine - figure.centre) / figure.size);
            const float radius =
                test::outermostRadius(figure, all, gap, centre, glm::vec3(0.0f, 0.0f, side), 0.3f) *
                static_cast<float>(figure.size);
            if (previous >= 0.0f) {
                steepest = std::max(steepest, std::abs(radius - previous));
            }
            previous = radius;
        }
        EXPECT_LT(steepest, 0.2f) << (side > 0.0f ? "front" : "back") << ", cm per mm of height";
    }
}

// The torso's extent along `axis` (its two sides' first surfaces out from the point (0, y, z)
// in file units), in file units.
float torsoExtentAt(const test::PlannedFigure& planned, float gap, double y, double z,
                    const glm::vec3& axis) {
    const BodyFigure& figure = planned.figure;
    const glm::vec3 centre((glm::dvec3(0.0, y, z) - figure.centre) / figure.size);
    const float ahead = test::firstExit(figure, planned.all, gap, centre, axis, 0.4f);
    const float behind = test::firstExit(figure, planned.all, gap, centre, -axis, 0.4f);
    return (ahead + behind) * static_cast<float>(figure.size);
}

// The widest and deepest of a figure's torso (width, depth, in file units) over heights `low`
// to `high` (file units), through the line x = 0, z = `z`.
glm::vec2 largestTorsoExtent(const test::PlannedFigure& planned, double low, double high,
                             double z) {
    const float gap = kBodyGapInCells * planned.grid.cell;
    glm::vec2 largest(0.0f);
    for (int step = 0; step <= 32; ++step) {
        const double y = low + (high - low) * step / 32.0;
        largest =
            glm::max(largest, glm::vec2(torsoExtentAt(planned, gap, y, z, glm::vec3(1, 0, 0)),
                                        torsoExtentAt(planned, gap, y, z, glm::vec3(0, 0, 1))));
    }
    return largest;
}

TEST(BodyVolumes, AMakeHumanLikeFiguresHipsAreAboutAsLargeAsItsChest) {
    // The widest and deepest of the hips (from 5 cm below the thighs' roots, at y = 94.4, to
    // 10 cm above) against those of the chest below the armpits (y = 110 to 122: higher, the
    // gap kept to the arms' roots takes the chest's sides), through the line 4 cm in front of
    // the root, where the spine runs. Its bones from the pelvis to the hips, widened front to
    // back and up, and its three coincident pelvis bones, sinking the union three times, made
    // hips 1.08 times as wide and 1.26 times as deep as the chest: a nappy.
    const test::PlannedFigure planned = test::planFigure(test::shortSpineBiped().text());
    const glm::vec2 hips = largestTorsoExtent(planned, 89.0, 105.0, 4.0);
    const glm::vec2 chest = largestTorsoExtent(planned, 110.0, 122.0, 4.0);
    RecordProperty("hips width (cm)", std::to_string(hips.x));
    RecordProperty("hips depth (cm)", std::to_string(hips.y));
    RecordProperty("chest width (cm)", std::to_string(chest.x));
    RecordProperty("chest depth (cm)", std::to_string(chest.y));
    EXPECT_GT(chest.x, 40.0f); // a torso: 1.5 times 2 x 0.082 of 172.6 cm is 42.5 cm
    EXPECT_LE(hips.x, 1.1f * chest.x) << hips.x << " cm wide hips, " << chest.x << " cm chest";
    EXPECT_GE(hips.x, 0.8f * chest.x) << hips.x << " cm wide hips, " << chest.x << " cm chest";
    // A person's buttocks are about as deep as the chest.
    EXPECT_LE(hips.y, 1.2f * chest.y) << hips.y << " cm deep hips, " << chest.y << " cm chest";
}

TEST(BodyVolumes, MixamoAndCmuLikeFiguresHipsAreAboutAsWideAsTheirChest) {
    // As above, on a Mixamo T-pose (thighs' roots at y = 94: hips 89 to 104, chest 115 to 130)
    // and a CMU-like biped (about 7 cm a unit; thighs' roots at y = 15.2, on zero-length joints
    // at the hips: hips 14.5 to 16.6, chest 18 to 20.5), both through the line z = 0.
    // CMU's chest window starts a third of the way from its thighs' roots to its shoulders,
    // where the waist narrows (trunkShare), over legs splayed at rest: its hips may be a little
    // wider (1.15 times its chest, as built).
    struct Rig {
        const char* name;
        std::string text;
        double hipsLow, hipsHigh, chestLow, chestHigh;
        float widestHips; // of the chest's width
    };
    const Rig rigs[] = {{"mixamo", test::mixamoBipedText(), 89.0, 104.0, 115.0, 130.0, 1.1f},
                        {"cmu-like", test::cmuLikeBiped().text(), 14.5, 16.6, 18.0, 20.5, 1.17f}};
    for (const Rig& rig : rigs) {
        const test::PlannedFigure planned = test::planFigure(rig.text);
        const glm::vec2 hips = largestTorsoExtent(planned, rig.hipsLow, rig.hipsHigh, 0.0);
        const glm::vec2 chest = largestTorsoExtent(planned, rig.chestLow, rig.chestHigh, 0.0);
        RecordProperty(std::string(rig.name) + " hips over chest",
                       std::to_string(hips.x / chest.x) + " wide, " +
                           std::to_string(hips.y / chest.y) + " deep");
        // A torso (a quarter of the figure's size wide), not the line between two arms.
        EXPECT_GT(chest.x, 0.2f * static_cast<float>(planned.figure.size)) << rig.name;
        EXPECT_LE(hips.x, rig.widestHips * chest.x)
            << rig.name << ": " << hips.x << " wide hips, " << chest.x << " chest";
        EXPECT_GE(hips.x, 0.8f * chest.x)
            << rig.name << ": " << hips.x << " wide hips, " << chest.x << " chest";
        EXPECT_LE(hips.y, 1.2f * chest.y)
            << rig.name << ": " << hips.y << " deep hips, " << chest.y << " chest";
    }
}

TEST(BodyVolumes, BiovisionAndSecondLifeFiguresHaveLegsUnderHipsAsWideAsTheirChest) {
    // Rigs whose joint names say the bone they start: Biovision's "LeftHip" and Second Life's
    // "mHipLeft" start the thigh. Read as trunk bones, each thigh was a torso-thick bag from the
    // pelvis to the knee, 0.28 (Biovision) and 0.30 (Second Life) of the figure across half way
    // down, under hips 1.28 and 1.38 times as wide as the chest: a nappy. Hips from 5 cm below the
    // thighs' roots to 10 cm above, the chest from 10 cm above the hips' top to 10 cm below the
    // shoulders, through the line z = 0; the thigh's girth half way down it. Second Life's hip
    // joints sit wider apart (12.7 cm from the spine, 7 % of its height, against Biovision's and
    // Mixamo's 5 %): its hips may be a little wider.
    struct Rig {
        const char* name;
        std::string text;
        double hipsLow, hipsHigh, chestLow, chestHigh;
        glm::dvec3 midThigh; // half way from the thigh's root to the knee
        float widestHips;    // of the chest's width
    };
    const Rig rigs[] = {
        {"biovision", test::biovisionBiped().text(), 90.0, 105.0, 115.0, 135.0, {10, 73, 0}, 1.1f},
        {"second life",
         test::secondLifeBiped().text(),
         97.6,
         112.6,
         122.6,
         142.0,
         {10.4, 78, 3.35},
         1.15f}};
    for (const Rig& rig : rigs) {
        const test::PlannedFigure planned = test::planFigure(rig.text);
        const glm::vec2 hips = largestTorsoExtent(planned, rig.hipsLow, rig.hipsHigh, 0.0);
        const glm::vec2 chest = largestTorsoExtent(planned, rig.chestLow, rig.chestHigh, 0.0);
        RecordProperty(std::string(rig.name) + " hips over chest",
                       std::to_string(hips.x / chest.x) + " wide, " +
                           std::to_string(hips.y / chest.y) + " deep");
        EXPECT_GT(chest.x, 0.2f * static_cast<float>(planned.figure.size)) << rig.name;
        EXPECT_LE(hips.x, rig.widestHips * chest.x)
            << rig.name << ": " << hips.x << " wide hips, " << chest.x << " chest";
        EXPECT_GE(hips.x, 0.8f * chest.x)
            << rig.name << ": " << hips.x << " wide hips, " << chest.x << " chest";
        EXPECT_LE(hips.y, 1.2f * chest.y)
            << rig.name << ": " << hips.y << " deep hips, " << chest.y << " chest";
        // A thigh half way down is a thigh: at most 0.14 of the figure across (a person's is
        // about 0.1), not the torso's 0.16 or more.
        const float gap = kBodyGapInCells * planned.grid.cell;
        const BodyFigure& figure = planned.figure;
        const glm::vec3 centre((rig.midThigh - figure.centre) / figure.size);
        const float across =
            test::firstExit(figure, planned.all, gap, centre, glm::vec3(1, 0, 0), 0.4f) +
            test::firstExit(figure, planned.all, gap, centre, glm::vec3(-1, 0, 0), 0.4f);
        RecordProperty(std::string(rig.name) + " thigh across", std::to_string(across));
        EXPECT_LE(across, 0.14f) << rig.name;
    }
}

TEST(BodyVolumes, ArmsHangingAtRestHaveShouldersNoWiderThanTheArm) {
    // Arms hanging beside the trunk in the bind pose (bvhio's rest pose, Biovision captures
    // standing at rest): the shoulder's surface outside the arm, from the shoulder joint down a
    // third of the upper arm, reaches at most 1.3 times the upper arm's radius (0.04 of the
    // figure) from the arm's axis (1.23 times, as built). Its deltoid as wide as the figure
    // allowed (0.06) stood out 1.4 times as far: a ball beside the chest.
    struct Rig {
        const char* name;
        std::string text;
        glm::dvec3 shoulder; // the left upper arm's root
        double upperArm;     // its length, straight down
    };
    const Rig rigs[] = {
        {"biovision", test::biovisionBiped(test::RestArms::Down).text(), {19, 145, 0}, 28.0},
        {"mixamo", test::armsDownBiped().text(), {18, 145, 0}, 28.0}};
    for (const Rig& rig : rigs) {
        const test::PlannedFigure planned = test::planFigure(rig.text);
        const BodyFigure& figure = planned.figure;
        const float gap = kBodyGapInCells * planned.grid.cell;
        float widest = 0.0f;
        for (int step = 0; step <= 10; ++step) {
            const glm::dvec3 onAxis = rig.shoulder - glm::dvec3(0, rig.upperArm * step / 30.0, 0);
            const glm::vec3 centre((onAxis - figure.centre) / figure.size);
            widest = std::max(widest, test::firstExit(figure, planned.all, gap, centre,
                                                      glm::vec3(1, 0, 0), 0.3f));
        }
        RecordProperty(std::string(rig.name) + " shoulder reach", std::to_string(widest));
        EXPECT_LE(widest, 1.3f * 0.04f) << rig.name;
    }
}

} // namespace
} // namespace bvh
