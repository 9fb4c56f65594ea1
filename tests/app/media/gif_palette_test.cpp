#include "app/media/gif_palette.h"

#include <gtest/gtest.h>
#include <set>

namespace bvhscope::media {
namespace {

std::vector<std::uint8_t> flatPicture(const std::vector<std::array<std::uint8_t, 3>>& colors,
                                      int pixelsEach) {
    std::vector<std::uint8_t> rgba;
    for (const auto& color : colors) {
        for (int i = 0; i < pixelsEach; ++i) {
            rgba.insert(rgba.end(), {color[0], color[1], color[2], 255});
        }
    }
    return rgba;
}

TEST(GifPalette, FlatColoursAreKeptExactly) {
    // Floor grey, sky blue-grey, a character's orange and a lighter grey: each its own entry,
    // exact. (Colours are told apart at 5 bits a channel: two greys 8 levels apart are two
    // entries, 58 and 61 would share one.)
    const std::vector<std::array<std::uint8_t, 3>> colors = {
        {58, 60, 66}, {120, 130, 148}, {236, 128, 40}, {67, 60, 66}};
    GifPalette palette;
    palette.addSample(flatPicture(colors, 100));
    palette.build();
    EXPECT_EQ(palette.colors().size(), 4u);
    std::set<std::uint8_t> indices;
    for (const auto& color : colors) {
        const std::uint8_t index = palette.indexOf(color[0], color[1], color[2]);
        indices.insert(index);
        const std::uint32_t entry = palette.colors()[index];
        EXPECT_EQ((entry >> 16) & 255, color[0]);
        EXPECT_EQ((entry >> 8) & 255, color[1]);
        EXPECT_EQ(entry & 255, color[2]);
    }
    EXPECT_EQ(indices.size(), 4u);
}

TEST(GifPalette, AGradientGetsAtMost256EntriesCloseToEveryShade) {
    std::vector<std::uint8_t> rgba;
    for (int r = 0; r < 256; r += 3) {
        for (int g = 0; g < 256; g += 5) {
            for (int b = 0; b < 256; b += 17) {
                rgba.insert(rgba.end(), {static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(g),
                                         static_cast<std::uint8_t>(b), 255});
            }
        }
    }
    GifPalette palette;
    palette.addSample(rgba);
    palette.build();
    EXPECT_EQ(palette.colors().size(), 256u);
    // A 256-colour palette of the whole cube leaves about 256/256^(1/3)... at most ~40 levels of
    // error per channel; check every shade lands within that.
    std::vector<std::uint8_t> indices(rgba.size() / 4);
    palette.map(rgba.data(), static_cast<int>(indices.size()), 1, indices.data(),
                static_cast<int>(indices.size()));
    int worst = 0;
    for (std::size_t i = 0; i < indices.size(); ++i) {
        const std::uint32_t entry = palette.colors()[indices[i]];
        const int dr = std::abs(static_cast<int>((entry >> 16) & 255) - rgba[i * 4]);
        const int dg = std::abs(static_cast<int>((entry >> 8) & 255) - rgba[i * 4 + 1]);
        const int db = std::abs(static_cast<int>(entry & 255) - rgba[i * 4 + 2]);
        worst = std::max({worst, dr, dg, db});
    }
    EXPECT_LE(worst, 40);
}

TEST(GifPalette, WithoutSamplesItIsGreys) {
    GifPalette palette;
    palette.build();
    ASSERT_EQ(palette.colors().size(), 256u);
    EXPECT_EQ(palette.colors()[0], 0u);
    EXPECT_EQ(palette.colors()[255], 0xffffffu);
}

} // namespace
} // namespace bvhscope::media
