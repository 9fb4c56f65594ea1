// The viewer's own file chooser (app/viewer/session/in_window_chooser.h,
// panels/file_chooser_panel.cpp) in the real viewer, where the desktop has none: no D-Bus
// session bus (DBUS_SESSION_BUS_ADDRESS unset, XDG_RUNTIME_DIR without a bus), as on minimal
// window managers, remote X or WSL. Ctrl+O shows it in the window; the keyboard chooses, typed
// paths go where they say, the filter and recent folders work, and Export's Browse saves
// through it. At 1280x720 and 1366x768, with screenshots taken of the window.
#include "tests/gui/gui_test_support.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <optional>
#include <source_location>
#include <sstream>
#include <string>

using namespace bvhscope::gui_test;

namespace {

class InWindowChooserGui : public testing::TestWithParam<const char*> {
protected:
    void SetUp() override {
        BVHSCOPE_REQUIRE_DISPLAY();
        takes_ = dir_.path() / "takes";
        std::filesystem::create_directories(takes_ / "sub");
        for (const char* name : {"walk1.bvh", "walk10.bvh", "walk2.bvh", "Walk3.BVH"}) {
            std::filesystem::copy_file(kSample, takes_ / name);
        }
        std::filesystem::copy_file(kSample, takes_ / "sub" / "deep.bvh");
        std::filesystem::copy_file(kSample, takes_ / ".hidden.bvh");
        std::ofstream(takes_ / "notes.txt") << "not a capture\n";
        std::ofstream(takes_ / "song.wav") << "RIFF";
        std::filesystem::create_directories(dir_.path() / "runtime");
        noBus_.emplace(dir_.path() / "runtime");
    }

    // `files` to open, then `options` for the viewer.
    void start(std::vector<std::string> files, const std::vector<std::string>& options = {}) {
        const std::size_t fileCount = std::max<std::size_t>(files.size(), 1);
        files.insert(files.end(), {"--size", GetParam()});
        files.insert(files.end(), options.begin(), options.end());
        viewer_.emplace(dir_, files);
        ASSERT_TRUE(viewer_->waitForState([&](const ViewerStateFile& state) {
            return !state.loading && state.fileNames.size() == fileCount &&
                   hasRect(state, "menu:File");
        })) << "the viewer did not start";
        window_ = viewer_->windowId();
    }

    // Ctrl+O over the view (ImGui does not hold the keyboard there); the chooser, once shown.
    std::optional<ViewerStateFile> ctrlO() {
        EXPECT_TRUE(xdotool("mousemove --window " + window_ + " 640 300 windowfocus --sync " +
                            window_ + " key ctrl+o"));
        // Once its field has the keyboard (typing then goes there) and the dialog has settled.
        return viewer_->waitForSettledState([](const ViewerStateFile& state) {
            return hasRect(state, "chooser:accept") && hasRect(state, "chooser:typed (typing)");
        });
    }

    // A tap, as a person types: the chooser reads keys from Dear ImGui, which the window's input
    // queue feeds a tap of any length (app/viewer/platform/input_queue.h).
    void press(const std::string& key) {
        ASSERT_TRUE(xdotool("key --window " + window_ + " " + key));
    }

    // `key` tapped once, then the state that shows what it does (nullopt: the test has failed).
    std::optional<ViewerStateFile>
    pressThenWait(const std::string& key, const std::function<bool(const ViewerStateFile&)>& accept,
                  std::source_location where = std::source_location::current()) {
        press(key);
        return viewer_->waitForState(accept, ViewerProcess::kStateTimeout, "what " + key + " does",
                                     where);
    }

    // Clicks the widget once it has settled (a popup fits itself over its first frames).
    void click(const std::string& rect) { ASSERT_TRUE(clickSettledRect(*viewer_, window_, rect)); }

    // The window as presented once its layout has settled (a state is written before its
    // frame is on screen).
    std::optional<Pixels> screenshot(const std::string& tag) {
        if (!viewer_->waitForSettledState([](const ViewerStateFile&) { return true; })) {
            return std::nullopt;
        }
        const auto path = dir_.path() / (tag + ".png");
        if (!runCommand("import -window " + window_ + " '" + path.string() + "'")) {
            return std::nullopt;
        }
        // Kept for a person to look at when BVHSCOPE_GUI_SHOTS names a folder.
        if (const char* keep = std::getenv("BVHSCOPE_GUI_SHOTS")) {
            std::error_code error;
            std::filesystem::copy_file(
                path, std::filesystem::path(keep) / (tag + "_" + GetParam() + ".png"),
                std::filesystem::copy_options::overwrite_existing, error);
        }
        return loadPng(path);
    }

    std::filesystem::path recentFile() const {
        return dir_.path() / "config" / "bvhscope" / "recent_folders.txt";
    }

