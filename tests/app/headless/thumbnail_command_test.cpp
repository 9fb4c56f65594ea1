// `bvhscope thumbnail`: its arguments in-process (file:// URIs as file managers pass them), and
// the command as a child process with no DISPLAY (the headless EGL path), its RGBA PNG read back:
// transparent around the figure, the figure upright, the clip's middle frame, no image and a
// non-zero exit for a file that does not load or a drawing that runs out of time.
#include "app/headless/thumbnail_command.h"
#include "app/headless/thumbnail_watchdog.h"
#include "tests/app/headless/headless_test_support.h"
#include "tests/core/body/body_hostile_rigs.h"
#include "tests/support/bvh_texts.h"

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <sstream>
#include <stb_image.h>

namespace bvhscope::headless::test {
namespace {

namespace fs = std::filesystem;

// [SECTION] Arguments

TEST(ThumbnailArguments, PathsAreTakenAsTheyAre) {
    EXPECT_EQ(localPathFromArgument("/home/a/walk 1.bvh"), "/home/a/walk 1.bvh");
    EXPECT_EQ(localPathFromArgument("relative/walk.bvh"), "relative/walk.bvh");
    EXPECT_EQ(localPathFromArgument("dir/odd:name.bvh"), "dir/odd:name.bvh");
    EXPECT_EQ(localPathFromArgument("100%.bvh"), "100%.bvh"); // no scheme: no escapes either
}

TEST(ThumbnailArguments, FileUrisArePercentDecoded) {
    EXPECT_EQ(localPathFromArgument("file:///home/a/walk%201.bvh"), "/home/a/walk 1.bvh");
    EXPECT_EQ(localPathFromArgument("FILE:///x/%E2%9C%93.bvh"), "/x/\xE2\x9C\x93.bvh");
    EXPECT_EQ(localPathFromArgument("file://localhost/tmp/a.bvh"), "/tmp/a.bvh");
    EXPECT_EQ(localPathFromArgument("file:///tmp/a%2fb.bvh"), "/tmp/a/b.bvh");
}

TEST(ThumbnailArguments, OtherSchemesAndBadEscapesAreRefused) {
    EXPECT_FALSE(localPathFromArgument("smb://server/share/walk.bvh"));
    EXPECT_FALSE(localPathFromArgument("file://server/share/walk.bvh"));
    EXPECT_FALSE(localPathFromArgument("file:///tmp/a%zz.bvh"));
    EXPECT_FALSE(localPathFromArgument("file:///tmp/a%2"));
    EXPECT_FALSE(localPathFromArgument("file:///tmp/a%00.bvh"));
}

struct Parsed {
    ParsedThumbnail result;
    std::string out;
    std::string err;
};

Parsed parseThumbnail(std::vector<std::string> arguments) {
    std::vector<std::string_view> views(arguments.begin(), arguments.end());
    std::ostringstream out;
    std::ostringstream err;
    Parsed parsed{parseThumbnailArguments(views, out, err), "", ""};
    parsed.out = out.str();
    parsed.err = err.str();
    return parsed;
}

TEST(ThumbnailArguments, TheThumbnailerExecLine) {
    const Parsed parsed = parseThumbnail({"--size", "512", "file:///m/walk.bvh", "/tmp/out.png"});
    ASSERT_TRUE(parsed.result.request) << parsed.err;
    EXPECT_EQ(parsed.result.request->input, "/m/walk.bvh");
    EXPECT_EQ(parsed.result.request->output, "/tmp/out.png");
    EXPECT_EQ(parsed.result.request->size, 512);
    const Parsed defaults = parseThumbnail({"a.bvh", "a.png"});
    ASSERT_TRUE(defaults.result.request);
    EXPECT_EQ(defaults.result.request->size, kDefaultThumbnailSize);
    EXPECT_DOUBLE_EQ(defaults.result.request->timeoutSeconds, kDefaultThumbnailTimeoutSeconds);
}

TEST(ThumbnailArguments, UsageErrorsExitWithTwo) {
    for (const std::vector<std::string>& arguments : {std::vector<std::string>{"a.bvh"},
                                                      {"a.bvh", "b.png", "c.png"},
                                                      {"-s", "15", "a", "b"},
                                                      {"-s", "1025", "a", "b"},
                                                      {"-s", "12x", "a", "b"},
                                                      {"--timeout", "0", "a", "b"},
                                                      {"--timeout", "nan", "a", "b"},
                                                      {"http://x/a.bvh", "b.png"},
                                                      {"--frame", "3", "a", "b"}}) {
        const Parsed parsed = parseThumbnail(arguments);
        EXPECT_FALSE(parsed.result.request) << arguments.front();
        EXPECT_EQ(parsed.result.exitCode, 2) << arguments.front();
        EXPECT_NE(parsed.err.find("bvhscope thumbnail"), std::string::npos) << parsed.err;
    }
    const Parsed help = parseThumbnail({"--help"});
    EXPECT_EQ(help.result.exitCode, 0);
    EXPECT_NE(help.out.find("usage: bvhscope thumbnail"), std::string::npos);
}

// [SECTION] Drawing

// A stick figure 165 units tall whose arms are stretched sideways (a T) in frames 0 and 2 and
// hang down in frame 1, the middle one; `zUp` writes the same figure with +Z up.
std::string stickFigure(bool zUp) {
    // Offsets are written (x, up, depth) and swapped into (x, depth, up) for Z-up.
    auto offset = [zUp](double x, double up) {
        std::ostringstream text;
        text << "OFFSET " << x << ' ' << (zUp ? 0.0 : up) << ' ' << (zUp ? up : 0.0);
        return text.str();
    };
    const std::string rotation = "CHANNELS 3 Zrotation Xrotation Yrotation";
    std::ostringstream bvh;
    bvh << "HIERARCHY\nROOT Hips\n{\n"
        << offset(0, 0)
        << "\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n"
        << "JOINT Spine\n{\n"
        << offset(0, 20) << '\n'
        << rotation << '\n'
        << "JOINT Head\n{\n"
        << offset(0, 30) << '\n'
        << rotation << '\n'
        << "End Site\n{\n"
        << offset(0, 15) << "\n}\n}\n"
        << "JOINT LeftArm\n{\n"
        << offset(15, 25) << '\n'
        << rotation << '\n'
        << "End Site\n{\n"
        << offset(55, 0) << "\n}\n}\n"
        << "JOINT RightArm\n{\n"
        << offset(-15, 25) << '\n'
        << rotation << '\n'
        << "End Site\n{\n"
        << offset(-55, 0) << "\n}\n}\n}\n";
    for (const char* side : {"Left", "Right"}) {
        const double x = side[0] == 'L' ? 10 : -10;
        bvh << "JOINT " << side << "Leg\n{\n"
            << offset(x, 0) << '\n'
            << rotation << '\n'
            << "JOINT " << side << "Shin\n{\n"
            << offset(0, -45) << '\n'
            << rotation << '\n'
            << "End Site\n{\n"
            << offset(0, -45) << "\n}\n}\n}\n";
    }
    bvh << "}\nMOTION\nFrames: 3\nFrame Time: 0.0333333\n";
    for (int frame = 0; frame < 3; ++frame) {
        // Arms down: about the depth axis, +X turns to -up (Z for Y-up files, Y for Z-up ones).
        const double down = frame == 1 ? 90.0 : 0.0;
        const std::string hips = zUp ? "0 0 90 0 0 0" : "0 90 0 0 0 0";
        auto arm = [&](double sign) {
            std::ostringstream text;
            // Zrotation Xrotation Yrotation
            text << (zUp ? 0.0 : -sign * down) << " 0 " << (zUp ? sign * down : 0.0);
            return text.str();
        };
        bvh << hips << " 0 0 0 0 0 0 " << arm(1) << ' ' << arm(-1) << " 0 0 0 0 0 0 0 0 0 0 0 0\n";
    }
    return bvh.str();
}

struct Rgba {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;
    const std::uint8_t* at(int x, int y) const {
        return pixels.data() + (static_cast<std::size_t>(y) * width + x) * 4;
    }
};

std::optional<Rgba> loadRgba(const fs::path& path) {
    int width = 0;
    int height = 0;
    int channels = 0;
    unsigned char* data = stbi_load(path.string().c_str(), &width, &height, &channels, 4);
    if (data == nullptr) {
        return std::nullopt;
    }
    Rgba image{width, height, {}};
    image.pixels.assign(data, data + static_cast<std::size_t>(width) * height * 4);
    stbi_image_free(data);
    if (channels != 4) {
        image.pixels.clear(); // the thumbnail must carry alpha
    }
    return image;
}

// A file's bytes; empty when it cannot be read.
std::string readBytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The box of the figure's opaque, warm (the characters' orange) pixels.
struct Box {
    int left = 1 << 30, top = 1 << 30, right = -1, bottom = -1;
    int width() const { return right - left + 1; }
    int height() const { return bottom - top + 1; }
};
Box figureBox(const Rgba& image) {
    Box box;
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            const std::uint8_t* pixel = image.at(x, y);
            if (pixel[3] > 200 && pixel[0] > pixel[2] + 40) {
                box.left = std::min(box.left, x);
                box.right = std::max(box.right, x);
                box.top = std::min(box.top, y);
                box.bottom = std::max(box.bottom, y);
            }
        }
    }
    return box;
}

