// Issue 16 in the viewer itself: a Z-up capture whose rest pose stands on +Y (the root's rotation
// turns it), floating 3.62 m above its ground, opens standing on the grid, framed large.
#include "app/scene/scene.h"
#include "app/viewer/io/file_loading.h"
#include "tests/core/analysis/creature_clips.h"
#include "tests/gui/gui_test_support.h"

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::gui_test;

namespace {

TEST(StanceGui, AFloatingZUpCaptureWithARotatedRootStandsOnTheGridFramedLarge) {
    BVHSCOPE_REQUIRE_DISPLAY();
    const TempDir dir;
    bvh::test::CreatureFileOptions options;
    options.canonicalToFile = bvh::test::yUpToZUp();
    options.restTurnAxis = 'X';
    options.restTurnDegrees = -90.0;
    options.fileShift = glm::dvec3(0, 0, 362.0);
    const auto file = dir.path() / "floating.bvh";
    std::ofstream(file) << bvh::test::creatureFile(bvh::test::biped(140.0), options).text;

    const auto png = dir.path() / "shot.png";
    const auto statePath = dir.path() / "state.txt";
    ASSERT_EQ(
        runViewerToCompletion(dir, {file.string(), "--screenshot", png.string(), "--frame", "60",
                                    "--size", "1200x800", "--state-out", statePath.string()}),
        0);
    const auto state = readStateFile(statePath);
    ASSERT_TRUE(state.has_value());
    ASSERT_EQ(state->stances.size(), 1u);
    EXPECT_EQ(state->stances[0].up, "+Z");
    EXPECT_EQ(state->stances[0].source, "motion");
    EXPECT_NEAR(state->stances[0].liftMetres, -3.62, 0.01);

    // The viewer's own character at the shown time, seen through the shown camera.
    viewer::LoadOutcome loaded = viewer::loadCharacterFile(file.string());
    ASSERT_TRUE(loaded.character.has_value());
    scene::Scene scene;
    scene.add(std::move(*loaded.character));
    scene::ScenePose pose;
    scene.sample(state->time, bvh::Interpolation::Linear, false, pose);
    float top = 1e9f;
    float bottom = -1e9f;
    float lowest = 1e9f;
    for (const glm::vec3& point : pose.characters.front().viewerPositions) {
        const auto pixel = render::projectToPixel(state->camera, glm::vec2(1200, 800), point);
        ASSERT_TRUE(pixel.has_value());
        EXPECT_GE(pixel->x, 0.0f);
        EXPECT_LE(pixel->x, 1200.0f);
        top = std::min(top, pixel->y);
        bottom = std::max(bottom, pixel->y);
        lowest = std::min(lowest, point.y);
    }
    EXPECT_NEAR(lowest, 0.0f, 0.03f) << "a foot on the grid";
    EXPECT_GE(bottom - top, 0.35f * 800.0f) << "the figure fills a good part of the view";
    EXPECT_GE(top, 0.0f);
    EXPECT_LE(bottom, 800.0f);
    const auto pixels = loadPng(png);
    ASSERT_TRUE(pixels.has_value());
}

} // namespace
