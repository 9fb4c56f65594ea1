// Issue 26, hostile inputs round three: `convert` and `positions` on captures each test writes
// itself, with options that ask for sizes past the bounds of core/model/output_limits.h, values
// that would not read back, ranges past the file, and outputs that are inputs. Each is refused at
// once, with a message and a non-zero exit, leaving nothing behind and every input untouched.
#include "app/cli/command_line.h"
#include "core/model/output_limits.h"
#include "core/reader/document.h"
#include "tests/app/cli/cli_test_support.h"
#include "tests/support/hang_guard.h"

#include <chrono>

namespace bvhscope::cli {
namespace {

using test::entriesIn;
using test::run;
using test::TemporaryDirectory;

// Two frames `frameTime` apart: one Frame Time of an hour makes any rate a long clip.
std::string twoFrames(std::string_view frameTime, std::string_view xPosition = "0") {
    return std::string(R"(HIERARCHY
ROOT Hips
{
	OFFSET 0 0 0
	CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation
	JOINT Spine
	{
		OFFSET 0 10 0
		CHANNELS 3 Zrotation Xrotation Yrotation
		End Site
		{
			OFFSET 0 10 0
		}
	}
}
MOTION
Frames: 2
Frame Time: )") +
           std::string(frameTime) + "\n" + std::string(xPosition) + " 90 0 0 0 0 0 0 0\n" +
           std::string(xPosition) + " 90 0 0 10 0 5 0 0\n";
}

std::string contents(const std::string& path) {
    std::ifstream in(bvh::pathFromUtf8(path), std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// [SECTION] Sizes: refused by arithmetic before anything is allocated

TEST(HostileOptions, AResampleOfAnHourTo20000FpsIsRefusedAtOnce) {
    TemporaryDirectory directory;
    const std::string input = directory.write("hour.bvh", twoFrames("3600"));
    const std::string output = bvh::utf8FromPath(directory.path() / "out.bvh");
    const auto start = std::chrono::steady_clock::now();
    const auto result = run(runConvert, {input, output, "--fps", "20000"});
    // The message below says it was refused by arithmetic; this only catches a hang.
    EXPECT_LT(std::chrono::steady_clock::now() - start, bvh::test::kHangGuard);
    EXPECT_EQ(result.status, kExitUsage);
    EXPECT_NE(result.err.find("resampling to 20000 fps would make 72000001 frames of 9 channels "
                              "(648000009 values), more than the 134217728 (512 MiB)"),
              std::string::npos)
        << result.err;
    EXPECT_EQ(result.out, "") << "refused before anything is converted";
    EXPECT_EQ(entriesIn(directory.path()), 1u);
}

TEST(HostileOptions, ARateWhoseFrameTimeWouldNotReadBackIsRefused) {
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", test::kChainBvh);
    const std::string output = bvh::utf8FromPath(directory.path() / "out.bvh");
    for (const char* rate : {"1e-9", "0.0001", "1000001", "1e300"}) {
        const auto result = run(runConvert, {input, output, "--fps", rate});
        EXPECT_EQ(result.status, kExitUsage) << rate;
        EXPECT_NE(result.err.find("--fps must be from 1/3600 (a frame an hour) to 1000000"),
                  std::string::npos)
            << result.err;
    }
    EXPECT_EQ(entriesIn(directory.path()), 1u);
    // The fastest rate the reader takes back: a Frame Time of one microsecond, not 30 fps.
    const std::string short1 = directory.write("short.bvh", twoFrames("0.001"));
    const auto fastest = run(runConvert, {short1, output, "--fps", "1000000"});
    ASSERT_EQ(fastest.status, kExitOk) << fastest.err;
    const bvh::Document written = bvh::loadDocument(bvh::pathFromUtf8(output));
    EXPECT_FALSE(written.motion.frameTimeAssumed);
    EXPECT_DOUBLE_EQ(written.motion.frameTime, 1e-6);
    EXPECT_EQ(written.motion.frameCount, 1001u); // 1 ms
}

// [SECTION] Values that would not read back

TEST(HostileOptions, AScaleThatOverflowsOrZeroesValuesIsRefused) {
    TemporaryDirectory directory;
    const std::string input = directory.write("in.bvh", twoFrames("0.0333333", "90"));
    const std::string before = contents(input);
    const std::string output = bvh::utf8FromPath(directory.path() / "out.bvh");
    const auto huge = run(runConvert, {input, output, "--scale", "2e38"});
    EXPECT_EQ(huge.status, kExitFileError);
    EXPECT_NE(huge.err.find("error: scaling by 2e+38: the OFFSET y of joint 'Spine', 10 becomes "
                            "2e+39, beyond the float range"),
              std::string::npos)
        << huge.err;
    const auto tiny = run(runConvert, {input, output, "--scale", "1e-300"});
    EXPECT_EQ(tiny.status, kExitFileError);
    EXPECT_NE(tiny.err.find("becomes 0 as a float"), std::string::npos) << tiny.err;
    EXPECT_EQ(entriesIn(directory.path()), 1u);
    EXPECT_EQ(contents(input), before);
    // A small factor that keeps every value is a change of unit like any other.
    const auto small = run(runConvert, {input, output, "--scale", "1e-30"});
    ASSERT_EQ(small.status, kExitOk) << small.err;
    EXPECT_FLOAT_EQ(bvh::loadDocument(bvh::pathFromUtf8(output)).motion.values[0], 9e-29f);
}

// [SECTION] One range rule for convert, positions and render

TEST(HostileOptions, ARangePastTheFileIsRefusedTheSameByConvertAndPositions) {
    TemporaryDirectory directory;
    std::string sixFrames = twoFrames("0.0333333");
    sixFrames.replace(sixFrames.find("Frames: 2"), 9, "Frames: 6");
    for (int row = 0; row < 4; ++row) {
        sixFrames += "0 90 0 0 0 0 0 0 0\n";
    }
    const std::string input = directory.write("six.bvh", sixFrames);
    const std::string output = bvh::utf8FromPath(directory.path() / "out.bvh");
    for (const auto& [range, frame] : {std::pair{"60:9999", "60"}, std::pair{"2:9999", "9999"},
                                       std::pair{"6:", "6"}, std::pair{"6", "6"}}) {
        const std::string message = "--frames " + std::string(range) + " asks for frame " + frame +
                                    ", but " + input + " has frames 0 to 5\n";
        const auto converted = run(runConvert, {input, output, "--frames", range});
        EXPECT_EQ(converted.status, kExitUsage) << range;
        EXPECT_EQ(converted.err, "bvhscope convert: " + message);
        const auto positions = run(runPositions, {input, "--frames", range});
        EXPECT_EQ(positions.status, kExitUsage) << range;
        EXPECT_EQ(positions.err, "bvhscope positions: " + message);
        EXPECT_EQ(positions.out, "");
    }
    EXPECT_EQ(entriesIn(directory.path()), 1u);
    // Within the file, open or closed, both take the frames asked.
    ASSERT_EQ(run(runConvert, {input, output, "--frames", "2:5"}).status, kExitOk);
    EXPECT_EQ(bvh::loadDocument(bvh::pathFromUtf8(output)).motion.frameCount, 4u);
    EXPECT_EQ(run(runPositions, {input, "--frames", "5"}).status, kExitOk);
}

// [SECTION] No output is an input

TEST(HostileOptions, TheNameMapIsAnInputAndIsNeverWrittenOver) {
    TemporaryDirectory directory;
    const std::string input = directory.write("take.bvh", test::kChainBvh);
    const std::string map = directory.write("map.mnm", "Pelvis Hips\n");
    const std::string mapText = contents(map);
    // By its name, by another spelling, through a symbolic link and through a hard link (where
    // the system makes them: Windows needs a privilege for symbolic ones).
    std::vector<std::string> outputs{map, bvh::utf8FromPath(directory.path() / "." / "map.mnm")};
    std::error_code noLink;
    const std::filesystem::path symbolic = directory.path() / "symbolic.mnm";
    std::filesystem::create_symlink(bvh::pathFromUtf8(map), symbolic, noLink);
    if (!noLink) {
        outputs.push_back(bvh::utf8FromPath(symbolic));
    }
    const std::filesystem::path hard = directory.path() / "hard.mnm";
    std::filesystem::create_hard_link(bvh::pathFromUtf8(map), hard, noLink);
    if (!noLink) {
        outputs.push_back(bvh::utf8FromPath(hard));
    }
    const std::size_t entries = entriesIn(directory.path());
    for (const std::string& output : outputs) {
        for (const bool overwrite : {false, true}) {
            std::vector<std::string> arguments{input, output, "--mnm", map};
            if (overwrite) {
                arguments.push_back("--overwrite"); // allows OUT to be IN, never the map
            }
            const auto result = run(runConvert, arguments);
            EXPECT_EQ(result.status, kExitUsage) << output;
            EXPECT_NE(result.err.find("is the --mnm file"), std::string::npos) << result.err;
            EXPECT_NE(result.err.find("refusing to write over it"), std::string::npos);
            EXPECT_EQ(result.out, "") << "refused before anything is read";
        }
    }
    EXPECT_EQ(contents(map), mapText);
    EXPECT_EQ(entriesIn(directory.path()), entries) << "no temporary file left";
    // The capture, under another spelling, is refused too (unless --overwrite).
    const auto self =
        run(runConvert, {input, bvh::utf8FromPath(directory.path() / "." / "take.bvh")});
    EXPECT_EQ(self.status, kExitUsage);
    EXPECT_NE(self.err.find("is the input file"), std::string::npos) << self.err;
    EXPECT_NE(self.err.find("pass --overwrite"), std::string::npos) << self.err;
}

} // namespace
} // namespace bvhscope::cli
