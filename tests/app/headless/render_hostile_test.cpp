// Issue 26, hostile inputs round three: `bvhscope render` as a child process on captures each test
// writes itself (a Frame Time of an hour, one of a microsecond), asking for outputs past the
// bounds of core/model/output_limits.h, or naming an input as the output. Each is refused before
// a GL context is made or a picture drawn: at once, exit 2, a message, nothing written, every
// input as it was.
#include "app/media/media_features.h"
#include "tests/app/headless/headless_test_support.h"
#include "tests/support/hang_guard.h"

#include <chrono>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>

namespace bvhscope::headless::test {
namespace {

namespace fs = std::filesystem;

// Two frames `frameTime` apart.
fs::path writeTwoFrames(const TempDir& dir, const std::string& name, const std::string& frameTime) {
    const fs::path path = dir.path() / name;
    std::ofstream(path) << "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 6 Xposition "
                           "Yposition Zposition Zrotation Xrotation Yrotation\n\tJOINT Spine\n\t{\n"
                           "\t\tOFFSET 0 10 0\n\t\tCHANNELS 3 Zrotation Xrotation Yrotation\n"
                           "\t\tEnd Site\n\t\t{\n\t\t\tOFFSET 0 10 0\n\t\t}\n\t}\n}\nMOTION\n"
                           "Frames: 2\nFrame Time: "
                        << frameTime << "\n0 90 0 0 0 0 0 0 0\n1 90 0 0 10 0 5 0 0\n";
    return path;
}

std::size_t entriesIn(const fs::path& directory) {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(directory), fs::directory_iterator()));
}

struct Timed {
    RunResult run;
    std::chrono::duration<double> seconds;
};

Timed timedRender(const TempDir& dir, std::vector<std::string> arguments) {
    arguments.insert(arguments.begin(), "render");
    const auto start = std::chrono::steady_clock::now();
    RunResult run = runBvhscope(dir, arguments);
    return {std::move(run), std::chrono::steady_clock::now() - start};
}

struct HostileCase {
    const char* name;
    std::vector<std::string> arguments; // "hour.bvh", "us.bvh" are in the test's folder
    const char* message;
    bool video = true;
};

TEST(RenderHostile, OutputsPastTheBoundsAreRefusedBeforeDrawing) {
    const TempDir dir;
    writeTwoFrames(dir, "hour.bvh", "3600");
    writeTwoFrames(dir, "us.bvh", "0.000001");
    const std::string hour = (dir.path() / "hour.bvh").string();
    const std::string us = (dir.path() / "us.bvh").string();
    const std::string out = dir.path().string() + "/";
    const HostileCase cases[] = {
        {"an hour of Frame Time at --fps 1000",
         {hour, "-o", out + "e.mp4", "--fps", "1000"},
         "a video of 3600 s of capture at 1000 fps would be 3600001 pictures, more than the "
         "1000000 one video may hold: choose a lower --fps or fewer frames with --frames"},
        {"an hour's rate for a video",
         {hour, "-o", out + "e.mp4"},
         "hour.bvh has a Frame Time of 3600 s, 0.000277778 fps, and a video plays at 1/600 to 1000 "
         "fps: choose the video's rate with --fps"},
        {"a microsecond's rate for a GIF", {us, "-o", out + "e.gif"}, "1e+06 fps"},
        {"a microsecond and an hour", {us, hour, "-o", out + "a.mp4"}, "us.bvh has a Frame Time"},
        {"a microsecond and an hour at --fps 1000",
         {us, hour, "-o", out + "a.webm", "--fps", "1000"},
         "more than the 1000000 one video may hold"},
        {"a microsecond and an hour as PNGs",
         {us, hour, "--frames", "0:", "-o", out + "f_%d.png"},
         "--frames 0: would write 3600000001 images, more than the 1000000 one render writes",
         false},
        {"a range past the clip",
         {hour, "--frames", "1:9999", "-o", out + "f_%d.png"},
         "--frames 1:9999 asks for frame 9999, but hour.bvh has frames 0 to 1",
         false},
        {"--fps past the video rates",
         {hour, "-o", out + "e.mp4", "--fps", "1/3600"},
         "--fps must be a rate from 1/600 to 1000 fps"},
    };
    for (const HostileCase& hostile : cases) {
        if (hostile.video && !media::videoAvailable()) {
            continue; // that build refuses every video with its own message
        }
        const Timed rendered = timedRender(dir, hostile.arguments);
        EXPECT_EQ(rendered.run.status, 2) << hostile.name << ": " << rendered.run.err;
        EXPECT_NE(rendered.run.err.find(hostile.message), std::string::npos)
            << hostile.name << ": " << rendered.run.err;
        // Refused by its message above; rendering what was asked would take far longer than
        // the hang guard.
        EXPECT_LT(rendered.seconds, bvh::test::kHangGuard) << hostile.name << ": refused at once";
        EXPECT_EQ(entriesIn(dir.path()), 2u) << hostile.name << ": nothing written";
    }
}

TEST(RenderHostile, NoOutputIsAnInputWhateverItsName) {
    const TempDir dir;
    const fs::path take = writeTwoFrames(dir, "take.bvh", "0.0333333");
    const fs::path other = writeTwoFrames(dir, "other.bvh", "0.0333333");
    const auto size = fs::file_size(take);
    // A numbered name that lands on a capture: the second file is f_1.bvh.
    const fs::path numbered = writeTwoFrames(dir, "f_1.bvh", "0.0333333");
    fs::create_hard_link(other, dir.path() / "hard.png");
    struct Case {
        std::vector<std::string> arguments;
        const char* message;
        bool video = false;
    } cases[] = {
        {{take.string(), "-o", (dir.path() / "." / "take.bvh").string()}, "is the input file"},
        {{take.string(), other.string(), "-o", (dir.path() / "hard.png").string()},
         "is an input file"},
        {{numbered.string(), "--frames", "0:1", "-o", (dir.path() / "f_%d.bvh").string()},
         "f_1.bvh is the input file"},
        {{take.string(), "--frames", "0:1", "-o", (dir.path() / "x%d" / ".." / "x.png").string()},
         "are one file"},
        {{take.string(), "-o", (dir.path() / "take.mp4").string(), "--audio",
          (dir.path() / "take.mp4").string()},
         "is the --audio file",
         true},
    };
    for (const Case& hostile : cases) {
        if (hostile.video && !media::videoAvailable()) {
            continue;
        }
        const Timed rendered = timedRender(dir, hostile.arguments);
        EXPECT_EQ(rendered.run.status, 2) << rendered.run.err;
        EXPECT_NE(rendered.run.err.find(hostile.message), std::string::npos) << rendered.run.err;
    }
    EXPECT_EQ(fs::file_size(take), size);
    EXPECT_EQ(entriesIn(dir.path()), 4u) << "nothing written";
}

} // namespace
} // namespace bvhscope::headless::test
