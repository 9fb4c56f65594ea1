#include "render/math/uncovered_area.h"

#include <gtest/gtest.h>
#include <random>
#include <vector>

namespace bvhscope::render {
namespace {

// The viewer's first-run layout at 1280x720: two 270-pixel columns of panels and a 112-pixel
// timeline along the bottom.
const std::vector<PixelRect> kDefaultPanels = {
    {0, 0, 270, 170},    // files
    {0, 170, 270, 438},  // joints
    {1010, 0, 270, 608}, // info, selection and settings in one column
    {0, 608, 1280, 112}, // timeline
};

TEST(UncoveredBounds, WithoutCoversIsTheWholeView) {
    EXPECT_EQ(uncoveredBounds(1280, 720, {}), (PixelRect{0, 0, 1280, 720}));
}

TEST(UncoveredBounds, BetweenSideColumnsAndTimelineIsTheCentre) {
    EXPECT_EQ(uncoveredBounds(1280, 720, kDefaultPanels), (PixelRect{270, 0, 740, 608}));
}

TEST(UncoveredBounds, AGapBetweenPanelsWidensIt) {
    // The files panel collapsed to its title bar: the 20-pixel gap under it shows the scene.
    std::vector<PixelRect> panels = kDefaultPanels;
    panels[0] = {0, 0, 270, 20};
    panels[1] = {0, 40, 270, 568};
    EXPECT_EQ(uncoveredBounds(1280, 720, panels), (PixelRect{0, 0, 1010, 608}));
}

TEST(UncoveredBounds, IsEmptyWhenTheCoversHideEverything) {
    EXPECT_TRUE(uncoveredBounds(1280, 720, std::vector<PixelRect>{{0, 0, 1280, 720}}).empty());
    // Overlapping, and reaching outside the view.
    const std::vector<PixelRect> halves = {{-50, -50, 700, 900}, {600, 0, 900, 720}};
    EXPECT_TRUE(uncoveredBounds(1280, 720, halves).empty());
    EXPECT_TRUE(uncoveredBounds(0, 720, {}).empty());
}

TEST(UncoveredBounds, IgnoresEmptyCoversAndThoseOutsideTheView) {
    const std::vector<PixelRect> covers = {
        {100, 100, 0, 50}, {2000, 0, 10, 10}, {0, -30, 1280, 20}};
    EXPECT_EQ(uncoveredBounds(1280, 720, covers), (PixelRect{0, 0, 1280, 720}));
}

TEST(UncoveredBounds, AHoleAmongCoversIsTheHole) {
    const std::vector<PixelRect> frame = {
        {0, 0, 100, 30}, {0, 70, 100, 30}, {0, 30, 40, 40}, {55, 30, 45, 40}};
    EXPECT_EQ(uncoveredBounds(100, 100, frame), (PixelRect{40, 30, 15, 40}));
}

// Against the definition, pixel by pixel, on random covers of a small view.
TEST(UncoveredBounds, MatchesAPixelByPixelCount) {
    std::mt19937 random(12345);
    std::uniform_int_distribution<int> coordinate(-5, 45);
    std::uniform_int_distribution<int> extent(0, 30);
    std::uniform_int_distribution<int> count(0, 8);
    constexpr int kWidth = 40;
    constexpr int kHeight = 30;
    for (int trial = 0; trial < 2000; ++trial) {
        std::vector<PixelRect> covers(static_cast<std::size_t>(count(random)));
        for (PixelRect& cover : covers) {
            cover = {coordinate(random), coordinate(random), extent(random), extent(random)};
        }
        int left = kWidth;
        int top = kHeight;
        int right = 0;
        int bottom = 0;
        for (int y = 0; y < kHeight; ++y) {
            for (int x = 0; x < kWidth; ++x) {
                bool hidden = false;
                for (const PixelRect& cover : covers) {
                    hidden = hidden || (x >= cover.x && x < cover.x + cover.width && y >= cover.y &&
                                        y < cover.y + cover.height);
                }
                if (!hidden) {
                    left = std::min(left, x);
                    top = std::min(top, y);
                    right = std::max(right, x + 1);
                    bottom = std::max(bottom, y + 1);
                }
            }
        }
        const PixelRect expected =
            left < right ? PixelRect{left, top, right - left, bottom - top} : PixelRect{};
        ASSERT_EQ(uncoveredBounds(kWidth, kHeight, covers), expected) << "trial " << trial;
    }
}

} // namespace
} // namespace bvhscope::render
