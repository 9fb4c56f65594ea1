// Issue 42, several figures: opened together, they stand in a row, each shown in place (its
// travel taken off for the view) or, with View > Several figures in place off, in a lane as
// wide as its motion; either way no figure ever reaches into another, and the row is framed by
// the figures' bodies, not by the floor they travel over.
#include "app/scene/framing.h"
#include "core/reader/document.h"
#include "tests/core/analysis/creature_clips.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

using namespace bvhscope;
using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

// Walkers of 8 s (240 frames at 30 fps), 1.4 m/s: 11 m each, facing +Z, +X and -X.
Character walkerFacing(const glm::dmat3& canonicalToFile) {
    bvh::test::CreatureFileOptions options;
    options.canonicalToFile = canonicalToFile;
    options.frames = 240;
    Character character = makeCharacter(
        "walk.bvh", "",
        bvh::parseDocument(bvh::test::creatureFile(bvh::test::biped(140.0), options).text));
    applyAxes(character, UpAxisChoice::PositiveY, UnitChoice::Centimetre);
    return character;
}

Scene threeWalkers() {
    Scene scene;
    scene.add(walkerFacing(glm::dmat3(1.0)));
    scene.add(walkerFacing(glm::dmat3(0, 0, -1, 0, 1, 0, 1, 0, 0))); // +Z to +X
    scene.add(walkerFacing(glm::dmat3(0, 0, 1, 0, 1, 0, -1, 0, 0))); // +Z to -X
    return scene;
}

struct Interval {
    float low = 1e9f;
    float high = -1e9f;
};

// Each figure's joints along the row at `seconds`.
std::vector<Interval> rowIntervals(const Scene& scene, double seconds, ScenePose& pose) {
    scene.sample(seconds, bvh::Interpolation::Nearest, false, pose);
    const glm::vec3 across = scene.rowDirection();
    std::vector<Interval> intervals(scene.characters().size());
    for (std::size_t c = 0; c < intervals.size(); ++c) {
        for (const glm::vec3& point : pose.characters[c].viewerPositions) {
            intervals[c].low = std::min(intervals[c].low, glm::dot(point, across));
            intervals[c].high = std::max(intervals[c].high, glm::dot(point, across));
        }
    }
    return intervals;
}

void expectApartAtEveryFrame(const Scene& scene) {
    ScenePose pose;
    for (int frame = 0; frame < 240; frame += 3) {
        const std::vector<Interval> row = rowIntervals(scene, frame / 30.0, pose);
        for (std::size_t c = 1; c < row.size(); ++c) {
            EXPECT_LT(row[c - 1].high, row[c].low)
                << "figure " << c - 1 << " reaches into figure " << c << " at frame " << frame;
        }
    }
}

glm::vec3 bodyGround(const Scene& scene, const ScenePose& pose, std::size_t c) {
    const glm::vec3 root = pose.characters[c].viewerPositions[bodyRootNode(scene.characters()[c])];
    return {root.x, 0.0f, root.z};
}

} // namespace

TEST(SeveralFigures, ShownInPlaceEachKeepsItsSlotAndNoneReachesAnother) {
    const Scene scene = threeWalkers();
    ASSERT_TRUE(scene.severalInPlace()) << "the default";
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    std::vector<glm::vec3> start;
    for (std::size_t c = 0; c < 3; ++c) {
        EXPECT_TRUE(scene.characters()[c].arrangement.inPlace);
        start.push_back(bodyGround(scene, pose, c));
    }
    // 7.9 s in, each has walked 11 m in the file; in the view its body root is where it began,
    // and its pose is the file's moved by that travel alone (the body's own sway stays).
    scene.sample(7.9, bvh::Interpolation::Nearest, false, pose);
    for (std::size_t c = 0; c < 3; ++c) {
        const Character& character = scene.characters()[c];
        EXPECT_LT(glm::distance(bodyGround(scene, pose, c), start[c]), 1e-3f) << c;
        const glm::vec3 offset = placementFor(character, pose.characters[c].world).offset;
        EXPECT_GT(glm::distance(offset, character.arrangement.placement), 10.0f)
            << "11 m taken off";
        const glm::vec3 foot = glm::vec3(character.axes.fileToViewer *
                                         glm::dvec4(pose.characters[c].world[5].translation, 1.0)) +
                               offset;
        EXPECT_LT(glm::distance(foot, pose.characters[c].viewerPositions[5]), 1e-4f);
    }
    expectApartAtEveryFrame(scene);
}

