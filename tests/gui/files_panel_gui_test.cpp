// The Files panel in the real viewer: Remove, then Ctrl+Z puts the file back where it was.
#include "tests/gui/gui_test_support.h"

#include <filesystem>
#include <gtest/gtest.h>

using namespace bvhscope::gui_test;

namespace {

TEST(FilesPanel, CtrlZUndoesRemoveInPlace) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto second = dir.path() / "second_take.bvh";
    std::filesystem::copy_file(kSample, second);
    ViewerProcess viewer(dir, {kSample, second.string(), "--size", "1280x720"});
    const auto started = viewer.waitForState([](const ViewerStateFile& state) {
        return !state.loading && state.fileNames.size() == 2 &&
               state.rects.contains("files:remove:0");
    });
    ASSERT_TRUE(started.has_value());
    const std::string window = viewer.windowId();
    ASSERT_TRUE(clickSettledRect(viewer, window, "files:remove:0"));
    const auto removed = viewer.waitForState(
        [](const ViewerStateFile& state) { return state.fileNames.size() == 1; });
    ASSERT_TRUE(removed.has_value()) << "Remove did not remove the first file";
    EXPECT_EQ(removed->fileNames[0], "second_take.bvh");
    // Over the view, so ImGui does not hold the keyboard.
    ASSERT_TRUE(xdotool("mousemove --window " + window + " 640 300 windowfocus --sync " + window +
                        " key ctrl+z"));
    const auto back = viewer.waitForState(
        [](const ViewerStateFile& state) { return state.fileNames.size() == 2; });
    ASSERT_TRUE(back.has_value()) << "Ctrl+Z did not bring the file back";
    EXPECT_EQ(back->fileNames[0], "sample_walk.bvh") << "back in its place";
    EXPECT_EQ(back->fileNames[1], "second_take.bvh");
}

} // namespace
