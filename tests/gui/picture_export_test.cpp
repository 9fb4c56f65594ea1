// File > Save picture's read-back (app/viewer/session/picture_request.h savePictureIfRequested,
// app/viewer/io/picture_export.h): the window's back buffer, cropped to the view rectangle,
// written as a PNG that an independent decoder (stb_image) reads back pixel for pixel, and the
// file queued for download. In a hidden window's context (Xvfb in `make test`).
#include "app/viewer/io/picture_export.h"
#include "app/viewer/session/picture_request.h"
#include "tests/app/folder/folder_test_support.h"
#include "tests/gui/gl_test_context.h"

#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <sstream>
#include <stb_image.h>
#include <string>

using namespace bvhscope;
using namespace bvhscope::viewer;

namespace {

constexpr int kWindow = 64; // the hidden window's framebuffer (gl_test_context.h)

struct Decoded {
    int width = 0, height = 0, channels = 0;
    std::vector<std::uint8_t> rgba;
    const std::uint8_t* at(int x, int y) const {
        return rgba.data() + (static_cast<std::size_t>(y) * width + x) * 4;
    }
};

Decoded decodePng(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Decoded decoded;
    unsigned char* data = stbi_load_from_memory(
        reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()),
        &decoded.width, &decoded.height, &decoded.channels, 4);
    if (data != nullptr) {
        decoded.rgba.assign(data, data + static_cast<std::size_t>(decoded.width) *
                                             static_cast<std::size_t>(decoded.height) * 4);
        stbi_image_free(data);
    }
    return decoded;
}

// The back buffer blue, its top-left quarter red (GL's rows count from the bottom: the top
// quarter is rows 32..63).
void paintQuarters() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDrawBuffer(GL_BACK);
    glViewport(0, 0, kWindow, kWindow);
    glDisable(GL_SCISSOR_TEST);
    glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, kWindow / 2, kWindow / 2, kWindow / 2);
    glClearColor(1.0f, 0.0f, 0.0f, 0.5f); // alpha below one: the picture is opaque anyway
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
}

class PictureExport : public testing::Test {
protected:
    void SetUp() override {
        folder_ = folder_test::makeUniqueDirectory("bvhscope-picture-");
        session_.downloadsFolder = folder_ / "downloads";
    }
    void TearDown() override {
        std::error_code error;
        std::filesystem::remove_all(folder_, error);
    }
    std::filesystem::path folder_;
    SessionState session_;
    std::ostringstream err_;
};

TEST_F(PictureExport, TheViewRectangleIsWrittenAsAnOpaquePngAndQueuedForDownload) {
    gl_test::HiddenContext context;
    BVHSCOPE_REQUIRE_GL(context);
    paintQuarters();
    const std::filesystem::path target = session_.downloadsFolder / "take-frame-4.png";
    session_.pictureRequest = PictureRequest{target};
    // The view: 32 x 32 pixels from (16, 16), top-left origin: a quarter of it red (its top left).
    savePictureIfRequested(session_, kWindow, kWindow, {16, 16, 32, 32}, err_);
    EXPECT_FALSE(session_.pictureRequest.has_value());
    ASSERT_EQ(session_.downloadsReady, std::vector<std::filesystem::path>{target}) << err_.str();
    ASSERT_FALSE(session_.notices.empty());
    EXPECT_EQ(session_.notices.items.back().text, "Wrote take-frame-4.png");
    EXPECT_TRUE(session_.errorLines.empty());

    const Decoded picture = decodePng(target);
    ASSERT_EQ(picture.width, 32);
    ASSERT_EQ(picture.height, 32);
    EXPECT_EQ(picture.channels, 3); // RGB: the view is opaque
    for (const auto& [x, y, red] :
         {std::tuple{0, 0, true}, std::tuple{15, 15, true}, std::tuple{16, 15, false},
          std::tuple{15, 16, false}, std::tuple{31, 31, false}, std::tuple{0, 31, false}}) {
        const std::uint8_t* pixel = picture.at(x, y);
        EXPECT_EQ(pixel[0], red ? 255 : 0) << x << "," << y;
        EXPECT_EQ(pixel[1], 0) << x << "," << y;
        EXPECT_EQ(pixel[2], red ? 0 : 255) << x << "," << y;
        EXPECT_EQ(pixel[3], 255) << x << "," << y;
    }
}

