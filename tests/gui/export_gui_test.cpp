// File > Export in the real viewer: mark a range with [ and ], pick File > Export... with
// xdotool, export beside the input, and check the file; then aim the export at the input itself
// and check it is refused and the input is unchanged.
#include "core/reader/document.h"
#include "tests/gui/gui_test_support.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <thread>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

class ExportGui : public SampleCopyGui {
protected:
    void SetUp() override {
        BVHSCOPE_REQUIRE_DISPLAY();
        // Files load in the background and --frame applies once they have: wait for both, or
        // a key pressed early would mark the range from frame 0.
        startOnSampleCopy({"--frame", "2", "--size", "1200x800"}, [](const ViewerStateFile& state) {
            return hasRect(state, "menu:File") && state.fileNames.size() == 1 && !state.loading &&
                   state.frame == 2;
        });
    }

    void openExportDialog() {
        click("menu:File");
        click("menu:File>Export");
        ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
            return hasRect(state, "export:Export");
        })) << "the export dialog did not open";
    }
};

TEST_F(ExportGui, ExportsTheTimelineRangeBesideTheInput) {
    // Mark frames 2 to 5 as the range: [ at frame 2, three steps, ].
    ASSERT_TRUE(xdotool("mousemove --window " + window_ + " 600 60 windowfocus --sync " + window_ +
                        " key bracketleft"));
    for (std::int64_t expected = 3; expected <= 5; ++expected) {
        ASSERT_TRUE(xdotool("key Right"));
        ASSERT_TRUE(viewer_->waitForState([&](const ViewerStateFile& state) {
            return state.frame == expected;
        })) << "Right did not step to frame "
            << expected;
    }
    ASSERT_TRUE(xdotool("key bracketright"));

    openExportDialog();
    click("export:Export");
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return hasRect(state, "export:result:ok");
    })) << "no success message";

    const std::filesystem::path exported = dir_.path() / "walk_export.bvh";
    ASSERT_TRUE(std::filesystem::exists(exported));
    const bvh::Document document = bvh::loadDocument(exported);
    ASSERT_TRUE(document.loaded());
    EXPECT_EQ(document.motion.frameCount, 4u);
    EXPECT_EQ(readAll(input_), inputBytes_);

    click("export:result:ok");
    EXPECT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return !hasRect(state, "export:Export") && hasRect(state, "menu:File");
    })) << "the dialog did not close after a successful export";
}

TEST_F(ExportGui, RefusesToExportOntoTheInput) {
    openExportDialog();
    click("export:path");
    ASSERT_TRUE(xdotool("key --clearmodifiers ctrl+a type --delay 5 '" + input_.string() + "'"));
    click("export:Export");
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return hasRect(state, "export:result:failed");
    })) << "the export onto the input was not refused";
    EXPECT_EQ(readAll(input_), inputBytes_);
    EXPECT_FALSE(std::filesystem::exists(dir_.path() / "walk_export.bvh"));
    // Nothing else was left beside the input (no temporary file).
    std::size_t bvhFiles = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir_.path())) {
        bvhFiles += entry.path().extension() == ".bvh" ? 1 : 0;
    }
    EXPECT_EQ(bvhFiles, 1u);
}

// Issue 42: a path longer than the field shows its end, where the name and the extension that
// chooses the format are, once the field is left; the whole path stays what is exported to.
TEST_F(ExportGui, ALongPathShowsItsEndInTheField) {
    openExportDialog();
    const std::string longPath =
        (dir_.path() / "a_folder_with_a_rather_long_name_for_the_takes_of_a_session" /
         "and_a_second_one_for_the_day_of_the_shoot_and_the_stage_it_was_on" /
         "Character_0042_walk_cycle_take_3_retargeted_export.gltf")
            .string();
    click("export:path");
    ASSERT_TRUE(viewer_->waitForState(
        [](const ViewerStateFile& state) { return hasRect(state, "export:path (typing)"); }));
    // Ctrl+A right after the click that gave the field the keyboard: the proposed path is
    // replaced whole (the chord reaches the field once it takes keys, never a frame early).
    ASSERT_TRUE(xdotool("key ctrl+a type --delay 2 '" + longPath + "'"));
    // All of it typed (while edited the field holds the whole path), then the field left.
    ASSERT_TRUE(viewer_->waitForState([&](const ViewerStateFile& state) {
        return hasRect(state, "shown:export:path=" + longPath);
    })) << "the path was not typed whole";
    ASSERT_TRUE(xdotool("key Tab"));
    const auto shown = viewer_->waitForState([](const ViewerStateFile& state) {
        return std::ranges::any_of(state.rects, [](const auto& entry) {
            return entry.first.starts_with("shown:export:path=...");
        });
    });
    ASSERT_TRUE(shown.has_value()) << "the long path was not shown by its end";
    for (const auto& [name, rect] : shown->rects) {
        if (name.starts_with("shown:export:path=")) {
            EXPECT_TRUE(name.ends_with("_retargeted_export.gltf")) << name;
        }
    }
    // Its folder does not exist: the result says nothing was written, every line inside the
    // window however long the path.
    click("export:Export");
    const auto failed = viewer_->waitForSettledState([](const ViewerStateFile& state) {
        return hasRect(state, "export:result:failed") && hasRect(state, "window:export-result");
    });
    ASSERT_TRUE(failed.has_value()) << "no failure message";
    const Rect result = failed->rects.at("window:export-result");
    EXPECT_GE(result.x, 0.0f);
    EXPECT_LE(result.x + result.width, 1200.0f) << "the result runs off the window";
}

} // namespace
