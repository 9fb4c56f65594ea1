#include "app/headless/contact_sheet.h"
#include "app/pictures/text_painter.h"

#include <gtest/gtest.h>

namespace bvhscope::headless {
namespace {

render::Image blackImage(int width, int height) {
    render::Image image;
    image.width = width;
    image.height = height;
    image.rgba.assign(static_cast<std::size_t>(width) * height * 4, 0);
    for (std::size_t i = 3; i < image.rgba.size(); i += 4) {
        image.rgba[i] = 255;
    }
    return image;
}

// Pixels brighter than `level` inside [x0, x1) x [y0, y1).
int litPixels(const render::Image& image, int x0, int y0, int x1, int y1, int level = 128) {
    int count = 0;
    for (int y = y0; y < y1; ++y) {
        for (int x = x0; x < x1; ++x) {
            count += image.rgba[(static_cast<std::size_t>(y) * image.width + x) * 4] > level;
        }
    }
    return count;
}

TEST(TextPainter, MeasuresTheFixedWidthFont) {
    const pictures::TextPainter text;
    EXPECT_EQ(text.lineHeight(1), 13);
    EXPECT_EQ(text.lineHeight(3), 39);
    EXPECT_EQ(text.textWidth("abcd", 1), 4 * 7); // ProggyClean advances 7 px
    EXPECT_EQ(text.textWidth("abcd", 2), 2 * text.textWidth("abcd", 1));
    EXPECT_EQ(text.fitText("short", 1, 100), "short");
    const std::string cut = text.fitText("a_rather_long_file_name.bvh", 1, 70);
    EXPECT_LE(text.textWidth(cut, 1), 70);
    EXPECT_EQ(cut.substr(cut.size() - 3), "...");
}

TEST(TextPainter, DrawsInsideItsBoxOnly) {
    const pictures::TextPainter text;
    render::Image image = blackImage(200, 60);
    text.drawText(image, 10, 20, "Frame 12", 2, pictures::Rgba{255, 255, 255, 255});
    const int width = text.textWidth("Frame 12", 2);
    const int height = text.lineHeight(2);
    EXPECT_GT(litPixels(image, 10, 20, 10 + width, 20 + height), 100);
    EXPECT_EQ(litPixels(image, 0, 0, 200, 20), 0);
    EXPECT_EQ(litPixels(image, 0, 0, 10, 60), 0);
    EXPECT_EQ(litPixels(image, 10 + width + 1, 0, 200, 60), 0);
    // Clipped at the edges, never written outside the image.
    text.drawText(image, 190, 55, "WWWW", 3, pictures::Rgba{255, 255, 255, 255});
    text.drawText(image, -30, -10, "WWWW", 3, pictures::Rgba{255, 255, 255, 255});
    // Bytes that are not UTF-8 are drawn as the fallback glyph, not skipped or crashed on.
    EXPECT_EQ(text.textWidth("a\xff"
                             "b",
                             1),
              3 * 7);
    render::Image fallback = blackImage(20, 20);
    text.drawText(fallback, 2, 2, "\xff", 1, pictures::Rgba{255, 255, 255, 255});
    EXPECT_GT(litPixels(fallback, 0, 0, 20, 20), 5) << "the fallback glyph is drawn";
}

TEST(ContactSheet, LayoutIsAboutSquareWithoutGaps) {
    const SheetLayout nine = sheetLayout(9, 0, 100, 80);
    EXPECT_EQ(nine.columns, 3);
    EXPECT_EQ(nine.rows, 3);
    EXPECT_EQ(nine.width(), 300);
    EXPECT_EQ(nine.height(), 240);
    EXPECT_EQ(nine.tileX(4), 100);
    EXPECT_EQ(nine.tileY(4), 80);
    const SheetLayout ten = sheetLayout(10, 0, 100, 80);
    EXPECT_EQ(ten.columns, 4);
    EXPECT_EQ(ten.rows, 3);
    const SheetLayout fixed = sheetLayout(3, 5, 100, 80); // never more columns than tiles
    EXPECT_EQ(fixed.columns, 3);
    EXPECT_EQ(fixed.rows, 1);
}

} // namespace
} // namespace bvhscope::headless