// The room each takes across the row is its body's reach, not a box in the world's axes: the
// step from one figure's slot to the next is the first's reach to its right, the gap, and the
// second's reach to its left, each measured here from the poses themselves (the bound may be
// 0.5 % over them).
TEST(SeveralFigures, NeighboursStandTheirReachesAndAGapApart) {
    const Scene scene = threeWalkers();
    const glm::vec3 across = scene.rowDirection();
    std::vector<Interval> reach(3);
    ScenePose pose;
    for (int frame = 0; frame < 240; ++frame) {
        scene.sample(frame / 30.0, bvh::Interpolation::Nearest, false, pose);
        for (std::size_t c = 0; c < 3; ++c) {
            const float ground = glm::dot(bodyGround(scene, pose, c), across);
            for (const glm::vec3& point : pose.characters[c].viewerPositions) {
                reach[c].low = std::min(reach[c].low, glm::dot(point, across) - ground);
                reach[c].high = std::max(reach[c].high, glm::dot(point, across) - ground);
            }
        }
    }
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    for (std::size_t c = 1; c < 3; ++c) {
        const float step =
            glm::dot(bodyGround(scene, pose, c) - bodyGround(scene, pose, c - 1), across);
        const float gap =
            kRowGapHeights * static_cast<float>(scene.characters()[c].axes.figureHeightMetres);
        const float least = reach[c - 1].high - reach[c].low + gap;
        EXPECT_GE(step, least - 1e-3f) << c;
        EXPECT_LE(step, least + 0.006f * (reach[c - 1].high - reach[c].low) + 0.01f) << c;
        EXPECT_LT(reach[c].high - reach[c].low, 1.2f) << "the walker's width, not its 11 m";
    }
}

TEST(SeveralFigures, InLanesEachTravelsAndNoneReachesAnother) {
    Scene scene = threeWalkers();
    scene.setSeveralInPlace(false);
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    const glm::vec3 start = bodyGround(scene, pose, 1);
    scene.sample(7.9, bvh::Interpolation::Nearest, false, pose);
    EXPECT_FALSE(scene.characters()[1].arrangement.inPlace);
    EXPECT_GT(glm::distance(bodyGround(scene, pose, 1), start), 10.0f) << "it walks its 11 m";
    expectApartAtEveryFrame(scene);
}

TEST(SeveralFigures, OneFigureAloneTravels) {
    Scene scene;
    scene.add(walkerFacing(glm::dmat3(1.0)));
    EXPECT_FALSE(scene.characters()[0].arrangement.inPlace);
    ScenePose pose;
    scene.sample(7.9, bvh::Interpolation::Nearest, false, pose);
    EXPECT_GT(bodyGround(scene, pose, 0).z, 10.0f);
}

// The follow framing the viewer starts on load and on F, at the docked view's shape at
// 1280x720 (about 880 x 600): each figure at least 0.45 of the view's height at every frame,
// all inside it, the row's middle near the view's.
TEST(SeveralFigures, TheRowIsFramedByTheBodiesAndEachFillsHalfTheView) {
    const Scene scene = threeWalkers();
    const glm::vec2 view(880.0f, 600.0f);
    const float aspect = view.x / view.y;
    ScenePose pose;
    scene.sample(0.0, bvh::Interpolation::Nearest, false, pose);
    render::OrbitCamera camera;
    frameFigures(camera, scene, pose, aspect, true);
    FigureFollow follow;
    follow.start(camera, scene, pose, aspect);
    ASSERT_TRUE(follow.active());
    for (int frame = 0; frame < 240; frame += 20) {
        scene.sample(frame / 30.0, bvh::Interpolation::Nearest, false, pose);
        follow.update(camera, scene, pose, frame / 30.0, 1.0 / 30.0);
        float groupLeft = 1e9f;
        float groupRight = -1e9f;
        for (std::size_t c = 0; c < 3; ++c) {
            float top = 1e9f;
            float bottom = -1e9f;
            for (const glm::vec3& point : pose.characters[c].viewerPositions) {
                const auto pixel = render::projectToPixel(camera, view, point);
                ASSERT_TRUE(pixel.has_value());
                EXPECT_GE(pixel->x, 0.0f);
                EXPECT_LE(pixel->x, view.x);
                EXPECT_GE(pixel->y, 0.0f);
                EXPECT_LE(pixel->y, view.y);
                top = std::min(top, pixel->y);
                bottom = std::max(bottom, pixel->y);
                groupLeft = std::min(groupLeft, pixel->x);
                groupRight = std::max(groupRight, pixel->x);
            }
            EXPECT_GE((bottom - top) / view.y, 0.45f) << "figure " << c << " at frame " << frame;
        }
        EXPECT_NEAR(0.5f * (groupLeft + groupRight), 0.5f * view.x, 0.1f * view.x) << frame;
    }
}
