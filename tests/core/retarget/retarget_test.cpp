// Retargeting pairs whose answer is known (issue 40): the same figure renamed and reordered,
// scaled, or with its rest pose turned per bone, and a round trip through another figure.
#include "core/kinematics/euler.h"
#include "core/reader/document.h"
#include "core/retarget/retarget.h"
#include "tests/core/retarget/retarget_test_rigs.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

namespace bvh {
namespace {

using namespace retarget_test;

struct Retargeted {
    RetargetResult result;
    Figure target;
};

// Feet free: these pairs test the alignment alone (foot_lock_test.cpp tests the lock).
Retargeted retargetFigure(const Figure& source, const Motion& motion, Figure target) {
    const RigRoles sourceRoles = findRigRoles(source.skeleton);
    const RigRoles targetRoles = findRigRoles(target.skeleton);
    const JointMap map = matchJointsByRole(sourceRoles, targetRoles);
    const Motion noFrames;
    RetargetResult result = retargetMotion({source.skeleton, motion, sourceRoles},
                                           {target.skeleton, noFrames, targetRoles}, map,
                                           RetargetOptions{.lockFeet = false});
    return {std::move(result), std::move(target)};
}

double largestDistance(const std::array<glm::dvec3, kFigureJoints>& a,
                       const std::array<glm::dvec3, kFigureJoints>& b, double scale = 1.0) {
    double largest = 0.0;
    for (std::size_t j = 0; j < kFigureJoints; ++j) {
        largest = std::max(largest, glm::length(a[j] * scale - b[j]));
    }
    return largest;
}

TEST(Retarget, OntoItsOwnSkeletonRenamedAndReorderedGivesTheOriginalPositions) {
    const Figure source = buildFigure({});
    const Motion motion = figureMotion(source, 60);
    FigureOptions renamed;
    renamed.names = bandaiNamcoNames();
    renamed.reverseChildren = true;
    renamed.rotationOrder = "XYZ";
    const Retargeted out = retargetFigure(source, motion, buildFigure(renamed));
    ASSERT_TRUE(out.result.ok());
    // OUT is TARGET's hierarchy exactly.
    EXPECT_EQ(out.result.skeleton.names, out.target.skeleton.names);
    EXPECT_EQ(out.result.skeleton.offsets, out.target.skeleton.offsets);
    EXPECT_EQ(out.result.skeleton.channels, out.target.skeleton.channels);
    EXPECT_EQ(out.result.motion.frameCount, 60u);
    EXPECT_DOUBLE_EQ(out.result.motion.frameTime, motion.frameTime);
    EXPECT_NEAR(out.result.rootScale, 1.0, 1e-12);
    for (std::uint32_t f = 0; f < motion.frameCount; ++f) {
        EXPECT_LT(largestDistance(figurePositions(source, motion, f),
                                  figurePositions(out.target, out.result.motion, f)),
                  1e-3)
            << "frame " << f;
    }
}

TEST(Retarget, OntoAScaledCopyKeepsBoneDirectionsAndScalesTheRootPath) {
    const Figure source = buildFigure({});
    const Motion motion = figureMotion(source, 40);
    FigureOptions scaled;
    scaled.names = cmuNames();
    scaled.scale = 1.3;
    const Retargeted out = retargetFigure(source, motion, buildFigure(scaled));
    ASSERT_TRUE(out.result.ok());
    EXPECT_NEAR(out.result.rootScale, 1.3, 1e-12);
    for (std::uint32_t f = 0; f < motion.frameCount; ++f) {
        // Every position is 1.3 times the source's: the same directions, a 1.3x root path.
        EXPECT_LT(largestDistance(figurePositions(source, motion, f),
                                  figurePositions(out.target, out.result.motion, f), 1.3),
                  1e-3)
            << "frame " << f;
    }
}

glm::dquat perBoneTurn(std::size_t joint) {
    const double j = static_cast<double>(joint);
    const glm::dvec3 axis = glm::normalize(glm::dvec3(std::sin(j), std::cos(2.0 * j), 0.5));
    return glm::angleAxis(glm::radians(10.0 + 7.0 * static_cast<double>(joint % 5)), axis);
}

TEST(Retarget, OntoACopyWithItsRestPoseTurnedPerBoneGivesTheSamePositions) {
    const Figure source = buildFigure({});
    const Motion motion = figureMotion(source, 40);
    FigureOptions turned;
    turned.names = smplNames();
    turned.rotationOrder = "YXZ";
    turned.restTurn = perBoneTurn;
    const Retargeted out = retargetFigure(source, motion, buildFigure(turned));
    ASSERT_TRUE(out.result.ok());
    for (std::uint32_t f = 0; f < motion.frameCount; ++f) {
        EXPECT_LT(largestDistance(figurePositions(source, motion, f),
                                  figurePositions(out.target, out.result.motion, f)),
                  1e-3)
            << "frame " << f;
    }
}

// An A-pose figure with other proportions: arms 40 degrees down, legs 0.9 of the length.
glm::dquat aPoseTurn(std::size_t joint) {
    if (joint == 6 || joint == 10) {
        const double down = joint == 6 ? -40.0 : 40.0;
        return glm::angleAxis(glm::radians(down), glm::dvec3(0.0, 0.0, 1.0));
    }
    return glm::dquat(1.0, 0.0, 0.0, 0.0);
}

TEST(Retarget, ARoundTripThroughAnAPoseFigureComesBackWithinThreePercentOfTheHeight) {
    const Figure a = buildFigure({});
    const Motion motion = figureMotion(a, 60);
    FigureOptions b;
    b.names = secondLifeNames();
    b.scale = 0.9;
    b.rotationOrder = "XZY";
    b.restTurn = aPoseTurn;
    const Retargeted there = retargetFigure(a, motion, buildFigure(b));
    ASSERT_TRUE(there.result.ok());
    const Retargeted back = retargetFigure(there.target, there.result.motion, buildFigure({}));
    ASSERT_TRUE(back.result.ok());
    const double height = 90.0 + 45.0 + 15.0; // hips, spine to head, head's End Site
    double worst = 0.0;
    for (std::uint32_t f = 0; f < motion.frameCount; ++f) {
        worst =
            std::max(worst, largestDistance(figurePositions(a, motion, f),
                                            figurePositions(back.target, back.result.motion, f)));
    }
    EXPECT_LT(worst / height, 0.03);
}

TEST(Retarget, FiguresWithoutHipsAreRefusedNamingTheRolesFound) {
    const Figure source = buildFigure({});
    JointNames plain;
    for (std::size_t j = 0; j < kFigureJoints; ++j) {
        plain[j] = "joint" + std::to_string(j);
    }
    FigureOptions unnamed;
    unnamed.names = plain;
    const Retargeted out = retargetFigure(source, figureMotion(source, 2), buildFigure(unnamed));
    ASSERT_FALSE(out.result.ok());
    const std::string& message = out.result.diagnostics.front().message;
    EXPECT_NE(message.find("no hips matched"), std::string::npos) << message;
    EXPECT_NE(message.find("in the source: hips, spine, neck, head, clavicle, upper arm"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("in the target: none"), std::string::npos) << message;
    EXPECT_TRUE(out.result.motion.values.empty());
}

} // namespace
} // namespace bvh

namespace bvh {
namespace {

// A figure whose spine is `spineJoints` long (a hostile file): matching and alignment are
// linear in the joints, so this finishes at once instead of after ~10^10 steps.
Skeleton longSpineFigure(std::size_t spineJoints) {
    Skeleton s;
    const auto add = [&s](const std::string& name, NodeIndex parent, glm::dvec3 offset) {
        s.names.push_back(name);
        s.parents.push_back(parent);
        s.offsets.push_back(offset);
        s.isEndSite.push_back(0);
        s.channelBegin.push_back(static_cast<std::uint32_t>(s.channels.size()));
        s.channelCount.push_back(3);
        for (const ChannelType type :
             {ChannelType::Zrotation, ChannelType::Xrotation, ChannelType::Yrotation}) {
            s.channels.push_back(type);
            s.channelNames.emplace_back(channelTypeName(type));
        }
        return static_cast<NodeIndex>(s.names.size() - 1);
    };
    const NodeIndex hips = add("Hips", kNoParent, {0, 90, 0});
    NodeIndex chest = hips;
    for (std::size_t i = 0; i < spineJoints; ++i) {
        chest = add("Spine" + std::to_string(i), chest, {0, 45.0 / spineJoints, 0});
    }
    add("Head", add("Neck", chest, {0, 5, 0}), {0, 10, 0});
    for (const double side : {1.0, -1.0}) {
        const std::string s0 = side > 0 ? "Left" : "Right";
        add(s0 + "Hand",
            add(s0 + "ForeArm", add(s0 + "Arm", chest, {side * 15, 0, 0}), {side * 28, 0, 0}),
            {side * 25, 0, 0});
        add(s0 + "Foot", add(s0 + "Leg", add(s0 + "UpLeg", hips, {side * 9, 0, 0}), {0, -42, 0}),
            {0, -40, 0});
    }
    return s;
}

// Hips alone (a three-joint chain has no hands or feet to find the others from): one role
// shared, too few, said in the singular.
TEST(Retarget, APairSharingFewerThanFiveRolesIsRefusedCountingThem) {
    const Figure source = buildFigure({});
    const Document chain = parseDocument("HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 6 "
                                         "Xposition Yposition Zposition Zrotation Xrotation "
                                         "Yrotation\n JOINT Spine\n {\n  OFFSET 0 10 0\n  "
                                         "CHANNELS 3 Zrotation Xrotation Yrotation\n  End Site\n"
                                         "  {\n   OFFSET 0 10 0\n  }\n }\n}\nMOTION\nFrames: 1\n"
                                         "Frame Time: 0.1\n0 90 0 0 0 0 0 0 0\n");
    ASSERT_TRUE(chain.loaded());
    const RigRoles sourceRoles = findRigRoles(source.skeleton);
    const RigRoles targetRoles = findRigRoles(chain.skeleton);
    const auto problem =
        checkRetargetMatch(sourceRoles, targetRoles, matchJointsByRole(sourceRoles, targetRoles));
    ASSERT_TRUE(problem.has_value());
    EXPECT_NE(problem->message.find("only 1 role matched (at least 5 needed); roles found in the "
                                    "source: hips, spine"),
              std::string::npos)
        << problem->message;
    EXPECT_NE(problem->message.find("; in the target: hips"), std::string::npos)
        << problem->message;
}

TEST(RetargetBounds, AHundredThousandJointSpineIsMatchedAlongItsLength) {
    const Skeleton target = longSpineFigure(100000);
    const RigRoles targetRoles = findRigRoles(target);
    const Figure source = buildFigure({});
    const RigRoles sourceRoles = findRigRoles(source.skeleton);
    const JointMap map = matchJointsByRole(sourceRoles, targetRoles);
    // The first 40 % of the long spine follows the source's Spine, the rest its Spine1.
    EXPECT_EQ(map.sourceOf[1], source.node[1]);
    EXPECT_EQ(map.sourceOf[39000], source.node[1]);
    EXPECT_EQ(map.sourceOf[51000], source.node[2]);
    EXPECT_EQ(map.sourceOf[100000], source.node[2]);
    const Motion motion = figureMotion(source, 2);
    const Motion noFrames;
    const RetargetResult result = retargetMotion({source.skeleton, motion, sourceRoles},
                                                 {target, noFrames, targetRoles}, map);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result.motion.frameCount, 2u);
}

} // namespace
} // namespace bvh

