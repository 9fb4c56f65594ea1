// A viewer stopped by SIGTERM (a session manager, `kill`) or Ctrl+C exits as closing its window
// does: with status 0 and its settings saved.
#include "tests/gui/gui_test_support.h"

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

} // namespace
