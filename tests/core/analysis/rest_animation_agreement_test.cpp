#include "core/analysis/rest_animation_agreement.h"
#include "tests/core/analysis/analysis_clips.h"

#include <cmath>
#include <gtest/gtest.h>

namespace bvh {
namespace {

using test::clipFromRows;
using test::exactFrameTime;
using test::rowsOf;

// kFigure lying along +Z in its OFFSETs (a Z-up rest pose): head +Z, feet -Z.
constexpr const char* kZUpFigure = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT Spine
	{
		OFFSET 0 0 30
		CHANNELS 3 Zrotation Xrotation Yrotation
		JOINT Head
		{
			OFFSET 0 0 50
			CHANNELS 3 Zrotation Xrotation Yrotation
			End Site
			{
				OFFSET 0 0 20
			}
		}
	}
	JOINT LeftUpLeg
	{
		OFFSET 10 0 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		JOINT LeftFoot
		{
			OFFSET 0 0 -85
			CHANNELS 3 Zrotation Xrotation Yrotation
			End Site
			{
				OFFSET 0 10 -5
			}
		}
	}
}
)";

RestAnimationAgreement analyze(const Document& document, TranslationMode mode) {
    return compareRestWithAnimation(document.skeleton, document.motion, mode,
                                    analyzeRestPose(document.skeleton));
}

TEST(RestAnimationAgreement, AZUpRestPoseAnimatedYUpDisagrees) {
    // The root's X rotation of -90 turns +Z into +Y in every frame; the root stands at Y 92.
    const Document document = clipFromRows(kZUpFigure, exactFrameTime(30), rowsOf(30, [](int f) {
                                               std::vector<double> row(18, 0.0);
                                               row[1] = 92.0 + std::sin(f * 0.5);
                                               row[2] = 3.0 * f;
                                               row[4] = -90.0 + 5.0 * std::sin(f * 0.3);
                                               return row;
                                           }));
    ASSERT_EQ(analyzeRestPose(document.skeleton).upAxis, UpAxis::PositiveZ);
    const RestAnimationAgreement agreement = analyze(document, TranslationMode::Absolute);
    EXPECT_TRUE(agreement.measured);
    EXPECT_EQ(agreement.framesSampled, 30u);
    EXPECT_EQ(agreement.upEvidence, AnimationUpEvidence::HeadAndFeet);
    EXPECT_EQ(agreement.animationUp, UpAxis::PositiveY);
    EXPECT_GT(agreement.upConsistency, 0.95);
    EXPECT_TRUE(agreement.upDisagrees);
    EXPECT_FALSE(agreement.scaleDisagrees()) << "the root stands at its leg length, along +Y";
    EXPECT_NEAR(agreement.animationRootHeight, 92.0, 1.0);
    ASSERT_EQ(agreement.messages.size(), 1u);
    EXPECT_NE(agreement.messages[0].find("rest pose is +Z up"), std::string::npos)
        << agreement.messages[0];
    EXPECT_NE(agreement.messages[0].find("animation is +Y up"), std::string::npos)
        << agreement.messages[0];
}

TEST(RestAnimationAgreement, AWalkStandingAsItsRestPoseAgrees) {
    const Document document = clipFromRows(test::kFigure, exactFrameTime(30), rowsOf(30, [](int f) {
                                               std::vector<double> row(test::kFigureChannels, 0.0);
                                               row[1] = 91.0 + 2.0 * std::sin(f * 0.5);
                                               row[2] = 4.0 * f;
                                               row[4] = 8.0 * std::sin(f * 0.2);
                                               row[18] = 30.0 * std::sin(f * 0.3);
                                               return row;
                                           }));
    const RestAnimationAgreement agreement = analyze(document, TranslationMode::Absolute);
    EXPECT_TRUE(agreement.measured);
    EXPECT_EQ(agreement.animationUp, UpAxis::PositiveY);
    EXPECT_FALSE(agreement.disagrees());
    EXPECT_TRUE(agreement.messages.empty());
    EXPECT_DOUBLE_EQ(agreement.restRootHeight, 90.0); // down the leg: 85 + 5
    EXPECT_NEAR(agreement.animationRootHeight, 91.0, 2.0);
}