class ThumbnailDrawing : public testing::TestWithParam<bool> {};

TEST_P(ThumbnailDrawing, TheMiddlePoseUprightAndFramedOnTransparency) {
    const TempDir dir;
    const fs::path input = dir.path() / "stick figure.bvh";
    std::ofstream(input) << stickFigure(GetParam());
    const fs::path png = dir.path() / "thumb.png";
    // As a file manager runs the Exec line: a file:// URI with an escaped space.
    const RunResult run =
        runBvhscope(dir, {"thumbnail", "--size", "160",
                          "file://" + (dir.path() / "stick%20figure.bvh").string(), png.string()});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto image = loadRgba(png);
    ASSERT_TRUE(image.has_value());
    ASSERT_FALSE(image->pixels.empty()) << "the PNG has no alpha channel";
    EXPECT_EQ(image->width, 160);
    EXPECT_EQ(image->height, 160);
    for (const auto& [x, y] : {std::pair{0, 0}, {159, 0}, {0, 159}, {159, 159}}) {
        EXPECT_EQ(image->at(x, y)[3], 0) << "corner " << x << "," << y << " is not transparent";
    }
    const Box box = figureBox(*image);
    ASSERT_GT(box.right, 0) << "no figure drawn";
    // Upright (a figure lying down would be wider than tall) with its arms down (the T-pose of
    // frames 0 and 2 is 110 units wide for 165 tall): the middle frame.
    EXPECT_GT(box.height(), 3 * box.width()) << box.width() << "x" << box.height();
    // Framed: the figure fills most of the height and sits near the middle.
    EXPECT_GT(box.height(), 160 * 6 / 10);
    EXPECT_NEAR((box.left + box.right) / 2, 80, 20);
}

