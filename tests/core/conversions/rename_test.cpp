#include "clip_fixture.h"
#include "core/conversions/conversions.h"

namespace bvh {
namespace {

TEST(RenameJoints, RenamesJointsAndTheirEndSites) {
    const Document clip = test::makeClip(2);
    const Conversion renamed =
        renameJoints(clip.skeleton, clip.motion, {{"Head", "head"}, {"Nobody", "Anyone"}});
    ASSERT_TRUE(renamed.ok());
    EXPECT_NE(renamed.skeleton.find("head"), kNoParent);
    EXPECT_EQ(renamed.skeleton.find("Head"), kNoParent);
    EXPECT_NE(renamed.skeleton.find("EndSite_head"), kNoParent);
    EXPECT_EQ(renamed.motion.values, clip.motion.values);
}

TEST(RenameJoints, DuplicateNamesWarnAndEmptyNamesFail) {
    const Document clip = test::makeClip(2);
    const Conversion clash = renameJoints(clip.skeleton, clip.motion, {{"Head", "Spine"}});
    ASSERT_TRUE(clash.ok());
    EXPECT_EQ(countWarnings(clash.diagnostics), 1u);
    EXPECT_FALSE(renameJoints(clip.skeleton, clip.motion, {{"Head", ""}}).ok());
}

} // namespace
} // namespace bvh
