// The viewer draws the analysis overlays its saved settings ask for: a screenshot with ghosts
// turned on in settings.ini against one without, at the joints of the ghost poses.
#include "app/scene/scene.h"
#include "app/viewer/io/file_loading.h"
#include "tests/gui/gui_test_support.h"

#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

constexpr int kFrame = 32;
constexpr int kStep = 16;

struct Shot {
    std::optional<Pixels> pixels;
    std::optional<ViewerStateFile> state;
};

// runViewerToCompletion points XDG_CONFIG_HOME at <dir>/config, so each shot gets its own dir.
Shot screenshot(const TempDir& dir, const std::string& settings) {
    writeConfigFile(dir, "settings.ini", settings);
    const auto png = dir.path() / "shot.png";
    const auto statePath = dir.path() / "state.txt";
    const std::string file = std::string(BVHSCOPE_SOURCE_DIR) + "/assets/sample_walk.bvh";
    Shot shot;
    EXPECT_EQ(runViewerToCompletion(dir, {file, "--screenshot", png.string(), "--frame",
                                          std::to_string(kFrame), "--size", "1200x800",
                                          "--state-out", statePath.string()}),
              0);
    shot.pixels = loadPng(png);
    shot.state = readStateFile(statePath);
    return shot;
}

TEST(OverlayScreenshot, GhostsFromTheSavedSettingsAreDrawn) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir plainDir;
    const TempDir ghostDir;
    const Shot plain = screenshot(plainDir, "show_ghosts = false\n");
    const Shot ghosts = screenshot(ghostDir, "show_ghosts = true\nghost_count = 1\nghost_step = " +
                                                 std::to_string(kStep) + "\nghost_opacity = 0.5\n");
    ASSERT_TRUE(plain.pixels && plain.state && ghosts.pixels && ghosts.state);
    ASSERT_EQ(plain.state->frame, kFrame);

    viewer::LoadOutcome loaded =
        viewer::loadCharacterFile(std::string(BVHSCOPE_SOURCE_DIR) + "/assets/sample_walk.bvh");
    ASSERT_TRUE(loaded.character.has_value());
    scene::Scene scene;
    scene.add(std::move(*loaded.character));
    scene::ScenePose pose;
    int sampled = 0;
    int drawn = 0;
    for (const int frame : {kFrame - kStep, kFrame + kStep}) {
        scene.sample(frame * scene.frameTime(), bvh::Interpolation::Nearest, false, pose);
        const scene::Character& character = scene.characters().front();
        const std::vector<glm::vec3>& positions = pose.characters.front().viewerPositions;
        for (std::size_t i = 0; i < positions.size(); ++i) {
            if (character.clip->document.skeleton.isEndSite[i] != 0) {
                continue;
            }
            const auto pixel = projectIntoWindow(*ghosts.state, positions[i]);
            ASSERT_TRUE(pixel.has_value());
            const int x = static_cast<int>(pixel->x);
            const int y = static_cast<int>(pixel->y);
            if (x < 0 || y < 0 || x >= plain.pixels->width || y >= plain.pixels->height ||
                underPanel(*ghosts.state, pixel->x, pixel->y)) {
                continue;
            }
            const std::uint8_t* before = plain.pixels->at(x, y);
            if (before[0] > before[2] + 30) {
                continue; // the live pose is there, and hides a ghost behind it
            }
            const std::uint8_t* after = ghosts.pixels->at(x, y);
            ++sampled;
            drawn += after[0] > before[0] + 20 && after[0] > after[2] + 15;
        }
    }
    EXPECT_GE(sampled, 10);
    EXPECT_GE(drawn, sampled * 8 / 10) << drawn << " of " << sampled << " ghost joints drawn";
}

} // namespace
