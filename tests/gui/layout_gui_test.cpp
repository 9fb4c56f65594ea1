// The docked layout in the real viewer (app/viewer/layout/dock_layout.h): at common screen
// sizes, after live resizes, with a layout kept from a large screen, with Tab, and with the
// camera framing into the view rectangle (pixels of a screenshot).
#include "tests/gui/gui_test_support.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

std::vector<std::pair<std::string, Rect>> panelRects(const ViewerStateFile& state) {
    std::vector<std::pair<std::string, Rect>> panels;
    for (const auto& [name, rect] : state.rects) {
        if (name.starts_with("window:")) {
            panels.emplace_back(name, rect);
        }
    }
    return panels;
}

bool overlap(const Rect& a, const Rect& b) {
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height &&
           b.y < a.y + a.height;
}

// Every panel inside the window, none over another or over the view; the view's share.
void expectDocked(const ViewerStateFile& state, int width, int height, double minViewShare) {
    SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height));
    ASSERT_EQ(state.windowWidth, width);
    ASSERT_EQ(state.windowHeight, height);
    ASSERT_TRUE(state.rects.contains("view"));
    const Rect view = state.rects.at("view");
    const auto panels = panelRects(state);
    ASSERT_GE(panels.size(), 6u); // Files, Joints, Info, Selected joint, Settings, Timeline
    for (std::size_t i = 0; i < panels.size(); ++i) {
        const auto& [name, rect] = panels[i];
        EXPECT_GE(rect.x, 0) << name;
        EXPECT_GE(rect.y, 0) << name;
        EXPECT_LE(rect.x + rect.width, width) << name;
        EXPECT_LE(rect.y + rect.height, height) << name;
        EXPECT_GT(rect.width, 0) << name;
        EXPECT_GT(rect.height, 0) << name;
        EXPECT_FALSE(overlap(rect, view)) << name << " covers the view";
        for (std::size_t j = i + 1; j < panels.size(); ++j) {
            EXPECT_FALSE(overlap(rect, panels[j].second)) << name << " and " << panels[j].first;
        }
    }
    EXPECT_GE(view.width * view.height / (static_cast<double>(width) * height), minViewShare);
}

TEST(Layout, CommonScreenSizesDockEveryPanelAndLeaveTheViewTheMost) {
    BVHSCOPE_REQUIRE_DISPLAY();
    struct Size {
        int width, height;
        double share; // the goals: 60 % at 1280x720, 70 % at 1920x1080
    };
    for (const Size size : {Size{1280, 720, 0.60}, Size{1366, 768, 0.60}, Size{1920, 1080, 0.70}}) {
        const TempDir dir;
        const auto state = dir.path() / "state.txt";
        const std::string dimensions =
            std::to_string(size.width) + "x" + std::to_string(size.height);
        ASSERT_EQ(runViewerToCompletion(dir, {kSample, "--size", dimensions, "--screenshot",
                                              (dir.path() / "shot.png").string(), "--state-out",
                                              state.string()}),
                  0);
        const auto parsed = readStateFile(state);
        ASSERT_TRUE(parsed.has_value());
        expectDocked(*parsed, size.width, size.height, size.share);
    }
}

TEST(Layout, LiveResizesKeepEveryPanelInsideTheWindow) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    ViewerProcess viewer(dir, {kSample, "--size", "1500x950"});
    const auto started = viewer.waitForState(
        [](const ViewerStateFile& state) { return state.rects.contains("window:Timeline"); });
    ASSERT_TRUE(started.has_value());
    expectDocked(*started, 1500, 950, 0.6);
    const std::string window = viewer.windowId();
    ASSERT_FALSE(window.empty());
    for (const auto& [width, height] :
         {std::pair{1280, 720}, std::pair{900, 600}, std::pair{1366, 768}, std::pair{1580, 980}}) {
        ASSERT_TRUE(runCommand("xdotool windowsize " + window + " " + std::to_string(width) + " " +
                               std::to_string(height)));
        const auto resized = viewer.waitForState([&](const ViewerStateFile& state) {
            return state.windowWidth == width && state.windowHeight == height &&
                   state.rects.contains("window:Timeline") &&
                   state.rects.at("window:Timeline").width == static_cast<float>(width);
        });
        ASSERT_TRUE(resized.has_value()) << "no state at " << width << "x" << height;
        expectDocked(*resized, width, height, width >= 1280 ? 0.6 : 0.45);
    }
}

