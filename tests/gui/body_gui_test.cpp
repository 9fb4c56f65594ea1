// The body look in the running viewer (issue 29): Settings > Bones > Body chosen with the mouse
// builds the body off the UI thread and the state dump says when it is ready; `--bones body`
// draws it, a figure at least twice the capsule figure's area in the view, standing where the
// capsules stand.
#include "tests/app/headless/figure_pixels.h"
#include "tests/gui/gui_test_support.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

namespace fs = std::filesystem;

TEST(BodyGui, ChoosingBodyInTheSettingsBuildsTheBodyAndKeepsTheChoice) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    {
        ViewerProcess viewer(dir, {"--size", "1280x720"}); // the bundled sample
        const auto opened = viewer.waitForState(
            [](const ViewerStateFile& state) { return state.bones == "capsules"; });
        ASSERT_TRUE(opened.has_value()) << "the viewer did not start with capsules";
        EXPECT_TRUE(opened->bodies.empty());
        const std::string window = viewer.windowId();
        ASSERT_FALSE(window.empty());
        ASSERT_TRUE(clickSettledRect(viewer, window, "settings:bones"));
        ASSERT_TRUE(clickSettledRect(viewer, window, "settings:bones:body"));
        const auto ready = viewer.waitForState([](const ViewerStateFile& state) {
            return state.bones == "body" && state.bodies.size() == 1 &&
                   state.bodies[0].status == "ready";
        });
        ASSERT_TRUE(ready.has_value()) << "the body was never ready";
        EXPECT_GT(ready->bodies[0].triangles, 500u);
        EXPECT_TRUE(ready->errors.empty());
        EXPECT_EQ(viewer.terminate(), 0);
    }
    // Kept for the next run.
    const std::string text = readAll(configDirIn(dir) / "settings.ini");
    EXPECT_NE(text.find("bone_style = body"), std::string::npos) << text;
}

struct BonesShot {
    test::FigurePixels figure;
    std::optional<ViewerStateFile> state;
};

// The viewer's screenshot of the bundled sample at frame 0 with `--bones bones`, the figure's
// pixels counted inside the 3D view only (panels have orange too).
BonesShot screenshotWithBones(const TempDir& dir, const std::string& bones) {
    const fs::path png = dir.path() / (bones + ".png");
    const fs::path statePath = dir.path() / (bones + ".txt");
    EXPECT_EQ(runViewerToCompletion(dir, {"--screenshot", png.string(), "--frame", "0", "--size",
                                          "1280x720", "--bones", bones, "--state-out",
                                          statePath.string()}),
              0);
    BonesShot shot;
    shot.state = readStateFile(statePath);
    auto pixels = test::loadPng(png);
    EXPECT_TRUE(pixels.has_value() && shot.state.has_value());
    if (!pixels || !shot.state) {
        return shot;
    }
    const Rect view = viewRect(*shot.state);
    test::Pixels inView;
    inView.width = static_cast<int>(view.width);
    inView.height = static_cast<int>(view.height);
    inView.rgb.resize(static_cast<std::size_t>(inView.width) * inView.height * 3);
    for (int y = 0; y < inView.height; ++y) {
        for (int x = 0; x < inView.width; ++x) {
            const int sx = std::clamp(x + static_cast<int>(view.x), 0, pixels->width - 1);
            const int sy = std::clamp(y + static_cast<int>(view.y), 0, pixels->height - 1);
            std::copy_n(pixels->at(sx, sy), 3,
                        inView.rgb.begin() +
                            (static_cast<std::ptrdiff_t>(y) * inView.width + x) * 3);
        }
    }
    // The file label above the figure is white text; the character is orange.
    shot.figure = test::figurePixels(
        inView, [](const std::uint8_t* rgb) { return rgb[0] > rgb[2] + 40 && rgb[0] > 60; });
    return shot;
}

TEST(BodyGui, TheBodyIsDrawnInTheViewWhereTheCapsulesStand) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const BonesShot capsules = screenshotWithBones(dir, "capsules");
    const BonesShot body = screenshotWithBones(dir, "body");
    ASSERT_TRUE(body.state.has_value());
    ASSERT_EQ(body.state->bodies.size(), 1u);
    EXPECT_EQ(body.state->bodies[0].status, "ready"); // the screenshot waited for it
    ASSERT_GT(capsules.figure.area, 1000u);
    EXPECT_GE(body.figure.area, 2 * capsules.figure.area);
    EXPECT_GE(body.figure.largestPiece, body.figure.area * 99 / 100);
    const float height = static_cast<float>(capsules.figure.bottom - capsules.figure.top);
    EXPECT_NEAR(body.figure.centre.x, capsules.figure.centre.x, 0.06f * height);
    EXPECT_NEAR(body.figure.centre.y, capsules.figure.centre.y, 0.15f * height);
}

} // namespace
