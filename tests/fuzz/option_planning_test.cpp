// The option fuzzer's entry point (option_planning.h) on fixed hostile inputs, so that `make test`
// checks the same bounds without libFuzzer: issue 26's captures and options, and their neighbours.
#include "tests/fuzz/option_planning.h"
#include "tests/support/hang_guard.h"

#include <chrono>
#include <gtest/gtest.h>
#include <string>

namespace bvhscope::fuzz {
namespace {

// The fields of option_planning.h, one a line.
std::string input(std::string command, std::string frameTimeA, std::string framesA,
                  std::string frameTimeB, std::string framesB, std::string xPosition,
                  std::initializer_list<std::string> arguments) {
    std::string bytes = command + "\n" + frameTimeA + "\n" + framesA + "\n" + frameTimeB + "\n" +
                        framesB + "\n" + xPosition + "\n";
    for (const std::string& argument : arguments) {
        bytes += argument + "\n";
    }
    return bytes;
}

struct Case {
    const char* name;
    std::string bytes;
    const char* outcome; // a part of what the command would do
};

TEST(OptionPlanning, HostileOptionsKeepEveryBound) {
    const Case cases[] = {
        {"an hour-long Frame Time at --fps 1000",
         input("render", "3600", "2", "", "", "0", {"hour.bvh", "-o", "e.mp4", "--fps", "1000"}),
         "refused: a video of 3600 s of capture at 1000 fps would be 3600001 pictures"},
        {"an hour-long Frame Time at its own rate",
         input("render", "3600", "2", "", "", "0", {"hour.bvh", "-o", "e.mp4"}),
         "refused: hour.bvh has a Frame Time of 3600 s"},
        {"an hour-long Frame Time at 1 fps",
         input("render", "3600", "2", "", "", "0", {"hour.bvh", "-o", "e.mp4", "--fps", "1"}),
         "planned: 3601 pictures"},
        {"a microsecond and an hour",
         input("render", "0.000001", "2", "3600", "2", "0", {"us.bvh", "hour.bvh", "-o", "a.mp4"}),
         "refused: us.bvh has a Frame Time of 1e-06 s"},
        {"a microsecond and an hour at --fps 30",
         input("render", "0.000001", "2", "3600", "2", "0",
               {"us.bvh", "hour.bvh", "-o", "a.webm", "--fps", "30"}),
         "planned: 108001 pictures"},
        {"a microsecond and an hour as PNGs",
         input("render", "0.000001", "2", "3600", "2", "0",
               {"us.bvh", "hour.bvh", "--frames", "0:", "-o", "f_%d.png"}),
         "refused: --frames 0: would write 3600000001 images"},
        {"the last frame of that timeline",
         input("render", "0.000001", "2", "3600", "2", "0",
               {"us.bvh", "hour.bvh", "--frame", "3600000000", "-o", "x.png"}),
         "planned: 1 pictures"},
        {"a GIF at the slowest rate",
         input("render", "600", "3", "", "", "0", {"slow.bvh", "-o", "s.gif", "--frames", "0:"}),
         "planned: 3 pictures"},
        {"a range past the clip",
         input("render", "0.0333333", "6", "", "", "0",
               {"a.bvh", "--frames", "2:9223372036854775807", "-o", "f_%d.png"}),
         "refused: --frames 2:9223372036854775807 asks for frame 9223372036854775807"},
        {"names a '..' folds into one",
         input("render", "0.0333333", "6", "", "", "0",
               {"a.bvh", "--frames", "0:5", "-o", "f%d/../x.png"}),
         "are one file"},
        {"the largest options",
         input("render", "0.0333333", "9", "", "", "0",
               {"a.bvh", "-o", "x.gif", "--fps", "1000", "--size", "8192x8192", "--trail-frames",
                "100000", "--ghosts", "50", "--ghost-step", "100000"}),
         "planned: 14 pictures"}, // a GIF at 50 fps: 0.27 s of capture
        {"--fps past its bound",
         input("render", "0.0333333", "9", "", "", "0", {"a.bvh", "-o", "x.mp4", "--fps", "1e308"}),
         "usage: bvhscope render: --fps must be a rate from 1/600 to 1000 fps"},
        {"--size past its bound",
         input("render", "0.0333333", "9", "", "", "0",
               {"a.bvh", "-o", "x.mp4", "--size", "99999999999x2"}),
         "usage: bvhscope render: --size must be WxH"},
        {"--ghosts past its bound",
         input("render", "0.0333333", "9", "", "", "0",
               {"a.bvh", "-o", "x.png", "--ghosts", "2147483648"}),
         "usage: bvhscope render: --ghosts must be from 1 to 50"},
        {"convert to 20000 fps over an hour",
         input("convert", "3600", "2", "", "", "0", {"hour.bvh", "out.bvh", "--fps", "20000"}),
         "refused: resampling to 20000 fps would make 72000001 frames of 9 channels"},
        {"convert to a frame per 1e9 s",
         input("convert", "0.0333333", "3", "", "", "0", {"a.bvh", "out.bvh", "--fps", "1e-9"}),
         "usage: --fps must be from 1/3600"},
        {"convert to the reader's fastest rate",
         input("convert", "0.0333333", "2", "", "", "0", {"a.bvh", "out.bvh", "--fps", "1000000"}),
         "planned: 33334 frames"},
        {"convert an hour to its slowest rate",
         input("convert", "3600", "3", "", "", "0",
               {"a.bvh", "out.bvh", "--fps", "0.0002777777777777778"}),
         "planned: 3 frames"},
        {"--scale 2e38",
         input("convert", "0.0333333", "3", "", "", "90", {"a.bvh", "out.bvh", "--scale", "2e38"}),
         "refused: scaling by 2e+38: the OFFSET y of joint 'Spine', 10 becomes 2e+39"},
        {"--scale 1e-300",
         input("convert", "0.0333333", "3", "", "", "90",
               {"a.bvh", "out.bvh", "--scale", "1e-300"}),
         "refused: scaling by 1e-300"},
        {"--scale of values near the float range",
         input("convert", "0.0333333", "3", "", "", "3e38", {"a.bvh", "out.bvh", "--scale", "1.5"}),
         "refused: scaling by 1.5: the Xposition of joint 'Hips' in frame 0, 3e+38 becomes "
         "4.5e+38"},
        {"--frames 60:9999 of 6 frames",
         input("convert", "0.0333333", "6", "", "", "0",
               {"a.bvh", "out.bvh", "--frames", "60:9999"}),
         "usage: --frames 60:9999 asks for frame 60, but a.bvh has frames 0 to 5"},
        {"a trim and a resample",
         input("convert", "0.0333333", "9", "", "", "0",
               {"a.bvh", "out.bvh", "--frames", "2:7", "--fps", "47", "--rotation-order", "xyz",
                "--scale", "0.01"}),
         "planned: 8 frames"},
        {"nothing at all", "", "usage: bvhscope render: a FILE to render is needed"},
    };
    for (const Case& hostile : cases) {
        const auto start = std::chrono::steady_clock::now();
        const PlanningCheck check = checkOptionPlanning(hostile.bytes);
        EXPECT_EQ(check.violation, "") << hostile.name;
        EXPECT_NE(check.outcome.find(hostile.outcome), std::string::npos)
            << hostile.name << ": " << check.outcome;
        // The outcome above is the check that nothing was made; this only catches a hang.
        EXPECT_LT(std::chrono::steady_clock::now() - start, bvh::test::kHangGuard)
            << hostile.name << ": planning is arithmetic";
    }
}

} // namespace
} // namespace bvhscope::fuzz
