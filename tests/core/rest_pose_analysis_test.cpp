#include "core/document.h"
#include "core/rest_pose_analysis.h"
#include "test_support.h"

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

TEST(RestPoseAnalysis, SeedSamplesAreYUp) {
    Document cmu = loadDocument(test::dataFile("seed_cmu_example.bvh"));
    EXPECT_EQ(analyzeRestPose(cmu.skeleton).upAxis, UpAxis::PositiveY);
}

TEST(RestPoseAnalysis, EmptySkeletonIsHarmless) {
    RestPoseAnalysis analysis = analyzeRestPose(Skeleton{});
    EXPECT_EQ(analysis.height, 0.0);
    EXPECT_EQ(analysis.unit, LengthUnit::Unknown);
}

} // namespace
} // namespace bvh
