// The page's downloads in the session (app/viewer/session/picture_request.h, session.cpp's
// Export and Open in the page) and the picture's name and crop (app/viewer/io/picture_export.h),
// with no window or GL: the downloads folder is a temporary one, as the page's /downloads is a
// MEMFS one. The read-back itself is tested in tests/gui/picture_export_test.cpp.
#include "app/viewer/io/picture_export.h"
#include "app/viewer/session/picture_request.h"
#include "app/viewer/session/session.h"
#include "core/platform/utf8_path.h"
#include "tests/app/folder/folder_test_support.h"
#include "tests/app/viewer/session/slide_capture.h"

#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>

using namespace bvhscope;
using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

using bvhscope::viewer::test::kSlide;

class PageSession : public testing::Test {
protected:
    void SetUp() override {
        folder_ = folder_test::makeUniqueDirectory("bvhscope-page-");
        session_.downloadsFolder = folder_ / "downloads"; // not made yet, as in a fresh page
    }
    void TearDown() override {
        std::error_code error;
        std::filesystem::remove_all(folder_, error);
    }
    void update(std::vector<Command> commands = {}) {
        updateSession(session_, std::move(commands), SessionFrame{1.5f, 0.0}, err_);
    }
    void addTake() {
        session_.scene.add(makeCharacter("take.bvh", "take.bvh", bvh::parseDocument(kSlide)));
        update();
    }

    std::filesystem::path folder_;
    SessionState session_;
    std::ostringstream err_;
};

// [SECTION] The picture's name and crop

TEST(PictureFileName, IsTheCapturesStemAndTheFrameShown) {
    EXPECT_EQ(pictureFileName("walk.bvh", 17), "walk-frame-17.png");
    EXPECT_EQ(pictureFileName("take.2.bvh", 0), "take.2-frame-0.png");
    EXPECT_EQ(pictureFileName("", 3), "bvhscope-frame-3.png"); // an empty view
}

TEST(CropImage, KeepsTheRegionTopRowFirstAndClipsItToTheImage) {
    render::Image image;
    image.width = 4;
    image.height = 3;
    for (int i = 0; i < 12; ++i) { // pixel i: red i, green 100 + i
        image.rgba.insert(image.rgba.end(), {static_cast<std::uint8_t>(i),
                                             static_cast<std::uint8_t>(100 + i), 0, 255});
    }
    const render::Image middle = cropImage(image, {1, 1, 2, 2});
    ASSERT_EQ(middle.width, 2);
    ASSERT_EQ(middle.height, 2);
    const std::vector<std::uint8_t> reds = {middle.rgba[0], middle.rgba[4], middle.rgba[8],
                                            middle.rgba[12]};
    EXPECT_EQ(reds, (std::vector<std::uint8_t>{5, 6, 9, 10})); // rows 1 and 2, columns 1 and 2
    EXPECT_EQ(middle.rgba[13], 110);

    const render::Image corner = cropImage(image, {3, 2, 10, 10}); // past the edges
    ASSERT_EQ(corner.width, 1);
    ASSERT_EQ(corner.height, 1);
    EXPECT_EQ(corner.rgba[0], 11);
    EXPECT_TRUE(cropImage(image, {4, 0, 2, 2}).rgba.empty());   // beside the image
    EXPECT_TRUE(cropImage(image, {-5, -5, 3, 3}).rgba.empty()); // above and left of it
    EXPECT_TRUE(cropImage(image, {0, 0, 0, 3}).rgba.empty());
}

// [SECTION] Save picture

TEST_F(PageSession, SavePictureNamesTheFileForTheInfoFileAndTheFrameShown) {
    addTake();
    session_.playback.seek(2.0);
    update({command::SavePicture{}});
    ASSERT_TRUE(session_.pictureRequest.has_value());
    EXPECT_EQ(session_.pictureRequest->target, session_.downloadsFolder / "take-frame-2.png");
    EXPECT_EQ(session_.pictureRequest->width, 0) << "the view's own size";
    EXPECT_TRUE(isDownload(session_, bvh::utf8FromPath(session_.pictureRequest->target)));
}

TEST_F(PageSession, SavePictureOfAnEmptyViewIsNamedForTheViewer) {
    update({command::SavePicture{}});
    ASSERT_TRUE(session_.pictureRequest.has_value());
    EXPECT_EQ(session_.pictureRequest->target.filename(), "bvhscope-frame-0.png");
}

TEST_F(PageSession, OnTheDesktopSavePictureWithoutATargetAsksForNothing) {
    session_.downloadsFolder.clear();
    addTake();
    update({command::SavePicture{}});
    EXPECT_FALSE(session_.pictureRequest.has_value());
    // And with nothing asked for, the frame loop's call reads nothing (no GL context here).
    savePictureIfRequested(session_, 64, 64, {0, 0, 64, 64}, err_);
    EXPECT_TRUE(session_.downloadsReady.empty());
    EXPECT_TRUE(session_.errorLines.empty());
}

// The dialog names its file; the session asks for that picture and keeps its folder for the
// next one (the dialog itself writes no setting).
TEST_F(PageSession, ANamedPictureKeepsItsFolderForTheNext) {
    session_.downloadsFolder.clear();
    addTake();
    const std::filesystem::path target =
        std::filesystem::path("pictures") / "shots" / "take-frame-0.png";
    update({command::SavePicture{bvh::utf8FromPath(target), 640, 360}});
    ASSERT_TRUE(session_.pictureRequest.has_value());
    EXPECT_EQ(session_.pictureRequest->target, target);
    EXPECT_EQ(session_.pictureRequest->width, 640);
    EXPECT_EQ(session_.settings.exportFolderPicture, bvh::utf8FromPath(target.parent_path()));
}

