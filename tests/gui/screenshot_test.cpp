// --screenshot of a known file at a known frame: skeleton pixels where the joints project
// (computed here with the viewer's own camera math and conversion), background elsewhere.
#include "app/scene/scene.h"
#include "app/scene/settings.h"
#include "app/viewer/io/file_loading.h"
#include "tests/gui/gui_test_support.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

struct ScreenshotCase {
    const char* file; // under the source tree
    int frame;
};

class Screenshot : public testing::TestWithParam<ScreenshotCase> {};

TEST_P(Screenshot, JointsAreDrawnWhereTheyProject) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const std::string file = std::string(BVHSCOPE_SOURCE_DIR) + "/" + GetParam().file;
    const auto png = dir.path() / "shot.png";
    const auto statePath = dir.path() / "state.txt";
    // Without the file name over the figure: the rows above it must be background.
    writeConfigFile(dir, "settings.ini", "show_file_labels = false\n");
    ASSERT_EQ(runViewerToCompletion(dir, {file, "--screenshot", png.string(), "--frame",
                                          std::to_string(GetParam().frame), "--size", "1200x800",
                                          "--state-out", statePath.string()}),
              0);
    const auto pixels = loadPng(png);
    ASSERT_TRUE(pixels.has_value());
    EXPECT_EQ(pixels->width, 1200);
    EXPECT_EQ(pixels->height, 800);
    const auto state = readStateFile(statePath);
    ASSERT_TRUE(state.has_value());
    EXPECT_EQ(state->frame, GetParam().frame);

    // The same character the viewer built, posed at the same time.
    viewer::LoadOutcome loaded = viewer::loadCharacterFile(file);
    ASSERT_TRUE(loaded.character.has_value());
    scene::Scene scene;
    scene.add(std::move(*loaded.character));
    scene::ScenePose pose;
    scene.sample(state->time, bvh::Interpolation::Linear, false, pose);
    const scene::Character& character = scene.characters().front();
    const std::vector<glm::vec3>& positions = pose.characters.front().viewerPositions;

    int jointsChecked = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        if (character.clip->document.skeleton.isEndSite[i]) {
            continue;
        }
        const auto pixel = projectIntoWindow(*state, positions[i]);
        ASSERT_TRUE(pixel.has_value());
        const int x = static_cast<int>(pixel->x);
        const int y = static_cast<int>(pixel->y);
        if (x < 0 || y < 0 || x >= pixels->width || y >= pixels->height ||
            underPanel(*state, pixel->x, pixel->y)) {
            continue;
        }
        const std::uint8_t* rgb = pixels->at(x, y);
        // Characters are warm (orange first); the floor and background are cool greys.
        EXPECT_GT(rgb[0], rgb[2] + 30)
            << character.clip->document.skeleton.names[i] << " at " << x << "," << y << ": "
            << int(rgb[0]) << " " << int(rgb[1]) << " " << int(rgb[2]);
        ++jointsChecked;
    }
    EXPECT_GE(jointsChecked, 8) << "too few joints on screen to judge";

    // Background: above the figure, between the side panels.
    const scene::ViewerSettings defaults;
    const glm::vec3 background = defaults.backgroundColor * 255.0f;
    for (const int x : {pixels->width / 2 - 100, pixels->width / 2, pixels->width / 2 + 100}) {
        const std::uint8_t* rgb = pixels->at(x, 4);
        ASSERT_FALSE(underPanel(*state, static_cast<float>(x), 4.0f));
        EXPECT_NEAR(rgb[0], background.r, 4.0f) << "x " << x;
        EXPECT_NEAR(rgb[1], background.g, 4.0f) << "x " << x;
        EXPECT_NEAR(rgb[2], background.b, 4.0f) << "x " << x;
    }
}

INSTANTIATE_TEST_SUITE_P(KnownFiles, Screenshot,
                         testing::Values(ScreenshotCase{"assets/sample_walk.bvh", 20},
                                         ScreenshotCase{"tests/data/seed_cmu_example.bvh", 1},
                                         ScreenshotCase{
                                             "tests/data/seed_character_studio_example.bvh", 0}),
                         [](const testing::TestParamInfo<ScreenshotCase>& info) {
                             std::string name = std::filesystem::path(info.param.file).stem();
                             return name + "_frame" + std::to_string(info.param.frame);
                         });

// A hierarchy of 20 000 tiny bones (the reader accepts any depth) is over the renderer's mesh
// budget: it is drawn as one continuous line, quickly, not as thousands of sub-pixel capsules
// that either vanish between pixel centres or take seconds per frame on a software renderer.
TEST(Screenshot, TwentyThousandBoneChainIsOneContinuousLine) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    const auto file = dir.path() / "chain.bvh";
    {
        constexpr int kBones = 20000;
        std::ofstream out(file);
        out << "HIERARCHY\nROOT J0\n{\nOFFSET 0 0 0\nCHANNELS 3 Xposition Yposition Zposition\n";
        for (int i = 1; i < kBones; ++i) {
            out << "JOINT J" << i << "\n{\nOFFSET 0 0.1 0\nCHANNELS 1 Zrotation\n";
        }
        out << "End Site\n{\nOFFSET 0 0.1 0\n}\n";
        for (int i = 0; i < kBones; ++i) {
            out << "}\n";
        }
        out << "MOTION\nFrames: 0\nFrame Time: 0.04\n";
    }
    const auto png = dir.path() / "shot.png";
    const auto statePath = dir.path() / "state.txt";
    ASSERT_EQ(runViewerToCompletion(dir, {file.string(), "--screenshot", png.string(), "--size",
                                          "1200x800", "--state-out", statePath.string()}),
              0);
    const auto pixels = loadPng(png);
    ASSERT_TRUE(pixels.has_value());
    const auto state = readStateFile(statePath);
    ASSERT_TRUE(state.has_value());
    EXPECT_TRUE(state->bonesAsLines);

    viewer::LoadOutcome loaded = viewer::loadCharacterFile(file.string());
    ASSERT_TRUE(loaded.character.has_value());
    scene::Scene scene;
    scene.add(std::move(*loaded.character));
    scene::ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    const std::vector<glm::vec3>& positions = pose.characters.front().viewerPositions;
    const auto root = projectIntoWindow(*state, positions.front());
    const auto tip = projectIntoWindow(*state, positions.back());
    ASSERT_TRUE(root.has_value() && tip.has_value());
    ASSERT_GT(root->y - tip->y, 200.0f) << "the chain should stand tall in the view";
    // Every row from tip to root has a warm pixel near the line between them.
    int rows = 0;
    int drawn = 0;
    for (int y = static_cast<int>(tip->y) + 2; y <= static_cast<int>(root->y) - 2; ++y) {
        const float t = (static_cast<float>(y) - tip->y) / (root->y - tip->y);
        const int x = static_cast<int>(std::lround(tip->x + t * (root->x - tip->x)));
        if (underPanel(*state, static_cast<float>(x), static_cast<float>(y))) {
            continue;
        }
        ++rows;
        bool warm = false;
        for (int dx = -2; dx <= 2; ++dx) {
            const std::uint8_t* rgb = pixels->at(x + dx, y);
            warm = warm || rgb[0] > rgb[2] + 60;
        }
        drawn += warm ? 1 : 0;
    }
    ASSERT_GT(rows, 150);
    EXPECT_EQ(drawn, rows) << "the line has gaps";
}

TEST(Screenshot, BadOutputPathFailsCleanly) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    EXPECT_EQ(runViewerToCompletion(dir, {"--screenshot", "/nonexistent-dir/x.png"}), 1);
}

} // namespace