namespace bvh {
namespace {

// The figure lying along -X at rest (Rokoko's Mixamo preset, Bandai Namco-like), its motion's root
// rotation standing it up: the same world positions as the upright figure.
TEST(Retarget, ASourceWhoseRestPoseDisagreesWithItsMotionIsComparedAtFrameZero) {
    const Figure upright = buildFigure({});
    const Motion motion = figureMotion(upright, 40);
    const glm::dquat lie = glm::angleAxis(glm::radians(90.0), glm::dvec3(0.0, 0.0, 1.0));
    FigureOptions lyingOptions;
    lyingOptions.restTurn = [&](std::size_t joint) {
        return joint == 0 ? lie : glm::dquat(1.0, 0.0, 0.0, 0.0);
    };
    const Figure lying = buildFigure(lyingOptions);
    // The root turns by R * lie^-1 and every other joint by lie * R_joint * lie^-1 (its axes lie
    // down too): every world position stays the upright one's.
    Motion lyingMotion = motion;
    const EulerOrder order = *parseEulerOrder("ZXY");
    const Skeleton& s = lying.skeleton;
    for (std::uint32_t f = 0; f < motion.frameCount; ++f) {
        float* row = lyingMotion.values.data() + std::size_t{f} * motion.channelCount;
        for (std::size_t node = 0; node < s.nodeCount(); ++node) {
            if (s.isEndSite[node] != 0) {
                continue;
            }
            float* rotation = row + s.channelBegin[node] + (node == 0 ? 3 : 0);
            const glm::dvec3 angles(rotation[0], rotation[1], rotation[2]);
            const glm::dquat q = eulerToQuaternion(order, angles);
            const glm::dquat turned =
                node == 0 ? q * glm::inverse(lie) : lie * q * glm::inverse(lie);
            const glm::dvec3 written = quaternionToEuler(order, turned, angles);
            for (int i = 0; i < 3; ++i) {
                rotation[i] = static_cast<float>(written[i]);
            }
        }
    }
    ASSERT_LT(largestDistance(figurePositions(upright, motion, 7),
                              figurePositions(lying, lyingMotion, 7)),
              1e-3);
    const Retargeted out = retargetFigure(lying, lyingMotion, buildFigure({}));
    ASSERT_TRUE(out.result.ok());
    const auto warned = std::find_if(
        out.result.diagnostics.begin(), out.result.diagnostics.end(), [](const Diagnostic& d) {
            return d.message.find("source's rest pose disagrees with its motion") !=
                   std::string::npos;
        });
    EXPECT_NE(warned, out.result.diagnostics.end());
    for (std::uint32_t f = 0; f < motion.frameCount; ++f) {
        EXPECT_LT(largestDistance(figurePositions(upright, motion, f),
                                  figurePositions(out.target, out.result.motion, f)),
                  1e-2)
            << "frame " << f;
    }
}

} // namespace
} // namespace bvh
