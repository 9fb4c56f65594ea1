// Pictures out: straight alpha from premultiplied pixels, and PNG bytes with and without alpha,
// read back with stb_image (no GL context needed).
#include "render/gl/frame_capture.h"
#include "tests/render/gl/png_decoding.h"

#include <gtest/gtest.h>

namespace bvhscope::render {
namespace {

Image onePixel(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
    return Image{1, 1, {r, g, b, a}};
}

TEST(FrameCapture, UnpremultiplyDividesColourByCoverage) {
    // Half-covered orange (230, 140, 60) over transparent black: 115, 70, 30 at alpha 128.
    Image image = onePixel(115, 70, 30, 128);
    unpremultiplyAlpha(image);
    EXPECT_EQ(image.rgba, (std::vector<std::uint8_t>{229, 139, 60, 128}));
    Image opaque = onePixel(10, 20, 30, 255);
    unpremultiplyAlpha(opaque);
    EXPECT_EQ(opaque.rgba, (std::vector<std::uint8_t>{10, 20, 30, 255}));
    // Nothing there: no colour either (a premultiplied buffer cannot hold colour at alpha 0,
    // and a PNG viewer showing it would reveal noise).
    Image empty = onePixel(3, 4, 5, 0);
    unpremultiplyAlpha(empty);
    EXPECT_EQ(empty.rgba, (std::vector<std::uint8_t>{0, 0, 0, 0}));
    // Rounding never overflows a channel past 255.
    Image bright = onePixel(255, 255, 255, 254);
    unpremultiplyAlpha(bright);
    EXPECT_EQ(bright.rgba[0], 255);
}

using png_test::decode;
using png_test::Decoded;

TEST(FrameCapture, PngKeepsAlphaOnlyWhenAsked) {
    const Image image{2, 1, {200, 100, 50, 0, 200, 100, 50, 255}};
    const Decoded rgba = decode(encodePng(image, PngAlpha::Keep));
    EXPECT_EQ(rgba.channels, 4);
    EXPECT_EQ(rgba.rgba, image.rgba);
    const Decoded rgb = decode(encodePng(image));
    EXPECT_EQ(rgb.channels, 3);
    EXPECT_EQ(rgb.rgba, (std::vector<std::uint8_t>{200, 100, 50, 255, 200, 100, 50, 255}));
    EXPECT_TRUE(encodePng(Image{}, PngAlpha::Keep).empty());
}

} // namespace
} // namespace bvhscope::render
