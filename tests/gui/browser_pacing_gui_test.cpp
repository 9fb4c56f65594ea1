// The Browser's pacing in the real viewer (browser_pacing.h): while it summarises and draws
// thumbnails and the user does nothing, frames come when a row on screen changed (at most 4 a
// second) or once a second, a few frames after the startup's loads and commands, never as fast
// as the renderer goes. --print-load-timing gives the frames drawn while the folder was busy and
// how long it summarised and drew: a bound on frames per second the viewer itself measured,
// which a slow or loaded machine only lowers.
#include "tests/gui/gui_test_support.h"
#include "tests/support/generated_library.h"

#include <cmath>
#include <gtest/gtest.h>
#include <regex>
#include <string>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

TEST(BrowserPacingGui, WhileTheBrowserWorksAloneFramesComeAtMostFourASecond) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const std::filesystem::path library = dir.path() / "library";
    bvh::test::writeGeneratedLibrary(library, 20); // 300 takes
    // The pointer off the window: a cell under it would play its take, which is input's work.
    const std::string pointerAway = "eval $(xdotool getdisplaygeometry --shell) && "
                                    "xdotool mousemove $((WIDTH - 1)) $((HEIGHT - 1)) && ";
    const std::string command =
        pointerAway + "XDG_CONFIG_HOME='" + (dir.path() / "config").string() +
        "' XDG_CACHE_HOME='" + (dir.path() / "cache").string() + "' timeout 120 '" +
        BVHSCOPE_EXECUTABLE + "' --size 900x600 --print-load-timing " + "--screenshot '" +
        (dir.path() / "shot.png").string() + "' '" + library.string() + "' 2>/dev/null";
    const std::optional<std::string> output = runCommand(command);
    ASSERT_TRUE(output) << "the viewer failed";
    const std::regex line(
        R"(summarised ([0-9.]+) ms and thumbnails drawn ([0-9.]+) ms after listing; (\d+) UI frames)");
    std::smatch match;
    ASSERT_TRUE(std::regex_search(*output, match, line)) << *output;
    const double summarising = std::stod(match[1].str()) / 1000.0;
    const double drawingAhead = std::stod(match[2].str()) / 1000.0 - summarising;
    const int frames = std::stoi(match[3].str());
    // While summaries come with the pointer away, a frame a second (the rows on screen fill in
    // the first frames); then, drawing thumbnails ahead, 4 a second. Plus a few frames of
    // settling after the startup's loads and commands, one for each of the window system's own
    // events (the pointer entering, the focus) and one when the summaries end.
    constexpr int kStartupFrames = 8;
    EXPECT_LE(frames, std::ceil(summarising) + 4.0 * std::ceil(drawingAhead) + kStartupFrames)
        << *output;
}

} // namespace
