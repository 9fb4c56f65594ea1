// The thumbnail watchdog's decisions in-process: how a write the time ran out on ends, from the
// last step the writer reported and what removing its temporary file gave (every pair, also the
// removal failures no seam reaches), and what stderr says about when the time ran out. The
// process-ending paths themselves run as a child process in thumbnail_command_test.cpp.
#include "app/headless/thumbnail_watchdog.h"

#include <gtest/gtest.h>

namespace bvhscope::headless::test {
namespace {

using bvh::TemporaryRemoval;

struct StalledCase {
    WriteStage stage;
    TemporaryRemoval removal;
    StalledWriteEnd end;
};

// Hand-derived from the contract (thumbnail_watchdog.h): before the rename's call, the PNG is
// never in place (the temporary file not there was removed after a failure, or never made);
// during it, only a removal that finds nothing means renamed; after it, the PNG stands whatever
// the removal would say (it is not tried); a removal that fails leaves the temporary file.
TEST(ThumbnailWatchdog, AStalledWriteEndsByItsLastStepAndTheRemovalOfItsTemporaryFile) {
    constexpr StalledCase kCases[] = {
        {WriteStage::Writing, TemporaryRemoval::Removed, StalledWriteEnd::NoImage},
        {WriteStage::Writing, TemporaryRemoval::NotThere, StalledWriteEnd::NoImage},
        {WriteStage::Writing, TemporaryRemoval::Failed, StalledWriteEnd::TemporaryLeft},
        {WriteStage::Renaming, TemporaryRemoval::Removed, StalledWriteEnd::NoImage},
        {WriteStage::Renaming, TemporaryRemoval::NotThere, StalledWriteEnd::ImageStands},
        {WriteStage::Renaming, TemporaryRemoval::Failed, StalledWriteEnd::TemporaryLeft},
        {WriteStage::Renamed, TemporaryRemoval::Removed, StalledWriteEnd::ImageStands},
        {WriteStage::Renamed, TemporaryRemoval::NotThere, StalledWriteEnd::ImageStands},
        {WriteStage::Renamed, TemporaryRemoval::Failed, StalledWriteEnd::ImageStands},
    };
    for (const StalledCase& c : kCases) {
        EXPECT_EQ(stalledWriteEnd(c.stage, c.removal), c.end)
            << "stage " << static_cast<int>(c.stage) << ", removal " << static_cast<int>(c.removal);
    }
}

// Under the seam no time passes, so none is claimed (main said "gave up after 20 s" there).
TEST(ThumbnailWatchdog, StderrSaysWhenTheTimeRanOutAndClaimsNoTimeUnderTheSeam) {
    EXPECT_EQ(whenTheTimeRanOut(20.0, false, TimeUpStage::None), "after 20 s");
    EXPECT_EQ(whenTheTimeRanOut(0.5, false, TimeUpStage::None), "after 0.5 s");
    EXPECT_EQ(whenTheTimeRanOut(20.0, true, TimeUpStage::None),
              "after 20 s and 5 s more for the PNG's write");
    EXPECT_EQ(whenTheTimeRanOut(20.0, false, TimeUpStage::BeforeWrite),
              "at the test seam's stage 'before-write'");
    EXPECT_EQ(whenTheTimeRanOut(20.0, true, TimeUpStage::RenamingStalls),
              "at the test seam's stage 'renaming-stalls'");
}

TEST(ThumbnailWatchdog, EverySeamStageHasTheNameItIsSetBy) {
    for (const auto& [name, stage] :
         {std::pair{"before-write", TimeUpStage::BeforeWrite},
          {"temporary-file-open", TimeUpStage::TemporaryFileOpen},
          {"temporary-file-open-stalls", TimeUpStage::TemporaryFileOpenStalls},
          {"renaming-stalls", TimeUpStage::RenamingStalls},
          {"renamed-unreported-stalls", TimeUpStage::RenamedUnreportedStalls},
          {"after-rename-stalls", TimeUpStage::AfterRenameStalls},
          {"after-rename", TimeUpStage::AfterRename}}) {
        EXPECT_EQ(timeUpStageNamed(name), stage) << name;
    }
    EXPECT_EQ(timeUpStageNamed("soon"), std::nullopt);
    EXPECT_EQ(timeUpStageNamed(""), std::nullopt);
}

} // namespace
} // namespace bvhscope::headless::test
