// A character shown while its file loads: the timeline and sampling see only the frames loaded
// so far, and the finished document replaces the partial one.
#include "app/scene/character.h"
#include "app/scene/playback.h"
#include "app/scene/scene.h"
#include "app/viewer/io/file_loading.h"
#include "tests/support/hang_guard.h"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <thread>
#include <unistd.h>

using namespace bvhscope::viewer;
using namespace bvhscope::scene;

namespace {

// One root with a Y position channel: frame i puts the root at y = i.
constexpr const char* kRisingBvh = R"(HIERARCHY
ROOT Hips
{
  OFFSET 0 0 0
  CHANNELS 1 Yposition
  End Site
  {
    OFFSET 0 10 0
  }
}
MOTION
Frames: 5
Frame Time: 0.5
0
1
2
3
4
)";

struct TempFile {
    std::filesystem::path path;
    explicit TempFile(const char* text) {
        std::string pattern = (std::filesystem::temp_directory_path() / "bvhscope-XXXXXX").string();
        const int fd = mkstemp(pattern.data());
        EXPECT_GE(fd, 0);
        close(fd);
        path = pattern;
        std::ofstream(path) << text;
    }
    ~TempFile() {
        std::error_code error;
        std::filesystem::remove(path, error);
    }
};

std::unique_ptr<bvh::BackgroundLoad> finishedLoad(const std::filesystem::path& path) {
    auto load = std::make_unique<bvh::BackgroundLoad>(path);
    while (!load->finished()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return load;
}

} // namespace

TEST(CharacterLoading, TheTimelineCoversOnlyTheFramesLoaded) {
    const TempFile file(kRisingBvh);
    Character character =
        makeLoadingCharacter("rising.bvh", file.path.string(), finishedLoad(file.path));
    ASSERT_TRUE(character.loading());
    EXPECT_EQ(playableFrameCount(character), 0u);
    EXPECT_EQ(playableDuration(character), 0.0);

    // As if only three rows were in so far.
    character.fileLoad.framesLoaded = 3;
    EXPECT_EQ(playableFrameCount(character), 3u);
    EXPECT_DOUBLE_EQ(playableDuration(character), 1.0);
    Scene scene;
    scene.add(std::move(character));
    EXPECT_DOUBLE_EQ(scene.duration(), 1.0);
    Playback playback;
    playback.setClip(scene.duration(), scene.frameTime());
    playback.seek(99.0);
    EXPECT_EQ(playback.lastFrame(), 2);
    EXPECT_EQ(playback.frame(), 2);

    // Sampling past the frames loaded holds the last one loaded.
    const Character& shown = scene.characters().front();
    CharacterPose pose;
    samplePose(shown, 10.0, bvh::Interpolation::Linear, pose);
    EXPECT_DOUBLE_EQ(pose.world.front().translation.y, 2.0);
    samplePose(shown, 0.75, bvh::Interpolation::Linear, pose);
    EXPECT_DOUBLE_EQ(pose.world.front().translation.y, 1.5);
}

TEST(CharacterLoading, FinishingSwapsTheWholeDocumentInAndKeepsTheLook) {
    const TempFile file(kRisingBvh);
    Character character =
        makeLoadingCharacter("rising.bvh", file.path.string(), finishedLoad(file.path));
    EXPECT_TRUE(refreshLoadingCharacter(character)); // the first frames arrived
    EXPECT_EQ(character.fileLoad.framesLoaded, 5u);
    EXPECT_FALSE(refreshLoadingCharacter(character));
    character.appearance.color = glm::vec4(0.1f, 0.2f, 0.3f, 1.0f);
    character.appearance.visible = false;
    bvh::Document document = character.fileLoad.load->take();
    finishLoadingCharacter(character, std::move(document));
    EXPECT_FALSE(character.loading());
    EXPECT_EQ(playableFrameCount(character), 5u);
    EXPECT_DOUBLE_EQ(playableDuration(character), 2.0);
    EXPECT_EQ(character.appearance.color, glm::vec4(0.1f, 0.2f, 0.3f, 1.0f));
    EXPECT_FALSE(character.appearance.visible);
}

TEST(CharacterLoading, CancellingEndsTheLoadAndLeavesTheHeadersRestPose) {
    const TempFile file(kRisingBvh);
    Character character =
        makeLoadingCharacter("rising.bvh", file.path.string(), finishedLoad(file.path));
    EXPECT_TRUE(refreshLoadingCharacter(character));
    EXPECT_EQ(playableFrameCount(character), 5u);
    cancelLoad(character);
    EXPECT_FALSE(character.loading());
    EXPECT_EQ(character.fileLoad.load, nullptr);
    EXPECT_EQ(playableFrameCount(character), 0u); // the header's clip has no frames
    EXPECT_FALSE(refreshLoadingCharacter(character));
}

TEST(CharacterLoading, FileLoadsAddsThenFinishesAndReportsFailures) {
    const TempFile good(kRisingBvh);
    const TempFile bad("HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0\n");
    FileLoads loads;
    Scene scene;
    loads.open(good.path.string());
    loads.open(bad.path.string());
    std::vector<std::string> errors;
    const auto deadline = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (loads.busy(scene) && std::chrono::steady_clock::now() < deadline) {
        FileLoads::Events events = loads.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
        errors.insert(errors.end(), events.errorLines.begin(), events.errorLines.end());
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_FALSE(loads.busy(scene));
    ASSERT_EQ(scene.characters().size(), 1u);
    EXPECT_FALSE(scene.characters().front().loading());
    EXPECT_EQ(playableFrameCount(scene.characters().front()), 5u);
    ASSERT_FALSE(errors.empty());
    EXPECT_NE(errors.front().find(bad.path.string() + ":"), std::string::npos) << errors.front();
}

// reading() is what the page's reader loop runs on (app/web/web_api.cpp): true while a file has
// bytes left, false once every file is read, while busy() stays true until update() has taken
// the documents.
TEST(CharacterLoading, ReadingEndsWhenTheBytesAreReadBeforeTheLoadIsTaken) {
    const TempFile good(kRisingBvh);
    FileLoads loads;
    Scene scene;
    EXPECT_FALSE(loads.reading(scene));
    loads.open(good.path.string());
    const auto deadline = std::chrono::steady_clock::now() + bvh::test::kHangGuard;
    while (loads.reading(scene) && std::chrono::steady_clock::now() < deadline) {
        loads.advance(scene, std::chrono::milliseconds(5)); // reads here where no thread does
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    EXPECT_FALSE(loads.reading(scene));
    EXPECT_TRUE(loads.busy(scene)); // read, not yet taken
    loads.update(scene, UpAxisChoice::Auto, UnitChoice::Auto);
    EXPECT_FALSE(loads.busy(scene));
    EXPECT_FALSE(loads.reading(scene));
    ASSERT_EQ(scene.characters().size(), 1u);
}