TEST(RestAnimationAgreement, WithoutAnatomyTheRootsRotationCarriesTheRestUp) {
    // No head or foot names: the rest pose is +Z up by its extent, the root turns it to +Y
    // and travels along Z (horizontal once +Y is up).
    const Document document = clipFromRows(
        "HIERARCHY\nROOT a\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition "
        "Zrotation Xrotation Yrotation\nJOINT b\n{\nOFFSET 0 0 100\nCHANNELS 0\n}\n}\n",
        exactFrameTime(30),
        rowsOf(10, [](int f) { return std::vector<double>{0, 0, 5.0 * f, 0, -90, 0}; }));
    const RestAnimationAgreement agreement = analyze(document, TranslationMode::Absolute);
    EXPECT_EQ(agreement.upEvidence, AnimationUpEvidence::RootOrientation);
    EXPECT_EQ(agreement.animationUp, UpAxis::PositiveY);
    EXPECT_TRUE(agreement.upDisagrees);
    EXPECT_NE(agreement.messages.at(0).find("its longest extent"), std::string::npos);
}

TEST(RestAnimationAgreement, APerformerLyingDownIsNotStoodUp) {
    // A Y-up file whose performer crawls along the floor towards +Z for the whole clip: feet
    // to head is +Z in every frame, but the lowest point stays on the floor along +Y and
    // travels along +Z.
    const Document document = clipFromRows(test::kFigure, exactFrameTime(30), rowsOf(60, [](int f) {
                                               std::vector<double> row(test::kFigureChannels, 0.0);
                                               row[1] = 10.0;
                                               row[2] = 2.0 * f;
                                               row[4] = 90.0; // Hips X: lying, head to +Z
                                               row[18] = 20.0 * std::sin(f * 0.3);
                                               return row;
                                           }));
    const RestAnimationAgreement agreement = analyze(document, TranslationMode::Absolute);
    EXPECT_EQ(agreement.animationUp, UpAxis::PositiveZ);
    EXPECT_GT(agreement.upConsistency, 0.9);
    EXPECT_FALSE(agreement.upDisagrees);
    EXPECT_TRUE(agreement.messages.empty());
}

TEST(RestAnimationAgreement, RootPositionsInMetresAgainstOffsetsInCentimetres) {
    // Legs 90 (cm) but the root's absolute Y is 0.92 (m): the root stands a hundredth as high
    // as it should, the feet deep below the floor.
    const Document document = clipFromRows(test::kFigure, exactFrameTime(30), rowsOf(30, [](int f) {
                                               std::vector<double> row(test::kFigureChannels, 0.0);
                                               row[1] = 0.92 + 0.02 * std::sin(f * 0.5);
                                               row[2] = 0.04 * f;
                                               return row;
                                           }));
    const RestAnimationAgreement agreement = analyze(document, TranslationMode::Absolute);
    EXPECT_FALSE(agreement.upDisagrees);
    ASSERT_TRUE(agreement.scaleFactor.has_value());
    EXPECT_DOUBLE_EQ(*agreement.scaleFactor, 0.01);
    ASSERT_EQ(agreement.messages.size(), 1u);
    EXPECT_NE(agreement.messages[0].find("metres against centimetres"), std::string::npos)
        << agreement.messages[0];
}

TEST(RestAnimationAgreement, RootPositionsInCentimetresAgainstOffsetsInMetres) {
    const Document document =
        clipFromRows(test::scaledFigure(0.01), exactFrameTime(30), rowsOf(30, [](int f) {
                         std::vector<double> row(test::kFigureChannels, 0.0);
                         row[1] = 92.0 + 2.0 * std::sin(f * 0.5);
                         return row;
                     }));
    const RestAnimationAgreement agreement = analyze(document, TranslationMode::Absolute);
    ASSERT_TRUE(agreement.scaleFactor.has_value());
    EXPECT_DOUBLE_EQ(*agreement.scaleFactor, 100.0);
    EXPECT_NEAR(agreement.restRootHeight, 0.9, 1e-9);
}

TEST(RestAnimationAgreement, ARootHoveringAroundZeroIsNotAUnitError) {
    // Files that keep the hips at 0 (the ground below) are common: their root height is
    // no unit ratio, however small it gets.
    const Document document = clipFromRows(test::kFigure, exactFrameTime(30), rowsOf(60, [](int f) {
                                               std::vector<double> row(test::kFigureChannels, 0.0);
                                               row[1] = 3.0 * std::sin(f * 0.4);
                                               return row;
                                           }));
    EXPECT_FALSE(analyze(document, TranslationMode::Absolute).scaleDisagrees());
}

TEST(RestAnimationAgreement, ARestPoseFileIsNotMeasured) {
    const Document document = parseDocument(test::kFigure);
    const RestAnimationAgreement agreement = analyze(document, TranslationMode::Absolute);
    EXPECT_FALSE(agreement.measured);
    EXPECT_FALSE(agreement.disagrees());
    EXPECT_TRUE(agreement.messages.empty());
}

} // namespace
} // namespace bvh
