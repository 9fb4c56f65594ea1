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
