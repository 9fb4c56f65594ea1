#include "conversions/clip_fixture.h"
#include "core/biped.h"
#include "core/conversions/conversions.h"
#include "core/document.h"
#include "test_support.h"

#include <algorithm>
#include <gtest/gtest.h>

namespace bvh {
namespace {

// Seed 001's "Example Biped-supported BVH File", hierarchy as printed (note RightCollar before
// LeftCollar: sibling order is free) and one frame of zero rotations.
constexpr const char* kSeedExample = R"(HIERARCHY
ROOT Hips
{
OFFSET 20 0.00 0.00
CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
JOINT LeftHip
{
OFFSET 3.430000 0.000000 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT LeftKnee
{
OFFSET 0.000000 -18.469999 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT LeftAnkle
{
OFFSET 0.000000 -17.950001 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
End Site
{
OFFSET 0.000000 -3.119996 0.000000
}
}
}
}
JOINT RightHip
{
OFFSET -3.430000 0.000000 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT RightKnee
{
OFFSET 0.000000 -18.809999 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT RightAnkle
{
OFFSET 0.000000 -17.570000 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
End Site
{
OFFSET 0.000000 -3.250000 0.000000
}
}
}
}
JOINT Chest
{
OFFSET 0.000000 4.570000 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT RightCollar
{
OFFSET -1.060000 15.330000 1.760000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT RightShoulder
{
OFFSET -6.060000 0.000000 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT RightElbow
{
OFFSET 0.000000 -11.900000 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT RightWrist
{
OFFSET 0.000000 -9.520000 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
End Site
{
OFFSET 0.000000 -7.140012 0.000000
}
}
}
}
}
JOINT LeftCollar
{
OFFSET 1.060000 15.330000 1.760000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT LeftShoulder
{
OFFSET 5.810000 0.000000 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT LeftElbow
{
OFFSET 0.000000 -12.080000 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT LeftWrist
{
OFFSET 0.000000 -9.820000 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
End Site
{
OFFSET 0.000000 -7.369996 0.000000
}
}
}
}
}
JOINT Neck
{
OFFSET 0.000000 17.620001 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
JOINT Head
{
OFFSET 0.000000 5.190000 0.000000
CHANNELS 3 Zrotation Xrotation Yrotation
End Site
{
OFFSET 0.000000 4.140008 0.000000
}
}
}
}
}
MOTION
Frames: 1
Frame Time: 0.033333
0.00 39.88 -0.01 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
)";

// The CMU skeleton as cgspeed's BVH conversion writes it (abridged: one finger chain).
constexpr const char* kCmuLike = R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation
	JOINT LHipJoint
	{
		OFFSET 0 0 0
		CHANNELS 3 Zrotation Yrotation Xrotation
		JOINT LeftUpLeg
		{
			OFFSET 1.6 -1.8 0.8
			CHANNELS 3 Zrotation Yrotation Xrotation
			JOINT LeftLeg
			{
				OFFSET 2.5 -6.8 0
				CHANNELS 3 Zrotation Yrotation Xrotation
				JOINT LeftFoot
				{
					OFFSET 2.5 -7 0
					CHANNELS 3 Zrotation Yrotation Xrotation
					End Site
					{
						OFFSET 0 -0.3 2.2
					}
				}
			}
		}
	}
	JOINT RHipJoint
	{
		OFFSET 0 0 0
		CHANNELS 3 Zrotation Yrotation Xrotation
		JOINT RightUpLeg
		{
			OFFSET -1.6 -1.8 0.8
			CHANNELS 3 Zrotation Yrotation Xrotation
			JOINT RightLeg
			{
				OFFSET -2.5 -6.8 0
				CHANNELS 3 Zrotation Yrotation Xrotation
				JOINT RightFoot
				{
					OFFSET -2.5 -7 0
					CHANNELS 3 Zrotation Yrotation Xrotation
					End Site
					{
						OFFSET 0 -0.3 2.2
					}
				}
			}
		}
	}
	JOINT LowerBack
	{
		OFFSET 0 0 0
		CHANNELS 3 Zrotation Yrotation Xrotation
		JOINT Spine
		{
			OFFSET 0 2 0
			CHANNELS 3 Zrotation Yrotation Xrotation
			JOINT Spine1
			{
				OFFSET 0 2 0
				CHANNELS 3 Zrotation Yrotation Xrotation
				JOINT Neck
				{
					OFFSET 0 0 0
					CHANNELS 3 Zrotation Yrotation Xrotation
					JOINT Neck1
					{
						OFFSET 0 1.6 0
						CHANNELS 3 Zrotation Yrotation Xrotation
						JOINT Head
						{
							OFFSET 0 1.6 0
							CHANNELS 3 Zrotation Yrotation Xrotation
							End Site
							{
								OFFSET 0 1.6 0
							}
						}
					}
				}
				JOINT LeftShoulder
				{
					OFFSET 0 0 0
					CHANNELS 3 Zrotation Yrotation Xrotation
					JOINT LeftArm
					{
						OFFSET 3.4 0 0
						CHANNELS 3 Zrotation Yrotation Xrotation
						JOINT LeftForeArm
						{
							OFFSET 5.4 0 0
							CHANNELS 3 Zrotation Yrotation Xrotation
							JOINT LeftHand
							{
								OFFSET 3.6 0 0
								CHANNELS 3 Zrotation Yrotation Xrotation
								End Site
								{
									OFFSET 0.7 0 0
								}
							}
						}
					}
				}
				JOINT RightShoulder
				{
					OFFSET 0 0 0
					CHANNELS 3 Zrotation Yrotation Xrotation
					JOINT RightArm
					{
						OFFSET -3.4 0 0
						CHANNELS 3 Zrotation Yrotation Xrotation
						JOINT RightForeArm
						{
							OFFSET -5.4 0 0
							CHANNELS 3 Zrotation Yrotation Xrotation
							JOINT RightHand
							{
								OFFSET -3.6 0 0
								CHANNELS 3 Zrotation Yrotation Xrotation
								End Site
								{
									OFFSET -0.7 0 0
								}
							}
						}
					}
				}
			}
		}
	}
}
MOTION
Frames: 0
Frame Time: 0.0083333
)";

