// Joint roles across naming schemes: the same figure spelled as each capture tool spells it gets
// the same roles, from its hands, feet and head and the topology between them.
#include "core/retarget/joint_map_file.h"
#include "core/retarget/joint_matching.h"
#include "core/retarget/rig_roles.h"
#include "tests/core/retarget/retarget_test_rigs.h"

#include <gtest/gtest.h>

namespace bvh {
namespace {

using namespace retarget_test;

// The expected role of each figure joint (retarget_test_rigs.h's order).
std::array<std::string, kFigureJoints> expectedRoles() {
    return {"hips",       "spine 0.00",     "spine 0.43",      "neck 0.00",
            "head",       "left clavicle",  "left upper arm",  "left forearm",
            "left hand",  "right clavicle", "right upper arm", "right forearm",
            "right hand", "left thigh",     "left shin",       "left foot",
            "left toes",  "right thigh",    "right shin",      "right foot",
            "right toes"};
}

class RigRolesAcrossSchemes : public ::testing::TestWithParam<std::pair<const char*, JointNames>> {
};

TEST_P(RigRolesAcrossSchemes, EveryJointGetsItsRole) {
    FigureOptions options;
    options.names = GetParam().second;
    const Figure figure = buildFigure(options);
    const RigRoles roles = findRigRoles(figure.skeleton);
    const auto expected = expectedRoles();
    for (std::size_t j = 0; j < kFigureJoints; ++j) {
        EXPECT_EQ(describeRigJointRole(roles.joints[static_cast<std::size_t>(figure.node[j])]),
                  expected[j])
            << options.names[j];
    }
    EXPECT_EQ(roles.hips, figure.node[0]);
    EXPECT_DOUBLE_EQ(roles.legLength, 82.0);
}

INSTANTIATE_TEST_SUITE_P(Schemes, RigRolesAcrossSchemes,
                         ::testing::Values(std::pair{"mixamo", mixamoNames()},
                                           std::pair{"mixamo2", mixamoNames("mixamorig2:")},
                                           std::pair{"cmu", cmuNames()},
                                           std::pair{"daz", dazNames()},
                                           std::pair{"motionbuilder", motionBuilderNames()},
                                           std::pair{"biped", bipedNames()},
                                           std::pair{"bandai_namco", bandaiNamcoNames()},
                                           std::pair{"second_life", secondLifeNames()},
                                           std::pair{"smpl", smplNames()}),
                         [](const auto& info) { return std::string(info.param.first); });

TEST(JointMatching, SpineChainsOfDifferentLengthsMapByTheirShareOfTheChain) {
    // Source spine: two joints at shares 0 and 0.4; a target joint at 0.3 takes the first, one
    // at 0.5 the second.
    RigRoles source;
    source.joints.resize(3);
    source.joints[1] = {RigRole::Spine, RigSide::Centre, 0.0, {}, 0};
    source.joints[2] = {RigRole::Spine, RigSide::Centre, 0.4, {}, 0};
    RigRoles target;
    target.joints.resize(4);
    target.joints[1] = {RigRole::Spine, RigSide::Centre, 0.0, {}, 0};
    target.joints[2] = {RigRole::Spine, RigSide::Centre, 0.3, {}, 0};
    target.joints[3] = {RigRole::Spine, RigSide::Centre, 0.5, {}, 0};
    const JointMap map = matchJointsByRole(source, target);
    EXPECT_EQ(map.sourceOf, (std::vector<NodeIndex>{kNoParent, 1, 1, 2}));
    EXPECT_EQ(map.why[3], "spine 0.50");
}

TEST(JointMatching, AMapFileOverridesMatchesAndLocatesMissingJoints) {
    const Figure source = buildFigure({});
    FigureOptions other;
    other.names = bandaiNamcoNames();
    const Figure target = buildFigure(other);
    JointMap map = matchJointsByRole(findRigRoles(source.skeleton), findRigRoles(target.skeleton));
    const JointMapFile file =
        parseJointMapFile("Chest mixamorig:Spine\n  Nope mixamorig:Hips\nHead  Missing\n");
    const std::vector<Diagnostic> problems =
        applyJointMapFile(file, source.skeleton, target.skeleton, map);
    ASSERT_EQ(problems.size(), 2u);
    EXPECT_EQ(problems[0].line, 2u);
    EXPECT_EQ(problems[0].column, 3u);
    EXPECT_EQ(problems[0].message, "no joint 'Nope' in the target skeleton");
    EXPECT_EQ(problems[1].line, 3u);
    EXPECT_EQ(problems[1].column, 7u);
    EXPECT_EQ(problems[1].message, "no joint 'Missing' in the source skeleton");
    const auto chest = static_cast<std::size_t>(target.skeleton.find("Chest"));
    EXPECT_EQ(map.sourceOf[chest], source.skeleton.find("mixamorig:Spine"));
    EXPECT_EQ(map.why[chest], "map line 1");
}

} // namespace
} // namespace bvh
