#include "app/viewer/io/settings_store.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace bvhscope::viewer;

TEST(SettingsStore, RoundTripsEveryValue) {
    ViewerSettings settings;
    settings.boneStyle = bvhscope::render::BoneStyle::Octahedral;
    settings.boneThickness = 2.5f;
    settings.showGrid = false;
    settings.backgroundColor = {0.5f, 0.25f, 0.125f};
    settings.playbackSpeed = 0.5f;
    settings.followSelection = true;
    settings.upAxis = UpAxisChoice::PositiveZ;
    settings.unit = UnitChoice::Inch;
    settings.windowWidth = 1000;
    const ViewerSettings read = parseSettings(serializeSettings(settings));
    EXPECT_EQ(read.boneStyle, settings.boneStyle);
    EXPECT_FLOAT_EQ(read.boneThickness, 2.5f);
    EXPECT_FALSE(read.showGrid);
    EXPECT_FLOAT_EQ(read.backgroundColor.g, 0.25f);
    EXPECT_FLOAT_EQ(read.playbackSpeed, 0.5f);
    EXPECT_TRUE(read.followSelection);
    EXPECT_EQ(read.upAxis, UpAxisChoice::PositiveZ);
    EXPECT_EQ(read.unit, UnitChoice::Inch);
    EXPECT_EQ(read.windowWidth, 1000);
}

TEST(SettingsStore, TheBodyLookIsKeptAndOldFilesStillRead) {
    ViewerSettings settings;
    settings.boneStyle = bvhscope::render::BoneStyle::Body;
    const std::string text = serializeSettings(settings);
    EXPECT_NE(text.find("bone_style = body"), std::string::npos) << text;
    EXPECT_EQ(parseSettings(text).boneStyle, bvhscope::render::BoneStyle::Body);
    // A file from before the body look: its words mean what they meant.
    EXPECT_EQ(parseSettings("bone_style = line\n").boneStyle, bvhscope::render::BoneStyle::Line);
    EXPECT_EQ(parseSettings("bone_style = capsule\n").boneStyle,
              bvhscope::render::BoneStyle::Capsule);
}

// Issue 42: the link from a static root is hidden by default, also for a file written before
// (which holds the old key with its old default), and the new settings are kept.
TEST(SettingsStore, IssueFortyTwosDefaultsAndChoicesAreKept) {
    EXPECT_TRUE(parseSettings("hide_static_root_links = false\n").hideStaticRootLinks);
    EXPECT_FALSE(parseSettings("static_root_links_hidden = false\n").hideStaticRootLinks);
    const ViewerSettings defaults;
    EXPECT_TRUE(defaults.severalFiguresInPlace);
    EXPECT_FALSE(defaults.showCurves);
    ViewerSettings chosen;
    chosen.severalFiguresInPlace = false;
    chosen.showCurves = true;
    chosen.exportFolderGltf = "/takes/gltf";
    chosen.exportFolderPicture = "/pictures";
    const ViewerSettings read = parseSettings(serializeSettings(chosen));
    EXPECT_FALSE(read.severalFiguresInPlace);
    EXPECT_TRUE(read.showCurves);
    EXPECT_EQ(read.exportFolderGltf, "/takes/gltf");
    EXPECT_EQ(read.exportFolderPicture, "/pictures");
    EXPECT_EQ(read.exportFolderBvh, "");
}

// Issue 39: the Browser's list or grid and the grid's cell size are kept; a size out of range
// is clamped, an unknown view word leaves the list.
TEST(SettingsStore, TheBrowsersViewAndCellSizeAreKept) {
    const ViewerSettings defaults;
    EXPECT_EQ(defaults.browserView, BrowserView::List);
    ViewerSettings chosen;
    chosen.browserView = BrowserView::Grid;
    chosen.browserCellSize = 160;
    const std::string text = serializeSettings(chosen);
    EXPECT_NE(text.find("browser_view = grid\n"), std::string::npos) << text;
    EXPECT_NE(text.find("browser_cell_size = 160\n"), std::string::npos) << text;
    const ViewerSettings read = parseSettings(text);
    EXPECT_EQ(read.browserView, BrowserView::Grid);
    EXPECT_EQ(read.browserCellSize, 160);
    EXPECT_EQ(parseSettings("browser_cell_size = 9000\n").browserCellSize, kLargestBrowserCell);
    EXPECT_EQ(parseSettings("browser_cell_size = 1\n").browserCellSize, kSmallestBrowserCell);
    EXPECT_EQ(parseSettings("browser_view = mosaic\n").browserView, BrowserView::List);
}