bool contains(const std::vector<std::string>& list, std::string_view item) {
    return std::ranges::find(list, item) != list.end();
}

TEST(CheckBiped, TheSeedExampleHasBipedsHierarchy) {
    const Document document = parseDocument(kSeedExample);
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    const BipedCheck check = checkBiped(document.skeleton);
    EXPECT_TRUE(check.hierarchyMatches);
    EXPECT_TRUE(check.missing.empty());
    EXPECT_TRUE(check.misplaced.empty());
    EXPECT_TRUE(check.extra.empty());
    EXPECT_TRUE(check.channelNotes.empty());
}

TEST(CheckBiped, TheSeedExampleIsBipedsPoseWithYUpAndMatchesOnceConvertedToZUp) {
    // The seed's own example is written Y-up (legs along -Y), although the text puts Biped's
    // figure upright along +Z: the check says so, and that --up z is the cure.
    const Document document = parseDocument(kSeedExample);
    const BipedCheck yUp = checkBiped(document.skeleton);
    EXPECT_TRUE(yUp.poseChecked);
    EXPECT_FALSE(yUp.poseMatches);
    EXPECT_EQ(yUp.poseSummary, "upright along +Y, left side on +X, facing +Z");
    ASSERT_FALSE(yUp.poseDifferences.empty());
    EXPECT_NE(yUp.poseDifferences[0].find("along +Y"), std::string::npos);
    EXPECT_EQ(yUp.matchesAfterUpAxisChangeFrom, UpAxis::PositiveY);

    const Conversion zUp =
        changeUpAxis(document.skeleton, document.motion, TranslationMode::Absolute,
                     UpAxis::PositiveY, UpAxis::PositiveZ);
    ASSERT_TRUE(zUp.ok());
    const BipedCheck converted = checkBiped(zUp.skeleton);
    EXPECT_TRUE(converted.matches())
        << (converted.poseDifferences.empty() ? std::string() : converted.poseDifferences[0]);
    EXPECT_EQ(converted.poseSummary, "upright along +Z, left side on +X, facing -Y");
}

TEST(CheckBiped, AlternativeNamesAnyCaseAreAccepted) {
    const Document document = parseDocument(kSeedExample);
    const Conversion renamed = renameJoints(document.skeleton, document.motion,
                                            {{"LeftHip", "LeftUpLeg"},
                                             {"LeftKnee", "leftlowleg"},
                                             {"RightWrist", "RightHand"},
                                             {"Head", "HEAD"}});
    ASSERT_TRUE(renamed.ok());
    EXPECT_TRUE(checkBiped(renamed.skeleton).hierarchyMatches);
}

TEST(CheckBiped, ACmuSkeletonDoesNotMatchAndSaysWhatIsMissing) {
    const Document document = parseDocument(kCmuLike);
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    const BipedCheck check = checkBiped(document.skeleton);
    EXPECT_FALSE(check.hierarchyMatches);
    for (const char* name :
         {"LeftKnee (LeftLowLeg)", "RightKnee (RightLowLeg)", "Chest", "LeftCollar", "RightCollar",
          "LeftElbow (LeftLowArm)", "RightElbow (RightLowArm)"}) {
        EXPECT_TRUE(contains(check.missing, name)) << name;
    }
    for (const char* name : {"LHipJoint", "LeftLeg", "LowerBack", "Spine", "Spine1", "Neck1",
                             "LeftArm", "LeftForeArm"}) {
        EXPECT_TRUE(contains(check.extra, name)) << name;
    }
    EXPECT_TRUE(
        contains(check.misplaced, "LeftUpLeg: child of LHipJoint; Biped expects it under Hips"));
    EXPECT_FALSE(check.channelNotes.empty()) << "ZYX rotations are noted";
    // CMU's T-pose: arms out along X, not hanging down.
    EXPECT_FALSE(check.poseMatches);
    EXPECT_TRUE(std::ranges::any_of(check.poseDifferences, [](const std::string& text) {
        return text.find("the left arm points along +X") != std::string::npos;
    }));
    EXPECT_FALSE(check.matchesAfterUpAxisChangeFrom);
}

TEST(CheckBiped, TooFewJointsCannotBeChecked) {
    const Document document = test::makeClip(1);
    const BipedCheck check = checkBiped(document.skeleton);
    EXPECT_FALSE(check.poseChecked);
    EXPECT_FALSE(check.matches());
    EXPECT_EQ(bipedHierarchy().size(), 18u);
}

} // namespace
} // namespace bvh