INSTANTIATE_TEST_SUITE_P(YUpAndZUp, ThumbnailDrawing, testing::Bool(),
                         [](const testing::TestParamInfo<bool>& info) {
                             return std::string(info.param ? "ZUp" : "YUp");
                         });

TEST(ThumbnailDrawing, TheLargestSizeIsDrawn) {
    const TempDir dir;
    const fs::path png = dir.path() / "thumb.png";
    const RunResult run = runBvhscope(
        dir, {"thumbnail", "-s", "1024", sourceFile("assets/sample_walk.bvh"), png.string()});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto image = loadRgba(png);
    ASSERT_TRUE(image.has_value());
    EXPECT_EQ(image->width, 1024);
    const Box box = figureBox(*image);
    EXPECT_GT(box.height(), 1024 / 2);
}

// A figure of many crowded bones keeps its capsules in a thumbnail under --bones body: the
// 300-spoke hub's body cost 3.2 s of CPU a picture (main built it, with no notice), and at a
// load of 9 ran past the watchdog's 20 s and left no picture at all.
TEST(ThumbnailDrawing, AFigureOfHundredsOfCrowdedBonesKeepsItsCapsulesUnderBonesBody) {
    const TempDir dir;
    const fs::path input = dir.path() / "hub.bvh";
    std::ofstream(input) << bvh::test::hubOfSpokesText(300);
    const fs::path png = dir.path() / "thumb.png";
    const RunResult run = runBvhscope(
        dir, {"thumbnail", "--size", "128", "--bones", "body", input.string(), png.string()});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("601 nodes, more than the 512 a body is made for"), std::string::npos)
        << run.err;
    // The notice names the file, as every other message of the command does.
    EXPECT_NE(run.err.find("thumbnail: " + input.string() + ": body: "), std::string::npos)
        << run.err;
    const auto image = loadRgba(png);
    ASSERT_TRUE(image.has_value());
    EXPECT_GT(figureBox(*image).right, 0) << "no figure drawn";
}