TEST(Layout, ALayoutKeptOnALargeScreenFitsASmallWindow) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    // Wide columns and a tall dock kept from a 4K screen, and the old absolute imgui.ini
    // positions far outside a 1280x720 window: neither may put a panel outside it.
    writeConfigFile(dir, "settings.ini",
                    "dock_left_width = 0.4\ndock_right_width = 0.45\ndock_bottom_height = 0.6\n");
    writeConfigFile(dir, "imgui.ini",
                    "[Window][Info]\nPos=3500,100\nSize=300,400\nCollapsed=0\n\n"
                    "[Window][Timeline]\nPos=0,2000\nSize=3840,112\nCollapsed=0\n");
    const auto state = dir.path() / "state.txt";
    ASSERT_EQ(runViewerToCompletion(dir, {kSample, "--size", "1280x720", "--screenshot",
                                          (dir.path() / "shot.png").string(), "--state-out",
                                          state.string()}),
              0);
    const auto parsed = readStateFile(state);
    ASSERT_TRUE(parsed.has_value());
    // The columns shrink together so the view keeps 30 % of the width.
    expectDocked(*parsed, 1280, 720, 0.25);
    EXPECT_GE(parsed->rects.at("view").width, 1280 * 0.3 - 1);
}

TEST(Layout, TabHidesEveryPanelAndBringsThemBack) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    ViewerProcess viewer(dir, {kSample, "--size", "1280x720"});
    const auto started = viewer.waitForState(
        [](const ViewerStateFile& state) { return state.rects.contains("window:Timeline"); });
    ASSERT_TRUE(started.has_value());
    const std::string window = viewer.windowId();
    ASSERT_TRUE(runCommand("xdotool mousemove --window " + window + " 640 300 windowfocus --sync " +
                           window + " key Tab"));
    const auto hidden = viewer.waitForState(
        [](const ViewerStateFile& state) { return !state.rects.contains("window:Timeline"); });
    ASSERT_TRUE(hidden.has_value()) << "Tab did not hide the panels";
    EXPECT_TRUE(panelRects(*hidden).empty());
    const Rect view = hidden->rects.at("view");
    EXPECT_EQ(view.x, 0);
    EXPECT_EQ(view.y, 0);
    EXPECT_EQ(view.width, 1280);
    EXPECT_EQ(view.height, 720);
    ASSERT_TRUE(runCommand("xdotool key Tab"));
    const auto shown = viewer.waitForState(
        [](const ViewerStateFile& state) { return state.rects.contains("window:Timeline"); });
    ASSERT_TRUE(shown.has_value()) << "Tab did not bring the panels back";
    expectDocked(*shown, 1280, 720, 0.6);
}

// The bounding box of the first character's (warm, orange) pixels outside every panel, or
// nullopt when there are none.
std::optional<Rect> warmBounds(const Pixels& pixels, const ViewerStateFile& state) {
    int minX = pixels.width, minY = pixels.height, maxX = -1, maxY = -1;
    const auto panels = panelRects(state);
    for (int y = 0; y < pixels.height; ++y) {
        for (int x = 0; x < pixels.width; ++x) {
            const std::uint8_t* rgb = pixels.at(x, y);
            // Orange, lit: not the grid's red X axis (whose green is low) nor grey.
            if (!(rgb[0] > 150 && rgb[1] > 85 && rgb[0] > rgb[1] + 35 && rgb[1] > rgb[2] + 25)) {
                continue;
            }
            bool underPanel = false;
            for (const auto& [name, rect] : panels) {
                underPanel =
                    underPanel || rect.contains(static_cast<float>(x), static_cast<float>(y));
            }
            if (!underPanel) {
                minX = std::min(minX, x);
                minY = std::min(minY, y);
                maxX = std::max(maxX, x);
                maxY = std::max(maxY, y);
            }
        }
    }
    if (maxX < 0) {
        return std::nullopt;
    }
    return Rect{static_cast<float>(minX), static_cast<float>(minY),
                static_cast<float>(maxX - minX + 1), static_cast<float>(maxY - minY + 1)};
}