TEST_F(PictureExport, AFileThatCannotBeWrittenIsAnErrorAndNoDownload) {
    gl_test::HiddenContext context;
    BVHSCOPE_REQUIRE_GL(context);
    paintQuarters();
    // A regular file where the folder should be: neither made nor written into.
    std::ofstream(folder_ / "not-a-folder") << "x";
    session_.pictureRequest = PictureRequest{folder_ / "not-a-folder" / "take-frame-0.png"};
    savePictureIfRequested(session_, kWindow, kWindow, {0, 0, kWindow, kWindow}, err_);
    EXPECT_FALSE(session_.pictureRequest.has_value());
    EXPECT_TRUE(session_.downloadsReady.empty());
    ASSERT_EQ(session_.errorLines.size(), 1u);
    EXPECT_NE(session_.errorLines[0].find("take-frame-0.png: error: "), std::string::npos)
        << session_.errorLines[0];
    EXPECT_TRUE(session_.openErrorPopup);
    EXPECT_NE(err_.str().find("bvhscope: "), std::string::npos);
}

TEST_F(PictureExport, AViewWhollyOffTheWindowSaysSo) {
    gl_test::HiddenContext context;
    BVHSCOPE_REQUIRE_GL(context);
    paintQuarters();
    session_.pictureRequest = PictureRequest{session_.downloadsFolder / "hidden.png"};
    savePictureIfRequested(session_, kWindow, kWindow, {kWindow, 0, 10, 10}, err_);
    EXPECT_TRUE(session_.downloadsReady.empty());
    ASSERT_EQ(session_.errorLines.size(), 1u);
    EXPECT_NE(session_.errorLines[0].find("the view is hidden"), std::string::npos);
    EXPECT_FALSE(std::filesystem::exists(session_.downloadsFolder / "hidden.png"));
}

// Issue 42: a picture of a chosen size, drawn offscreen by the caller into the framebuffer it
// is given, is written at that size; a size out of bounds is refused with why.
TEST_F(PictureExport, AChosenSizeIsDrawnOffscreenAndWrittenAtThatSize) {
    gl_test::HiddenContext context;
    BVHSCOPE_REQUIRE_GL(context);
    session_.downloadsFolder.clear(); // the desktop
    const std::filesystem::path target = folder_ / "pictures" / "sized.png";
    session_.pictureRequest = PictureRequest{target, 40, 24};
    int drawnWidth = 0;
    int drawnHeight = 0;
    saveSizedPictureIfRequested(
        session_,
        [&](unsigned framebuffer, int width, int height) {
            drawnWidth = width;
            drawnHeight = height;
            glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
            glViewport(0, 0, width, height);
            glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
            glClear(GL_COLOR_BUFFER_BIT);
        },
        err_);
    EXPECT_FALSE(session_.pictureRequest.has_value());
    EXPECT_EQ(drawnWidth, 40);
    EXPECT_EQ(drawnHeight, 24);
    EXPECT_TRUE(session_.errorLines.empty()) << err_.str();
    EXPECT_TRUE(session_.downloadsReady.empty()) << "the desktop offers no download";
    const Decoded picture = decodePng(target);
    ASSERT_EQ(picture.width, 40);
    ASSERT_EQ(picture.height, 24);
    EXPECT_EQ(picture.at(39, 23)[0], 255);
    EXPECT_EQ(picture.at(39, 23)[2], 0);
    ASSERT_FALSE(session_.notices.empty());
    EXPECT_EQ(session_.notices.items.back().text, "Wrote " + target.string());

    // A request of the view's size is left to savePictureIfRequested.
    session_.pictureRequest = PictureRequest{folder_ / "view.png"};
    saveSizedPictureIfRequested(
        session_, [&](unsigned, int, int) { ADD_FAILURE() << "drawn for a view-size request"; },
        err_);
    EXPECT_TRUE(session_.pictureRequest.has_value());

    EXPECT_NE(saveDrawnPicture([](unsigned) {}, 8, 8, folder_ / "tiny.png").find("16 to 8192"),
              std::string::npos);
}

} // namespace
