// The folder browser in the real viewer: `bvhscope DIR` lists the folder's captures with
// their facts (checked against core's reading of each file), Page Down/Page Up replace the
// browsed character and keep the camera and the selected joint, a click on a row shows that
// file and Ctrl+click adds it, a dropped folder opens in the browser, and the thumbnails in a
// screenshot show the figure.
#include "core/reader/document.h"
#include "tests/app/folder/folder_test_support.h"
#include "tests/gui/gui_test_support.h"

#include <cmath>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <sstream>

using namespace bvhscope;
using namespace bvhscope::gui_test;
using bvhscope::folder_test::ScratchFolder;

namespace {

std::string browsedName(const ViewerStateFile& state) {
    return state.browsed && *state.browsed < state.fileNames.size()
               ? state.fileNames[*state.browsed]
               : std::string("(none)");
}

// The folder is listed, summarised, its thumbnails drawn and its first file shown.
bool settled(const ViewerStateFile& state, std::size_t files) {
    return !state.folder.empty() && state.folderFiles.size() == files && !state.folderBusy &&
           state.browsed.has_value() && !state.loading;
}

class FolderBrowserGui : public testing::Test {
protected:
    void SetUp() override {
        BVHSCOPE_REQUIRE_DISPLAY();
        folder_.fillStandard();
        viewer_.emplace(dir_, std::vector<std::string>{folder_.path().string(), "--size",
                                                       "1400x860", "--frame", "0"});
        initial_ = viewer_->waitForState([](const ViewerStateFile& s) {
            return settled(s, 4) && s.rects.contains("tree:0:Hips");
        });
        ASSERT_TRUE(initial_.has_value()) << "the folder did not open";
        window_ = viewer_->windowId();
        ASSERT_FALSE(window_.empty()) << "no window found for the viewer";
    }

