// PngSequenceOutput: pictures encoded and written on a worker, in order, each file exactly the
// picture given; the first failure stops the rest and is reported once. No GL needed.
#include "app/headless/png_sequence_output.h"
#include "tests/app/headless/headless_test_support.h"

#include <gtest/gtest.h>
#include <sstream>

namespace bvhscope::headless::test {
namespace {

namespace fs = std::filesystem;

// A 97x61 picture whose every pixel depends on its position and on `seed`, so that a picture
// written under another one's name, or with a band misplaced, differs.
render::Image patternPicture(int seed, int width = 97, int height = 61) {
    render::Image image;
    image.width = width;
    image.height = height;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            image.rgba.insert(image.rgba.end(),
                              {static_cast<std::uint8_t>(x * 3 + seed),
                               static_cast<std::uint8_t>(y * 5 + 7 * seed),
                               static_cast<std::uint8_t>((x ^ y) + 11 * seed), 255});
        }
    }
    return image;
}

void expectSamePixels(const render::Image& expected, const fs::path& file) {
    const std::optional<Pixels> pixels = loadPng(file);
    ASSERT_TRUE(pixels.has_value()) << file;
    ASSERT_EQ(pixels->width, expected.width);
    ASSERT_EQ(pixels->height, expected.height);
    for (std::size_t i = 0, pixel = 0; pixel < pixels->rgb.size(); i += 4, pixel += 3) {
        ASSERT_EQ(pixels->rgb[pixel], expected.rgba[i]) << file << " byte " << pixel;
        ASSERT_EQ(pixels->rgb[pixel + 1], expected.rgba[i + 1]) << file << " byte " << pixel;
        ASSERT_EQ(pixels->rgb[pixel + 2], expected.rgba[i + 2]) << file << " byte " << pixel;
    }
}

TEST(PngSequenceOutput, WritesEveryPictureUnderItsOwnName) {
    const TempDir dir;
    std::ostringstream err;
    {
        PngSequenceOutput output;
        for (int k = 0; k < 9; ++k) {
            ASSERT_TRUE(output.add(dir.path() / ("f" + std::to_string(k) + ".png"),
                                   patternPicture(k), err));
        }
        ASSERT_TRUE(output.finish(err)) << err.str();
        // finish() returns once every file is in place: nothing is left to the destructor.
        for (int k = 0; k < 9; ++k) {
            expectSamePixels(patternPicture(k), dir.path() / ("f" + std::to_string(k) + ".png"));
        }
    }
    EXPECT_EQ(err.str(), "");
    std::size_t files = 0;
    for ([[maybe_unused]] const fs::directory_entry& entry : fs::directory_iterator(dir.path())) {
        ++files;
    }
    EXPECT_EQ(files, 9u); // no temporary file left beside them
}

TEST(PngSequenceOutput, TheFirstFailureStopsThePicturesAfterItAndIsReportedOnce) {
    const TempDir dir;
    std::ostringstream err;
    PngSequenceOutput output;
    // A large first picture keeps the worker busy while the failing one and the next are
    // queued behind it, so that the next one is dropped from the queue, not refused by add().
    EXPECT_TRUE(output.add(dir.path() / "a.png", patternPicture(1, 2000, 1500), err));
    output.add(dir.path() / "no-such-dir" / "b.png", patternPicture(2), err);
    bool refused = false;
    for (int k = 0; k < 5 && !refused; ++k) {
        refused =
            !output.add(dir.path() / ("c" + std::to_string(k) + ".png"), patternPicture(3), err);
    }
    EXPECT_FALSE(output.finish(err));
    const std::string message = err.str();
    EXPECT_FALSE(output.add(dir.path() / "d.png", patternPicture(4), err));
    EXPECT_FALSE(output.finish(err));
    EXPECT_EQ(err.str(), message); // said once
    expectSamePixels(patternPicture(1, 2000, 1500), dir.path() / "a.png");
    // Only a.png: the pictures queued after the failure are dropped, none half-written.
    std::vector<std::string> names;
    for (const fs::directory_entry& entry : fs::directory_iterator(dir.path())) {
        names.push_back(entry.path().filename().string());
    }
    EXPECT_EQ(names, std::vector<std::string>{"a.png"});
    EXPECT_EQ(message.rfind("bvhscope render: ", 0), 0u) << message;
    EXPECT_NE(message.find("no-such-dir"), std::string::npos) << message;
}

} // namespace
} // namespace bvhscope::headless::test
