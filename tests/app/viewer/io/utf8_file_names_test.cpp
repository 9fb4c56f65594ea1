// File names as the viewer receives them, UTF-8 text (GLFW's drop callback, the file chooser,
// the command line, the Files panel's path field), with spaces and characters outside ASCII:
// "Zoë/モーション/take 1.bvh" under the platform's own temporary folder, so on Windows the text
// is "C:\Users\...\Temp\...\Zoë\モーション\take 1.bvh", backslashes, drive and all (the
// Windows build runs this same file). Each must reach the file itself, not a name mangled
// through the ANSI code page, and show its name as it was.
#include "app/media/audio_clip.h"
#include "app/viewer/io/export.h"
#include "app/viewer/io/file_loading.h"
#include "app/viewer/io/remembered_up_axes.h"
#include "app/viewer/session/folder_navigation.h"
#include "core/platform/utf8_path.h"
#include "tests/app/folder/folder_test_support.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <thread>

namespace bvhscope::viewer {
namespace {

namespace fs = std::filesystem;

constexpr const char* kTwoFrames = "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n"
                                   "  CHANNELS 3 Xposition Yposition Zposition\n"
                                   "  End Site\n  {\n    OFFSET 0 10 0\n  }\n}\n"
                                   "MOTION\nFrames: 2\nFrame Time: 0.5\n0 0 0\n1 2 3\n";

const std::string kSeparator(1, static_cast<char>(fs::path::preferred_separator));

// A folder "Zoë/モーション" in a fresh temporary folder holding "take 1.bvh" and its sound
// "take 1.wav"; `folderText` and `captureText` are the UTF-8 names a drop would give.
class Utf8FileNames : public testing::Test {
protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() /
                ("bvhscope-utf8-" +
                 std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
        // Spelled out in UTF-8 as GLFW hands it over, joined with the platform's separator.
        folderText = bvh::utf8FromPath(root_) + kSeparator + "Zo\xC3\xAB" + kSeparator +
                     "\xE3\x83\xA2\xE3\x83\xBC\xE3\x82\xB7\xE3\x83\xA7\xE3\x83\xB3";
        captureText = folderText + kSeparator + "take 1.bvh";
        const fs::path folder = bvh::pathFromUtf8(folderText);
        fs::create_directories(folder);
        std::ofstream(folder / "take 1.bvh", std::ios::binary) << kTwoFrames;
        std::ofstream(folder / "take 1.wav", std::ios::binary) << "RIFF";
    }
    void TearDown() override {
        std::error_code error;
        fs::remove_all(root_, error);
    }

    fs::path root_;
    std::string folderText;
    std::string captureText;
};

TEST_F(Utf8FileNames, TheTextNamesTheFileOnDisk) {
    const fs::path capture = bvh::pathFromUtf8(captureText);
    ASSERT_TRUE(fs::is_regular_file(capture)) << captureText;
    EXPECT_EQ(bvh::utf8FromPath(capture), captureText);
    EXPECT_EQ(bvh::utf8FromPath(capture.filename()), "take 1.bvh");
    EXPECT_EQ(bvh::utf8FromPath(capture.parent_path().filename()),
              "\xE3\x83\xA2\xE3\x83\xBC\xE3\x82\xB7\xE3\x83\xA7\xE3\x83\xB3");
}

TEST_F(Utf8FileNames, ADroppedFileLoadsAndKeepsItsName) {
    const LoadOutcome outcome = loadCharacterFile(captureText);
    ASSERT_TRUE(outcome.character.has_value())
        << (outcome.errorLines.empty() ? "" : outcome.errorLines.front());
    EXPECT_EQ(outcome.character->clip->displayName, "take 1.bvh");
    EXPECT_EQ(outcome.character->clip->sourcePath, captureText);
    EXPECT_EQ(outcome.character->clip->document.motion.frameCount, 2u);
}

TEST_F(Utf8FileNames, ADroppedFileLoadsInTheBackgroundAsTheViewerDoes) {
    SessionState state;
    openPaths(state, {captureText}); // what a drop on the window does with GLFW's paths
    const bool done = folder_test::pumpUntil(
        [&] {
            const FileLoads::Events events =
                state.loads.update(state.scene, scene::UpAxisChoice::Auto, scene::UnitChoice::Auto);
            ASSERT_TRUE(events.errorLines.empty()) << events.errorLines.front();
        },
        [&] { return !state.loads.busy(state.scene) && !state.scene.empty(); });
    ASSERT_TRUE(done);
    ASSERT_EQ(state.scene.characters().size(), 1u);
    const scene::Character& character = state.scene.characters().front();
    EXPECT_EQ(character.clip->displayName, "take 1.bvh");
    EXPECT_EQ(character.clip->sourcePath, captureText);
    EXPECT_EQ(character.clip->document.motion.frameCount, 2u);
}

TEST_F(Utf8FileNames, ADroppedFolderIsBrowsedWithItsFilesNamed) {
    SessionState state;
    openPaths(state, {folderText});
    ASSERT_TRUE(state.folder.isOpen()) << (state.errorLines.empty() ? "" : state.errorLines[0]);
    EXPECT_EQ(bvh::utf8FromPath(state.folder.folder()), folderText);
    ASSERT_EQ(state.folder.entries().size(), 1u);
    EXPECT_EQ(state.folder.entries().front().name, "take 1.bvh");
}

TEST_F(Utf8FileNames, TheSoundBesideItAndTheExportNameFollowTheName) {
    const fs::path capture = bvh::pathFromUtf8(captureText);
    EXPECT_TRUE(media::isSoundFileName(bvh::pathFromUtf8(folderText + kSeparator + "take 1.WAV")));
    const auto sound = media::findAudioBesideCapture(capture);
    ASSERT_TRUE(sound.has_value());
    EXPECT_EQ(bvh::utf8FromPath(*sound), folderText + kSeparator + "take 1.wav");

    const LoadOutcome outcome = loadCharacterFile(captureText);
    ASSERT_TRUE(outcome.character.has_value());
    EXPECT_EQ(defaultExportPath(*outcome.character), folderText + kSeparator + "take 1_export.bvh");
}

TEST_F(Utf8FileNames, RememberedUpAxesAreKeyedByTheSameText) {
    RememberedUpAxes remembered;
    remembered.remember(captureText, scene::UpAxisChoice::PositiveZ);
    const auto found = remembered.find(captureText);
    ASSERT_TRUE(found.has_value());
    EXPECT_EQ(*found, scene::UpAxisChoice::PositiveZ);
    const RememberedUpAxes reread = RememberedUpAxes::parse(remembered.serialize());
    EXPECT_EQ(reread.find(captureText), scene::UpAxisChoice::PositiveZ);
}

} // namespace
} // namespace bvhscope::viewer
