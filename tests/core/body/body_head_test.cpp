// A face rig's head (core/body/body_figure.cpp, issue 38): an ovoid about a head tall on a neck
// narrower and shorter than it, holding the face's helper joints, however many bones leave the
// head and however short its crown bone; the chest keeps its girth up to the neck's root.
#include "core/body/body_builder.h"
#include "core/body/body_figure.h"
#include "core/body/body_grid.h"
#include "core/body/body_volumes.h"
#include "core/reader/document.h"
#include "tests/core/body/body_field_probes.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_head_profile.h"
#include "tests/core/body/body_head_rigs.h"
#include "tests/core/body/body_neck_profile.h"
#include "tests/core/body/body_stretch_ensemble.h"
#include "tests/core/body/body_surface_sections.h"
#include "tests/core/body/body_test_skeletons.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/matrix.hpp>
#include <glm/trigonometric.hpp>
#include <gtest/gtest.h>

namespace bvh {
namespace {

using test::boneVolume;
using test::nodeNamed;
using test::normalised;
using test::surfaceReach;

// A MakeHuman-like face rig, 173 cm, Y up, facing +Z: the head joint at the top of the neck,
// its crown bone (special06) 12.7 cm up, the face's helpers ahead of and below it (the jaw, the
// tongue, levator 14.6 cm ahead, temporalis at the temples, oris at the lips).
std::string makeHumanLikeFaceRigText() {
    test::BvhTextBuilder b;
    const int hips = b.add("root", -1, {0, 95, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string s = side > 0 ? ".L" : ".R";
        const int thigh = b.add("upperleg01" + s, hips, {side * 10, -3, 0});
        const int shin = b.add("lowerleg01" + s, thigh, {0, -44, 0});
        const int foot = b.add("foot" + s, shin, {0, -42, 0});
        b.endSite(foot, {0, -4, 14});
    }
    const int spine = b.add("spine03", hips, {0, 15, 0});
    const int chest = b.add("spine01", spine, {0, 25, 0});
    const int neck1 = b.add("neck01", chest, {0, 18, -2});
    const int neck2 = b.add("neck02", neck1, {0, 4, 0});
    const int head = b.add("head", neck2, {0, 6, 0});
    b.endSite(b.add("special06.L", head, {0, 12.7, 0}), {0, 1, 0});
    const int jaw = b.add("jaw", head, {0, -0.5, 5});
    b.endSite(b.add("tongue00", jaw, {0, -7.8, 5}), {0, 0, 2});
    for (const double side : {1.0, -1.0}) {
        const std::string s = side > 0 ? ".L" : ".R";
        b.endSite(b.add("levator02" + s, head, {side * 0.3, 1.1, 14.6}), {0, -1, 0});
        b.endSite(b.add("temporalis01" + s, head, {side * 6.1, 3.4, 9.5}), {0, 1, 0});
        b.endSite(b.add("oris07" + s, jaw, {side * 1.2, -2, 8}), {0, 0, 1});
    }
    return b.text();
}

// The head's skull (its largest ellipsoid) and every ellipsoid on the head joint (the skull, a
// face rig's jaw, the nose).
struct HeadParts {
    const BodyVolume* skull = nullptr;
    std::vector<const BodyVolume*> ellipsoids;
    NodeIndex head = kNoParent;
};

HeadParts headOf(const Skeleton& skeleton, const BodyFigure& figure, const char* headName) {
    HeadParts parts;
    parts.head = nodeNamed(skeleton, headName);
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.shape == BodyVolume::Shape::Ellipsoid && volume.joint == parts.head) {
            parts.ellipsoids.push_back(&volume);
            if (parts.skull == nullptr || volume.radii.x > parts.skull->radii.x) {
                parts.skull = &volume;
            }
        }
    }
    return parts;
}

// Whether p (normalised) lies inside the ellipsoid.
bool insideEllipsoid(const BodyVolume& ellipsoid, const glm::vec3& p) {
    const glm::vec3 local = (ellipsoid.axes * (p - ellipsoid.a)) / ellipsoid.radii;
    return glm::dot(local, local) <= 1.0f;
}

// The head's ovoid: its first axis along the skull (its height), the narrowest across (its
// width); `most`: the largest height, of the figure's.
void expectAHeadShape(const BodyVolume& skull, float figureHeight, float most) {
    const float height = 2.0f * skull.radii.x;
    const float width = 2.0f * std::min(skull.radii.y, skull.radii.z);
    EXPECT_GE(height / figureHeight, 0.11f);
    EXPECT_LE(height / figureHeight, most);
    EXPECT_GE(width / height, 0.6f);
    EXPECT_LE(width / height, 0.75f);
}

void expectFaceJointsInside(const Skeleton& skeleton, const BodyFigure& figure,
                            const HeadParts& parts) {
    std::vector<std::uint8_t> below(skeleton.nodeCount(), 0);
    below[static_cast<std::size_t>(parts.head)] = 1;
    int checked = 0;
    for (std::size_t i = static_cast<std::size_t>(parts.head) + 1; i < skeleton.nodeCount(); ++i) {
        const NodeIndex parent = skeleton.parents[i];
        if (parent == kNoParent || below[static_cast<std::size_t>(parent)] == 0) {
            continue;
        }
        below[i] = 1;
        // The crown's marker (HeadTop, special06) tops the head; the helpers lie inside it.
        const std::string& name = skeleton.names[i];
        if (skeleton.isEndSite[i] != 0 || name == "HeadTop" || name.starts_with("special06")) {
            continue;
        }
        ++checked;
        // In the skull or, for a chin, lips or a tongue below the skull ahead of its bottom, in
        // the jaw under it.
        const glm::vec3 at = normalised(figure, static_cast<NodeIndex>(i));
        EXPECT_TRUE(std::any_of(parts.ellipsoids.begin(), parts.ellipsoids.end(),
                                [&](const BodyVolume* part) { return insideEllipsoid(*part, at); }))
            << name << " pokes out of the head";
    }
    EXPECT_GE(checked, 5);
}

// The neck (its bone to the head, `neckName` to `headName`) narrower than the head and, between
// the chest's top and the head's bottom, shorter than it.
void expectANeckUnderTheHead(const Skeleton& skeleton, const BodyFigure& figure,
                             const HeadParts& parts, const char* chestName, const char* neckName) {
    const BodyVolume* neck = boneVolume(figure, nodeNamed(skeleton, neckName), parts.head);
    const BodyVolume* chest = nullptr; // the chest's widest volume
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.joint == nodeNamed(skeleton, chestName) &&
            volume.shape != BodyVolume::Shape::Ellipsoid &&
            (chest == nullptr || volume.radiusA > chest->radiusA)) {
            chest = &volume;
        }
    }
    ASSERT_NE(chest, nullptr);
    const float headWidth = 2.0f * std::min(parts.skull->radii.y, parts.skull->radii.z);
    if (neck != nullptr) {
        EXPECT_LT(2.0f * neck->largestRadius(), 0.7f * headWidth);
    }
    // The chest does not taper into the neck: no cone under the head.
    EXPECT_GE(chest->radiusB, 0.95f * chest->radiusA);
    const float chestTop = chest->boundsMax.y;
    const float headBottom = parts.skull->a.y - parts.skull->radii.x;
    EXPECT_LT(headBottom - chestTop, 2.0f * parts.skull->radii.x);
}