// [SECTION] Export as a download

TEST_F(PageSession, ExportWritesIntoTheDownloadsFolderAndQueuesTheDownload) {
    addTake();
    const ExportSettings settings =
        defaultExportSettings(session_.scene.characters()[0], session_.playback, ExportFormat::Bvh,
                              session_.downloadsFolder);
    EXPECT_EQ(bvh::pathFromUtf8(settings.targetPath), session_.downloadsFolder / "take_export.bvh");
    update({command::Export{0, settings}});
    ASSERT_TRUE(session_.exportDialog.result.has_value());
    const ExportOutcome& result = *session_.exportDialog.result;
    ASSERT_TRUE(result.ok) << (result.lines.empty() ? "" : result.lines.front());
    const std::filesystem::path written = session_.downloadsFolder / "take_export.bvh";
    EXPECT_EQ(session_.downloadsReady, std::vector<std::filesystem::path>{written});
    std::ifstream file(written);
    std::stringstream text;
    text << file.rdbuf();
    EXPECT_NE(text.str().find("Frames: 3"), std::string::npos) << text.str();
}

TEST_F(PageSession, GltfDownloadsAreNamedGlb) {
    addTake();
    const ExportSettings settings =
        defaultExportSettings(session_.scene.characters()[0], session_.playback, ExportFormat::Gltf,
                              session_.downloadsFolder);
    EXPECT_EQ(bvh::pathFromUtf8(settings.targetPath), session_.downloadsFolder / "take_export.glb");
}

TEST_F(PageSession, AFailedExportQueuesNoDownload) {
    addTake();
    ExportSettings settings =
        defaultExportSettings(session_.scene.characters()[0], session_.playback, ExportFormat::Gltf,
                              session_.downloadsFolder);
    settings.targetPath = bvh::utf8FromPath(session_.downloadsFolder / "take.txt"); // not glTF
    update({command::Export{0, settings}});
    ASSERT_TRUE(session_.exportDialog.result.has_value());
    EXPECT_FALSE(session_.exportDialog.result->ok);
    EXPECT_TRUE(session_.downloadsReady.empty());
}

TEST_F(PageSession, AnExportOutsideTheDownloadsFolderIsNoDownload) {
    EXPECT_FALSE(isDownload(session_, bvh::utf8FromPath(folder_ / "take_export.bvh")));
    EXPECT_TRUE(isDownload(session_, bvh::utf8FromPath(session_.downloadsFolder / "a.bvh")));
    session_.downloadsFolder.clear(); // the desktop
    EXPECT_FALSE(isDownload(session_, "/downloads/a.bvh"));
}

// [SECTION] What the page refuses to open

TEST_F(PageSession, ASoundOrAFolderOpenedInThePageIsRefusedSayingWhy) {
    session_.inPage = true;
    const std::filesystem::path subfolder = folder_ / "takes";
    std::filesystem::create_directories(subfolder);
    const std::string folderName = bvh::utf8FromPath(subfolder);
    update({command::Open{{"song.wav", folderName}}});
    EXPECT_FALSE(session_.audio.loading()); // no decoding thread started
    EXPECT_FALSE(session_.audio.loaded());
    EXPECT_FALSE(session_.folder.isOpen());
    const std::vector<std::string> expected = {
        "song.wav: error: a sound plays with the capture in the desktop app only",
        folderName + ": error: folders are browsed in the desktop app only"};
    EXPECT_EQ(session_.errorLines, expected);
    EXPECT_TRUE(session_.openErrorPopup);
    EXPECT_NE(err_.str().find("song.wav: error: a sound plays"), std::string::npos);
}

TEST_F(PageSession, OnTheDesktopAFolderOpensInTheBrowser) {
    session_.inPage = false;
    const std::filesystem::path subfolder = folder_ / "takes";
    std::filesystem::create_directories(subfolder);
    update({command::Open{{bvh::utf8FromPath(subfolder)}}});
    EXPECT_TRUE(session_.folder.isOpen());
    EXPECT_TRUE(session_.errorLines.empty());
}

// Issue 42: the desktop's File > Save picture... names the file and, when chosen, the size; a
// size with a side of 0 (or below) is the view's own.
TEST_F(PageSession, OnTheDesktopSavePictureTakesTheFileAndSizeChosen) {
    session_.downloadsFolder.clear();
    addTake();
    update({command::SavePicture{"/pictures/take.png", 1920, 1080}});
    ASSERT_TRUE(session_.pictureRequest.has_value());
    EXPECT_EQ(session_.pictureRequest->target, std::filesystem::path("/pictures/take.png"));
    EXPECT_EQ(session_.pictureRequest->width, 1920);
    EXPECT_EQ(session_.pictureRequest->height, 1080);
    update({command::SavePicture{"/pictures/view.png", 1920, 0}});
    ASSERT_TRUE(session_.pictureRequest.has_value());
    EXPECT_EQ(session_.pictureRequest->width, 0);
    EXPECT_EQ(session_.pictureRequest->height, 0);
}

} // namespace
