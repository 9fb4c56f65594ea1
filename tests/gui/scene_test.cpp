#include "app/viewer/file_loading.h"
#include "app/viewer/scene.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::viewer;

namespace {

Character sample() {
    LoadOutcome outcome = loadBundledSample();
    EXPECT_TRUE(outcome.errorLines.empty());
    return std::move(*outcome.character);
}

} // namespace

TEST(Scene, BundledSampleLoadsAsACentimetreYUpFigure) {
    const Character character = sample();
    EXPECT_EQ(character.upAxis, bvh::UpAxis::PositiveY);
    EXPECT_EQ(character.unit, bvh::LengthUnit::Centimetre);
    EXPECT_NEAR(character.figureHeightMetres, 1.65, 0.1);
    // The motion bounds stand on the floor and cover the walk.
    EXPECT_NEAR(character.motionBounds.min.y, 0.0f, 0.05f);
    EXPECT_GT(character.motionBounds.size().z, 1.5f);
}

TEST(Scene, ZUpFilesTurnToYUpKeepingHandedness) {
    const glm::dmat4 convert =
        fileToViewerTransform(bvh::UpAxis::PositiveZ, bvh::LengthUnit::Metre);
    const glm::dvec4 up = convert * glm::dvec4(0, 0, 1, 0);
    const glm::dvec4 back = convert * glm::dvec4(0, -1, 0, 0);
    EXPECT_NEAR(up.y, 1.0, 1e-12);
    EXPECT_NEAR(back.z, 1.0, 1e-12); // a Biped file faces -Y; the viewer shows it facing +Z
    EXPECT_NEAR(glm::determinant(glm::dmat3(convert)), 1.0, 1e-12);
    const glm::dmat4 inches = fileToViewerTransform(bvh::UpAxis::PositiveY, bvh::LengthUnit::Inch);
    EXPECT_NEAR((inches * glm::dvec4(1, 0, 0, 0)).x, 0.0254, 1e-12);
}

TEST(Scene, AxisAndUnitOverridesReplaceTheGuess) {
    LoadOutcome outcome = loadCharacterFile(std::string(BVHSCOPE_SOURCE_DIR) +
                                            "/tests/data/seed_character_studio_example.bvh");
    ASSERT_TRUE(outcome.character.has_value());
    EXPECT_EQ(outcome.character->upAxis, outcome.character->summary.restPose.upAxis);
    applyAxes(*outcome.character, UpAxisChoice::PositiveZ, UnitChoice::Metre);
    EXPECT_EQ(outcome.character->upAxis, bvh::UpAxis::PositiveZ);
    EXPECT_EQ(outcome.character->unit, bvh::LengthUnit::Metre);
}

TEST(Scene, CharactersStandSideBySideWithoutOverlap) {
    Scene scene;
    scene.add(sample());
    scene.add(sample());
    const render::Bounds first = scene.motionBounds(0);
    const render::Bounds second = scene.motionBounds(1);
    EXPECT_GT(second.min.x, first.max.x);
    EXPECT_NE(scene.characters()[0].color, scene.characters()[1].color);
    scene.remove(0);
    EXPECT_EQ(scene.characters().size(), 1u);
    EXPECT_EQ(scene.characters()[0].placement.x, 0.0f);
}

TEST(Scene, InstancesCoverEveryBoneAndJoint) {
    Scene scene;
    scene.add(sample());
    scene.add(sample());
    scene.evaluate(0.5, bvh::Interpolation::Linear);
    std::vector<render::BoneInstance> bones;
    std::vector<render::BoneInstance> joints;
    scene.buildInstances(std::nullopt, SceneLook{}, bones, joints);
    const bvh::Skeleton& skeleton = scene.characters()[0].document.skeleton;
    EXPECT_EQ(bones.size(), 2 * (skeleton.nodeCount() - 1));
    EXPECT_EQ(joints.size(), 2 * skeleton.jointCount());
    scene.characters()[1].visible = false;
    scene.buildInstances(std::nullopt, SceneLook{}, bones, joints);
    EXPECT_EQ(bones.size(), skeleton.nodeCount() - 1);
}

TEST(Scene, PickingAJointPosition) {
    Scene scene;
    scene.add(sample());
    scene.evaluate(0.0, bvh::Interpolation::Nearest);
    const Character& character = scene.characters()[0];
    const auto head = static_cast<std::size_t>(character.document.skeleton.find("Head"));
    const glm::vec3 target = character.viewerPositions[head];
    const render::Ray ray{target + glm::vec3(0, 0, 5), {0, 0, -1}};
    const auto picked = scene.pick(ray, SceneLook{});
    ASSERT_TRUE(picked.has_value());
    EXPECT_EQ(picked->node, static_cast<bvh::NodeIndex>(head));
    const render::Ray miss{target + glm::vec3(3, 0, 5), {0, 0, -1}};
    EXPECT_FALSE(scene.pick(miss, SceneLook{}).has_value());
}
