// The PNG encoder: lossless for every kind of picture (flat, gradients, lines, noise, several
// deflate blocks), read back by an independent decoder (stb_image), with valid checksums.
#include "render/gl/png_encoding.h"
#include "tests/render/gl/png_decoding.h"

#include <gtest/gtest.h>
#include <random>

namespace bvhscope::render {
namespace {

using png_test::decode;
using png_test::Decoded;

std::uint32_t bigEndianAt(const std::string& bytes, std::size_t at) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        value = (value << 8) | static_cast<std::uint8_t>(bytes[at + i]);
    }
    return value;
}

// What `render` draws, roughly: a vertical gradient, grid lines, a figure of noise, and a
// transparent corner; plus a band of random bytes that no filter or run helps.
std::vector<std::uint8_t> framePicture(int width, int height) {
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * height * 4);
    std::mt19937 random(27);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            std::uint8_t* pixel = &rgba[(static_cast<std::size_t>(y) * width + x) * 4];
            const auto shade = static_cast<std::uint8_t>(20 + y * 40 / height);
            pixel[0] = shade;
            pixel[1] = static_cast<std::uint8_t>(shade + 1);
            pixel[2] = static_cast<std::uint8_t>(shade + 4);
            pixel[3] = x < 8 && y < 8 ? 0 : 255;
            if (x % 37 == 0 || y % 23 == 0) {
                pixel[0] = pixel[1] = pixel[2] = static_cast<std::uint8_t>(90 + (x + y) % 7);
            }
            if (x > width / 3 && x < width / 2 && y > height / 4) {
                pixel[0] = static_cast<std::uint8_t>(200 + random() % 40);
                pixel[1] = static_cast<std::uint8_t>(120 + random() % 30);
            }
            if (y >= height - 40) {
                for (int c = 0; c < 4; ++c) {
                    pixel[c] = static_cast<std::uint8_t>(random());
                }
            }
        }
    }
    return rgba;
}

TEST(PngEncoding, FramesRoundTripExactlyWithAndWithoutAlpha) {
    // 640x480 holds more runs and literals than one deflate block takes (several blocks).
    const int width = 640;
    const int height = 480;
    const std::vector<std::uint8_t> rgba = framePicture(width, height);

    const Decoded withAlpha = decode(encodePngFromRgba(rgba, width, height, true));
    EXPECT_EQ(withAlpha.width, width);
    EXPECT_EQ(withAlpha.height, height);
    EXPECT_EQ(withAlpha.channels, 4);
    EXPECT_TRUE(withAlpha.rgba == rgba) << "RGBA differs after a round trip";

    const Decoded opaque = decode(encodePngFromRgba(rgba, width, height, false));
    EXPECT_EQ(opaque.channels, 3);
    std::vector<std::uint8_t> expected = rgba;
    for (std::size_t i = 3; i < expected.size(); i += 4) {
        expected[i] = 255; // alpha dropped: an RGB PNG reads back opaque
    }
    EXPECT_TRUE(opaque.rgba == expected) << "RGB differs after a round trip";
}

TEST(PngEncoding, FlatPicturesCompressToAlmostNothing) {
    // 1280x720 of one colour: 2.7 MB of pixels, each row one run after its first pixel.
    const int width = 1280;
    const int height = 720;
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * height * 4);
    for (std::size_t i = 0; i < rgba.size(); i += 4) {
        rgba[i] = 24;
        rgba[i + 1] = 25;
        rgba[i + 2] = 29;
        rgba[i + 3] = 255;
    }
    const std::string png = encodePngFromRgba(rgba, width, height, false);
    EXPECT_LT(png.size(), 20000u);
    EXPECT_TRUE(decode(png).rgba == rgba);
}

TEST(PngEncoding, OnePixelHasTheChecksumsWorkedOutByHand) {
    const std::vector<std::uint8_t> black{0, 0, 0, 255};
    const std::string png = encodePngFromRgba(black, 1, 1, false);
    ASSERT_GT(png.size(), 8u + 25 + 12 + 12);
    EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    EXPECT_EQ(png.substr(12, 4), "IHDR");
    EXPECT_EQ(bigEndianAt(png, 16), 1u); // width
    EXPECT_EQ(bigEndianAt(png, 20), 1u); // height
    // IEND's CRC-32 is the same in every PNG: 0xAE426082.
    EXPECT_EQ(png.substr(png.size() - 8, 4), "IEND");
    EXPECT_EQ(bigEndianAt(png, png.size() - 4), 0xAE426082u);
    // The zlib stream ends in the Adler-32 of the filtered row {1 (Sub), 0, 0, 0}: a = 1 + 1 =
    // 2, b = 2 + 2 + 2 + 2 = 8. It ends four bytes (IDAT's CRC) before IEND's 12 bytes.
    EXPECT_EQ(bigEndianAt(png, png.size() - 12 - 4 - 4), 0x00080002u);
    EXPECT_EQ(decode(png).rgba, black);
}

