#include "core/analysis/foot_contacts.h"
#include "core/reader/document.h"
#include "tests/core/test_support.h"
#include "tests/support/bvh_texts.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace bvh {
namespace {

// [SECTION] Finding the feet

// A hierarchy from "NAME PARENT" pairs (parent -1 for the root); every joint gets an End Site
// when `endSites`.
Skeleton skeletonOf(const std::vector<std::pair<std::string, int>>& joints) {
    Skeleton skeleton;
    for (const auto& [name, parent] : joints) {
        skeleton.names.push_back(name);
        skeleton.parents.push_back(parent);
        skeleton.offsets.emplace_back(0.0, parent < 0 ? 0.0 : -10.0, 0.0);
        skeleton.isEndSite.push_back(name.starts_with("EndSite_") ? 1 : 0);
        skeleton.channelBegin.push_back(0);
        skeleton.channelCount.push_back(0);
    }
    return skeleton;
}

std::vector<std::string> pointNames(const Skeleton& skeleton,
                                    const std::vector<FootPoint>& points) {
    std::vector<std::string> names;
    for (const FootPoint& point : points) {
        names.push_back(skeleton.names[static_cast<std::size_t>(point.node)]);
    }
    return names;
}

TEST(FootPoints, CorpusSpellingsAreFound) {
    const Skeleton skeleton = skeletonOf({
        {"Hips", -1},
        {"mixamorig:LeftUpLeg", 0},
        {"mixamorig:LeftFoot", 1},    // 2: ankle
        {"mixamorig:LeftToeBase", 2}, // 3: toe
        {"EndSite_mixamorig:LeftToeBase", 3},
        {"r_hip", 0},
        {"r_ankle", 5}, // 6: ankle (snake case)
        {"RightToes", 6},
        {"RightToes2", 6}, // a second toe: only the first counts
        {"foot.L", 0},     // 9: MakeHuman
        {"toe1-1.L", 9},
        {"Bip01 R Foot", 0}, // 11: Character Studio
        {"Bip01 R Toe0", 11},
        {"LeftHand", 0},
    });
    const std::vector<FootPoint> points = findFootPoints(skeleton, UpAxis::PositiveY);
    EXPECT_EQ(pointNames(skeleton, points),
              (std::vector<std::string>{"mixamorig:LeftFoot", "mixamorig:LeftToeBase", "r_ankle",
                                        "RightToes", "foot.L", "toe1-1.L", "Bip01 R Foot",
                                        "Bip01 R Toe0"}));
    EXPECT_EQ(points[0].kind, FootPointKind::Ankle);
    EXPECT_EQ(points[1].kind, FootPointKind::Toe);
}

TEST(FootPoints, AFootJointUnderAFootIsNotASecondFoot) {
    const Skeleton skeleton = skeletonOf({{"Hips", -1},
                                          {"LeftFoot", 0},
                                          {"LeftFootEnd", 1},
                                          {"EndSite_LeftFootEnd", 2},
                                          {"LeftToe", 0}}); // a toe not under a foot: ignored
    EXPECT_EQ(pointNames(skeleton, findFootPoints(skeleton, UpAxis::PositiveY)),
              std::vector<std::string>{"LeftFoot"});
}

TEST(FootPoints, WithoutFootNamesTheLowestEndSitesStandIn) {
    // A rig with anonymous names: two legs reaching y = -90 and -88, an arm ending at -40, a
    // head at +70.
    const Document document = parseDocument(R"(HIERARCHY
ROOT Base
{
	OFFSET 0 0 0
	CHANNELS 0
	JOINT A
	{
		OFFSET 10 -45 0
		CHANNELS 0
		End Site
		{
			OFFSET 0 -45 0
		}
	}
	JOINT B
	{
		OFFSET -10 -45 0
		CHANNELS 0
		End Site
		{
			OFFSET 0 -43 0
		}
	}
	JOINT C
	{
		OFFSET 20 0 0
		CHANNELS 0
		End Site
		{
			OFFSET 0 -40 0
		}
	}
	JOINT D
	{
		OFFSET 0 40 0
		CHANNELS 0
		End Site
		{
			OFFSET 0 30 0
		}
	}
}
)");
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    const std::vector<FootPoint> points = findFootPoints(document.skeleton, UpAxis::PositiveY);
    EXPECT_EQ(pointNames(document.skeleton, points),
              (std::vector<std::string>{"EndSite_A", "EndSite_B"}));
    EXPECT_EQ(points[0].kind, FootPointKind::EndEffector);
    // Read along -Y (upside down), the "lowest" End Site is the head's.
    EXPECT_EQ(pointNames(document.skeleton, findFootPoints(document.skeleton, UpAxis::NegativeY)),
              std::vector<std::string>{"EndSite_D"});
}

// [SECTION] Contacts from hand-built positions (metres, a 1.7 m figure: contact within 5.95 cm,
// slower than 1.02 m/s; slide above 17 cm/s)

constexpr double kHeight = 1.7;
const FootPoint kOnePoint[] = {{0, FootPointKind::Ankle}};

TEST(FootContacts, PlantedThenLifted) {
    // 30 fps: ten frames planted at (0, 0.08, 0), then rising 5 cm per frame (1.5 m/s).
    std::vector<glm::dvec3> positions;
    for (int frame = 0; frame < 20; ++frame) {
        positions.emplace_back(0.0, 0.08 + 0.05 * std::max(frame - 9, 0), 0.0);
    }
    const FootContactAnalysis analysis =
        detectFootContacts(positions, kOnePoint, 1.0 / 30.0, UpAxis::PositiveY, kHeight);
    ASSERT_EQ(analysis.feet.size(), 1u);
    const FootContactTrack& track = analysis.feet[0];
    EXPECT_DOUBLE_EQ(track.restingHeight, 0.08);
    // Frames 0-8 rest (frame 9's central difference sees frame 10 rise: 0.75 m/s, still slow and
    // low enough); frame 10 is 5 cm up but moving at 1.5 m/s; from 11 on it is too high.
    for (int frame = 0; frame < 20; ++frame) {
        EXPECT_EQ(track.contact[frame], frame <= 9 ? 1 : 0) << "frame " << frame;
        EXPECT_EQ(track.sliding[frame], 0) << "frame " << frame;
        EXPECT_FLOAT_EQ(track.groundSpeed[frame], 0.0f);
    }
    EXPECT_EQ(track.contactFrames, 10u);
    EXPECT_EQ(track.slidingFrames, 0u);
}

TEST(FootContacts, AFootSlidingOnTheGroundIsInContactAndSliding) {
    // On the ground, moving 1 cm per frame along X and Z at 30 fps: 0.3 m/s on each axis.
    std::vector<glm::dvec3> positions;
    for (int frame = 0; frame < 12; ++frame) {
        positions.emplace_back(0.01 * frame, 0.0, 0.01 * frame);
    }
    const FootContactAnalysis analysis =
        detectFootContacts(positions, kOnePoint, 1.0 / 30.0, UpAxis::PositiveY, kHeight);
    const FootContactTrack& track = analysis.feet[0];
    for (int frame = 0; frame < 12; ++frame) {
        EXPECT_EQ(track.contact[frame], 1) << "frame " << frame;
        EXPECT_EQ(track.sliding[frame], 1) << "frame " << frame;
        EXPECT_NEAR(track.groundSpeed[frame], 0.3 * std::sqrt(2.0), 1e-5) << "frame " << frame;
    }
    EXPECT_EQ(track.slidingFrames, 12u);
    EXPECT_DOUBLE_EQ(analysis.slideSpeed, 0.1 * kHeight);
}

TEST(FootContacts, SlowCreepBelowTheThresholdIsNotASlide) {
    // 5 mm per frame at 30 fps: 15 cm/s, under the 17 cm/s slide threshold.
    std::vector<glm::dvec3> positions;
    for (int frame = 0; frame < 10; ++frame) {
        positions.emplace_back(0.005 * frame, 0.0, 0.0);
    }
    const FootContactAnalysis analysis =
        detectFootContacts(positions, kOnePoint, 1.0 / 30.0, UpAxis::PositiveY, kHeight);
    EXPECT_EQ(analysis.feet[0].contactFrames, 10u);
    EXPECT_EQ(analysis.feet[0].slidingFrames, 0u);
}

TEST(FootContacts, ASwingFootSkimmingTheFloorIsNotAContact) {
    // At ground level but moving at 3 m/s (10 cm per frame at 30 fps).
    std::vector<glm::dvec3> positions;
    for (int frame = 0; frame < 10; ++frame) {
        positions.emplace_back(0.1 * frame, 0.0, 0.0);
    }
    const FootContactAnalysis analysis =
        detectFootContacts(positions, kOnePoint, 1.0 / 30.0, UpAxis::PositiveY, kHeight);
    EXPECT_EQ(analysis.feet[0].contactFrames, 0u);
}

TEST(FootContacts, ThresholdsAreRelativeToTheFigureAndTheFrameRate) {
    // The sliding foot again, in centimetres, Z up, at 120 fps (0.25 cm per frame: 30 cm/s).
    std::vector<glm::dvec3> positions;
    for (int frame = 0; frame < 48; ++frame) {
        positions.emplace_back(0.25 * frame, 0.0, 0.0);
    }
    const FootContactAnalysis analysis =
        detectFootContacts(positions, kOnePoint, 1.0 / 120.0, UpAxis::PositiveZ, 170.0);
    EXPECT_EQ(analysis.feet[0].contactFrames, 48u);
    EXPECT_EQ(analysis.feet[0].slidingFrames, 48u);
    EXPECT_NEAR(analysis.feet[0].groundSpeed[20], 30.0f, 1e-3f);
    // Up is Z here: motion along Y is along the ground, motion along Z is lifting.
    std::vector<glm::dvec3> lifting;
    for (int frame = 0; frame < 48; ++frame) {
        lifting.emplace_back(0.0, 0.0, frame < 24 ? 0.0 : 2.0 * (frame - 23));
    }
    const FootContactAnalysis lifted =
        detectFootContacts(lifting, kOnePoint, 1.0 / 120.0, UpAxis::PositiveZ, 170.0);
    EXPECT_EQ(lifted.feet[0].contact[10], 1);
    EXPECT_EQ(lifted.feet[0].contact[40], 0);
    EXPECT_EQ(lifted.feet[0].slidingFrames, 0u);
}

TEST(FootContacts, HighRateJitterIsNotSlide) {
    // 120 fps, +/-1 mm of alternating jitter along X: per frame 2 mm, 24 cm/s, but over
    // +/- 4 frames the foot does not move at all.
    std::vector<glm::dvec3> positions;
    for (int frame = 0; frame < 40; ++frame) {
        positions.emplace_back(frame % 2 == 0 ? 0.001 : -0.001, 0.0, 0.0);
    }
    const FootContactAnalysis analysis =
        detectFootContacts(positions, kOnePoint, 1.0 / 120.0, UpAxis::PositiveY, kHeight);
    EXPECT_EQ(analysis.feet[0].contactFrames, 40u);
    EXPECT_EQ(analysis.feet[0].slidingFrames, 0u);
}

TEST(FootContacts, OneGlitchedFrameDoesNotMoveTheGround) {
    // Resting at 0.1 m, one frame 30 cm through the floor: the 5th percentile ignores it.
    std::vector<glm::dvec3> positions(40, glm::dvec3(0.0, 0.1, 0.0));
    positions[20].y = -0.2;
    const FootContactAnalysis analysis =
        detectFootContacts(positions, kOnePoint, 1.0 / 30.0, UpAxis::PositiveY, kHeight);
    EXPECT_DOUBLE_EQ(analysis.feet[0].restingHeight, 0.1);
    EXPECT_EQ(analysis.feet[0].contact[5], 1);
}

TEST(FootContacts, AFootPivotingOnItsToeIsNotSliding) {
    // Heel-off at 30 fps: the ankle moves 1 cm per frame (30 cm/s) near the ground while the
    // toe of the same foot stays put. As two points of one foot, nothing slides; as points of
    // two different feet, the ankle does.
    std::vector<glm::dvec3> positions;
    for (int frame = 0; frame < 10; ++frame) {
        positions.emplace_back(0.01 * frame, 0.08, 0.0); // ankle
        positions.emplace_back(0.15, 0.0, 0.0);          // toe
    }
    const FootPoint oneFoot[] = {{0, FootPointKind::Ankle, 0}, {1, FootPointKind::Toe, 0}};
    const FootContactAnalysis pivot =
        detectFootContacts(positions, oneFoot, 1.0 / 30.0, UpAxis::PositiveY, kHeight);
    EXPECT_EQ(pivot.feet[0].contactFrames, 10u);
    EXPECT_EQ(pivot.feet[0].slidingFrames, 0u);
    EXPECT_EQ(pivot.feet[1].slidingFrames, 0u);
    const FootPoint twoFeet[] = {{0, FootPointKind::Ankle, 0}, {1, FootPointKind::Ankle, 1}};
    const FootContactAnalysis apart =
        detectFootContacts(positions, twoFeet, 1.0 / 30.0, UpAxis::PositiveY, kHeight);
    EXPECT_EQ(apart.feet[0].slidingFrames, 10u);
    EXPECT_EQ(apart.feet[1].slidingFrames, 0u);
}

TEST(FootContacts, ALandingFootSettlesBeforeItCanSlide) {
    // 30 fps: 6 frames in the air (30 cm up), then 14 frames on the ground moving 1 cm per
    // frame (30 cm/s, a slide), then 6 in the air again. The first and last 3 frames of the
    // contact (1/10 s) are the landing and the take-off: in contact, not sliding.
    std::vector<glm::dvec3> positions;
    for (int frame = 0; frame < 26; ++frame) {
        const bool down = frame >= 6 && frame < 20;
        positions.emplace_back(0.01 * frame, down ? 0.0 : 0.3, 0.0);
    }
    const FootContactAnalysis analysis =
        detectFootContacts(positions, kOnePoint, 1.0 / 30.0, UpAxis::PositiveY, kHeight);
    const FootContactTrack& track = analysis.feet[0];
    for (int frame = 0; frame < 26; ++frame) {
        // Frames 5 and 20 are in the air but their central differences see the 30 cm drop:
        // 4.5 m/s, and too high anyway. Frames 6 and 19 see it too: not in contact.
        const bool contact = frame >= 7 && frame <= 18;
        EXPECT_EQ(track.contact[frame], contact ? 1 : 0) << "frame " << frame;
        EXPECT_EQ(track.sliding[frame], frame >= 10 && frame <= 15 ? 1 : 0) << "frame " << frame;
    }
}

TEST(FootContacts, OneFrameAndNoFrames) {
    const std::vector<glm::dvec3> one = {{0.0, 0.0, 0.0}};
    const FootContactAnalysis single =
        detectFootContacts(one, kOnePoint, 1.0 / 30.0, UpAxis::PositiveY, kHeight);
    EXPECT_EQ(single.frameCount, 1u);
    EXPECT_EQ(single.feet[0].contact[0], 1);
    const FootContactAnalysis none =
        detectFootContacts({}, kOnePoint, 1.0 / 30.0, UpAxis::PositiveY, kHeight);
    EXPECT_EQ(none.frameCount, 0u);
    ASSERT_EQ(none.feet.size(), 1u);
    EXPECT_TRUE(none.feet[0].contact.empty());
}

// [SECTION] From a clip

// Hips with position channels 90 cm up; a left foot 85 cm below it and a right foot 85 cm below.
// Frames 0-11: the hips slide 1 cm per frame along X (both feet slide: 30 cm/s at 30 fps);
// frames 12-17: the hips rise 10 cm per frame (both feet leave the ground).
const std::string kSlideThenJump = std::string(test::kFeetAndHeadHierarchy).append(R"(Frames: 18
Frame Time: 0.0333333333
0 90 0
1 90 0
2 90 0
3 90 0
4 90 0
5 90 0
6 90 0
7 90 0
8 90 0
9 90 0
10 90 0
11 90 0
11 100 0
11 110 0
11 120 0
11 130 0
11 140 0
11 150 0
)");

TEST(FootContacts, FromAClipThroughForwardKinematics) {
    const Document document = parseDocument(kSlideThenJump);
    ASSERT_TRUE(document.loaded()) << test::describeDiagnostics(document);
    const std::vector<FootPoint> points = findFootPoints(document.skeleton, UpAxis::PositiveY);
    ASSERT_EQ(pointNames(document.skeleton, points),
              (std::vector<std::string>{"LeftFoot", "RightFoot"}));
    const FootContactAnalysis analysis =
        analyzeFootContacts(document.skeleton, document.motion, TranslationMode::Absolute, points,
                            UpAxis::PositiveY, 170.0);
    ASSERT_EQ(analysis.frameCount, 18u);
    for (const FootContactTrack& foot : analysis.feet) {
        EXPECT_DOUBLE_EQ(foot.restingHeight, 5.0);
        // Frame 11 sees frame 12 rise 10 cm (1.5 m/s): the contact is frames 0-10, its last
        // three frames are the take-off, and frames 0-7 slide (a contact from the clip's first
        // frame has no landing to skip).
        for (int frame = 0; frame < 18; ++frame) {
            EXPECT_EQ(foot.contact[frame], frame <= 10 ? 1 : 0) << "frame " << frame;
            EXPECT_EQ(foot.sliding[frame], frame <= 7 ? 1 : 0) << "frame " << frame;
        }
        EXPECT_NEAR(foot.groundSpeed[4], 30.0f, 1e-3f);
    }
}

} // namespace
} // namespace bvh