// Issue 38: a chain 2e-30 tall at rest whose root stands at y = 100 lands every joint on one
// point: the thumbnail is written (transparent, no figure) and stderr says why, as `render` does
// (main wrote it and said nothing). The walk beside it is not warned about.
TEST(ThumbnailDrawing, AFigureBelowThePrecisionOfItsPlaceSaysWhyTheThumbnailIsEmpty) {
    const TempDir dir;
    const fs::path input = dir.path() / "dwarfed.bvh";
    std::ofstream(input) << bvh::test::kDwarfedChainBvh;
    const fs::path png = dir.path() / "thumb.png";
    const RunResult run =
        runBvhscope(dir, {"thumbnail", "--size", "64", input.string(), png.string()});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, "bvhscope thumbnail: " + input.string() +
                           ": figure 0 tall (2e-30 at rest: below the precision of its place, "
                           "every joint lands on one point): the picture shows no figure\n");
    const auto image = loadRgba(png);
    ASSERT_TRUE(image.has_value());
    EXPECT_EQ(image->width, 64);

    const fs::path walkPng = dir.path() / "walk.png";
    const RunResult walk = runBvhscope(
        dir, {"thumbnail", "--size", "64", sourceFile("assets/sample_walk.bvh"), walkPng.string()});
    ASSERT_EQ(walk.status, 0) << walk.err;
    EXPECT_EQ(walk.err, "");
}

// [SECTION] Failures: no image, a non-zero exit

