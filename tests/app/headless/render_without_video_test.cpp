// `bvhscope render` in a build without video (BVHSCOPE_VIDEO off, as on Windows): a video
// output is refused before anything is read or drawn, with a message that says why and what to
// do instead; pictures are still rendered (render_command_test).
#include "app/headless/render_command.h"
#include "app/media/media_features.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <vector>

namespace bvhscope::headless {
namespace {

namespace fs = std::filesystem;

TEST(RenderWithoutVideo, AVideoOutputIsRefusedSayingTheBuildHasNoVideo) {
    ASSERT_FALSE(media::videoAvailable()) << "this file is built only without video";
    const fs::path folder = fs::temp_directory_path() / "bvhscope_render_without_video";
    fs::create_directories(folder);
    for (const char* name : {"clip.mp4", "clip.webm", "clip.gif"}) {
        const fs::path output = folder / name;
        const std::string outputText = output.string();
        // The input need not exist: the refusal comes before anything is read.
        const std::vector<std::string_view> arguments = {"walk.bvh", "-o", outputText};
        std::ostringstream out;
        std::ostringstream err;
        EXPECT_EQ(runRender(arguments, out, err), 2) << name;
        EXPECT_NE(err.str().find("this build of bvhscope has no video output (built without "
                                 "FFmpeg); render PNG frames instead"),
                  std::string::npos)
            << err.str();
        EXPECT_FALSE(fs::exists(output)) << name;
    }
    fs::remove_all(folder);
}

} // namespace
} // namespace bvhscope::headless