TEST(Layout, TheCameraFramesTheFigureInTheViewNotTheWindow) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    // An off-centre view: the left column collapsed, the right one wide. Framed on the whole
    // window's aspect (as before the docked layout), the walk would run on under the right
    // column and be cut at the view's edge.
    writeConfigFile(dir, "settings.ini", "dock_left_collapsed = true\ndock_right_width = 0.45\n");
    const auto state = dir.path() / "state.txt";
    const auto shot = dir.path() / "shot.png";
    ASSERT_EQ(
        runViewerToCompletion(dir, {kSample, "--size", "1280x720", "--frame", "0", "--screenshot",
                                    shot.string(), "--state-out", state.string()}),
        0);
    const auto parsed = readStateFile(state);
    ASSERT_TRUE(parsed.has_value());
    const Rect view = parsed->rects.at("view");
    ASSERT_LT(view.centerX(), 560.0f) << "the view is not off-centre";
    const auto pixels = loadPng(shot);
    ASSERT_TRUE(pixels.has_value());
    const auto figure = warmBounds(*pixels, *parsed);
    ASSERT_TRUE(figure.has_value()) << "no figure drawn";
    // The whole figure is in the view, clear of its edges.
    EXPECT_GE(figure->x, view.x + 4);
    EXPECT_GE(figure->y, view.y + 4);
    EXPECT_LE(figure->x + figure->width, view.x + view.width - 4);
    EXPECT_LE(figure->y + figure->height, view.y + view.height - 4);
    EXPECT_GT(figure->height, view.height * 0.1f) << "a figure, not a speck";
}

TEST(Layout, EachFigureIsLabelledWithItsFileNameInTheView) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto longName = dir.path() / "Character_0042_walk_cycle_take_3_retargeted.bvh";
    std::filesystem::copy_file(kSample, longName);
    auto run = [&](bool labels) -> std::optional<ViewerStateFile> {
        writeConfigFile(dir, "settings.ini",
                        std::string("show_file_labels = ") + (labels ? "true" : "false") + "\n");
        const auto state = dir.path() / "state.txt";
        if (runViewerToCompletion(dir, {kSample, longName.string(), kSample, "--size", "1280x720",
                                        "--frame", "10", "--screenshot",
                                        (dir.path() / "shot.png").string(), "--state-out",
                                        state.string()}) != 0) {
            return std::nullopt;
        }
        return readStateFile(state);
    };
    const auto labelled = run(true);
    ASSERT_TRUE(labelled.has_value());
    const Rect view = labelled->rects.at("view");
    std::vector<Rect> labels;
    for (int i = 0; i < 3; ++i) {
        const std::string name = "label:" + std::to_string(i);
        ASSERT_TRUE(labelled->rects.contains(name)) << name;
        labels.push_back(labelled->rects.at(name));
        EXPECT_GE(labels.back().x, view.x) << name;
        EXPECT_LE(labels.back().x + labels.back().width, view.x + view.width) << name;
        EXPECT_GE(labels.back().y, view.y) << name;
        EXPECT_LE(labels.back().width, view.width / 4 + 1) << name << ": long names elided";
    }
    // Side by side, left to right, and never on top of each other.
    EXPECT_LT(labels[0].centerX(), labels[1].centerX());
    EXPECT_LT(labels[1].centerX(), labels[2].centerX());
    for (int i = 0; i < 3; ++i) {
        for (int j = i + 1; j < 3; ++j) {
            EXPECT_FALSE(overlap(labels[i], labels[j])) << i << " and " << j;
        }
    }
    const auto plain = run(false);
    ASSERT_TRUE(plain.has_value());
    EXPECT_FALSE(plain->rects.contains("label:0")) << "the setting turns them off";
}