    TempDir dir_;
    std::filesystem::path takes_;
    std::optional<NoSessionBus> noBus_;
    std::optional<ViewerProcess> viewer_;
    std::string window_;
};

// The entries listed, top to bottom, by their rectangles.
std::vector<std::string> listedEntries(const ViewerStateFile& state) {
    std::vector<std::pair<float, std::string>> rows;
    const std::string prefix = "chooser:entry:";
    for (const auto& [name, rect] : state.rects) {
        if (name.rfind(prefix, 0) == 0) {
            rows.emplace_back(rect.y, name.substr(prefix.size()));
        }
    }
    std::sort(rows.begin(), rows.end());
    std::vector<std::string> names;
    for (const auto& row : rows) {
        names.push_back(row.second);
    }
    return names;
}

TEST_P(InWindowChooserGui, CtrlOShowsTheChooserInTheWindowAndTheKeyboardOpensATake) {
    start({(takes_ / "walk1.bvh").string()});
    const auto shown = ctrlO();
    ASSERT_TRUE(shown.has_value()) << "Ctrl+O without a portal showed no chooser";
    // It opens in the selected file's folder: folders first, then captures in natural order
    // (walk2 before walk10, ignoring case); hidden files, sounds and text are filtered out.
    EXPECT_TRUE(hasRect(*shown, "chooser:folder:" + takes_.string()));
    EXPECT_EQ(listedEntries(*shown), (std::vector<std::string>{"sub/", "walk1.bvh", "walk2.bvh",
                                                               "Walk3.BVH", "walk10.bvh"}));
    EXPECT_TRUE(hasRect(*shown, "chooser:why")) << "it says why it is not the desktop's";
    // Readable: the chooser and its buttons lie inside the window.
    const Rect dialog = shown->rects.at("window:chooser");
    EXPECT_GE(dialog.x, 0.0f);
    EXPECT_GE(dialog.y, 0.0f);
    EXPECT_LE(dialog.x + dialog.width, static_cast<float>(shown->windowWidth));
    EXPECT_LE(dialog.y + dialog.height, static_cast<float>(shown->windowHeight));
    for (const char* name : {"chooser:accept", "chooser:cancel", "chooser:typed", "chooser:up"}) {
        const Rect rect = shown->rects.at(name);
        EXPECT_TRUE(dialog.contains(rect.x, rect.y) &&
                    dialog.contains(rect.x + rect.width, rect.y + rect.height))
            << name << " outside the chooser";
    }
    EXPECT_GE(dialog.width, 600.0f) << "wide enough to read names";
    EXPECT_GE(dialog.height, 400.0f);
    const auto pixels = screenshot("chooser_shown");
    ASSERT_TRUE(pixels.has_value()) << "no screenshot (ImageMagick's import)";
    // The modal's title bar (Dear ImGui's active title, blue) is drawn where the state says.
    const auto* title =
        pixels->at(static_cast<int>(dialog.centerX()), static_cast<int>(dialog.y) + 4);
    EXPECT_GT(title[2], title[0] + 40) << "no chooser drawn at its rectangle";

    // Down three times: sub/, walk1, walk2. Enter opens walk2.
    for (const std::string label : {"sub/", "walk1.bvh", "walk2.bvh"}) {
        ASSERT_TRUE(pressThenWait("Down",
                                  [&](const ViewerStateFile& state) {
                                      return hasRect(state, "chooser:selected:" + label);
                                  }))
            << "the arrows did not move the selection to " << label;
    }
    const auto opened = pressThenWait("Return", [](const ViewerStateFile& state) {
        return state.fileNames.size() == 2 && !state.loading && !hasRect(state, "chooser:accept");
    });
    ASSERT_TRUE(opened.has_value()) << "Enter did not open the selected take";
    EXPECT_EQ(opened->fileNames[1], "walk2.bvh");
    EXPECT_EQ(readAll(recentFile()), takes_.string() + "\n") << "the folder is remembered";
    // The reason, said on stderr, is also shown in the window once the chooser is closed.
    EXPECT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return hasRect(
            state, "notice:no desktop file chooser (no D-Bus session bus); using bvhscope's own");
    })) << "no notice in the window";
}

