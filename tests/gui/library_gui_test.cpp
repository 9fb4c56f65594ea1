// A library of takes in the real viewer (issue 39): `bvhscope LIBRARY`, whose takes all lie in
// subfolders, opens with them and shows the first take; the subfolder choice is kept per folder;
// the filter keeps the takes whose paths hold every word; a header click sorts, a second click
// reverses; Page Down follows the filtered order; Similar in the Selected panel ranks the Browser's
// takes, or lists the other files open. Takes come from tests/support's generated
// library (`dataset-N_ACTION_STYLE_NNN.bvh` in dataset-1/data and dataset-2/data).
#include "core/analysis/motion_index.h"
#include "tests/gui/gui_test_support.h"
#include "tests/support/generated_library.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <map>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

class LibraryGui : public GeneratedLibraryGui {
protected:
    std::optional<ViewerStateFile> typeInFilter(const std::string& text) {
        const auto aimed = clickSettledRect(*viewer_, viewer_->windowId(), "browser:filter");
        if (!aimed) {
            return std::nullopt;
        }
        // Return ends the edit (the text stays): keys then go to the viewer, not the field.
        EXPECT_TRUE(xdotool("type --window " + viewer_->windowId() + " --delay 5 '" + text + "'"));
        EXPECT_TRUE(xdotool("key --window " + viewer_->windowId() + " Return"));
        return viewer_->waitForState([&](const ViewerStateFile& s) {
            return !s.browserRows.empty() && s.browserRows.size() < kLibraryTakes;
        });
    }
};

TEST_F(LibraryGui, ALibraryRootOpensWithItsSubfoldersShowsTheFirstTakeAndKeepsTheChoice) {
    const auto opened = viewer_->waitForState(librarySettled);
    ASSERT_TRUE(opened.has_value()) << "the library did not open with its subfolders";
    EXPECT_TRUE(opened->browserLibrary);
    ASSERT_EQ(opened->browserRows.size(), kLibraryTakes);
    // Natural order of the relative paths: dataset-1's jump takes first.
    EXPECT_EQ(fileNameOf(opened->browserRows[0]), "dataset-1_jump_happy_000.bvh");
    EXPECT_EQ(opened->folderCurrent, 0U); // the first take is shown at once
    EXPECT_EQ(opened->folderFiles[0].name, "dataset-1/data/dataset-1_jump_happy_000.bvh");
    // The summaries' motion features are kept for `bvhscope similar` in the (private) cache.
    const auto index = dir_.path() / "cache" / "bvhscope" / bvh::kMotionIndexFileName;
    EXPECT_EQ(bvh::MotionIndex::read(index).size(), kLibraryTakes);

    // Unticked: the folder shows its own takes (none), and opens so next time.
    ASSERT_TRUE(clickSettledRect(*viewer_, viewer_->windowId(), "browser:subfolders"));
    const auto without = viewer_->waitForState(
        [](const ViewerStateFile& s) { return !s.folder.empty() && s.folderFiles.empty(); });
    ASSERT_TRUE(without.has_value()) << "unticking did not list the folder alone";
    viewer_->terminate();
    start();
    const auto reopened = viewer_->waitForSettledState(
        [](const ViewerStateFile& s) { return !s.folder.empty() && s.folderFiles.empty(); });
    ASSERT_TRUE(reopened.has_value()) << "the choice was not kept";
    EXPECT_FALSE(reopened->browserLibrary);
}

TEST_F(LibraryGui, TheFilterKeepsTakesWhosePathsHoldEveryWordAndPageDownFollowsIt) {
    ASSERT_TRUE(viewer_->waitForState(librarySettled));
    const auto filtered = typeInFilter("KICK happy");
    ASSERT_TRUE(filtered.has_value()) << "typing did not filter";
    const auto settled = viewer_->waitForSettledState(
        [](const ViewerStateFile& s) { return s.browserRows.size() == 2; });
    ASSERT_TRUE(settled.has_value());
    std::vector<std::string> expected;
    for (const auto& take : takes_) {
        if (take.filename().string().find("_kick_happy_") != std::string::npos) {
            expected.push_back(take.filename().string());
        }
    }
    std::vector<std::string> shown;
    for (const std::string& row : settled->browserRows) {
        shown.push_back(fileNameOf(row));
    }
    EXPECT_EQ(shown, expected);

    // Page Down from a take the filter hides goes to the first row kept, then the next.
    ASSERT_TRUE(xdotool("mousemove --window " + viewer_->windowId() +
                        " 700 600 windowfocus --sync " + viewer_->windowId() + " key Next"));
    auto browsedIs = [](const std::string& name) {
        return [name](const ViewerStateFile& s) {
            return s.folderCurrent && *s.folderCurrent < s.folderFiles.size() &&
                   fileNameOf(s.folderFiles[*s.folderCurrent].name) == name && !s.folderOpening;
        };
    };
    ASSERT_TRUE(viewer_->waitForState(browsedIs(expected[0]))) << "Page Down did not follow";
    ASSERT_TRUE(xdotool("key Next"));
    ASSERT_TRUE(viewer_->waitForState(browsedIs(expected[1])));
    ASSERT_TRUE(xdotool("key Prior"));
    ASSERT_TRUE(viewer_->waitForState(browsedIs(expected[0])));
}

