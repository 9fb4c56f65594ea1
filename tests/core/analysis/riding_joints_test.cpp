#include "core/analysis/riding_joints.h"
#include "core/kinematics/column_changes.h"
#include "core/reader/document.h"
#include "tests/core/analysis/face_helper_clips.h"
#include "tests/support/rest_positions.h"

#include <gtest/gtest.h>
#include <limits>
#include <vector>

namespace bvh {
namespace {

// The figure: Hips at 0, Head at 18, its End Site at 22, the leg's End Site at -14: 36 tall.
constexpr double kBodySize = 36.0;

void holdStill(Document& document, NodeIndex node) {
    Motion& motion = document.motion;
    const auto n = static_cast<std::size_t>(node);
    for (std::uint32_t frame = 1; frame < motion.frameCount; ++frame) {
        for (std::uint32_t c = 0; c < document.skeleton.channelCount[n]; ++c) {
            const std::uint32_t column = document.skeleton.channelBegin[n] + c;
            motion.values[std::size_t{frame} * motion.channelCount + column] =
                motion.values[column];
        }
    }
}

TEST(RidingJoints, AFaceRigsStillHelpersRideOnTheHeadWithTheirEndSites) {
    const Document document = parseDocument(test::tinyFigureWithFaceHelpers(120));
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    const RidingJoints riding =
        findRidingJoints(skeleton, document.motion, test::restPositions(skeleton), kBodySize);
    EXPECT_EQ(riding.count, 240u) << "120 helpers and their 120 End Sites";
    const NodeIndex head = skeleton.find("Head");
    ASSERT_NE(head, kNoParent);
    for (std::size_t i = 0; i < skeleton.nodeCount(); ++i) {
        const bool helper = skeleton.parents[i] == head && skeleton.isEndSite[i] == 0;
        const bool helpersEnd =
            skeleton.parents[i] != kNoParent &&
            skeleton.parents[static_cast<std::size_t>(skeleton.parents[i])] == head &&
            skeleton.isEndSite[i] != 0;
        EXPECT_EQ(riding.rides[i] != 0, helper || helpersEnd) << skeleton.names[i];
        EXPECT_EQ(riding.anchor[i], helper || helpersEnd ? head : static_cast<NodeIndex>(i));
    }
}

TEST(RidingJoints, NothingRidesWhereNoJointMovesAgainstItsParent) {
    // The root still travels and turns; every other joint is held: a frozen figure, whose still
    // joints are the figure itself.
    Document document = parseDocument(test::tinyFigureWithFaceHelpers(120));
    ASSERT_TRUE(document.loaded());
    for (const char* name : {"Spine", "Head", "LeftLeg"}) {
        holdStill(document, document.skeleton.find(name));
    }
    const RidingJoints riding = findRidingJoints(document.skeleton, document.motion,
                                                 test::restPositions(document.skeleton), kBodySize);
    EXPECT_EQ(riding.count, 0u);
    EXPECT_TRUE(riding.rides.empty());
}

TEST(RidingJoints, AStillJointRidesOnlyWithAStillSubtreeWithinReach) {
    // The spine held still while the head under it moves: the spine carries the head, it does
    // not ride. The leg held still reaches 14.1 from the hips (its End Site at 2, -14, 0): over a
    // third of the 36 tall figure, a limb, not a rider; on a body 60 across, within its quarter,
    // it would ride as a finger held still does.
    Document document = parseDocument(test::tinyFigureWithFaceHelpers(0));
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    holdStill(document, skeleton.find("Spine"));
    holdStill(document, skeleton.find("LeftLeg"));
    const std::vector<glm::dvec3> rest = test::restPositions(skeleton);
    EXPECT_EQ(findRidingJoints(skeleton, document.motion, rest, kBodySize).count, 0u);
    const RidingJoints riding = findRidingJoints(skeleton, document.motion, rest, 60.0);
    const auto leg = static_cast<std::size_t>(skeleton.find("LeftLeg"));
    EXPECT_EQ(riding.count, 2u) << "the leg and its End Site";
    EXPECT_EQ(riding.rides[static_cast<std::size_t>(skeleton.find("Spine"))], 0);
    EXPECT_EQ(riding.rides[leg], 1);
    EXPECT_EQ(riding.anchor[leg], skeleton.find("Hips"));
}

// Still is the same value in every frame of the clip, however long: a column back at its first
// value, or +0 against -0, is still; one that differs in its last frame only, or NaN throughout
// (never equal to itself), moves. The four-frame clip repeated over 130 frames (past the column
// scan's checks every 64 rows), the spine and the head held still: 22 from the hips with the
// head's End Site, within a quarter of a body 100 across, they ride with that End Site. Of the
// 15 columns, the spine's first (6) is read in the first block of eight, the head's first (9)
// in the last one, which overlaps it (columns 7 to 14: column_blocks.h). +0 and -0 are other
// bits (clipColumnChanges), a NaN throughout the same ones: the riders read the values.
TEST(RidingJoints, StillMeansTheSameValueInEveryFrame) {
    Document document = parseDocument(test::tinyFigureWithFaceHelpers(0));
    ASSERT_TRUE(document.loaded());
    const Skeleton& skeleton = document.skeleton;
    Motion& motion = document.motion;
    const std::vector<float> fourFrames = motion.values;
    const std::size_t channels = motion.channelCount;
    ASSERT_EQ(channels, 15u);
    motion.frameCount = 130;
    motion.values.clear();
    for (std::size_t frame = 0; frame < motion.frameCount; ++frame) {
        const auto row = fourFrames.begin() + static_cast<std::ptrdiff_t>(frame % 4 * channels);
        motion.values.insert(motion.values.end(), row, row + static_cast<std::ptrdiff_t>(channels));
    }
    holdStill(document, skeleton.find("Spine"));
    holdStill(document, skeleton.find("Head"));
    const std::vector<float> held = motion.values;
    const std::vector<glm::dvec3> rest = test::restPositions(skeleton);
    // Found alone and told the clip's column changes (as the stance tells them), the same.
    auto riders = [&] {
        const std::size_t alone = findRidingJoints(skeleton, motion, rest, 100.0).count;
        const std::vector<std::uint32_t> changes = clipColumnChanges(motion);
        EXPECT_EQ(findRidingJoints(skeleton, motion, rest, 100.0, changes).count, alone);
        return alone;
    };
    for (const char* name : {"Spine", "Head"}) {
        motion.values = held;
        const NodeIndex node = skeleton.find(name);
        const std::uint32_t column = skeleton.channelBegin[static_cast<std::size_t>(node)];
        auto setColumn = [&](auto valueAt) {
            for (std::size_t frame = 0; frame < motion.frameCount; ++frame) {
                motion.values[frame * channels + column] = valueAt(frame);
            }
        };
        EXPECT_EQ(riders(), 3u) << "the spine, the head and its End Site";
        setColumn([](std::size_t frame) { return frame == 100 ? -0.0F : 0.0F; });
        EXPECT_EQ(riders(), 3u) << name << ": +0 and -0";
        setColumn([](std::size_t frame) { return frame == 129 ? 1e-3F : 0.0F; });
        EXPECT_NE(riders(), 3u) << name << ": the last frame differs";
        setColumn([](std::size_t) { return std::numeric_limits<float>::quiet_NaN(); });
        EXPECT_NE(riders(), 3u) << name << ": NaN";
    }
}

} // namespace
} // namespace bvh
