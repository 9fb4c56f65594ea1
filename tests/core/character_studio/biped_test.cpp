#include "core/character_studio/biped.h"
#include "core/conversions/conversions.h"
#include "core/reader/document.h"
#include "tests/core/conversions/clip_fixture.h"
#include "tests/core/test_support.h"

#include <algorithm>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>
#include <initializer_list>
#include <utility>

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

TEST(CheckBiped, TheSeedExampleIsBipedsNeutralPose) {
    // Seed 001 puts the new Biped "upright along +Z, facing -Y" in 3ds Max's world, and gives
    // this file as a Biped-supported one: legs along -Y, head up along +Y, left hip on +X. In a
    // BVH file's axes Biped's neutral pose is therefore +Y up, facing +Z (the import turns Y-up
    // into Max's Z-up), and the seed's own example matches it.
    const Document document = parseDocument(kSeedExample);
    const BipedCheck check = checkBiped(document.skeleton);
    EXPECT_TRUE(check.poseChecked);
    EXPECT_TRUE(check.poseMatches)
        << (check.poseDifferences.empty() ? std::string() : check.poseDifferences[0]);
    EXPECT_TRUE(check.matches());
    EXPECT_EQ(check.poseSummary, "upright along +Y, left side on +X, facing +Z");
    EXPECT_EQ(check.poseSummary, kBipedNeutralPose);
    EXPECT_TRUE(check.poseDifferences.empty());
    EXPECT_FALSE(check.matchesAfterUpAxisChangeFrom);
}

TEST(CheckBiped, TheSeedExampleFileWithItsMotionMatches) {
    // tests/data holds the example exactly as the seed prints it: all 57 channels, "Frames:
    // 222" over 4 rows, non-zero rotations. The check looks at the zero pose (the OFFSETs).
    const Document document = loadDocument(test::dataFile("seed_character_studio_example.bvh"));
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    EXPECT_EQ(document.motion.frameCount, 4u);
    const BipedCheck check = checkBiped(document.skeleton);
    EXPECT_TRUE(check.hierarchyMatches);
    EXPECT_TRUE(check.matches()) << (check.poseDifferences.empty() ? std::string()
                                                                   : check.poseDifferences[0]);
}

TEST(CheckBiped, TheExampleInMaxsAxesDiffersAndSaysThatYUpCuresIt) {
    // Biped's pose written in 3ds Max's own axes (+Z up, facing -Y) is the mistake the seed's
    // wording invites: it is reported, with the up axis to change from.
    const Document document = parseDocument(kSeedExample);
    const Conversion zUp =
        changeUpAxis(document.skeleton, document.motion, TranslationMode::Absolute,
                     UpAxis::PositiveY, UpAxis::PositiveZ);
    ASSERT_TRUE(zUp.ok());
    const BipedCheck check = checkBiped(zUp.skeleton);
    EXPECT_TRUE(check.hierarchyMatches);
    EXPECT_TRUE(check.poseChecked);
    EXPECT_FALSE(check.poseMatches);
    EXPECT_EQ(check.poseSummary, "upright along +Z, left side on +X, facing -Y");
    ASSERT_EQ(check.poseDifferences.size(), 5u) << "up, both legs, both arms";
    EXPECT_EQ(check.poseDifferences[0],
              "the head, seen from the hips, is along +Z; Biped's figure stands upright along "
              "+Y in the file (+Z in 3ds Max)");
    EXPECT_EQ(check.poseDifferences[1],
              "the left leg points along -Z; Biped's legs are straight down, along -Y");
    EXPECT_EQ(check.matchesAfterUpAxisChangeFrom, UpAxis::PositiveZ);

    const Conversion back = changeUpAxis(zUp.skeleton, zUp.motion, TranslationMode::Absolute,
                                         UpAxis::PositiveZ, UpAxis::PositiveY);
    ASSERT_TRUE(back.ok());
    EXPECT_TRUE(checkBiped(back.skeleton).matches());
}

