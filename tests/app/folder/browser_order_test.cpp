// The Browser's filter and sort (app/folder/browser_order.h) on hand-made rows, and a library
// (takes only in subfolders) opened with its subfolders.
#include "app/folder/browser_order.h"
#include "app/folder/folder_browser.h"
#include "core/analysis/motion_index.h"
#include "tests/app/folder/folder_test_support.h"
#include "tests/support/generated_library.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;
using namespace bvhscope::folder;

namespace {

FolderEntry summarisedRow(std::string name, std::uint32_t frames, double fps, std::size_t joints) {
    FolderEntry entry;
    entry.name = std::move(name);
    entry.path = "/library/" + entry.name;
    FileFacts facts;
    facts.loaded = true;
    facts.summary.framesPresent = frames;
    facts.summary.framesPerSecond = fps;
    facts.summary.joints = joints;
    facts.summary.durationSeconds = frames > 1 ? (frames - 1) / fps : 0.0;
    entry.facts = std::move(facts);
    entry.status = FileStatus::Ok;
    return entry;
}

std::vector<FolderEntry> libraryRows() {
    std::vector<FolderEntry> rows;
    rows.push_back(summarisedRow("dataset-1/data/dataset-1_kick_angry_001.bvh", 400, 30.0, 22));
    rows.push_back(summarisedRow("dataset-1/data/dataset-1_walk_Angry_002.bvh", 250, 120.005, 22));
    rows.push_back(summarisedRow("dataset-2/data/dataset-2_walk_happy_001.bvh", 301, 30.0, 31));
    FolderEntry queued; // not summarised yet
    queued.name = "dataset-2/data/dataset-2_kick_happy_002.bvh";
    rows.push_back(std::move(queued));
    return rows;
}

std::vector<std::size_t> kept(const std::vector<FolderEntry>& rows, std::string_view text) {
    return orderedRows(rows, parseBrowserFilter(text), {});
}

TEST(BrowserFilter, WordsKeepPathsHoldingAllOfThemIgnoringCase) {
    const auto rows = libraryRows();
    EXPECT_EQ(kept(rows, ""), (std::vector<std::size_t>{0, 1, 2, 3}));
    EXPECT_EQ(kept(rows, "kick"), (std::vector<std::size_t>{0, 3}));
    EXPECT_EQ(kept(rows, "ANGRY"), (std::vector<std::size_t>{0, 1}));
    EXPECT_EQ(kept(rows, "walk  angry"), (std::vector<std::size_t>{1}));
    EXPECT_EQ(kept(rows, "dataset-2/"), (std::vector<std::size_t>{2, 3}));
    EXPECT_EQ(kept(rows, "kick sad"), (std::vector<std::size_t>{}));
}

TEST(BrowserFilter, FieldTermsCompareSummaries) {
    const auto rows = libraryRows();
    EXPECT_EQ(kept(rows, "frames>300"), (std::vector<std::size_t>{0, 2}));
    EXPECT_EQ(kept(rows, "frames>=301"), (std::vector<std::size_t>{0, 2}));
    EXPECT_EQ(kept(rows, "frames<301"), (std::vector<std::size_t>{1}));
    EXPECT_EQ(kept(rows, "fps:120"), (std::vector<std::size_t>{1})); // 120.005 is 120 fps
    EXPECT_EQ(kept(rows, "FPS=30"), (std::vector<std::size_t>{0, 2}));
    EXPECT_EQ(kept(rows, "joints:22 walk"), (std::vector<std::size_t>{1}));
    EXPECT_EQ(kept(rows, "duration<5"), (std::vector<std::size_t>{1})); // 249 / 120 s
    // The row not summarised is kept by words, not by fields until it is known.
    EXPECT_EQ(kept(rows, "happy frames>0"), (std::vector<std::size_t>{2}));
}

TEST(BrowserFilter, TermsNotUnderstoodAreSaidAndIgnored) {
    const BrowserFilter unknown = parseBrowserFilter("walk speed>3");
    EXPECT_EQ(unknown.words, (std::vector<std::string>{"walk"}));
    EXPECT_TRUE(unknown.terms.empty());
    EXPECT_NE(unknown.error.find("no field 'speed'"), std::string::npos) << unknown.error;
    const BrowserFilter noNumber = parseBrowserFilter("frames>lots fps:");
    EXPECT_TRUE(noNumber.terms.empty());
    EXPECT_NE(noNumber.error.find("'frames>lots': frames needs a number"), std::string::npos)
        << noNumber.error;
    // A word with punctuation that is not a field term stays a word ("take:2" has a digit
    // before the colon... no: only letters before an operator make a field).
    EXPECT_EQ(parseBrowserFilter("take2:b").words, (std::vector<std::string>{"take2:b"}));
}

TEST(BrowserSort, FactsByValueUnknownLastTiesInNaturalOrder) {
    const auto rows = libraryRows();
    const BrowserFilter none;
    EXPECT_EQ(orderedRows(rows, none, {BrowserColumn::Frames, false}),
              (std::vector<std::size_t>{1, 2, 0, 3}));
    EXPECT_EQ(orderedRows(rows, none, {BrowserColumn::Frames, true}),
              (std::vector<std::size_t>{0, 2, 1, 3}));
    EXPECT_EQ(orderedRows(rows, none, {BrowserColumn::Joints, false}),
              (std::vector<std::size_t>{0, 1, 2, 3}));
    EXPECT_EQ(orderedRows(rows, none, {BrowserColumn::Joints, true}),
              (std::vector<std::size_t>{2, 0, 1, 3}));
    EXPECT_EQ(orderedRows(rows, none, {BrowserColumn::Name, true}),
              (std::vector<std::size_t>{3, 2, 1, 0}));
    EXPECT_EQ(orderedRows(rows, parseBrowserFilter("walk"), {BrowserColumn::Fps, true}),
              (std::vector<std::size_t>{1, 2}));
}

TEST(FolderBrowserLibrary, AFolderWhoseTakesAreAllInSubfoldersOpensWithThem) {
    const bvhscope::folder_test::ScratchFolder folder;
    const auto takes = bvh::test::writeGeneratedLibrary(folder.path(), 1); // 15 in 2 subfolders
    FolderBrowser browser;
    ASSERT_EQ(browser.open(folder.path(), std::nullopt, 1), "");
    EXPECT_TRUE(browser.includesSubfolders());
    EXPECT_TRUE(browser.subfoldersIncludedForLibrary());
    EXPECT_EQ(browser.entries().size(), takes.size());
    EXPECT_EQ(browser.shownRows().size(), takes.size());
    EXPECT_EQ(browser.entries()[0].name.substr(0, 15), "dataset-1/data/");

    browser.setFilter("Kick");
    ASSERT_EQ(browser.shownRows().size(), 3U); // one per style
    for (const std::size_t row : browser.shownRows()) {
        EXPECT_NE(browser.entries()[row].name.find("_kick_"), std::string::npos);
    }

    // Chosen without subfolders, it stays without.
    ASSERT_EQ(browser.open(folder.path(), false, 1), "");
    EXPECT_FALSE(browser.includesSubfolders());
    EXPECT_FALSE(browser.subfoldersIncludedForLibrary());
    EXPECT_TRUE(browser.entries().empty());
    // A folder with a take of its own is not a library.
    folder.write("own.bvh", bvh::test::generatedTake("walk", "normal", {}));
    ASSERT_EQ(browser.open(folder.path(), std::nullopt, 1), "");
    EXPECT_FALSE(browser.includesSubfolders());
    EXPECT_EQ(browser.entries().size(), 1U);
}

} // namespace

