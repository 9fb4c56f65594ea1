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
#include "tests/core/body/body_test_skeletons.h"

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>
#include <gtest/gtest.h>

namespace bvh {
namespace {

using test::boneVolume;
using test::nodeNamed;
using test::normalised;

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

struct HeadParts {
    const BodyVolume* skull = nullptr;
    NodeIndex head = kNoParent;
};

HeadParts headOf(const Skeleton& skeleton, const BodyFigure& figure, const char* headName) {
    HeadParts parts;
    parts.head = nodeNamed(skeleton, headName);
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.shape == BodyVolume::Shape::Ellipsoid && volume.joint == parts.head &&
            (parts.skull == nullptr || volume.radii.x > parts.skull->radii.x)) {
            parts.skull = &volume;
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
        EXPECT_TRUE(insideEllipsoid(*parts.skull, normalised(figure, static_cast<NodeIndex>(i))))
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
}

// A CMU-like biped (the cgspeed conversion's offsets, Y up, facing +Z): Neck on Spine1 with no
// offset, Neck1 1.75 up, Head 1.76 up and its End Site 1.77 up, so the head joint sits at the
// skull's base and the neck chain is twice the head bone.
std::string cmuLikeBipedText() {
    test::BvhTextBuilder b;
    const int hips = b.add("Hips", -1, {0, 17, 0});
    const int spine = b.add("Spine", hips, {0, 2.04, -0.19});
    const int spine1 = b.add("Spine1", spine, {0, 2.05, -0.04});
    const int neck = b.add("Neck", spine1, {0, 0, 0});
    const int neck1 = b.add("Neck1", neck, {0, 1.75, 0.17});
    const int head = b.add("Head", neck1, {0, 1.76, -0.12});
    b.endSite(head, {0, 1.77, -0.06});
    for (const double side : {1.0, -1.0}) {
        const std::string s = side > 0 ? "Left" : "Right";
        const int shoulder = b.add(s + "Shoulder", spine1, {0, 0, 0});
        const int arm = b.add(s + "Arm", shoulder, {side * 3.36, 1.2, -0.31});
        const int forearm = b.add(s + "ForeArm", arm, {side * 4.98, 0, 0});
        const int hand = b.add(s + "Hand", forearm, {side * 3.48, 0, 0});
        b.endSite(hand, {side * 1.5, 0, 0});
        const int hipJoint = b.add(s.substr(0, 1) + "HipJoint", hips, {0, 0, 0});
        const int upLeg = b.add(s + "UpLeg", hipJoint, {side * 1.36, -1.8, 0.84});
        const int leg = b.add(s + "Leg", upLeg, {side * 2.54, -6.98, 0});
        const int foot = b.add(s + "Foot", leg, {side * 2.57, -7.06, 0});
        const int toe = b.add(s + "ToeBase", foot, {0, -0.39, 2.3});
        b.endSite(toe, {0, 0, 1.2});
    }
    return b.text();
}

// How far from `centre` the body's surface lies along `direction` (normalised units): where its
// distance field first turns from inside to outside, by bisection.
float surfaceReach(const test::PlannedFigure& planned, const glm::vec3& centre,
                   const glm::vec3& direction) {
    const float gap = kBodyGapInCells * planned.grid.cell;
    const auto inside = [&](float reach) {
        return bodyDistance(planned.figure.volumes, planned.all, centre + reach * direction,
                            kBodyFarOutside, gap) < 0.0f;
    };
    float low = 0.0f;
    float high = 0.3f;
    for (int step = 1; step <= 300; ++step) { // the first way out
        if (!inside(0.001f * static_cast<float>(step))) {
            high = 0.001f * static_cast<float>(step);
            break;
        }
        low = 0.001f * static_cast<float>(step);
    }
    for (int round = 0; round < 20; ++round) {
        const float middle = 0.5f * (low + high);
        (inside(middle) ? low : high) = middle;
    }
    return low;
}

TEST(BodyHead, AHeadOnALongNeckChainIsAHeadOnANeckNarrowerThanIt) {
    const test::PlannedFigure planned = test::planFigure(cmuLikeBipedText());
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

} // namespace
} // namespace bvh
