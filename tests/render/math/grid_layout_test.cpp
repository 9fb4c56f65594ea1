#include "render/math/grid_layout.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace bvhscope::render;

TEST(GridLayout, HumanSizedFigureGetsTenCentimetreCells) {
    const GridLayout layout = gridForBounds({{-0.3f, 0.0f, -0.2f}, {0.3f, 1.7f, 0.2f}});
    EXPECT_FLOAT_EQ(layout.cellSize, 0.1f);
    EXPECT_GT(layout.halfExtent, 1.7f);
    EXPECT_FLOAT_EQ(layout.groundHeight, 0.0f);
}

TEST(GridLayout, ScalesWithTheFigure) {
    const GridLayout tiny = gridForBounds({{0.0f, 0.0f, 0.0f}, {0.01f, 0.017f, 0.01f}});
    const GridLayout huge = gridForBounds({{0.0f, 0.0f, 0.0f}, {100.0f, 170.0f, 100.0f}});
    EXPECT_LT(tiny.cellSize, 0.01f);
    EXPECT_GT(huge.cellSize, 1.0f);
    // Cells are powers of ten.
    EXPECT_NEAR(std::log10(huge.cellSize), std::round(std::log10(huge.cellSize)), 1e-4f);
}

TEST(GridLayout, CoversALongWalk) {
    const GridLayout layout = gridForBounds({{-0.3f, 0.0f, -10.0f}, {0.3f, 1.7f, 10.0f}});
    EXPECT_GE(layout.halfExtent, 10.0f);
}

TEST(GridLayout, EmptyBoundsGiveTheDefault) {
    const GridLayout layout = gridForBounds(emptyBounds());
    EXPECT_GT(layout.halfExtent, 0.0f);
    EXPECT_GT(layout.cellSize, 0.0f);
}

// Issue 38: a figure of no size (every joint on one point) is framed as one 10 cm across
// (frameBounds), and its grid fits that view: 1 cm cells out to 30 cm (its reach, 0.2 m, over a
// major cell, 0.1 m, is 2.0000002 in float, and rounds up to 3 cells). Main made it 0.1 mm
// cells 2 mm wide, a speck the viewer showed as no ground at all. A figure of 1e-5 m gets its
// own grid (1e-6 m cells), no longer the 1 mm figure's.
TEST(GridLayout, AFigureOfNoSizeGetsTheGridOfItsFraming) {
    const glm::vec3 point{0.0f, 0.0f, 0.0f};
    const GridLayout onePoint = gridForBounds({point, point});
    EXPECT_FLOAT_EQ(onePoint.cellSize, 0.01f);
    EXPECT_FLOAT_EQ(onePoint.halfExtent, 0.3f);
    const GridLayout tiny = gridForBounds({{0.0f, 0.0f, 0.0f}, {0.4e-5f, 1e-5f, 0.4e-5f}});
    EXPECT_FLOAT_EQ(tiny.cellSize, 1e-6f);
    EXPECT_FLOAT_EQ(tiny.halfExtent, 3e-5f);
}
