// The light start (app/module_entries.h, app/platform/loadable_module.h): the real executable,
// with the dynamic loader reporting every shared object it opens (LD_DEBUG=files). The text
// commands open none of the libraries that only the viewer, render or video need; render and
// thumbnail open EGL but not FFmpeg, SDL2, GLFW or GIO until a video is written; and an
// executable whose modules are missing still runs the text commands and says what is missing
// for the rest.
#include "tests/app/process_support.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

using ProcessRun = bvhscope::testing::ExitedProcess;

// Runs `executable` with `arguments` and the loader's report of every shared object it opens
// (LD_DEBUG=files, on standard error with the program's own messages).
ProcessRun runWithLoaderReport(const std::string& executable, std::vector<std::string> arguments) {
    arguments.insert(arguments.begin(), executable);
    return bvhscope::testing::runToCompletion(std::move(arguments), "/dev/null",
                                              {"LD_DEBUG=files"});
}

// Whether the loader opened a shared object whose name starts with `prefix` ("libavcodec").
bool opened(const ProcessRun& run, const std::string& prefix) {
    return run.err.find("file=" + prefix) != std::string::npos;
}

const std::vector<std::string> kHeavyLibraries = {"libavcodec", "libavformat", "libSDL2",
                                                  "libglfw",    "libgio",      "libX11"};

// What drawing pictures without a window must not open (EGL and its driver it must).
const std::vector<std::string> kNotForPictures = {"libavcodec", "libSDL2", "libglfw", "libgio"};

fs::path sample() {
    return fs::path(BVHSCOPE_SOURCE_DIR) / "assets" / "sample_walk.bvh";
}

class LightStart : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ =
            fs::temp_directory_path() / ("bvhscope_light_start_dir_" + std::to_string(::getpid()));
        fs::create_directories(folder_);
    }
    void TearDown() override { fs::remove_all(folder_); }
    fs::path folder_;
};

TEST_F(LightStart, TextCommandsOpenNoGraphicsOrMediaLibrary) {
    for (const std::vector<std::string>& arguments : {std::vector<std::string>{"--version"},
                                                      {"info", sample().string()},
                                                      {"check", sample().string()},
                                                      {"positions", sample().string()}}) {
        const ProcessRun run = runWithLoaderReport(BVHSCOPE_EXECUTABLE, arguments);
        ASSERT_EQ(run.status, 0) << arguments.front() << ": " << run.err.substr(0, 2000);
        ASSERT_TRUE(opened(run, "libstdc++")) << "the loader's report is missing";
        for (const std::string& library : kHeavyLibraries) {
            EXPECT_FALSE(opened(run, library)) << arguments.front() << " opened " << library;
        }
        EXPECT_FALSE(opened(run, "libEGL")) << arguments.front();
        EXPECT_EQ(run.err.find("bvhscope-"), std::string::npos)
            << arguments.front() << " opened a module";
    }
}

TEST_F(LightStart, PicturesOpenFfmpegOnlyForAVideo) {
    const ProcessRun pictures = runWithLoaderReport(
        BVHSCOPE_EXECUTABLE, {"render", sample().string(), "--frames", "0:1", "--size", "64x48",
                              "-o", (folder_ / "frame_%02d.png").string()});
    ASSERT_EQ(pictures.status, 0) << pictures.err.substr(0, 2000);
    EXPECT_TRUE(opened(pictures, "libEGL"));
    EXPECT_TRUE(fs::exists(folder_ / "frame_00.png"));
    for (const std::string& library : kNotForPictures) {
        EXPECT_FALSE(opened(pictures, library)) << "render to PNG opened " << library;
    }

    const ProcessRun thumbnail = runWithLoaderReport(
        BVHSCOPE_EXECUTABLE, {"thumbnail", sample().string(), (folder_ / "thumb.png").string()});
    ASSERT_EQ(thumbnail.status, 0) << thumbnail.err.substr(0, 2000);
    EXPECT_TRUE(fs::exists(folder_ / "thumb.png"));
    for (const std::string& library : kNotForPictures) {
        EXPECT_FALSE(opened(thumbnail, library)) << "thumbnail opened " << library;
    }

    const ProcessRun video = runWithLoaderReport(
        BVHSCOPE_EXECUTABLE, {"render", sample().string(), "--frames", "0:3", "--size", "64x48",
                              "-o", (folder_ / "clip.mp4").string()});
    ASSERT_EQ(video.status, 0) << video.err.substr(0, 2000);
    EXPECT_TRUE(opened(video, "libavcodec")) << "a video is written through the FFmpeg module";
    EXPECT_GT(fs::file_size(folder_ / "clip.mp4"), 0u);
}

TEST_F(LightStart, WithoutItsModulesTheCommandLineStillWorksAndSaysWhatIsMissing) {
    const fs::path lonely = folder_ / "bvhscope";
    fs::copy_file(BVHSCOPE_EXECUTABLE, lonely);
    EXPECT_EQ(runWithLoaderReport(lonely.string(), {"info", sample().string()}).status, 0);

    const ProcessRun render = runWithLoaderReport(
        lonely.string(), {"render", sample().string(), "-o", (folder_ / "x.png").string()});
    EXPECT_EQ(render.status, 1);
    EXPECT_NE(render.err.find("bvhscope: cannot find bvhscope-headless.so"), std::string::npos)
        << render.err.substr(0, 2000);
    EXPECT_FALSE(fs::exists(folder_ / "x.png"));

    const ProcessRun viewer = runWithLoaderReport(lonely.string(), {sample().string()});
    EXPECT_EQ(viewer.status, 1);
    EXPECT_NE(viewer.err.find("bvhscope: cannot find bvhscope-viewer.so"), std::string::npos)
        << viewer.err.substr(0, 2000);
}

} // namespace
