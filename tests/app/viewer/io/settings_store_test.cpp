#include "app/options/option_table.h"
#include "app/viewer/io/settings_store.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;

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

// Issue 43: every key is an option of the table, written with the table's default.
TEST(SettingsStore, EveryKeyIsTheTablesWithItsDefault) {
    const std::string text = serializeSettings(ViewerSettings{});
    std::size_t keyed = 0;
    for (const bvhscope::options::Option* option : bvhscope::options::kAllOptions) {
        if (option->key.empty()) {
            continue;
        }
        ++keyed;
        const std::string line =
            "\n" + std::string(option->key) + " = " + std::string(option->defaultValue) + "\n";
        EXPECT_NE(text.find(line), std::string::npos) << line;
    }
    EXPECT_EQ(static_cast<std::size_t>(std::count(text.begin(), text.end(), '=')), keyed);
    // Read back and written again, every key gives the same text.
    EXPECT_EQ(serializeSettings(parseSettings(text)), text);
    ViewerSettings changed;
    changed.trailFrames = 100000;
    changed.fieldOfViewDegrees = 150.0f;
    changed.liveFormat = "lines";
    EXPECT_EQ(serializeSettings(parseSettings(serializeSettings(changed))),
              serializeSettings(changed));
}

TEST(SettingsStore, AValueOutOfRangeIsClampedWithALocatedWarning) {
    const SettingsRead read = readSettings("# kept by hand\n"
                                           "show_grid = false\n"
                                           "trail_frames = 500000\n"
                                           "  field_of_view_degrees=2\n"
                                           "dock_left_width = 0.9\n"
                                           "selection_color = 1 2 0 1\n",
                                           "/path/settings.ini");
    EXPECT_FALSE(read.settings.showGrid);
    EXPECT_EQ(read.settings.trailFrames, 100000);
    EXPECT_FLOAT_EQ(read.settings.fieldOfViewDegrees, 5.0f);
    EXPECT_FLOAT_EQ(read.settings.dock.leftWidth, 0.45f);
    EXPECT_FLOAT_EQ(read.settings.selectionColor.g, 1.0f);
    // Columns counted by hand: "trail_frames = " is 15 characters, the value starts at 16;
    // "  field_of_view_degrees=" is 24.
    const std::vector<std::string> expected = {
        "/path/settings.ini:3:16: warning: trail_frames 500000 is out of range 1 to 100000; "
        "using 100000",
        "/path/settings.ini:4:25: warning: field_of_view_degrees 2 is out of range 5 to 150; "
        "using 5",
        "/path/settings.ini:5:19: warning: dock_left_width 0.9 is out of range 0.05 to 0.45; "
        "using 0.45",
        "/path/settings.ini:6:19: warning: selection_color 2 is out of range 0 to 1; using 1"};
    EXPECT_EQ(read.warnings, expected);
}

TEST(SettingsStore, AValueThatCannotBeReadIsSkippedWithALocatedWarning) {
    const SettingsRead read = readSettings("show_grid = maybe\n"
                                           "old_key_from_before = 1\n"
                                           "ghost_count = many\n"
                                           "browser_view = mosaic\n"
                                           "dock_left_width = 0\n",
                                           "settings.ini");
    EXPECT_TRUE(read.settings.showGrid);
    EXPECT_EQ(read.settings.ghostCount, ViewerSettings{}.ghostCount);
    EXPECT_EQ(read.settings.browserView, BrowserView::List);
    const std::vector<std::string> expected = {
        "settings.ini:1:13: warning: show_grid 'maybe' is not true or false; the line is skipped",
        "settings.ini:3:15: warning: ghost_count 'many' is not a whole number from 1 to 50 poses; "
        "the line is skipped",
        "settings.ini:4:16: warning: browser_view 'mosaic' is not one of list grid; the line is "
        "skipped"};
    EXPECT_EQ(read.warnings, expected); // an unknown key and a 0 dock (its default) say nothing
}

TEST(SettingsStore, ALoadedFilesWarningsNameIt) {
    const auto directory = std::filesystem::temp_directory_path() /
                           ("bvhscope-settings-warn-" + std::to_string(::getpid()));
    std::filesystem::create_directories(directory);
    std::ofstream(directory / "settings.ini") << "ghost_step = 0\n";
    const SettingsRead read = loadSettingsWithWarnings(directory / "settings.ini");
    EXPECT_EQ(read.settings.ghostStep, 1);
    ASSERT_EQ(read.warnings.size(), 1u);
    EXPECT_EQ(read.warnings[0], (directory / "settings.ini").string() +
                                    ":1:14: warning: ghost_step 0 is out of range 1 to 100000; "
                                    "using 1");
    std::filesystem::remove_all(directory);
}
