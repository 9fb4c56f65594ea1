// Paused means asleep: a viewer with nothing moving waits for events instead of drawing the
// same picture again (app/viewer/viewer_app.cpp, FrameLoop::awaitFrame). --bench-idle counts
// the frames drawn while it idles, with nothing open or with a folder in the Browser; the CPU
// time it prints is the README's figure, not a test.
#include "tests/app/folder/folder_test_support.h"
#include "tests/gui/gui_test_support.h"

#include <gtest/gtest.h>
#include <regex>
#include <string>

using namespace bvhscope::gui_test;
using bvhscope::folder_test::ScratchFolder;

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

// The Browser open, its takes summarised and drawn: its list tells the session which rows are
// on screen only when they change, so the viewer sleeps as it does without a folder.
TEST(Idle, WithTheBrowserOpenAPausedViewerStillDrawsNoFrames) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const ScratchFolder takes;
    takes.fillStandard();
    // The pointer goes to the screen's far corner, off the 900x600 window: a Browser cell under
    // a pointer that an earlier test left there plays its take, as it should, 10 pictures a
    // second. The Browser's motion index goes to the test's own cache folder, never the user's.
    const std::string pointerAway = "eval $(xdotool getdisplaygeometry --shell) && "
                                    "xdotool mousemove $((WIDTH - 1)) $((HEIGHT - 1)) && ";
    // A viewer that never settles never starts measuring: `timeout` bounds the test.
    const std::string command = pointerAway + "XDG_CONFIG_HOME='" +
                                (dir.path() / "config").string() + "' XDG_CACHE_HOME='" +
                                (dir.path() / "cache").string() + "' timeout 60 '" +
                                BVHSCOPE_EXECUTABLE + "' --size 900x600 --bench-idle 2 '" +
                                takes.path().string() + "' 2>/dev/null";
    const std::optional<std::string> output = runCommand(command);
    ASSERT_TRUE(output) << "the viewer failed";
    const std::regex line(R"(bench-idle: ([0-9.]+) s paused: .* (\d+) frames drawn)");
    std::smatch match;
    ASSERT_TRUE(std::regex_search(*output, match, line)) << *output;
    EXPECT_EQ(std::stoi(match[2].str()), 0) << *output;
}

} // namespace
