// The Browser's model over its summaries: a file whose hierarchy is beyond the summary's budget
// is "too large", not an error, and a row whose thumbnail or pose was freed (Evicted, by
// folder_thumbnails.h) is summarised again once it is on screen, and only then; the rows on
// screen change only when they differ.
#include "app/folder/folder_browser.h"
#include "tests/app/folder/folder_test_support.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;
using namespace bvhscope::folder;
using bvhscope::folder_test::millionJointHierarchy;
using bvhscope::folder_test::pumpUntil;
using bvhscope::folder_test::ScratchFolder;

namespace {

bool settle(FolderBrowser& browser) {
    return pumpUntil([&] { browser.update(); }, [&] { return !browser.summarizing(); });
}

TEST(FolderBrowser, EvictedRowsAreReadAgainOnceOnScreen) {
    const ScratchFolder folder;
    folder.fillStandard(); // broken.bvh, Walk1.BVH, walk2.bvh, walk10.bvh
    FolderBrowser browser;
    ASSERT_EQ(browser.open(folder.path(), false, 2), "");
    ASSERT_TRUE(settle(browser));
    std::vector<FolderEntry>& entries = browser.entries();
    for (FolderEntry& entry : entries) { // as FolderThumbnails does when the cache is full
        if (entry.thumbnail == ThumbnailState::Pending) {
            entry.thumbnailPose.reset();
            entry.thumbnail = ThumbnailState::Evicted;
        }
    }
    ASSERT_EQ(entries[1].thumbnail, ThumbnailState::Evicted);
    ASSERT_EQ(entries[3].thumbnail, ThumbnailState::Evicted);
    EXPECT_FALSE(browser.busy());

    browser.setVisibleRows(0, 2); // broken.bvh and Walk1.BVH on screen
    browser.update();
    EXPECT_EQ(entries[0].thumbnail, ThumbnailState::None); // nothing to read again
    EXPECT_EQ(entries[1].thumbnail, ThumbnailState::Waiting);
    EXPECT_EQ(entries[1].status, FileStatus::Warnings); // its facts stay meanwhile
    EXPECT_TRUE(browser.busy());
    ASSERT_TRUE(settle(browser));
    EXPECT_EQ(entries[1].thumbnail, ThumbnailState::Pending);
    ASSERT_TRUE(entries[1].thumbnailPose.has_value());
    EXPECT_EQ(entries[1].thumbnailPose->motion.frameCount, 1u);
    EXPECT_EQ(entries[3].thumbnail, ThumbnailState::Evicted); // off screen: not read
    EXPECT_EQ(browser.workerCount(), 0u);

    browser.setVisibleRows(2, 4);
    browser.update();
    ASSERT_TRUE(settle(browser));
    EXPECT_EQ(entries[3].thumbnail, ThumbnailState::Pending);
    EXPECT_EQ(entries[3].status, FileStatus::Warnings);
    EXPECT_EQ(entries[3].facts->summary.joints, 31u);
}

// The viewer's frames wait for a change on screen while summaries come (browser_pacing.h): the
// rows on screen, their summaries and settled thumbnails, and nothing of rows off screen.
TEST(FolderBrowser, OnScreenProgressCountsOnlyTheRowsOnScreen) {
    const ScratchFolder folder;
    folder.fillStandard(); // broken.bvh, Walk1.BVH, walk2.bvh, walk10.bvh
    FolderBrowser browser;
    ASSERT_EQ(browser.open(folder.path(), false, 2), "");
    browser.setVisibleRows(0, 2);
    ASSERT_TRUE(settle(browser));
    const FolderBrowser::OnScreenProgress settled = browser.onScreenProgress();
    EXPECT_EQ(settled.entries, (std::vector<std::size_t>{0, 1}));
    EXPECT_EQ(settled.summarised, 2u);
    EXPECT_EQ(settled.thumbnailsSettled, 1u); // broken.bvh has none to draw; Walk1 is pending

    std::vector<FolderEntry>& entries = browser.entries();
    entries[3].thumbnail = ThumbnailState::Drawn; // off screen, as FolderThumbnails draws ahead
    EXPECT_EQ(browser.onScreenProgress(), settled);
    entries[1].thumbnail = ThumbnailState::Drawn;
    EXPECT_EQ(browser.onScreenProgress().thumbnailsSettled, 2u);
    EXPECT_NE(browser.onScreenProgress(), settled);

    const FolderBrowser::OnScreenProgress drawn = browser.onScreenProgress();
    browser.setVisibleRows(1, 3);
    EXPECT_NE(browser.onScreenProgress(), drawn);
    EXPECT_EQ(browser.onScreenProgress().entries, (std::vector<std::size_t>{1, 2}));
}

// The panel tells the Browser its rows on screen only when they changed (so an unchanged list
// lets the viewer sleep): rows past the list count as its end.
TEST(FolderBrowser, VisibleRowsDifferOnlyWhenSettingThemWouldChangeThem) {
    const ScratchFolder folder;
    folder.fillStandard(); // 4 takes
    FolderBrowser browser;
    ASSERT_EQ(browser.open(folder.path(), false, 2), "");
    EXPECT_FALSE(browser.visibleRowsDiffer(0, 0)); // nothing on screen yet
    EXPECT_FALSE(browser.visibleRowsDiffer(9, 0)); // an empty clip: nothing
    EXPECT_TRUE(browser.visibleRowsDiffer(0, 2));
    browser.setVisibleRows(0, 2);
    EXPECT_FALSE(browser.visibleRowsDiffer(0, 2));
    EXPECT_TRUE(browser.visibleRowsDiffer(1, 3));
    browser.setVisibleRows(1, 9);
    EXPECT_EQ(browser.visibleLast(), 4u);
    EXPECT_FALSE(browser.visibleRowsDiffer(1, 9)); // past the end: the same rows
    EXPECT_FALSE(browser.visibleRowsDiffer(1, 4));
}

TEST(FolderBrowser, AHierarchyBeyondTheSummarysBudgetIsTooLargeNotAnError) {
    const ScratchFolder folder;
    const std::string text = millionJointHierarchy();
    folder.write("joints.bvh", text);
    FolderBrowser browser;
    ASSERT_EQ(browser.open(folder.path(), false, 1), "");
    ASSERT_TRUE(settle(browser));
    ASSERT_EQ(browser.entries().size(), 1u);
    const FolderEntry& entry = browser.entries()[0];
    EXPECT_EQ(entry.status, FileStatus::TooLarge);
    EXPECT_EQ(entry.thumbnail, ThumbnailState::None);
    EXPECT_STREQ(fileStatusName(entry.status), "too-large");
}

} // namespace
