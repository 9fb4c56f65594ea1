// A biped whose root joint stays at the origin while its hips walk away (Bandai Namco's
// joint_Root): its head and neck are an upright biped's (core/body/body_figure_head.cpp,
// body_figure_neck.cpp), as if the root were not there, and not a quadruped's lying along it.
#include "core/analysis/rest_animation_agreement.h"
#include "core/analysis/rest_pose_analysis.h"
#include "core/analysis/stance.h"
#include "core/body/body_bind_pose.h"
#include "core/body/body_builder.h"
#include "core/body/body_figure.h"
#include "core/reader/document.h"
#include "tests/core/body/body_figure_lookup.h"
#include "tests/core/body/body_still_root_rigs.h"
#include "tests/core/body/body_test_skeletons.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

namespace bvh {
namespace {

constexpr int kStillRootWalkFrames = 61;

// The figure the viewer makes of `text`: bound where the motion agrees with the rest pose, the
// links below static roots left without a bone.
BodyFigure figureAsViewed(const Document& document) {
    const Skeleton& skeleton = document.skeleton;
    const TranslationMode translation =
        resolveTranslationMode(TranslationMode::Auto, skeleton, document.motion);
    const RestPoseAnalysis rest = analyzeRestPose(skeleton);
    const RestAnimationAgreement agreement =
        compareRestWithAnimation(skeleton, document.motion, translation, rest);
    const Stance stance = analyzeStance(skeleton, document.motion, translation, rest);
    BodyOptions options;
    options.up = stance.upAxis;
    options.excludedBones = linksBelowStaticRoots(skeleton, stance.staticRoots);
    options.bindWorld = chooseBodyBindPose(skeleton, document.motion, translation, agreement).world;
    return makeBodyFigure(skeleton, options);
}

// The head's skull and the neck's bone to it, in file units.
struct HeadAndNeck {
    glm::vec3 skullRadii{0.0f};
    glm::vec2 neckRadii{0.0f};
    bool hasNeck = false;
};

HeadAndNeck headAndNeck(const std::string& text) {
    const Document document = parseDocument(text);
    const BodyFigure figure = figureAsViewed(document);
    const NodeIndex head = test::nodeNamed(document.skeleton, "mixamorig:Head");
    const NodeIndex neck = test::nodeNamed(document.skeleton, "mixamorig:Neck");
    HeadAndNeck parts;
    const auto size = static_cast<float>(figure.size);
    for (const BodyVolume& volume : figure.volumes) {
        if (volume.shape == BodyVolume::Shape::Ellipsoid && volume.joint == head &&
            volume.radii.x * size > parts.skullRadii.x) {
            parts.skullRadii = volume.radii * size;
        }
    }
    if (const BodyVolume* bone = test::boneVolume(figure, neck, head)) {
        parts.neckRadii = glm::vec2(bone->radiusA, bone->radiusB) * size;
        parts.hasNeck = true;
    }
    return parts;
}

// The lying Bandai-like walk (its rest pose along +X, standing in +Y) under a still joint_Root,
// its hips walking from 4 m to 7 m away from it: the same head and neck as without the root.
TEST(BodyStillRoot, ARootLeftBehindByTheHipsLeavesTheHeadAndNeckABipeds) {
    const std::string walk = test::lyingBipedWalkText(kStillRootWalkFrames);
    const HeadAndNeck expected = headAndNeck(walk);
    const HeadAndNeck still =
        headAndNeck(test::underStillRoot(walk, "joint_Root", glm::dvec3(500.0, 0.0, 0.0)));
    ASSERT_GT(expected.skullRadii.x, 0.0f);
    ASSERT_TRUE(expected.hasNeck);
    for (int axis = 0; axis < 3; ++axis) {
        EXPECT_NEAR(still.skullRadii[axis], expected.skullRadii[axis],
                    0.01f * expected.skullRadii[axis])
            << "skull semi-axis " << axis;
    }
    ASSERT_TRUE(still.hasNeck);
    EXPECT_NEAR(still.neckRadii.x, expected.neckRadii.x, 0.01f * expected.neckRadii.x);
    EXPECT_NEAR(still.neckRadii.y, expected.neckRadii.y, 0.01f * expected.neckRadii.y);
}

} // namespace
} // namespace bvh
