// High-DPI: the viewer's fonts and widgets follow the window's content scale. GLFW on X11
// derives that scale from the Xft.dpi resource (96 dpi = 1.0), read when GLFW starts, so each
// run gets a private X server with its own resource database: setting 192 dpi cannot leak into
// the other GUI tests sharing the suite's display.
#include "tests/gui/gui_test_support.h"

#include <gtest/gtest.h>

using namespace bvhscope::gui_test;

namespace {

std::optional<ViewerStateFile> stateAtDpi(const TempDir& dir, int dpi) {
    return viewerStateAtDpi(dir, dpi, "1600x1000", {"--size", "1200x800"}, std::to_string(dpi));
}

TEST(ContentScale, DoubleDpiDoublesTheWidgets) {
    if (!runCommand("command -v xrdb >/dev/null && command -v xvfb-run >/dev/null")) {
        GTEST_SKIP() << "needs xrdb and xvfb-run (tools/install-deps.sh installs them)";
    }
    const TempDir dir;
    const auto normal = stateAtDpi(dir, 96);
    const auto doubled = stateAtDpi(dir, 192);
    ASSERT_TRUE(normal.has_value()) << "the viewer did not run at 96 dpi";
    ASSERT_TRUE(doubled.has_value()) << "the viewer did not run at 192 dpi";
    // A joint tree row is one line of text plus frame padding: all of it scales.
    const std::string row = "tree:0:Spine";
    ASSERT_TRUE(normal->rects.contains(row) && doubled->rects.contains(row));
    EXPECT_NEAR(doubled->rects.at(row).height / normal->rects.at(row).height, 2.0, 0.15);
    ASSERT_TRUE(normal->rects.contains("timeline") && doubled->rects.contains("timeline"));
    EXPECT_NEAR(doubled->rects.at("timeline").height / normal->rects.at("timeline").height, 2.0,
                0.2);
}

} // namespace