// The filter type byte of each row, from the IDAT chunks inflated.
std::vector<int> rowFilters(const std::string& png, int width, int height, int channels) {
    std::string stream;
    for (std::size_t at = 8; at + 12 <= png.size();) {
        const std::uint32_t length = bigEndianAt(png, at);
        if (png.compare(at + 4, 4, "IDAT") == 0) {
            stream += png.substr(at + 8, length);
        }
        at += 12 + length;
    }
    const std::size_t rowBytes = static_cast<std::size_t>(width) * channels + 1;
    int size = 0;
    char* inflated = stbi_zlib_decode_malloc(stream.data(), static_cast<int>(stream.size()), &size);
    if (inflated == nullptr) {
        return {};
    }
    const std::vector<std::uint8_t> rows(inflated, inflated + size);
    stbi_image_free(inflated);
    if (rows.size() != rowBytes * static_cast<std::size_t>(height)) {
        return {};
    }
    std::vector<int> filters;
    for (int y = 0; y < height; ++y) {
        filters.push_back(rows[static_cast<std::size_t>(y) * rowBytes]);
    }
    return filters;
}

// Widths whose rows are not a whole number of the encoder's 16-byte blocks (the filter loops
// run in such blocks and finish byte by byte), and a one-pixel-wide picture.
TEST(PngEncoding, OddWidthsRoundTripAndPickTheFilterThatLeavesZeros) {
    for (const int width : {1, 5, 17, 333}) {
        const int height = 9;
        // Columns of colours, every row the same: Up leaves zeros from the second row on.
        std::vector<std::uint8_t> columns(static_cast<std::size_t>(width) * height * 4);
        // Each row one colour, a different one per row: Sub leaves zeros after the first pixel.
        std::vector<std::uint8_t> flatRows(columns.size());
        std::mt19937 random(static_cast<unsigned>(width));
        for (int x = 0; x < width; ++x) {
            const auto colour = static_cast<std::uint8_t>(random());
            for (int y = 0; y < height; ++y) {
                std::uint8_t* pixel = &columns[(static_cast<std::size_t>(y) * width + x) * 4];
                pixel[0] = colour;
                pixel[1] = static_cast<std::uint8_t>(colour * 3);
                pixel[2] = static_cast<std::uint8_t>(255 - colour);
                pixel[3] = 255;
                std::uint8_t* flat = &flatRows[(static_cast<std::size_t>(y) * width + x) * 4];
                flat[0] = static_cast<std::uint8_t>(y * 29);
                flat[1] = static_cast<std::uint8_t>(y * 71);
                flat[2] = static_cast<std::uint8_t>(200 - y * 13);
                flat[3] = 255;
            }
        }
        for (const bool alpha : {false, true}) {
            const int channels = alpha ? 4 : 3;
            const std::string columnPng = encodePngFromRgba(columns, width, height, alpha);
            EXPECT_EQ(decode(columnPng).rgba, columns) << width;
            const std::vector<int> up = rowFilters(columnPng, width, height, channels);
            ASSERT_EQ(up.size(), static_cast<std::size_t>(height)) << width;
            EXPECT_EQ(up[0], 1) << width; // the first row has nothing above it
            for (int y = 1; y < height; ++y) {
                // Up costs 0; Sub at least the first pixel's bytes.
                EXPECT_EQ(up[static_cast<std::size_t>(y)], 2) << width << " row " << y;
            }
            const std::string flatPng = encodePngFromRgba(flatRows, width, height, alpha);
            EXPECT_EQ(decode(flatPng).rgba, flatRows) << width;
            // Sub: each row's first pixel, then zeros; Up: every pixel's step from the row
            // above (113 or more a pixel), so from 5 pixels wide on Sub is cheaper (a first
            // pixel costs at most 3 x 128). One pixel alone has no run for Sub to make.
            const std::vector<int> flatFilters = rowFilters(flatPng, width, height, channels);
            ASSERT_EQ(flatFilters.size(), static_cast<std::size_t>(height)) << width;
            for (std::size_t y = 0; y < flatFilters.size() && width >= 5; ++y) {
                EXPECT_EQ(flatFilters[y], 1) << width << " row " << y;
            }
        }
    }
}

TEST(PngEncoding, RefusesSizesThatDoNotMatchThePixels) {
    const std::vector<std::uint8_t> pixel{1, 2, 3, 4};
    EXPECT_TRUE(encodePngFromRgba(pixel, 2, 1, false).empty());
    EXPECT_TRUE(encodePngFromRgba(pixel, 0, 1, false).empty());
    EXPECT_TRUE(encodePngFromRgba({}, 0, 0, true).empty());
}

} // namespace
} // namespace bvhscope::render
