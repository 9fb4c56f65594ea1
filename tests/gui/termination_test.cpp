// A viewer stopped by SIGTERM (a session manager, `kill`) or Ctrl+C exits as closing its window
// does: with status 0 and its settings saved.
#include "tests/gui/gui_test_support.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace bvhscope::gui_test;

namespace {

TEST(Termination, SigtermSavesTheSettingsAndExitsCleanly) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    // ViewerProcess points XDG_CONFIG_HOME at <dir>/config.
    const auto settingsFile = dir.path() / "config" / "bvhscope" / "settings.ini";
    ViewerProcess viewer(dir, {"--size", "900x600"});
    ASSERT_TRUE(
        viewer.waitForState([](const ViewerStateFile& s) { return s.fileNames.size() == 1; }));
    ASSERT_FALSE(std::filesystem::exists(settingsFile)) << "saved before the end";

    EXPECT_EQ(viewer.terminate(), 0) << "killed by the signal instead of exiting";
    std::ifstream in(settingsFile);
    ASSERT_TRUE(in.good()) << "no settings saved at " << settingsFile;
    std::ostringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("window_width = 900"), std::string::npos) << text.str();
}

TEST(Settings, ASavedWindowLargerThanTheScreenFitsIt) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto settingsFile =
        writeConfigFile(dir, "settings.ini", "window_width = 99999999\nwindow_height = 99999999\n");
    ViewerProcess viewer(dir, {});
    const auto state =
        viewer.waitForState([](const ViewerStateFile& s) { return s.fileNames.size() == 1; });
    ASSERT_TRUE(state);
    // The test display is 1600 x 1000 (make test's Xvfb): the window is no larger.
    EXPECT_LE(state->windowWidth, 1600);
    EXPECT_LE(state->windowHeight, 1000);
    EXPECT_GE(state->windowWidth, 320);
    EXPECT_EQ(viewer.terminate(), 0);
    const std::string text = readAll(settingsFile);
    EXPECT_EQ(text.find("window_width = 99999999"), std::string::npos) << text;
}

TEST(Settings, ASettingsFolderThatCannotBeWrittenIsSaidInTheViewer) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    // A file where the settings folder should be: it can never be created.
    std::filesystem::create_directories(dir.path() / "config");
    std::ofstream(dir.path() / "config" / "bvhscope") << "not a folder";
    ViewerProcess viewer(dir, {});
    const auto state = viewer.waitForState(
        [](const ViewerStateFile& s) { return s.fileNames.size() == 1 && !s.errors.empty(); });
    ASSERT_TRUE(state);
    EXPECT_NE(state->errors.front().find("the settings will not be saved: cannot create"),
              std::string::npos)
        << state->errors.front();
    EXPECT_EQ(viewer.terminate(), 0);
}

} // namespace