TEST_P(InWindowChooserGui, TypedPathsBackspaceAndTheFilter) {
    start({(takes_ / "walk1.bvh").string()});
    ASSERT_TRUE(ctrlO().has_value());
    ASSERT_TRUE(
        xdotool("type --window " + window_ + " --delay 5 '" + (takes_ / "sub").string() + "'"));
    ASSERT_TRUE(pressThenWait("Return", [&](const ViewerStateFile& state) {
        return hasRect(state, "chooser:folder:" + (takes_ / "sub").string()) &&
               listedEntries(state) == std::vector<std::string>{"deep.bvh"};
    })) << "a typed folder is not shown";
    // Backspace in the empty field: the parent, with the folder just left selected.
    const auto parent = pressThenWait("BackSpace", [&](const ViewerStateFile& state) {
        return hasRect(state, "chooser:folder:" + takes_.string()) &&
               hasRect(state, "chooser:selected:sub/");
    });
    ASSERT_TRUE(parent.has_value()) << "Backspace did not go to the parent folder";
    // All files: the sound and the text too (still no hidden file); Sounds: only the sound.
    click("chooser:filter:All files");
    EXPECT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return listedEntries(state) ==
               std::vector<std::string>{"sub/",      "notes.txt", "song.wav",  "walk1.bvh",
                                        "walk2.bvh", "Walk3.BVH", "walk10.bvh"};
    })) << "All files";
    click("chooser:filter:Sounds");
    EXPECT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return listedEntries(state) == std::vector<std::string>{"sub/", "song.wav"};
    })) << "Sounds";
    screenshot("chooser_sounds");
    // A typed file opens; then Escape on a second chooser opens nothing.
    ASSERT_TRUE(xdotool("type --window " + window_ + " --delay 5 'sub/deep.bvh'"));
    const auto opened = pressThenWait("Return", [](const ViewerStateFile& state) {
        return state.fileNames.size() == 2 && !state.loading && !hasRect(state, "chooser:accept");
    });
    ASSERT_TRUE(opened.has_value()) << "a typed relative path did not open";
    EXPECT_EQ(opened->fileNames[1], "deep.bvh");
    ASSERT_TRUE(ctrlO().has_value()) << "the second Ctrl+O (straight to the viewer's own)";
    const auto closed = pressThenWait(
        "Escape", [](const ViewerStateFile& state) { return !hasRect(state, "chooser:accept"); });
    ASSERT_TRUE(closed.has_value()) << "Escape did not close the chooser";
    EXPECT_EQ(closed->fileNames.size(), 2u);
}

TEST_P(InWindowChooserGui, RecentFoldersAreKeptBetweenRuns) {
    std::filesystem::create_directories(recentFile().parent_path());
    std::ofstream(recentFile()) << (takes_ / "sub").string() << "\n" << takes_.string() << "\n";
    start({});
    const auto shown = ctrlO();
    ASSERT_TRUE(shown.has_value());
    // The most recent folder is where it opens; both are offered.
    EXPECT_TRUE(hasRect(*shown, "chooser:folder:" + (takes_ / "sub").string()));
    EXPECT_TRUE(hasRect(*shown, "chooser:recent:0"));
    EXPECT_TRUE(hasRect(*shown, "chooser:recent:1"));
    click("chooser:recent:1");
    ASSERT_TRUE(viewer_->waitForState([&](const ViewerStateFile& state) {
        return hasRect(state, "chooser:folder:" + takes_.string());
    })) << "a recent folder is not shown when clicked";
    screenshot("chooser_recent");
}

TEST_P(InWindowChooserGui, ExportSavesThroughTheChooserAndNeverOverTheInput) {
    const auto input = takes_ / "walk1.bvh";
    const std::string original = readAll(input);
    writeConfigFile(dir_, "settings.ini", "export_folder_bvh = " + takes_.string() + "\n");
    start({input.string()});
    click("menu:File");
    click("menu:File>Export");
    click("export:browse");
    // Over the Export dialog: the save chooser, in the folder BVH exports were last written to
    // (issue 42; written to the settings before the start), proposing the capture's name.
    const auto chooser = viewer_->waitForState(
        [](const ViewerStateFile& state) { return hasRect(state, "chooser:accept"); });
    ASSERT_TRUE(chooser.has_value()) << "Browse... showed no chooser";
    EXPECT_TRUE(hasRect(*chooser, "chooser:folder:" + takes_.string()));
    screenshot("chooser_save");
    // Choosing the input itself: the export refuses to write over it.
    click("chooser:entry:walk1.bvh");
    click("chooser:accept");
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return !hasRect(state, "chooser:accept") && hasRect(state, "export:Export");
    })) << "the chooser did not close";
    click("export:Export");
    const auto refused = viewer_->waitForState(
        [](const ViewerStateFile& state) { return hasRect(state, "export:result:failed"); });
    ASSERT_TRUE(refused.has_value()) << "the input file was not refused";
    EXPECT_EQ(readAll(input), original) << "the input file changed";
    click("export:result:failed");
    // A new name typed in the chooser is where the export goes.
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return hasRect(state, "export:browse") && !hasRect(state, "export:result:failed");
    }));
    click("export:browse");
    ASSERT_TRUE(viewer_->waitForState(
        [](const ViewerStateFile& state) { return hasRect(state, "chooser:typed (typing)"); }));
    press("ctrl+a");
    ASSERT_TRUE(xdotool("type --window " + window_ + " --delay 5 'sub/saved.bvh'"));
    ASSERT_TRUE(pressThenWait("Return", [](const ViewerStateFile& state) {
        return !hasRect(state, "chooser:accept") && hasRect(state, "export:Export");
    })) << "Enter in the name field did not save";
    click("export:Export");
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return hasRect(state, "export:result:ok");
    })) << "no success message";
    EXPECT_TRUE(std::filesystem::exists(takes_ / "sub" / "saved.bvh"));
}

