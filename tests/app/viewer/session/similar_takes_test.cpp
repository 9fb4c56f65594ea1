// The Selected panel's Similar (issue 39 item 4): with a folder browsed that holds the take,
// the Browser's rows are ranked as its right-click ranks them; without one, the other files
// open are ranked, the query left out, the same action first.
#include "app/viewer/io/file_loading.h"
#include "app/viewer/session/folder_navigation.h"
#include "app/viewer/session/similar_takes.h"
#include "core/reader/document.h"
#include "tests/app/folder/folder_test_support.h"
#include "tests/support/generated_library.h"

#include <gtest/gtest.h>

using namespace bvhscope::viewer;
using namespace bvhscope::folder;
using namespace bvhscope::scene;

namespace {

using bvh::test::generatedActionOf;

TEST(SimilarTakes, WithoutAFolderTheOtherFilesOpenAreRankedSameActionFirst) {
    const bvhscope::folder_test::ScratchFolder folder;
    const auto takes = bvh::test::writeGeneratedLibrary(folder.path(), 2); // 6 per action
    SessionState state;
    for (const auto& path : takes) {
        state.scene.add(
            makeCharacter(path.filename().string(), path.string(), bvh::loadDocument(path)));
    }
    const std::size_t query = 7;
    const std::string action = generatedActionOf(state.scene.characters()[query].clip->displayName);
    EXPECT_EQ(showSimilarTakes(state, query), SimilarShownIn::OpenFiles);
    const SimilarCharacters& similar = state.analysis.similar;
    ASSERT_TRUE(similar.isFor(state.scene, query));
    ASSERT_EQ(similar.ranked.size(), takes.size() - 1); // every other take, the query left out
    for (std::size_t i = 0; i < 5; ++i) {               // the other 5 takes of its action
        EXPECT_EQ(generatedActionOf(similar.ranked[i].name), action) << similar.ranked[i].name;
    }
    for (std::size_t i = 1; i < similar.ranked.size(); ++i) {
        EXPECT_LE(similar.ranked[i - 1].distance, similar.ranked[i].distance);
    }
    // Another file in the query's place ends the ranking; a character out of range ranks nothing.
    state.scene.characters()[query] =
        makeCharacter("other.bvh", takes[0].string(), bvh::loadDocument(takes[0]));
    EXPECT_FALSE(similar.isFor(state.scene, query));
    EXPECT_EQ(showSimilarTakes(state, takes.size()), SimilarShownIn::Nothing);
}

TEST(SimilarTakes, AFileWithoutMotionHasNothingToRank) {
    SessionState state;
    state.scene.add(makeCharacter(
        "still.bvh", "",
        bvh::parseDocument("HIERARCHY\nROOT Hips\n{\n OFFSET 0 0 0\n CHANNELS 3 Xposition "
                           "Yposition Zposition\n End Site\n {\n  OFFSET 0 10 0\n }\n}\n"
                           "MOTION\nFrames: 0\nFrame Time: 0.033333\n")));
    EXPECT_EQ(showSimilarTakes(state, 0), SimilarShownIn::Nothing);
    EXPECT_FALSE(state.analysis.similar.query.has_value());
}

TEST(SimilarTakes, WithTheFolderBrowsedTheBrowserRanksItsTakes) {
    const bvhscope::folder_test::ScratchFolder folder;
    bvh::test::writeGeneratedLibrary(folder.path(), 2);
    SessionState state;
    openPaths(state, {folder.path().string()}); // a library: its subfolders, its first take shown
    ASSERT_TRUE(bvhscope::folder_test::pumpUntil(
        [&] { updateFolderBrowsing(state); },
        [&] { return !state.folder.summarizing() && !state.folder.browseLoad; }));
    const auto browsed = browsedCharacter(state.scene);
    ASSERT_TRUE(browsed.has_value());
    ASSERT_TRUE(state.folder.current.has_value());
    EXPECT_EQ(showSimilarTakes(state, *browsed), SimilarShownIn::Browser);
    EXPECT_EQ(state.folder.likenessQuery(), state.folder.current);
    EXPECT_EQ(state.folder.sort().column, BrowserColumn::Likeness);
    const std::vector<std::size_t>& rows = state.folder.shownRows();
    ASSERT_EQ(rows.size(), 30U);
    EXPECT_EQ(rows[0], *state.folder.current);
    const std::string action = generatedActionOf(state.folder.entries()[rows[0]].name);
    for (std::size_t i = 1; i < 6; ++i) {
        EXPECT_EQ(generatedActionOf(state.folder.entries()[rows[i]].name), action);
    }
    EXPECT_FALSE(state.analysis.similar.query.has_value()); // nothing listed in the panel
}

} // namespace
