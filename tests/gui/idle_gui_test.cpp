// Paused means asleep: a viewer with nothing moving waits for events instead of drawing the
// same picture again (app/viewer/viewer_app.cpp, FrameLoop::awaitFrame). --bench-idle counts
// the frames drawn while it idles; the CPU time it prints is the README's figure, not a test.
#include "tests/gui/gui_test_support.h"

#include <gtest/gtest.h>
#include <regex>
#include <string>

using namespace bvhscope::gui_test;

namespace {

TEST(Idle, APausedViewerDrawsNoFramesUntilSomethingHappens) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const std::string command = "XDG_CONFIG_HOME='" + (dir.path() / "config").string() + "' '" +
                                BVHSCOPE_EXECUTABLE + "' --size 900x600 --bench-idle 2 2>/dev/null";
    const std::optional<std::string> output = runCommand(command);
    ASSERT_TRUE(output) << "the viewer failed";
    const std::regex line(
        R"(bench-idle: ([0-9.]+) s paused: CPU ([0-9.]+) s .* (\d+) frames drawn)");
    std::smatch match;
    ASSERT_TRUE(std::regex_search(*output, match, line)) << *output;
    EXPECT_GE(std::stod(match[1].str()), 2.0);
    // Playing, the same viewer draws a frame per screen refresh; paused, none at all.
    EXPECT_EQ(std::stoi(match[3].str()), 0) << *output;
}

} // namespace