// Issue 42: typing a name filters the list and selects the first match; Enter on a name that is
// no file opens its first match; Enter on one that matches nothing says so and stays. (Tab's
// completion: tests/app/viewer/session/in_window_chooser_test.cpp.)
TEST_P(InWindowChooserGui, TypeAheadFiltersCompletesAndSaysWhenNothingMatches) {
    start({});
    ASSERT_TRUE(ctrlO().has_value());
    ASSERT_TRUE(xdotool("type --window " + window_ + " --delay 5 '" + takes_.string() + "'"));
    // Shown, and the field has the keyboard again (typing goes there).
    ASSERT_TRUE(pressThenWait("Return", [&](const ViewerStateFile& state) {
        return hasRect(state, "chooser:folder:" + takes_.string()) &&
               hasRect(state, "chooser:typed (typing)");
    })) << "the typed folder is not shown";
    ASSERT_TRUE(xdotool("type --window " + window_ + " --delay 5 'wa'"));
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return listedEntries(state) ==
                   std::vector<std::string>{"walk1.bvh", "walk2.bvh", "Walk3.BVH", "walk10.bvh"} &&
               hasRect(state, "chooser:selected:walk1.bvh");
    })) << "typing did not filter the list and select the first match";
    ASSERT_TRUE(xdotool("type --window " + window_ + " --delay 5 'lk2'"));
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return listedEntries(state) == std::vector<std::string>{"walk2.bvh"};
    })) << "typing on did not narrow the list";
    ASSERT_TRUE(pressThenWait("Return", [](const ViewerStateFile& state) {
        return std::ranges::find(state.fileNames, "walk2.bvh") != state.fileNames.end() &&
               !hasRect(state, "chooser:accept");
    })) << "Enter did not open the match";
    ASSERT_TRUE(ctrlO().has_value());
    ASSERT_TRUE(xdotool("type --window " + window_ + " --delay 5 'truebones_crab'"));
    ASSERT_TRUE(viewer_->waitForState([](const ViewerStateFile& state) {
        return hasRect(state, "chooser:empty:Nothing in this folder matches \"truebones_crab\".");
    })) << "the list does not say nothing matches";
    const auto refused = pressThenWait("Return", [](const ViewerStateFile& state) {
        return hasRect(state, "chooser:error") && hasRect(state, "chooser:accept");
    });
    EXPECT_TRUE(refused.has_value()) << "Enter on a name that matches nothing said nothing";
}

// A person types on as soon as Enter has shown a folder, whatever the frame rate: with frames of
// 150 ms (a software renderer's) a mistyped name, Ctrl+A, the folder's path, Enter, a prefix,
// Tab, the rest of the name and Enter pile up between frames. Each reaches the field in order: none
// is lost while the field takes the keyboard back, none reaches the window's shortcuts (Tab there
// hides the panels), and Tab completes "su" to the one folder "sub/".
TEST_P(InWindowChooserGui, KeysTypedRightAfterAFolderIsShownAllReachTheField) {
    start({}, {"--test-frame-delay", "150"});
    ASSERT_TRUE(ctrlO().has_value());
    // One shell line: xdotool's `type` takes the rest of its command line as text.
    const std::string type = "xdotool type --window " + window_ + " --delay 5 ";
    const std::string key = "xdotool key --window " + window_ + " ";
    ASSERT_TRUE(runCommand(type + "zzz && " + key + "ctrl+a && " + type + "'" + takes_.string() +
                           "' && " + key + "Return && " + type + "su && " + key + "Tab && " + type +
                           "deep.bvh && " + key + "Return"));
    const auto opened = viewer_->waitForState([](const ViewerStateFile& state) {
        return std::ranges::find(state.fileNames, "deep.bvh") != state.fileNames.end() &&
               !state.loading && !hasRect(state, "chooser:accept");
    });
    ASSERT_TRUE(opened.has_value())
        << "sub/deep.bvh, typed after the folder was shown, did not open";
    EXPECT_TRUE(hasRect(*opened, "menu:File")) << "a key reached the window's shortcuts";
}

INSTANTIATE_TEST_SUITE_P(LaptopScreens, InWindowChooserGui, testing::Values("1280x720", "1366x768"),
                         [](const testing::TestParamInfo<const char*>& info) {
                             return std::string(info.param) == "1280x720" ? "At1280x720"
                                                                          : "At1366x768";
                         });

} // namespace