TEST_F(LibraryGui, AHeaderClickSortsAndASecondReverses) {
    ASSERT_TRUE(viewer_->waitForState(librarySettled));
    const auto byFrames = [&](bool descending) {
        return [descending](const ViewerStateFile& s) {
            if (s.browserSort != (descending ? "frames descending" : "frames ascending") ||
                s.browserRows.size() != kLibraryTakes) {
                return false;
            }
            std::map<std::string, std::uint32_t> frames;
            for (const auto& file : s.folderFiles) {
                frames[fileNameOf(file.name)] = file.frames;
            }
            for (std::size_t i = 1; i < s.browserRows.size(); ++i) {
                const auto before = frames[fileNameOf(s.browserRows[i - 1])];
                const auto after = frames[fileNameOf(s.browserRows[i])];
                if (descending ? before < after : before > after) {
                    return false;
                }
            }
            return true;
        };
    };
    ASSERT_TRUE(clickSettledRect(*viewer_, viewer_->windowId(), "browser:header:Frames"));
    ASSERT_TRUE(viewer_->waitForState(byFrames(false))) << "the first click did not sort";
    ASSERT_TRUE(clickSettledRect(*viewer_, viewer_->windowId(), "browser:header:Frames"));
    ASSERT_TRUE(viewer_->waitForState(byFrames(true))) << "the second click did not reverse";
}

} // namespace

namespace {

TEST_F(LibraryGui, ARightClickRanksTheTakesThatMoveAlikeFirst) {
    ASSERT_TRUE(viewer_->waitForState(librarySettled));
    // Row 0 is dataset-1_jump_happy_000.bvh: the other jumps (5) must come right after it.
    ASSERT_TRUE(
        clickSettledRect(*viewer_, viewer_->windowId(), "browser:row:0", Click::ofButton(3)));
    const auto ranked = viewer_->waitForState([](const ViewerStateFile& s) {
        return s.browserSort == "likeness ascending" && s.browserRows.size() == kLibraryTakes;
    });
    ASSERT_TRUE(ranked.has_value()) << "the right-click did not rank the takes";
    EXPECT_EQ(fileNameOf(ranked->browserRows[0]), "dataset-1_jump_happy_000.bvh");
    for (std::size_t i = 1; i < 6; ++i) {
        EXPECT_NE(fileNameOf(ranked->browserRows[i]).find("_jump_"), std::string::npos)
            << ranked->browserRows[i];
    }
    ASSERT_TRUE(clickSettledRect(*viewer_, viewer_->windowId(), "browser:likeness-clear"));
    ASSERT_TRUE(viewer_->waitForState(
        [](const ViewerStateFile& s) { return s.browserSort == "name ascending"; }));
}

// Item 4: Similar in the Selected panel ranks the Browser's takes by likeness to the take shown,
// as the right-click does.
TEST_F(LibraryGui, SimilarInTheSelectedPanelRanksTheBrowsersTakes) {
    const auto opened = viewer_->waitForState(librarySettled);
    ASSERT_TRUE(opened.has_value());
    ASSERT_TRUE(
        clickSettledRect(*viewer_, viewer_->windowId(), "tree:0:Hips", Click::atFraction(0.15f)));
    ASSERT_TRUE(clickSettledRect(*viewer_, viewer_->windowId(), "selection:similar"));
    const auto ranked = viewer_->waitForState([](const ViewerStateFile& s) {
        return s.browserSort == "likeness ascending" && s.browserRows.size() == kLibraryTakes;
    });
    ASSERT_TRUE(ranked.has_value()) << "Similar did not rank the Browser's takes";
    const std::string shown = fileNameOf(ranked->browserRows[0]);
    const std::string action = shown.substr(
        shown.find('_') + 1, shown.find('_', shown.find('_') + 1) - shown.find('_') - 1);
    for (std::size_t i = 1; i < 6; ++i) {
        EXPECT_NE(fileNameOf(ranked->browserRows[i]).find("_" + action + "_"), std::string::npos)
            << ranked->browserRows[i];
    }
}

// Without a folder browsed, Similar lists the other files open, nearest first.
TEST(SimilarGui, WithoutAFolderTheSelectedPanelListsTheOtherFilesOpen) {
    BVHSCOPE_REQUIRE_DISPLAY();
    TempDir dir;
    const auto takes = bvh::test::writeGeneratedLibrary(dir.path() / "library", 1); // 15
    // Two walks and a jump: the other walk is the nearest.
    std::vector<std::string> args;
    for (const auto& take : takes) {
        const std::string name = take.filename().string();
        if (name.find("_walk_normal_") != std::string::npos ||
            name.find("_walk_happy_") != std::string::npos ||
            name.find("_jump_normal_") != std::string::npos) {
            args.push_back(take.string());
        }
    }
    ASSERT_EQ(args.size(), 3u);
    args.insert(args.end(), {"--size", "1400x860", "--frame", "0"});
    ViewerProcess viewer(dir, args);
    ASSERT_TRUE(viewer.waitForState([](const ViewerStateFile& s) {
        return !s.loading && s.characters.size() == 3 && s.rects.contains("tree:0:Hips");
    }));
    ASSERT_TRUE(
        clickSettledRect(viewer, viewer.windowId(), "tree:0:Hips", Click::atFraction(0.15f)));
    ASSERT_TRUE(clickSettledRect(viewer, viewer.windowId(), "selection:similar"));
    const auto listed = viewer.waitForState(
        [](const ViewerStateFile& s) { return s.rects.contains("selection:similar:1"); });
    ASSERT_TRUE(listed.has_value()) << "Similar listed no other file";
    EXPECT_FALSE(listed->rects.contains("selection:similar:2")) << "the query is not listed";
}

} // namespace