float figureHeight(const BodyFigure& figure) {
    float low = 1e9f;
    float high = -1e9f;
    for (const RigidTransform& world : figure.bindWorld) {
        const float y = static_cast<float>((world.translation.y - figure.centre.y) / figure.size);
        low = std::min(low, y);
        high = std::max(high, y);
    }
    return high - low;
}

TEST(BodyHead, AGeneratedFaceRigsHeadIsAnOvoidHoldingItsHelpersOnANeck) {
    const Skeleton skeleton = parseDocument(test::faceRigText()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    const HeadParts parts = headOf(skeleton, figure, "Head");
    ASSERT_NE(parts.skull, nullptr);
    // Its figure has no legs (hips 100 cm up, head top at 199): a head that holds a face 12 cm
    // wide and 16 cm tall is a quarter of the 100 cm figure, an eighth of a person that tall.
    expectAHeadShape(*parts.skull, figureHeight(figure), 0.27f);
    expectFaceJointsInside(skeleton, figure, parts);
    expectANeckUnderTheHead(skeleton, figure, parts, "Chest", "Neck");
}

TEST(BodyHead, AMakeHumanHeadWithAShortCrownIsAWholeHeadAroundItsFace) {
    const Skeleton skeleton = parseDocument(makeHumanLikeFaceRigText()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    const HeadParts parts = headOf(skeleton, figure, "head");
    ASSERT_NE(parts.skull, nullptr);
    expectAHeadShape(*parts.skull, figureHeight(figure), 0.17f);
    expectFaceJointsInside(skeleton, figure, parts);
    expectANeckUnderTheHead(skeleton, figure, parts, "spine01", "neck02");
    // A head's height, chin included (the skull and its jaw, along Y): 0.13 of a person's. The
    // chin (the tongue, 8 cm below the head joint and 10 ahead, at the skull's bottom) is the
    // jaw's to hold: grown alike to hold it, the skull stood 0.17 of the height.
    float bottom = 1e9f;
    float top = -1e9f;
    for (const BodyVolume* part : parts.ellipsoids) {
        bottom = std::min(bottom, part->a.y - part->radii.x);
        top = std::max(top, part->a.y + part->radii.x);
    }
    EXPECT_LE((top - bottom) / figureHeight(figure), 0.145f) << "a head grown round its chin";
}

TEST(BodyHead, AHeadOnALongNeckChainIsAHeadOnANeckNarrowerThanIt) {
    const test::PlannedFigure planned = test::planFigure(test::cmuLikeBipedText());
    const Skeleton& skeleton = planned.skeleton;
    const HeadParts parts = headOf(skeleton, planned.figure, "Head");
    ASSERT_NE(parts.skull, nullptr);
    // The surface's width across the skull's centre, side to side (+X).
    const glm::vec3 skullCentre = parts.skull->a;
    const float headWidth = surfaceReach(planned, skullCentre, {1, 0, 0}) +
                            surfaceReach(planned, skullCentre, {-1, 0, 0});
    EXPECT_GE(headWidth / figureHeight(planned.figure), 0.075f) << "a thumb, not a head";
    // The neck's last bone, where it meets the head: narrower than the skull across (its
    // largest semi-axis across the skull's height), not one cone with it.
    const BodyVolume* neck = boneVolume(planned.figure, nodeNamed(skeleton, "Neck1"), parts.head);
    ASSERT_NE(neck, nullptr);
    const float skullAcross = std::max(parts.skull->radii.y, parts.skull->radii.z);
    EXPECT_LT(neck->radiusB, 0.75f * skullAcross) << "head and neck one cone";
    EXPECT_LE(neck->radiusB, neck->radiusA) << "a neck widening towards the head";
}

// The height (along Y) where the body's surface ends going up from `from` (normalised).
float surfaceTop(const test::PlannedFigure& planned, const glm::vec3& from) {
    return from.y + surfaceReach(planned, from, {0, 1, 0});
}

// On the CMU-like biped the neck chain (Neck on Spine1, 3.5 to the head joint, 0.14 of the
// height) is long enough for a neck: the trunk's top ends at the shoulder line (the arms' roots),
// and between it and the head's bottom a neck shows, thinner than the head and the chest.
TEST(BodyHead, ACmuLikeNeckShowsBetweenTheTrunksTopAndTheHead) {
    const test::PlannedFigure planned = test::planFigure(test::cmuLikeBipedText());
    const Skeleton& skeleton = planned.skeleton;
    const BodyFigure& figure = planned.figure;
    const HeadParts parts = headOf(skeleton, figure, "Head");
    ASSERT_NE(parts.skull, nullptr);
    const float height = figureHeight(figure);
    const float shoulderLine = 0.5f * (normalised(figure, nodeNamed(skeleton, "LeftArm")).y +
                                       normalised(figure, nodeNamed(skeleton, "RightArm")).y);
    const float headBottom = parts.skull->a.y - parts.skull->radii.x;
    // The trunk's top, in front of the neck: within 0.025 of the height of the shoulder line
    // (the collars' and the blends' rounding), not a chest's depth above the chest's joint
    // (0.038 above the line before, the neck's root hidden inside).
    const glm::vec3 chest = normalised(figure, nodeNamed(skeleton, "Spine1"));
    const glm::vec3 chestMiddle = 0.5f * (chest + normalised(figure, nodeNamed(skeleton, "Spine")));
    const float trunkTop = surfaceTop(planned, chestMiddle + glm::vec3(0.0f, 0.0f, 0.045f));
    EXPECT_LT(trunkTop - shoulderLine, 0.025f * height) << "the chest covers the neck's base";
    EXPECT_GE((headBottom - shoulderLine) / height, 0.035f) << "no neck between shoulders and head";
    // Around the neck's mid-height, front to back (side to side runs into the shoulders' slope):
    // well under the head's depth and the chest's.
    const auto depth = [&](const glm::vec3& at) {
        return surfaceReach(planned, at, {0, 0, 1}) + surfaceReach(planned, at, {0, 0, -1});
    };
    const glm::vec3 neckMiddle(chest.x, 0.5f * (shoulderLine + headBottom), chest.z);
    const float neckDepth = depth(neckMiddle);
    EXPECT_LT(neckDepth, 0.8f * depth(parts.skull->a)) << "a neck as thick as the head";
    EXPECT_LT(neckDepth, 0.6f * depth(chestMiddle)) << "a neck as thick as the chest";
    // Just below the head, side to side: narrower than the head (0.75 of its width).
    const glm::vec3 belowHead(parts.skull->a.x, headBottom - 0.01f, parts.skull->a.z);
    const float headWidth = surfaceReach(planned, parts.skull->a, {1, 0, 0}) +
                            surfaceReach(planned, parts.skull->a, {-1, 0, 0});
    EXPECT_LT(surfaceReach(planned, belowHead, {1, 0, 0}) +
                  surfaceReach(planned, belowHead, {-1, 0, 0}),
              0.75f * headWidth);
}

// The CMU-like biped (25.6 units tall, its head joint at the skull's base) with a face rig of a
// real face's size hung on its head, placed in centimetres of a 1.75 m person from the head
// joint: the eyes 3.5 up and 9 ahead, the brows, the nose's tip 11.5 ahead, the lips, the jaw's
// tip (the chin) 7.5 below and 8.5 ahead, the cheeks, the temples, and the ears 7.5 to either
// side (wider than a plain head: without growing, the ears poke out of it).
std::string cmuLikeBipedWithARealFaceText() {
    test::BvhTextBuilder b;
    const int head = test::addCmuLikeBiped(b);
    constexpr double unitsPerCentimetre = 25.6 / 175.0;
    const auto helper = [&](const std::string& name, int parent, glm::dvec3 centimetres) {
        const int joint = b.add(name, parent, centimetres * unitsPerCentimetre);
        b.endSite(joint, glm::dvec3(0, 0, 0.5) * unitsPerCentimetre);
        return joint;
    };
    const int jaw = helper("jaw", head, {0, -0.5, 1});
    helper("jaw_tip", jaw, {0, -7, 7.5});
    helper("nose_tip", head, {0, 1, 11.5});
    for (const double side : {1.0, -1.0}) {
        const std::string s = side > 0 ? ".L" : ".R";
        helper("eye" + s, head, {side * 3.2, 3.5, 9});
        helper("brow" + s, head, {side * 4, 6, 10});
        helper("cheek" + s, head, {side * 5, 0.5, 7.5});
        helper("temporalis01" + s, head, {side * 6.5, 5, 3});
        helper("ear" + s, head, {side * 7.5, 1.5, 0});
        helper("oris03" + s, jaw, {side * 2.5, -2, 9});
    }
    return b.text();
}

// Where a face's helpers spread wider than a plain head (the ears 15 cm apart, the chin a jaw's
// length below the skull's base), the head holds them all, and is still a head's shape: not
// taller than a large head (0.16 of the height), and narrower than it is tall.
TEST(BodyHead, AFullBodyFaceRigsHeadHoldsAFaceOfARealFacesSize) {
    const Skeleton skeleton = parseDocument(cmuLikeBipedWithARealFaceText()).skeleton;
    const BodyFigure figure = makeBodyFigure(skeleton, BodyOptions{});
    const HeadParts parts = headOf(skeleton, figure, "Head");
    ASSERT_NE(parts.skull, nullptr);
    expectAHeadShape(*parts.skull, figureHeight(figure), 0.16f);
    expectFaceJointsInside(skeleton, figure, parts);
}

// PyMO's sample walk has no neck joint and a head bone 0.075 of the height: its head is still a
// head (0.12 of the height from crown to chin, 0.089 wide), on a neck, not the spine's thumb.
TEST(BodyHead, APyMoLikeHeadWithNoNeckChainIsAHeadsSize) {
    const test::PlannedFigure planned = test::planFigure(test::pymoLikeBipedText());
    const HeadParts parts = headOf(planned.skeleton, planned.figure, "Head");
    ASSERT_NE(parts.skull, nullptr);
    const float height = figureHeight(planned.figure);
    const glm::vec3 centre = parts.skull->a;
    const float width =
        surfaceReach(planned, centre, {1, 0, 0}) + surfaceReach(planned, centre, {-1, 0, 0});
    EXPECT_GE(width / height, 0.08f) << "a small head";
    EXPECT_LE(width / height, 0.11f);
    // Crown to chin on its surface (the skull's ellipsoid is the cranium alone over a face).
    const float neckFrom = normalised(planned.figure, parts.head).y - 0.08f * height;
    const test::HeadProfile profile = test::measureHeadProfile(planned, parts.head, neckFrom);
    EXPECT_GE(profile.crown - profile.chin, 0.115f) << test::describeHeadProfile(profile);
    // The spine's bone no longer runs into the head as a trunk: it stops at the shoulders' line
    // (its rounded top within 0.01 of the height above the arms' roots), and a neck narrower
    // than the head carries the head.
    const Skeleton& skeleton = planned.skeleton;
    const NodeIndex spine = nodeNamed(skeleton, "Spine");
    const float shoulderLine = normalised(planned.figure, nodeNamed(skeleton, "LeftArm")).y;
    int pieces = 0;
    for (const BodyVolume& volume : planned.figure.volumes) {
        if (volume.joint != spine || volume.radiusNode != parts.head) {
            continue;
        }
        ++pieces;
        if (volume.shape == BodyVolume::Shape::EllipticCone) { // the trunk
            EXPECT_LT(volume.b.y + volume.radiusB, shoulderLine + 0.01f * height);
        } else { // the neck
            EXPECT_LT(2.0f * volume.radiusB, 0.75f * width);
            EXPECT_NEAR(volume.b.y, normalised(planned.figure, parts.head).y, 1e-5f);
        }
    }
    EXPECT_EQ(pieces, 2) << "a trunk and a neck from the spine to the head";
}

// Rokoko's head End Site, bound in a frame of its motion, points 100 degrees off its neck,
// sideways and down, 22 cm long: the arms-down biped with its head's End Site so (21 cm to the
// side, 6.5 down; the neck's line from Neck to Head rises 10 and leans 2 forward). The skull
// stands along the neck's line, a head's length above the head joint: along the End Site it lay
// on its side (its axis 73 degrees off the neck's line, its top 0.036 of the height above the
// head joint, its centre 0.065 to the side), flat on top over the shoulder.
TEST(BodyHead, AHeadEndSiteFarOffTheNecksLineLeavesTheSkullUpright) {
    const test::PlannedFigure planned =
        test::planFigure(test::armsDownBiped(-6.5, 8.0, 21.0).text());
    const HeadParts parts = headOf(planned.skeleton, planned.figure, "Head");
    ASSERT_NE(parts.skull, nullptr);
    const glm::vec3 neckLine = glm::normalize(glm::vec3(0.0f, 10.0f, 2.0f));
    const glm::vec3 skullAxis = glm::transpose(parts.skull->axes)[0];
    EXPECT_GT(std::abs(glm::dot(skullAxis, neckLine)), std::cos(glm::radians(10.0f)))
        << "a skull lying on its side";
    // Its top: a head's length above the head joint (0.1 of the height: the rest of the head's
    // 0.13 reaches down the neck); its centre over the head joint, not beside it.
    const glm::vec3 headJoint = normalised(planned.figure, parts.head);
    const float height = figureHeight(planned.figure);
    const float top = surfaceTop(planned, parts.skull->a);
    EXPECT_GT((top - headJoint.y) / height, 0.09f);
    EXPECT_LT(std::abs(parts.skull->a.x - headJoint.x) / height, 0.01f);
}

// A biped's head as a person's (crown to chin 0.13 of the height, 0.085 wide, 0.105 deep and
// the nose 0.015 ahead of that): a cranium, its top two thirds and its widest, set back over the
// neck's line, the face and the jaw hanging ahead of the neck under it. Measured on the surface
// in the plane through the head joint (HeadProfile): an ovoid about the neck's line (every
// biped's head before) stood 0.108-0.124 tall to its chin, 0.096-0.100 wide, barely deeper
// than wide (1.20-1.25, nose and all), its back falling to the neck as low as its front.
struct HeadRig {
    const char* name;
    std::string text;
    const char* head;
};

void PrintTo(const HeadRig& rig, std::ostream* out) {
    *out << rig.name;
}

class BodyHeadShape : public testing::TestWithParam<HeadRig> {};

TEST_P(BodyHeadShape, ABipedsHeadIsACraniumOverAFaceAndAJaw) {
    const HeadRig& rig = GetParam();
    const test::PlannedFigure planned = test::planFigure(rig.text);
    const NodeIndex head = nodeNamed(planned.skeleton, rig.head);
    ASSERT_NE(head, kNoParent);
    const float height = test::jointHeightSpan(planned);
    const float neckFrom = normalised(planned.figure, head).y - 0.08f * height;
    const test::HeadProfile p = test::measureHeadProfile(planned, head, neckFrom);
    SCOPED_TRACE(test::describeHeadProfile(p));
    // Crown to chin 0.13, within a tenth either way.
    EXPECT_GE(p.crown - p.chin, 0.117f) << "a head with no chin under its face";
    EXPECT_LE(p.crown - p.chin, 0.143f);
    // 0.085 wide within 0.01; deeper than wide by 0.28 of its width at least (0.105 and the
    // nose's 0.015 over 0.085: 1.41).
    EXPECT_GE(p.width, 0.075f);
    EXPECT_LE(p.width, 0.095f) << "an ovoid as wide at the jaw as at the temples";
    EXPECT_GE(p.depth, 0.1f);
    EXPECT_LE(p.depth, 0.13f);
    EXPECT_GE(p.depth, 1.28f * p.width) << "as deep as wide: the same from every side";
    // The neck leaves the cranium's underside behind the jaw: a person's nape meets the skull
    // about level with the mouth, 0.03 of the height above the chin.
    EXPECT_GE(p.occiput - p.chin, 0.018f) << "the skull's back falls to the neck as its chin";
}

INSTANTIATE_TEST_SUITE_P(
    BodyHeadRigs, BodyHeadShape,
    testing::Values(HeadRig{"Mixamo", test::mixamoBiped().text(), "mixamorig:Head"},
                    HeadRig{"CmuLike", test::cmuLikeBipedText(), "Head"},
                    HeadRig{"MakeHuman", test::makeHumanLikeBiped().text(), "head"},
                    HeadRig{"PyMo", test::pymoLikeBipedText(), "Head"},
                    HeadRig{"ArmsDown", test::armsDownBiped().text(), "Head"},
                    HeadRig{"Biovision", test::biovisionBiped().text(), "Head"},
                    HeadRig{"SecondLife", test::secondLifeBiped().text(), "mHead"}),
    [](const testing::TestParamInfo<HeadRig>& info) { return std::string(info.param.name); });

// A rig and the same rig with 120 face helpers on its head (addFaceHelpers, within the skull), as
// face rigs hang them: `size` the head's first bone, for the helpers' spread.
struct HelperRig {
    const char* name;
    test::BvhTextBuilder builder;
    const char* head;
    double size;
};

void PrintTo(const HelperRig& rig, std::ostream* out) {
    *out << rig.name;
}

class BodyHeadHelpers : public testing::TestWithParam<HelperRig> {};

// Helper joints are no part of the head's size or place: with 120 of them under the head, the
// head's widest section, its lowest point and the neck's narrowest section are those of the rig
// without them, within a grid cell. A head with several bones took its skull from the neck's
// line, none of it below the head joint, and grew to hold the helpers: on the CMU-like biped it
// sat 0.03 of the height lower, a quarter wider, and the neck under it was gone.
TEST_P(BodyHeadHelpers, FaceHelpersChangeNeitherTheHeadNorTheNeck) {
    const HelperRig& rig = GetParam();
    test::BvhTextBuilder withHelpers = rig.builder;
    ASSERT_GE(withHelpers.indexOf(rig.head), 0);
    addFaceHelpers(withHelpers, withHelpers.indexOf(rig.head), rig.size);
    const test::PlannedFigure plain = test::planFigure(rig.builder.text());
    const test::PlannedFigure helped = test::planFigure(withHelpers.text());
    const NodeIndex head = nodeNamed(plain.skeleton, rig.head);
    const float height = test::jointHeightSpan(plain);
    // Below the head joint by a tenth of the height: the neck's band, whichever the arms say.
    const float neckFrom = normalised(plain.figure, head).y - 0.1f * height;
    const test::HeadAndNeck without = test::measureHeadAndNeck(plain, head, neckFrom);
    const test::HeadAndNeck with =
        test::measureHeadAndNeck(helped, nodeNamed(helped.skeleton, rig.head), neckFrom);
    const float cell = plain.grid.cell;
    EXPECT_NEAR(with.headBottom, without.headBottom, cell) << "the head moved";
    EXPECT_NEAR(with.headAcross * height, without.headAcross * height, cell) << "wider";
    EXPECT_NEAR(with.headDepth * height, without.headDepth * height, cell) << "deeper";
    EXPECT_NEAR(with.neckAcross * height, without.neckAcross * height, cell) << "another neck";
}

INSTANTIATE_TEST_SUITE_P(
    BodyHeadRigs, BodyHeadHelpers,
    testing::Values(HelperRig{"CmuLike", test::cmuLikeBiped(), "Head", 1.77},
                    HelperRig{"Mixamo", test::mixamoBiped(), "mixamorig:Head", 20.0},
                    HelperRig{"MakeHuman", test::makeHumanLikeBiped(), "head", 12.7}),
    [](const testing::TestParamInfo<HelperRig>& info) { return std::string(info.param.name); });

// MakeHuman's game-engine export as its walk (makehuman_walk1_75j) binds it, turned to Y up and
// facing +Z, in centimetres, fingers left out: a neck of one bone 10.7 cm up to the head joint,
// the head's helpers (__Jaw, __Eye_L, __Eye_R) 13.2 cm up the skull from it, the jaw, the tongue
// (its root at the chin) and the eyes hanging ahead of the skull, all in the face.
std::string makeHumanWalkLikeText() {
    test::BvhTextBuilder b;
    const int jRoot = b.add("Root", -1, {0, 95.57, -12.35});
    const int jSpine1 = b.add("Spine1", jRoot, {0, 4.18, 3.36});
    const int jSpine2 = b.add("Spine2", jSpine1, {0, 10.05, -2.02});
    const int jSpine3 = b.add("Spine3", jSpine2, {0, 12.23, -3.71});
    const int jNeck = b.add("Neck", jSpine3, {0, 19.67, 2.71});
    const int jHead = b.add("Head", jNeck, {0, 10.72, 0.07});
    const int j__Jaw = b.add("__Jaw", jHead, {0, 13.11, -1.11});
    const int jJaw = b.add("Jaw", j__Jaw, {0, -13.25, 5.91});
    const int j__Tongue1 = b.add("__Tongue1", jJaw, {0, -6.67, 7.63});
    b.endSite(j__Tongue1, {0, 3.37, -7.13});
    const int jTongue1 = b.add("Tongue1", jJaw, {0, -6.67, 7.63});
    const int jTongue2 = b.add("Tongue2", jTongue1, {0, 4.04, -4.41});
    const int jTongue3 = b.add("Tongue3", jTongue2, {0, -0.08, 2.23});
    b.endSite(jTongue3, {0, -0.4, 1.38});
    const int j__Eye_L = b.add("__Eye_L", jHead, {0, 13.11, -1.11});
    const int jEye_L = b.add("Eye_L", j__Eye_L, {2.87, -9.65, 11.51});
    b.endSite(jEye_L, {0.07, 0.15, 3.93});
    const int j__Eye_R = b.add("__Eye_R", jHead, {0, 13.11, -1.11});
    const int jEye_R = b.add("Eye_R", j__Eye_R, {-2.87, -9.65, 11.51});
    b.endSite(jEye_R, {-0.07, 0.15, 3.93});
    const int j__Clavicle_L = b.add("__Clavicle_L", jSpine3, {0, 19.67, 2.71});
    const int jClavicle_L = b.add("Clavicle_L", j__Clavicle_L, {2.52, -6.8, 5.93});
    const int jUpArm_L = b.add("UpArm_L", jClavicle_L, {14.72, -0.07, -5.45});
    const int jLoArm_L = b.add("LoArm_L", jUpArm_L, {19.72, -1.9, -1.57});
    const int jHand_L = b.add("Hand_L", jLoArm_L, {23.8, -0.83, 2.26});
    b.endSite(jHand_L, {10, 0, 0});
    const int j__Clavicle_R = b.add("__Clavicle_R", jSpine3, {0, 19.67, 2.71});
    const int jClavicle_R = b.add("Clavicle_R", j__Clavicle_R, {-2.52, -6.8, 5.93});
    const int jUpArm_R = b.add("UpArm_R", jClavicle_R, {-14.72, -0.07, -5.45});
    const int jLoArm_R = b.add("LoArm_R", jUpArm_R, {-19.72, -1.9, -1.57});
    const int jHand_R = b.add("Hand_R", jLoArm_R, {-23.8, -0.83, 2.26});
    b.endSite(jHand_R, {-10, 0, 0});
    const int jHips = b.add("Hips", jRoot, {0, 4.18, 3.36});
    const int j__UpLeg_L = b.add("__UpLeg_L", jHips, {0, -7.86, -0.23});
    const int jUpLeg_L = b.add("UpLeg_L", j__UpLeg_L, {10.21, -1.86, 0.49});
    const int jLoLeg_L = b.add("LoLeg_L", jUpLeg_L, {-1.15, -42.55, -2.64});
    const int jFoot_L = b.add("Foot_L", jLoLeg_L, {-2.2, -39.13, -0.81});
    const int jToe_L = b.add("Toe_L", jFoot_L, {0.22, -6.44, 11.32});
    b.endSite(jToe_L, {0.31, 0.1, 6.69});
    const int j__UpLeg_R = b.add("__UpLeg_R", jHips, {0, -7.86, -0.23});
    const int jUpLeg_R = b.add("UpLeg_R", j__UpLeg_R, {-10.21, -1.86, 0.49});
    const int jLoLeg_R = b.add("LoLeg_R", jUpLeg_R, {1.15, -42.55, -2.64});
    const int jFoot_R = b.add("Foot_R", jLoLeg_R, {2.2, -39.13, -0.81});
    const int jToe_R = b.add("Toe_R", jFoot_R, {-0.22, -6.44, 11.32});
    b.endSite(jToe_R, {-0.31, 0.1, 6.69});

    return b.text();
}

// A face rig's skull moves ahead over its face joints only as far as holds them: centred on
// their middle (all of them in the face, the head's front), MakeHuman's skull sat ahead of its
// head joint, its back over the neck: the head pushed forward of the neck, a hunch from the side.
// Measured on the mesh (body_neck_profile.h): the head's middle front to back ahead of the head
// joint, half way from it up to the crown, of the height, the median over the grid phases (a
// person's about 0.01).
TEST(BodyHead, AMakeHumanFaceRigsSkullSitsOverItsNeckNotAheadOfIt) {
    const Skeleton skeleton = parseDocument(makeHumanWalkLikeText()).skeleton;
    const double ahead = test::median(test::overGridPhases(skeleton, [&](const BodyResult& body) {
        const auto frame =
            body.mesh != nullptr ? test::neckFrame(skeleton, *body.mesh) : std::nullopt;
        return frame ? static_cast<double>(test::headMiddleAhead(*body.mesh, *frame)) : 1.0;
    }));
    EXPECT_LT(ahead, 0.02);
    EXPECT_GT(ahead, 0.0);
}

} // namespace
} // namespace bvh