TEST(SettingsStore, BadLinesAreSkippedAndValuesClamped) {
    const ViewerSettings read = parseSettings("garbage\n"
                                              "bone_style = spaghetti\n"
                                              "playback_speed = 99\n"
                                              "show_grid = maybe\n"
                                              "unknown_key = 1\n"
                                              "background_color = 1 2\n"
                                              "loop=false\r\n");
    const ViewerSettings defaults;
    EXPECT_EQ(read.boneStyle, defaults.boneStyle);
    EXPECT_FLOAT_EQ(read.playbackSpeed, 4.0f);
    EXPECT_EQ(read.showGrid, defaults.showGrid);
    EXPECT_FLOAT_EQ(read.backgroundColor.r, defaults.backgroundColor.r);
    EXPECT_FALSE(read.loop);
}

TEST(SettingsStore, MultisamplingIsAutomaticByDefaultAndKeptAsAuto) {
    EXPECT_EQ(ViewerSettings{}.msaaSamples, kAutomaticMsaaSamples);
    const std::string text = serializeSettings(ViewerSettings{});
    EXPECT_NE(text.find("msaa_samples = auto\n"), std::string::npos) << text;
    EXPECT_EQ(parseSettings("msaa_samples = auto\n").msaaSamples, kAutomaticMsaaSamples);
    EXPECT_EQ(parseSettings("msaa_samples = 2\n").msaaSamples, 2);
    EXPECT_EQ(parseSettings("msaa_samples = 99\n").msaaSamples, 16);
    EXPECT_EQ(parseSettings("msaa_samples = -1\n").msaaSamples, 0);
    EXPECT_EQ(parseSettings("msaa_samples = many\n").msaaSamples, kAutomaticMsaaSamples);
}

TEST(SettingsStore, SavesAndLoadsAFile) {
    const auto directory = std::filesystem::temp_directory_path() / "bvhscope-settings-test";
    std::filesystem::remove_all(directory);
    ViewerSettings settings;
    settings.msaaSamples = 8;
    ASSERT_EQ(saveSettings(directory / "nested" / "settings.ini", settings), "");
    EXPECT_EQ(loadSettings(directory / "nested" / "settings.ini").msaaSamples, 8);
    EXPECT_EQ(loadSettings(directory / "missing.ini").msaaSamples, ViewerSettings{}.msaaSamples);
    std::filesystem::remove_all(directory);
}

TEST(SettingsStore, ATooLargeSettingsFileIsNotRead) {
    // (A FIFO is not opened either: posix/settings_fifo_test.cpp.)
    const auto directory = std::filesystem::temp_directory_path() /
                           ("bvhscope-settings-large-" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory);
    {
        std::ofstream out(directory / "settings.ini");
        out << "msaa_samples = 8\n";
        out << std::string(kLargestSettingsFileBytes, '#');
    }
    EXPECT_EQ(loadSettings(directory / "settings.ini").msaaSamples, ViewerSettings{}.msaaSamples);
    std::filesystem::remove_all(directory);
}

TEST(SettingsStore, AFailedSaveSaysWhyAndKeepsTheOldFile) {
    const auto directory = std::filesystem::temp_directory_path() /
                           ("bvhscope-settings-fail-" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory);
    // A folder that cannot be made (a file stands where it should be): refused, with a reason.
    std::ofstream(directory / "blocker") << "a file";
    const std::string problem = saveSettings(directory / "blocker" / "settings.ini", {});
    EXPECT_NE(problem.find("cannot create"), std::string::npos) << problem;
    EXPECT_NE(settingsDirectoryProblem(directory / "blocker"), "");
    EXPECT_EQ(settingsDirectoryProblem(directory / "fine"), "");
    std::filesystem::remove_all(directory);
}