TEST(Layout, DraggingASplitterResizesAColumnKeptAsAFraction) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    std::optional<ViewerProcess> viewer;
    viewer.emplace(dir, std::vector<std::string>{kSample, "--size", "1280x720"});
    const auto started = viewer->waitForSettledState(
        [](const ViewerStateFile& state) { return state.rects.contains("splitter:left"); },
        {"splitter:left"});
    ASSERT_TRUE(started.has_value());
    const std::string window = viewer->windowId();
    const Rect splitter = started->rects.at("splitter:left");
    const auto y = std::to_string(static_cast<int>(splitter.centerY()));
    ASSERT_TRUE(runCommand("xdotool mousemove --window " + window + " " +
                           std::to_string(static_cast<int>(splitter.centerX())) + " " + y +
                           " mousedown 1 mousemove --window " + window + " 300 " + y +
                           " mousemove --window " + window + " 320 " + y + " mouseup 1"));
    const auto dragged = viewer->waitForState([](const ViewerStateFile& state) {
        return state.rects.contains("window:Files") &&
               std::abs(state.rects.at("window:Files").width - 320.0f) <= 2.0f;
    });
    ASSERT_TRUE(dragged.has_value()) << "the left column did not follow the splitter";
    expectDocked(*dragged, 1280, 720, 0.5);
    // Kept as a fraction: a quarter of a 1280-pixel window is a quarter of a 1600-pixel one.
    ASSERT_TRUE(runCommand("xdotool windowsize " + window + " 1600 900"));
    const auto wider = viewer->waitForState([](const ViewerStateFile& state) {
        return state.windowWidth == 1600 && state.rects.contains("window:Files");
    });
    ASSERT_TRUE(wider.has_value());
    EXPECT_NEAR(wider->rects.at("window:Files").width, 400.0f, 2.0f);
    EXPECT_EQ(viewer->terminate(), 0); // SIGTERM saves the settings
    // A second run with the settings the first one kept (a fresh directory: no stale state).
    const TempDir again;
    writeConfigFile(again, "settings.ini", readAll(configDirIn(dir) / "settings.ini"));
    viewer.emplace(again, std::vector<std::string>{kSample, "--size", "1280x720"});
    const auto restarted = viewer->waitForState([](const ViewerStateFile& state) {
        return state.windowWidth == 1280 && state.rects.contains("window:Files");
    });
    ASSERT_TRUE(restarted.has_value());
    EXPECT_NEAR(restarted->rects.at("window:Files").width, 320.0f, 2.0f) << "not kept";
}

TEST(Layout, JointNamesAndLocalAxesInTheView) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    writeConfigFile(dir, "settings.ini",
                    "joint_names = all\njoint_axes = all\nshow_file_labels = false\n");
    const auto state = dir.path() / "state.txt";
    const auto shot = dir.path() / "shot.png";
    ASSERT_EQ(
        runViewerToCompletion(dir, {kSample, "--size", "1280x720", "--frame", "10", "--screenshot",
                                    shot.string(), "--state-out", state.string()}),
        0);
    const auto parsed = readStateFile(state);
    ASSERT_TRUE(parsed.has_value());
    const Rect view = viewRect(*parsed);
    ASSERT_TRUE(parsed->rects.contains("jointname:0:Head"));
    EXPECT_TRUE(view.contains(parsed->rects.at("jointname:0:Head").x,
                              parsed->rects.at("jointname:0:Head").y));
    const auto pixels = loadPng(shot);
    ASSERT_TRUE(pixels.has_value());
    // Each of the head's axes is drawn in its colour: X red, Y green, Z blue.
    const char* axes[] = {"X", "Y", "Z"};
    for (int axis = 0; axis < 3; ++axis) {
        const std::string name = std::string("jointaxis:0:Head:") + axes[axis];
        ASSERT_TRUE(parsed->rects.contains(name)) << name;
        const Rect box = parsed->rects.at(name);
        int coloured = 0;
        for (int y = static_cast<int>(box.y) - 1; y <= static_cast<int>(box.y + box.height) + 1;
             ++y) {
            for (int x = static_cast<int>(box.x) - 1; x <= static_cast<int>(box.x + box.width) + 1;
                 ++x) {
                if (x < 0 || y < 0 || x >= pixels->width || y >= pixels->height) {
                    continue;
                }
                const std::uint8_t* rgb = pixels->at(x, y);
                const int own = rgb[axis];
                const int others = std::max(rgb[(axis + 1) % 3], rgb[(axis + 2) % 3]);
                coloured += own > 150 && own > others + 70 ? 1 : 0;
            }
        }
        EXPECT_GT(coloured, 3) << name;
    }
}

} // namespace