// The seed example with some joints' OFFSETs replaced.
Skeleton seedExampleWith(std::initializer_list<std::pair<std::string_view, glm::dvec3>> offsets) {
    Skeleton skeleton = parseDocument(kSeedExample).skeleton;
    for (const auto& [name, offset] : offsets) {
        const NodeIndex node = skeleton.find(name);
        EXPECT_NE(node, kNoParent) << name;
        skeleton.offsets[static_cast<std::size_t>(node)] = offset;
    }
    return skeleton;
}

bool anyContains(const std::vector<std::string>& texts, std::string_view fragment) {
    return std::ranges::any_of(
        texts, [&](const std::string& text) { return text.find(fragment) != std::string::npos; });
}

TEST(CheckBiped, AWrongNeutralPoseIsStillReported) {
    // Arms out to the sides (a T-pose): the shoulders' children along +X and -X.
    const BipedCheck tPose = checkBiped(seedExampleWith({{"LeftElbow", {12.08, 0, 0}},
                                                         {"LeftWrist", {9.82, 0, 0}},
                                                         {"RightElbow", {-11.9, 0, 0}},
                                                         {"RightWrist", {-9.52, 0, 0}}}));
    EXPECT_TRUE(tPose.hierarchyMatches);
    EXPECT_FALSE(tPose.poseMatches);
    EXPECT_FALSE(tPose.matches());
    EXPECT_EQ(tPose.poseDifferences,
              (std::vector<std::string>{
                  "the left arm points along +X; Biped's arms hang down along -Y, palms against "
                  "the thighs",
                  "the right arm points along -X; Biped's arms hang down along -Y, palms "
                  "against the thighs"}));
    EXPECT_FALSE(tPose.matchesAfterUpAxisChangeFrom) << "no up-axis change fixes a T-pose";

    // Sitting: thighs forward along +Z.
    const BipedCheck sitting = checkBiped(seedExampleWith({{"LeftKnee", {0, 0, 18.47}},
                                                           {"LeftAnkle", {0, 0, 17.95}},
                                                           {"RightKnee", {0, 0, 18.81}},
                                                           {"RightAnkle", {0, 0, 17.57}}}));
    EXPECT_FALSE(sitting.poseMatches);
    EXPECT_TRUE(anyContains(sitting.poseDifferences, "the left leg points along +Z"));
    EXPECT_TRUE(anyContains(sitting.poseDifferences, "the right leg points along +Z"));
}

TEST(CheckBiped, AFigureTurnedAroundOrUpsideDownDiffers) {
    // Facing -Z: the left side is on -X.
    const Document document = parseDocument(kSeedExample);
    const Conversion turned =
        rotateWorld(document.skeleton, document.motion, TranslationMode::Absolute,
                    glm::angleAxis(glm::pi<double>(), glm::dvec3(0, 1, 0)));
    ASSERT_TRUE(turned.ok());
    const BipedCheck facingBack = checkBiped(turned.skeleton);
    EXPECT_FALSE(facingBack.poseMatches);
    EXPECT_EQ(facingBack.poseSummary, "upright along +Y, left side on -X, facing -Z");
    EXPECT_TRUE(
        anyContains(facingBack.poseDifferences, "LeftHip, seen from RightHip, is along -X"));
    EXPECT_FALSE(facingBack.matchesAfterUpAxisChangeFrom);

    const Conversion upsideDown =
        changeUpAxis(document.skeleton, document.motion, TranslationMode::Absolute,
                     UpAxis::PositiveY, UpAxis::NegativeY);
    ASSERT_TRUE(upsideDown.ok());
    const BipedCheck flipped = checkBiped(upsideDown.skeleton);
    EXPECT_FALSE(flipped.poseMatches);
    EXPECT_TRUE(anyContains(flipped.poseDifferences, "the head, seen from the hips, is along -Y"));
    EXPECT_EQ(flipped.matchesAfterUpAxisChangeFrom, UpAxis::NegativeY);
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