    ScratchFolder folder_;
    TempDir dir_;
    std::optional<ViewerProcess> viewer_;
    std::optional<ViewerStateFile> initial_;
    std::string window_;
};

TEST_F(FolderBrowserGui, ListsEveryCaptureWithItsFacts) {
    const ViewerStateFile& state = *initial_;
    EXPECT_EQ(state.folder, folder_.path().string());
    const std::vector<std::string> names = {"broken.bvh", "Walk1.BVH", "walk2.bvh", "walk10.bvh"};
    ASSERT_EQ(state.folderFiles.size(), names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
        const ViewerStateFile::FolderFile& row = state.folderFiles[i];
        EXPECT_EQ(row.name, names[i]);
        const bvh::Document document = bvh::loadDocument(folder_.path() / names[i]);
        if (!document.loaded()) {
            EXPECT_EQ(row.status, "error") << row.name;
            EXPECT_EQ(row.thumbnail, "none") << row.name;
            ASSERT_FALSE(row.diagnostics.empty()) << row.name;
            EXPECT_TRUE(std::regex_search(row.diagnostics[0],
                                          std::regex("broken\\.bvh:[0-9]+:[0-9]+: error: ")))
                << row.diagnostics[0];
            continue;
        }
        EXPECT_EQ(row.joints, document.skeleton.jointCount()) << row.name;
        EXPECT_EQ(row.frames, document.motion.frameCount) << row.name;
        EXPECT_NEAR(row.fps, document.motion.framesPerSecond(), 1e-4) << row.name;
        EXPECT_NEAR(row.duration, document.motion.duration(), 1e-5) << row.name;
        const std::size_t warnings = bvh::countWarnings(document.diagnostics);
        EXPECT_EQ(row.warnings, warnings) << row.name;
        EXPECT_EQ(row.status, warnings > 0 ? "warnings" : "ok") << row.name;
        EXPECT_EQ(row.thumbnail, "drawn") << row.name;
    }
    // The first file that loads is shown; the broken one before it is skipped quietly.
    EXPECT_EQ(browsedName(state), "Walk1.BVH");
    EXPECT_EQ(state.folderCurrent, 1u);
    EXPECT_TRUE(state.errors.empty());
    ASSERT_EQ(state.fileNames.size(), 1u); // no bundled sample with a folder
}

TEST_F(FolderBrowserGui, PageDownShowsTheNextFileFramedKeepingViewDirectionAndSelection) {
    const auto aimed = viewer_->waitForSettledState(
        [](const ViewerStateFile& s) { return s.rects.contains("tree:0:Hips"); }, {"tree:0:Hips"});
    ASSERT_TRUE(aimed);
    const Rect hips = aimed->rects.at("tree:0:Hips");
    ASSERT_TRUE(clickAt(window_, hips.x + 30, hips.centerY()));
    const auto selected =
        viewer_->waitForState([](const ViewerStateFile& s) { return s.selected == "0 Hips"; });
    ASSERT_TRUE(selected.has_value()) << "Hips was not selected";
    const render::OrbitCamera camera = selected->camera;

    // Over the view (not a panel), the window focused, then XTEST keys.
    ASSERT_TRUE(xdotool("mousemove --window " + window_ + " 700 600 windowfocus --sync " + window_ +
                        " key Next"));
    const auto next = viewer_->waitForState(
        [](const ViewerStateFile& s) { return browsedName(s) == "walk2.bvh" && !s.folderOpening; });
    ASSERT_TRUE(next.has_value()) << "Page Down did not show walk2.bvh";
    EXPECT_EQ(next->folderCurrent, 2u);
    EXPECT_EQ(next->fileNames.size(), 1u); // replaced, not added
    EXPECT_EQ(next->selected, "0 Hips");
    // The view direction stays; the new figure is framed where it stands (issue 16: never an
    // empty view after Page Down), so target and distance follow the new file.
    EXPECT_NEAR(next->camera.yawRadians, camera.yawRadians, 1e-5);
    EXPECT_NEAR(next->camera.pitchRadians, camera.pitchRadians, 1e-5);
    EXPECT_GT(next->camera.distance, 0.5f);
    EXPECT_LT(next->camera.distance, 6.0f) << "a 1.7 m figure fills the view";

    ASSERT_TRUE(xdotool("key Prior"));
    const auto previous = viewer_->waitForState(
        [](const ViewerStateFile& s) { return browsedName(s) == "Walk1.BVH" && !s.folderOpening; });
    ASSERT_TRUE(previous.has_value()) << "Page Up did not go back to Walk1.BVH";
    EXPECT_EQ(previous->selected, "0 Hips");
    EXPECT_NEAR(previous->camera.distance, camera.distance, 1e-5);
}

TEST_F(FolderBrowserGui, ClickShowsARowCtrlClickAddsIt) {
    const auto aimed = viewer_->waitForSettledState(
        [](const ViewerStateFile& s) { return s.rects.contains("browser:row:2"); },
        {"browser:row:2"});
    ASSERT_TRUE(aimed);
    const Rect row = aimed->rects.at("browser:row:2");
    ASSERT_TRUE(clickAt(window_, row.x + 150, row.centerY()));
    const auto shown = viewer_->waitForState(
        [](const ViewerStateFile& s) { return browsedName(s) == "walk2.bvh"; });
    ASSERT_TRUE(shown.has_value()) << "the click did not show walk2.bvh";
    EXPECT_EQ(shown->fileNames.size(), 1u);

    const auto settledRows = viewer_->waitForSettledState(
        [](const ViewerStateFile& s) { return s.rects.contains("browser:row:1"); },
        {"browser:row:1"});
    ASSERT_TRUE(settledRows);
    const Rect other = settledRows->rects.at("browser:row:1");
    ASSERT_TRUE(xdotool("windowfocus --sync " + window_));
    ASSERT_TRUE(clickAt(window_, other.x + 150, other.centerY(), Click::withModifiers("ctrl")));
    const auto added = viewer_->waitForState(
        [](const ViewerStateFile& s) { return s.fileNames.size() == 2 && !s.loading; });
    ASSERT_TRUE(added.has_value()) << "Ctrl+click did not add Walk1.BVH";
    EXPECT_EQ(browsedName(*added), "walk2.bvh");
    ASSERT_TRUE(added->browsed.has_value());
    EXPECT_EQ(added->fileNames[1 - *added->browsed], "Walk1.BVH");
}

TEST_F(FolderBrowserGui, ThumbnailsInTheScreenshotShowTheFigure) {
    const auto png = dir_.path() / "folder.png";
    const auto stateFile = dir_.path() / "screenshot-state.txt";
    ASSERT_EQ(
        runViewerToCompletion(dir_, {folder_.path().string(), "--screenshot", png.string(),
                                     "--size", "1400x860", "--state-out", stateFile.string()}),
        0);
    const auto state = readStateFile(stateFile);
    ASSERT_TRUE(state.has_value());
    ASSERT_TRUE(settled(*state, 4)) << "the screenshot did not wait for the folder";
    // A row under the pointer plays its take in place of its thumbnail (a smaller figure, framed
    // over the whole clip): the viewer starts with the pointer parked away from its window.
    ASSERT_FALSE(state->browserPlaying.has_value())
        << "row " << state->browserPlaying->first << " plays under the pointer";
    const auto pixels = loadPng(png);
    ASSERT_TRUE(pixels.has_value());
    // Pixels of the thumbnails' figure colour (the first palette colour, orange, lit or shaded).
    auto figurePixels = [&](const Rect& rect) {
        int count = 0;
        for (int y = static_cast<int>(rect.y); y < static_cast<int>(rect.y + rect.height); ++y) {
            for (int x = static_cast<int>(rect.x); x < static_cast<int>(rect.x + rect.width); ++x) {
                if (x < 0 || y < 0 || x >= pixels->width || y >= pixels->height) {
                    continue;
                }
                const std::uint8_t* p = pixels->at(x, y);
                count += p[0] > 90 && p[0] > p[1] + 20 && p[1] > p[2] + 10 ? 1 : 0;
            }
        }
        return count;
    };
    int drawnSeen = 0;
    for (std::size_t i = 0; i < state->folderFiles.size(); ++i) {
        const auto rect = state->rects.find("browser:thumb:" + std::to_string(i));
        const Rect browser = state->rects.at("window:Browser");
        if (rect == state->rects.end() ||
            rect->second.y + rect->second.height > browser.y + browser.height) {
            continue; // scrolled out of the list, or cut by its bottom edge
        }
        // Pictures up to 64 pixels, smaller where three rows would not fit the dock otherwise
        // (55 at 1400x860), never so small that the figure is a speck.
        ASSERT_GE(rect->second.width, 48.0f);
        const int figure = figurePixels(rect->second);
        if (state->folderFiles[i].thumbnail == "drawn") {
            // 150 figure pixels in a 64-pixel picture, fewer in a smaller one.
            const float scale = rect->second.width / 64.0f;
            EXPECT_GT(figure, static_cast<int>(150.0f * scale * scale))
                << state->folderFiles[i].name;
            ++drawnSeen;
        } else {
            EXPECT_EQ(figure, 0) << state->folderFiles[i].name;
        }
    }
    EXPECT_GE(drawnSeen, 1);
}

TEST(FolderBrowserDrop, ADroppedFolderOpensInTheBrowser) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const ScratchFolder folder;
    folder.fillStandard();
    const TempDir dir;
    ViewerProcess viewer(dir, {"--frame", "0", "--size", "1200x800"});
    ASSERT_TRUE(
        viewer.waitForState([](const ViewerStateFile& s) { return s.fileNames.size() == 1; }));
    const std::string window = viewer.windowId();
    ASSERT_FALSE(window.empty());
    ASSERT_TRUE(dropOnWindow(window, {folder.path()}));
    const auto state = viewer.waitForState(
        [](const ViewerStateFile& s) { return settled(s, 4) && s.fileNames.size() == 2; });
    ASSERT_TRUE(state.has_value()) << "the dropped folder did not open";
    EXPECT_EQ(state->folder, folder.path().string());
    EXPECT_EQ(state->fileNames[0], "sample_walk.bvh"); // what was open stays
    EXPECT_EQ(browsedName(*state), "Walk1.BVH");
}