namespace {

using bvh::test::generatedActionOf;

TEST(FolderBrowserLibrary, SimilarRanksTheTakesThatMoveAlikeFirst) {
    const bvhscope::folder_test::ScratchFolder folder;
    bvh::test::writeGeneratedLibrary(folder.path(), 2); // 30 takes, 6 per action
    FolderBrowser browser;
    ASSERT_EQ(browser.open(folder.path(), std::nullopt, 2), "");
    EXPECT_FALSE(browser.rankByLikeness(0)); // not summarised yet: nothing to compare
    ASSERT_TRUE(bvhscope::folder_test::pumpUntil([&] { browser.update(); },
                                                 [&] { return !browser.summarizing(); }));
    const std::size_t query = 7;
    const std::string action = generatedActionOf(browser.entries()[query].name);
    ASSERT_TRUE(browser.rankByLikeness(query));
    EXPECT_EQ(browser.sort().column, BrowserColumn::Likeness);
    EXPECT_EQ(browser.likenessQuery(), query);
    const std::vector<std::size_t>& rows = browser.shownRows();
    ASSERT_EQ(rows.size(), 30U);
    EXPECT_EQ(rows[0], query);
    for (std::size_t i = 1; i < 6; ++i) { // the other 5 takes of its action
        EXPECT_EQ(generatedActionOf(browser.entries()[rows[i]].name), action)
            << browser.entries()[rows[i]].name;
    }
    // The filter still applies; a sort chosen by a header ends the ranking.
    browser.setFilter("happy");
    EXPECT_EQ(browser.shownRows().size(), 10U); // 5 actions x 2 happy takes
    browser.setSort({BrowserColumn::Frames, false});
    EXPECT_FALSE(browser.likenessQuery().has_value());
}

} // namespace

namespace {

TEST(FolderBrowserLibrary, TheSummariesFeedTheMotionIndexThatSimilarReads) {
    const bvhscope::folder_test::ScratchFolder folder;
    const auto takes = bvh::test::writeGeneratedLibrary(folder.path() / "library", 1); // 15
    folder.write("library/dataset-1/data/broken.bvh", "HIERARCHY\nROOT\n");
    FolderBrowser browser;
    ASSERT_EQ(browser.open(folder.path() / "library", std::nullopt, 2), "");
    const auto indexFile = folder.path() / "cache" / "motion-index.bin";
    EXPECT_TRUE(browser.storeMotionIndex(indexFile).empty());
    EXPECT_FALSE(std::filesystem::exists(indexFile)); // not while summarising
    ASSERT_TRUE(bvhscope::folder_test::pumpUntil([&] { browser.update(); },
                                                 [&] { return !browser.summarizing(); }));
    EXPECT_TRUE(browser.storeMotionIndex(indexFile).empty());
    bvh::MotionIndex index = bvh::MotionIndex::read(indexFile);
    EXPECT_EQ(index.size(), 16U);
    // What `bvhscope similar` would measure itself, found under its own key and stamp.
    for (const auto& take : takes) {
        const bvh::TakeFeatures* kept =
            index.find(bvh::motionIndexKey(take), *bvh::takeStamp(take));
        ASSERT_NE(kept, nullptr) << take;
        EXPECT_TRUE(kept->loaded);
        EXPECT_EQ(kept->features, bvh::readTakeFeatures(take).features) << take;
    }
    const auto broken = folder.path() / "library" / "dataset-1" / "data" / "broken.bvh";
    const bvh::TakeFeatures* failed =
        index.find(bvh::motionIndexKey(broken), *bvh::takeStamp(broken));
    ASSERT_NE(failed, nullptr);
    EXPECT_FALSE(failed->loaded);
    EXPECT_NE(failed->error.find("broken.bvh:2:"), std::string::npos) << failed->error;
}

} // namespace
