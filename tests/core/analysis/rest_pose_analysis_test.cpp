#include "core/analysis/rest_pose_analysis.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/core/test_support.h"

#include <gtest/gtest.h>
#include <string>

namespace bvh {
namespace {

// A stick figure: hips, a head `up` units above, feet below, in the axis given.
Document stickFigure(const std::string& headOffset, const std::string& footOffset) {
    return parseDocument("HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 0\nJOINT Head\n{\n"
                         "OFFSET " +
                         headOffset + "\nCHANNELS 0\n}\nJOINT LeftFoot\n{\nOFFSET " + footOffset +
                         "\nCHANNELS 0\n}\n}\n");
}

TEST(RestPoseAnalysis, YUpInCentimetres) {
    RestPoseAnalysis analysis = analyzeRestPose(stickFigure("0 80 0", "10 -90 5").skeleton);
    EXPECT_EQ(analysis.upAxis, UpAxis::PositiveY);
    EXPECT_DOUBLE_EQ(analysis.height, 170.0);
    EXPECT_EQ(analysis.unit, LengthUnit::Centimetre);
}

TEST(RestPoseAnalysis, ZUpInMetresLikeBiped) {
    RestPoseAnalysis analysis = analyzeRestPose(stickFigure("0 0 0.8", "0.1 0 -0.9").skeleton);
    EXPECT_EQ(analysis.upAxis, UpAxis::PositiveZ);
    EXPECT_EQ(analysis.unit, LengthUnit::Metre);
    EXPECT_EQ(upAxisIndex(analysis.upAxis), 2);
    EXPECT_EQ(upAxisSign(analysis.upAxis), 1);
}

TEST(RestPoseAnalysis, UpsideDownSkeletonIsNegative) {
    RestPoseAnalysis analysis = analyzeRestPose(stickFigure("0 -30 0", "0 35 0").skeleton);
    EXPECT_EQ(analysis.upAxis, UpAxis::NegativeY);
    EXPECT_EQ(analysis.unit, LengthUnit::Inch);
}

TEST(RestPoseAnalysis, WithoutAnatomicalNamesTheLongestExtentIsUp) {
    Document document = parseDocument("HIERARCHY\nROOT a\n{\nOFFSET 0 0 0\nCHANNELS 0\nJOINT b\n"
                                      "{\nOFFSET 0.2 0 1.7\nCHANNELS 0\n}\n}\n");
    RestPoseAnalysis analysis = analyzeRestPose(document.skeleton);
    EXPECT_EQ(analysis.upAxis, UpAxis::PositiveZ);
    EXPECT_DOUBLE_EQ(analysis.height, 1.7);
}

// A centipede (creature_clips.h) 220 long along Z and 40 tall, its 24 feet at Y = 0, names no
// head or feet: the longest extent stood it on its tail (+Z, 220 tall). Written Z-up its feet
// end on a Z plane, and the extent (along the file's Y) laid it on its side.
TEST(RestPoseAnalysis, AManyLeggedCreatureStandsOnItsFeetNotOnItsLongestExtent) {
    test::CreatureFileOptions options;
    options.frames = 1;
    const Document yUp = parseDocument(test::creatureFile(test::centipede(), options).text);
    const RestPoseAnalysis standing = analyzeRestPose(yUp.skeleton);
    EXPECT_EQ(standing.upAxis, UpAxis::PositiveY);
    EXPECT_DOUBLE_EQ(standing.height, 40.0);
    EXPECT_DOUBLE_EQ(standing.rootHeight, 30.0);
    options.canonicalToFile = test::yUpToZUp();
    const Document zUp = parseDocument(test::creatureFile(test::centipede(), options).text);
    const RestPoseAnalysis zStanding = analyzeRestPose(zUp.skeleton);
    EXPECT_EQ(zStanding.upAxis, UpAxis::PositiveZ);
    EXPECT_DOUBLE_EQ(zStanding.height, 40.0);
}

TEST(RestPoseAnalysis, SeedSamplesAreYUp) {
    Document cmu = loadDocument(test::dataFile("seed_cmu_example.bvh"));
    EXPECT_EQ(analyzeRestPose(cmu.skeleton).upAxis, UpAxis::PositiveY);
}

TEST(RestPoseAnalysis, RootHeightIsTheRootAboveTheLowestNode) {
    RestPoseAnalysis analysis = analyzeRestPose(stickFigure("0 80 0", "10 -90 5").skeleton);
    EXPECT_DOUBLE_EQ(analysis.rootHeight, 90.0);
    EXPECT_TRUE(analysis.upFromAnatomy);
    // Upside down: "up" is -Y, the lowest node along it is the head.
    RestPoseAnalysis flipped = analyzeRestPose(stickFigure("0 -30 0", "0 35 0").skeleton);
    EXPECT_DOUBLE_EQ(flipped.rootHeight, 35.0);
}

TEST(RestPoseAnalysis, LandmarksAreHeadAndFootJointsByName) {
    Document document = parseDocument(
        "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 0\nJOINT HeadTop_End\n{\nOFFSET 0 9 0\n"
        "CHANNELS 0\n}\nJOINT Head\n{\nOFFSET 0 8 0\nCHANNELS 0\nEnd Site\n{\nOFFSET 0 1 0\n}\n}"
        "\nJOINT l_ankle\n{\nOFFSET 1 -9 0\nCHANNELS 0\nJOINT LeftToeBase\n{\nOFFSET 0 0 1\n"
        "CHANNELS 0\n}\n}\n}\n");
    const BodyLandmarks landmarks = findBodyLandmarks(document.skeleton);
    EXPECT_EQ(landmarks.heads, std::vector<NodeIndex>{2});
    EXPECT_EQ(landmarks.feet, (std::vector<NodeIndex>{4, 5}));
    EXPECT_TRUE(landmarks.complete());
    EXPECT_FALSE(findBodyLandmarks(Skeleton{}).complete());
    // Every node's side, read with the folded name: 0 Hips, 1 HeadTop_End, 2 Head, 3 its End
    // Site, 4 l_ankle, 5 LeftToeBase.
    EXPECT_EQ(landmarks.sides, (std::vector<Side>{Side::None, Side::None, Side::None, Side::None,
                                                  Side::Left, Side::Left}));
    // The rest pose's analysis keeps them, for the stance to read instead of finding them again.
    const RestPoseAnalysis rest = analyzeRestPose(document.skeleton);
    ASSERT_TRUE(rest.landmarks.has_value());
    EXPECT_EQ(rest.landmarks->heads, std::vector<NodeIndex>{2});
    EXPECT_EQ(rest.landmarks->feet, (std::vector<NodeIndex>{4, 5}));
}

TEST(RestPoseAnalysis, AxisVectorsAndTheNearestAxis) {
    EXPECT_EQ(upAxisVector(UpAxis::PositiveZ), glm::dvec3(0, 0, 1));
    EXPECT_EQ(upAxisVector(UpAxis::NegativeX), glm::dvec3(-1, 0, 0));
    EXPECT_EQ(nearestUpAxis({0.1, -0.9, 0.2}), UpAxis::NegativeY);
    EXPECT_EQ(nearestUpAxis({0.3, 0.1, 0.5}), UpAxis::PositiveZ);
    EXPECT_EQ(nearestUpAxis({0.0, 0.0, 0.0}), UpAxis::PositiveY);
}

TEST(RestPoseAnalysis, EmptySkeletonIsHarmless) {
    RestPoseAnalysis analysis = analyzeRestPose(Skeleton{});
    EXPECT_EQ(analysis.height, 0.0);
    EXPECT_EQ(analysis.unit, LengthUnit::Unknown);
    EXPECT_FALSE(analysis.landmarks.has_value());
}

} // namespace
} // namespace bvh