TEST(FolderBrowserMenu, FileOpenTakesAFolderTypedIntoTheChooser) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const ScratchFolder folder;
    folder.fillStandard();
    const TempDir dir;
    ViewerProcess viewer(dir, {"--frame", "0", "--size", "1200x800"});
    ASSERT_TRUE(viewer.waitForState([](const ViewerStateFile& s) {
        return s.fileNames.size() == 1 && s.rects.contains("menu:File");
    }));
    const std::string window = viewer.windowId();
    ASSERT_FALSE(window.empty());
    auto click = [&](const std::string& name) {
        ASSERT_TRUE(clickSettledRect(viewer, window, name));
    };
    click("menu:File");
    click("menu:File>Open file or folder");
    // Without a desktop chooser the viewer's own opens with its path field taking the keyboard:
    // type the folder, press Enter to show it, then open it in the Browser.
    ASSERT_TRUE(viewer.waitForState([](const ViewerStateFile& s) {
        return s.rects.contains("chooser:typed (typing)");
    })) << "the chooser's path field did not take the keyboard";
    ASSERT_TRUE(xdotool("windowfocus --sync " + window + " type --delay 5 '" +
                        folder.path().string() + "'"));
    ASSERT_TRUE(xdotool("key Return"));
    ASSERT_TRUE(viewer.waitForState([&](const ViewerStateFile& s) {
        return s.rects.contains("chooser:folder:" + folder.path().string());
    })) << "the typed folder is not shown in the chooser";
    click("chooser:browse-folder");
    const auto state = viewer.waitForState(
        [](const ViewerStateFile& s) { return settled(s, 4) && s.fileNames.size() == 2; });
    ASSERT_TRUE(state.has_value()) << "the typed folder did not open";
    EXPECT_EQ(state->folder, folder.path().string());
    EXPECT_EQ(browsedName(*state), "Walk1.BVH");
}

} // namespace
