// Files dropped on the window through real XDND (tests/gui/xdnd_drop.cpp as the drag source)
// open as new characters; a bad file shows its FILE:LINE:COL errors and closes nothing.
#include "tests/gui/gui_test_support.h"

#include <fstream>
#include <gtest/gtest.h>
#include <optional>
#include <regex>

using namespace bvhscope::gui_test;

namespace {

// A viewer showing the bundled sample, and its window to drop on.
class Drop : public testing::Test {
protected:
    void SetUp() override {
        BVHSCOPE_REQUIRE_DISPLAY();
        viewer.emplace(dir, std::vector<std::string>{"--frame", "0", "--size", "1200x800"});
        ASSERT_TRUE(
            viewer->waitForState([](const ViewerStateFile& s) { return s.fileNames.size() == 1; }));
        window = viewer->windowId();
        ASSERT_FALSE(window.empty());
    }

    const TempDir dir;
    std::optional<ViewerProcess> viewer;
    std::string window;
};

TEST_F(Drop, DroppedFilesOpenAsNewCharacters) {

    // A name with a space, to check the URI round trip.
    const auto copy = dir.path() / "cmu example.bvh";
    std::filesystem::copy_file(
        std::string(BVHSCOPE_SOURCE_DIR) + "/tests/data/seed_cmu_example.bvh", copy);
    ASSERT_TRUE(dropOnWindow(window, {copy, std::filesystem::path(BVHSCOPE_SOURCE_DIR) /
                                                "tests/data/seed_character_studio_example.bvh"}));
    const auto state =
        viewer->waitForState([](const ViewerStateFile& s) { return s.fileNames.size() == 3; });
    ASSERT_TRUE(state.has_value()) << "the dropped files did not open";
    EXPECT_EQ(state->fileNames[1], "cmu example.bvh");
    EXPECT_EQ(state->fileNames[2], "seed_character_studio_example.bvh");
    EXPECT_TRUE(state->errors.empty());
}

// A name outside ASCII with spaces, in a folder named in Japanese: GLFW hands the viewer UTF-8
// (decoded from the URI's percent escapes) and the Files panel shows the name as it is.
TEST_F(Drop, ANonAsciiNameWithSpacesOpensAndIsShownAsItIs) {

    const std::string name = "Zo\xC3\xAB take 1.bvh"; // "Zoë take 1.bvh"
    const auto folder =
        dir.path() / "\xE3\x83\xA2\xE3\x83\xBC\xE3\x82\xB7\xE3\x83\xA7\xE3\x83\xB3"; // モーション
    std::filesystem::create_directories(folder);
    const auto copy = folder / name;
    std::filesystem::copy_file(
        std::string(BVHSCOPE_SOURCE_DIR) + "/tests/data/seed_cmu_example.bvh", copy);
    ASSERT_TRUE(dropOnWindow(window, {copy}));
    const auto state =
        viewer->waitForState([](const ViewerStateFile& s) { return s.fileNames.size() == 2; });
    ASSERT_TRUE(state.has_value()) << "the dropped file did not open";
    EXPECT_EQ(state->fileNames[1], name);
    EXPECT_TRUE(state->errors.empty()) << state->errors.front();
}

TEST_F(Drop, ABadFileShowsDiagnosticsAndKeepsWhatIsOpen) {

    const auto bad = dir.path() / "bad.bvh";
    std::ofstream(bad) << "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n  CHANNELS 3 Xposition\n";
    ASSERT_TRUE(dropOnWindow(window, {bad}));
    const auto state =
        viewer->waitForState([](const ViewerStateFile& s) { return !s.errors.empty(); });
    ASSERT_TRUE(state.has_value()) << "no error reported for the bad file";
    EXPECT_EQ(state->fileNames.size(), 1u);
    EXPECT_TRUE(
        std::regex_search(state->errors.front(), std::regex("bad\\.bvh:[0-9]+:[0-9]+: error: ")))
        << state->errors.front();
}

} // namespace
