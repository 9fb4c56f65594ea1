#include "core/conversions/conversions.h"
#include "core/writer/writer.h"
#include "tests/core/conversions/clip_fixture.h"

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

TEST(RenameJoints, RefusesEveryNameABvhFileCannotHold) {
    const Document clip = test::makeClip(2);
    for (const std::string& name : std::vector<std::string>{
             "", "Hi{ps", "Hi}ps", "Head\n", "He\tad", " Head", "Head ", std::string("a\0b", 3)}) {
        SCOPED_TRACE(quotedName(name));
        const Conversion renamed = renameJoints(clip.skeleton, clip.motion, {{"Head", name}});
        EXPECT_FALSE(renamed.ok());
        ASSERT_EQ(renamed.diagnostics.size(), 1u);
        EXPECT_EQ(renamed.diagnostics[0].message, "cannot rename joint 'Head' to " +
                                                      quotedName(name) + ": " +
                                                      jointNameProblem(name));
    }
    EXPECT_TRUE(renameJoints(clip.skeleton, clip.motion, {{"Hips", "Root"}, {"Head", "End"}}).ok())
        << "keyword spellings read back as names";
}

} // namespace
} // namespace bvh
