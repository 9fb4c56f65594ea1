// Up from where the feet end (core/analysis/feet_floor.h), on the generated creatures in every
// file axis and on figures built by hand that stand on no legs.
#include "core/analysis/feet_floor.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"

#include <gtest/gtest.h>
#include <vector>

namespace bvh {
namespace {

struct Posed {
    Skeleton skeleton;
    std::vector<glm::dvec3> positions; // frame 0, file axes
};

Posed firstPose(const test::Creature& creature, const glm::dmat3& canonicalToFile) {
    test::CreatureFileOptions options;
    options.canonicalToFile = canonicalToFile;
    options.frames = 1;
    const test::CreatureFile file = test::creatureFile(creature, options);
    Document document = parseDocument(file.text);
    EXPECT_TRUE(document.loaded());
    return {std::move(document.skeleton), file.positions[0]};
}

// A figure built node by node: a parent (-1 for the root) and a place for each.
struct Built {
    Skeleton skeleton;
    std::vector<glm::dvec3> positions;
    int add(int parent, glm::dvec3 position) {
        skeleton.names.push_back("n" + std::to_string(positions.size()));
        skeleton.parents.push_back(parent);
        skeleton.isEndSite.push_back(0);
        positions.push_back(position);
        return static_cast<int>(positions.size()) - 1;
    }
};

TEST(FeetFloor, ACentipedeStandsOnItsFeetInEverySignedAxis) {
    const std::pair<UpAxis, glm::dmat3> cases[] = {
        {UpAxis::PositiveY, glm::dmat3(1.0)},
        {UpAxis::NegativeY, test::axisRotation('Z', 180.0)},
        {UpAxis::PositiveZ, test::yUpToZUp()},
        {UpAxis::NegativeZ, test::axisRotation('X', -90.0)},
        {UpAxis::PositiveX, test::axisRotation('Z', -90.0)},
        {UpAxis::NegativeX, test::axisRotation('Z', 90.0)},
    };
    for (const auto& [expected, rotation] : cases) {
        ASSERT_EQ(nearestUpAxis(rotation * glm::dvec3(0, 1, 0)), expected);
        const Posed centipede = firstPose(test::centipede(), rotation);
        EXPECT_EQ(upFromFeet(centipede.skeleton, centipede.positions), expected)
            << upAxisName(expected);
        // The rest pose is the same pose: its guess says where the feet end too.
        const RestPoseAnalysis rest = analyzeRestPose(centipede.skeleton);
        EXPECT_EQ(rest.upAxis, expected) << upAxisName(expected);
        EXPECT_TRUE(rest.upFromFeet);
        EXPECT_FALSE(rest.upFromAnatomy);
    }
}

TEST(FeetFloor, ACrabAndAQuadrupedStandOnTheirLegTipsAndHooves) {
    // 240 wide and 50 tall, 300 long and 200 tall: the extent stood them on a side.
    const Posed crab = firstPose(test::crab(60.0), glm::dmat3(1.0));
    EXPECT_EQ(upFromFeet(crab.skeleton, crab.positions), UpAxis::PositiveY);
    const Posed quadruped = firstPose(test::quadruped(120.0), test::yUpToZUp());
    EXPECT_EQ(upFromFeet(quadruped.skeleton, quadruped.positions), UpAxis::PositiveZ);
}

TEST(FeetFloor, FiguresStandingOnNoLegsLeaveItToTheOtherGuesses) {
    // A biped: two feet.
    const Posed biped = firstPose(test::biped(0.0, false), glm::dmat3(1.0));
    EXPECT_EQ(upFromFeet(biped.skeleton, biped.positions), std::nullopt);
    // The biped lying on its back along +Z: its hands and head end on the floor (Y = 0-3), but
    // its arms and neck lie along it.
    const Posed lying = firstPose(test::biped(0.0, false), test::axisRotation('X', -90.0));
    EXPECT_EQ(upFromFeet(lying.skeleton, lying.positions), std::nullopt);

    // A head 170 above its root with eight eyes ending 25 ahead of it, and its top: eight ends of
    // nine on the -Z plane, on stalks along Z, but the root stands 160 below them.
    Built face;
    const int head = face.add(face.add(-1, {0, 0, 0}), {0, 170, 0});
    face.add(face.add(head, {0, 180, 0}), {0, 190, 0});
    for (int eye = 0; eye < 8; ++eye) {
        face.add(face.add(head, {eye - 3.5, 165, 5}), {eye - 3.5, 165, 30});
    }
    EXPECT_EQ(upFromFeet(face.skeleton, face.positions), std::nullopt);

    // A snake along Z: one end on each plane.
    Built snake;
    int segment = snake.add(-1, {0, 2, 0});
    for (int i = 1; i < 20; ++i) {
        segment = snake.add(segment, {0, 2, 15.0 * i});
    }
    EXPECT_EQ(upFromFeet(snake.skeleton, snake.positions), std::nullopt);

    // The centipede flattened to 0.04 tall: every foot ends on both of its sides.
    Posed flat = firstPose(test::centipede(), glm::dmat3(1.0));
    for (glm::dvec3& position : flat.positions) {
        position.y *= 0.001;
    }
    EXPECT_EQ(upFromFeet(flat.skeleton, flat.positions), std::nullopt);
    // Positions that are not one per node.
    flat.positions.pop_back();
    EXPECT_EQ(upFromFeet(flat.skeleton, flat.positions), std::nullopt);
}

// A person whose head leans forward to the plane its toes end on (bvhtoolbox's rest pose): three
// ends of five on the -Z plane and the hips over them, but the head reaches that plane along the
// neck, 28 across for 15 up; the toes alone are two feet.
TEST(FeetFloor, APersonsFrontIsNoFloor) {
    Built person;
    const int hips = person.add(-1, {0, 95, 0});
    const int spine = person.add(hips, {0, 130, 0});
    const int neck = person.add(spine, {0, 160, 0});
    person.add(person.add(neck, {0, 170, 10}), {0, 188, 13});
    for (const double side : {-1.0, 1.0}) {
        person.add(person.add(person.add(spine, {18 * side, 150, 0}), {70 * side, 150, 0}),
                   {80 * side, 150, 0});
        const int knee = person.add(person.add(hips, {10 * side, 90, 0}), {10 * side, 50, 0});
        person.add(person.add(knee, {10 * side, 8, 0}), {10 * side, 0, 15});
    }
    EXPECT_EQ(upFromFeet(person.skeleton, person.positions), std::nullopt);
    // Its head upright (the End Site 18 above it, 3 ahead): the same.
    person.positions[3] = {0, 170, 0};
    person.positions[4] = {0, 188, 3};
    EXPECT_EQ(upFromFeet(person.skeleton, person.positions), std::nullopt);
}

} // namespace
} // namespace bvh