TEST(ThumbnailFailures, AFileThatDoesNotLoadGetsNoImage) {
    const TempDir dir;
    const fs::path input = dir.path() / "broken.bvh";
    std::ofstream(input) << "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0\n";
    const fs::path png = dir.path() / "thumb.png";
    const RunResult run = runBvhscope(dir, {"thumbnail", input.string(), png.string()});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("broken.bvh:"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(": error: "), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(png));
    const RunResult missing =
        runBvhscope(dir, {"thumbnail", (dir.path() / "missing.bvh").string(), png.string()});
    EXPECT_EQ(missing.status, 1);
    EXPECT_FALSE(fs::exists(png));
    // Nothing left behind either (no temporary file): the folder holds the input alone.
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(ThumbnailFailures, TheInputIsNeverWrittenOver) {
    const TempDir dir;
    const fs::path input = dir.path() / "walk.bvh";
    fs::copy_file(sourceFile("assets/sample_walk.bvh"), input);
    const auto before = fs::file_size(input);
    const RunResult run = runBvhscope(dir, {"thumbnail", input.string(), input.string()});
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(fs::file_size(input), before);
}

TEST(ThumbnailFailures, RunningOutOfTimeEndsTheProcessWithoutAnImage) {
    const TempDir dir;
    const fs::path png = dir.path() / "thumb.png";
    // A millisecond is less than any EGL start: the watchdog always fires first.
    const RunResult run = runBvhscope(dir, {"thumbnail", "--timeout", "0.001",
                                            sourceFile("assets/sample_walk.bvh"), png.string()});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("gave up"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(png));
}

// The watchdog ends the process at any moment, also while the PNG is being written, and what is
// on disk agrees with the exit status: a whole PNG and status 0, or no PNG, no temporary file
// (`.thumb.png.tmp-...`) and status 1. The test seam (thumbnail_watchdog.h) runs the time out
// at each stage of the write exactly, with no clock, holding the writer there for ever at the
// stages that stall; the real clock is RunningOutOfTimeEndsTheProcessWithoutAnImage's. Before
// the write was waited for, the time running out with the temporary file open left that file;
// before AtomicFile reported its rename, a writer stalled after the rename (the directory's
// fsync) ended with status 1 beside a whole PNG, and the messages said "after 20 s" under the
// seam, where no time passed.
struct TimeUpAt {
    std::string stage;
    bool imageWritten;        // else: gave up, status 1
    std::string watchdogSays; // its line on stderr after the seam's, "" for none
};

std::ostream& operator<<(std::ostream& out, const TimeUpAt& at) {
    return out << at.stage;
}

// The PNG a run with time to spare writes, made once for every stage (by the first to ask).
const std::string& wholeThumbnail() {
    static const std::string whole = [] {
        const TempDir dir;
        const fs::path png = dir.path() / "thumb.png";
        const RunResult run =
            runBvhscope(dir, {"thumbnail", sourceFile("assets/sample_walk.bvh"), png.string()});
        EXPECT_EQ(run.status, 0) << run.err;
        return readBytes(png);
    }();
    return whole;
}

class ThumbnailTimeUp : public testing::TestWithParam<TimeUpAt> {};

TEST_P(ThumbnailTimeUp, EndsWithAWholePngAndStatusZeroOrNoPngNoTemporaryFileAndStatusOne) {
    const TimeUpAt& at = GetParam();
    const std::string& whole = wholeThumbnail();
    ASSERT_FALSE(whole.empty());
    const TempDir dir;
    const fs::path png = dir.path() / "thumb.png";
    const RunResult run =
        runBvhscope(dir, {"thumbnail", sourceFile("assets/sample_walk.bvh"), png.string()},
                    {{kThumbnailTimeUpSeam, at.stage}});
    // The seam's stage was reached (the time did run out there), and the watchdog says what it
    // did, claiming no time: no "after 20 s".
    const std::string seamLine = "bvhscope thumbnail: test seam: the time runs out at " + at.stage;
    EXPECT_EQ(run.err, seamLine + "\n" + at.watchdogSays);
    if (at.imageWritten) {
        EXPECT_EQ(run.status, 0);
        const auto image = loadRgba(png);
        ASSERT_TRUE(image.has_value()) << "no PNG, or not one that decodes";
        EXPECT_EQ(image->width, 256);
        EXPECT_EQ(image->height, 256);
        EXPECT_TRUE(readBytes(png) == whole) << "not the PNG a run with time to spare writes";
    } else {
        EXPECT_EQ(run.status, 1);
        EXPECT_FALSE(fs::exists(png));
    }
    fs::remove(png);
    for (const auto& entry : fs::directory_iterator(dir.path())) {
        ADD_FAILURE() << "left " << entry.path().filename();
    }
}

std::string gaveUpAt(const std::string& stage, const std::string& what = ": no PNG written") {
    return "bvhscope thumbnail: gave up at the test seam's stage '" + stage + "'" + what + "\n";
}
std::string standsAt(const std::string& stage) {
    return "bvhscope thumbnail: the time ran out at the test seam's stage '" + stage +
           "', the PNG already in place; its write was not waited for\n";
}

INSTANTIATE_TEST_SUITE_P(
    EveryStageOfTheWrite, ThumbnailTimeUp,
    testing::Values(
        TimeUpAt{"before-write", false, gaveUpAt("before-write", "")},
        // Goes on within the grace: the write's own status, nothing said.
        TimeUpAt{"temporary-file-open", true, ""},
        TimeUpAt{"temporary-file-open-stalls", false, gaveUpAt("temporary-file-open-stalls")},
        // The rename's call stalled before it took effect: its file removed first.
        TimeUpAt{"renaming-stalls", false, gaveUpAt("renaming-stalls")},
        // ... after it took effect: the removal finds nothing, the PNG stands.
        TimeUpAt{"renamed-unreported-stalls", true, standsAt("renamed-unreported-stalls")},
        // The directory's fsync stalled (main: status 1 beside the whole PNG).
        TimeUpAt{"after-rename-stalls", true, standsAt("after-rename-stalls")},
        TimeUpAt{"after-rename", true, standsAt("after-rename")}),
    [](const testing::TestParamInfo<TimeUpAt>& info) {
        std::string name = info.param.stage;
        std::replace(name.begin(), name.end(), '-', '_');
        return name;
    });

TEST(ThumbnailFailures, ATestSeamStageThatDoesNotExistIsAUsageError) {
    const TempDir dir;
    const fs::path png = dir.path() / "thumb.png";
    const RunResult run =
        runBvhscope(dir, {"thumbnail", sourceFile("assets/sample_walk.bvh"), png.string()},
                    {{kThumbnailTimeUpSeam, "soon"}});
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("'soon' names no stage"), std::string::npos) << run.err;
    EXPECT_FALSE(fs::exists(png));
}

} // namespace
} // namespace bvhscope::headless::test
