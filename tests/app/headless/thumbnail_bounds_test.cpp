// `bvhscope thumbnail` on hostile files, as a file manager runs it on whatever a folder holds:
// the real process on generated pathological captures (a root with a million End Sites, a chain
// 100 000 joints deep, 50 000 joints side by side, a motion too long to read whole, a hierarchy
// beyond the thumbnailer's memory), each ending with a PNG (or, beyond the bound, a clear error
// and nothing written) within a bound of CPU time and under 256 MB of peak memory, both measured
// by the kernel for the child (wait4's rusage). A bound checked, not a benchmark: the figures are
// in README's Performance section.
#include "tests/app/headless/headless_test_support.h"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <stb_image.h>
#include <string>
#include <vector>

namespace bvhscope::headless::test {
namespace {

namespace fs = std::filesystem;

// The bound the thumbnailer keeps on any input (README, "The thumbnailer").
constexpr long kPeakMemoryKilobytes = 256 * 1024;
// The time bound is on the child's CPU time (user + system, all its threads), not on the wall:
// a file manager's thumbnailer must end, and what a hostile file can inflate is the work done,
// which the CPU time counts whatever else the machine runs. The wall time is not: `make test`
// runs four tests at once on two cores beside builds, and MillionEndSites took 10.1 s of wall
// at load 10-17 (about 2 s quiet). With two busy loops beside it MillionEndSites, the heaviest,
// took 2.9-3.3 s of wall against 1.4-1.6 s, and 1.06-1.14 s of CPU against 1.00 s.
constexpr double kCpuSecondsBound = 10.0;
// Only a guard against a thumbnailer that never ends (or waits on something), whatever the load.
constexpr double kWallSecondsHangGuard = 60.0;

// The run kept both time bounds (its figures in the message when not).
void expectWithinTimeBounds(const RunResult& run) {
    EXPECT_LT(run.cpuSeconds, kCpuSecondsBound) << run.seconds << " s of wall";
    EXPECT_LT(run.seconds, kWallSecondsHangGuard) << run.cpuSeconds << " s of CPU";
}

void writeFile(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

constexpr const char* kRootHeader =
    "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\n"
    "CHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n";

// The file: a root with a million End Sites, 26 bytes each, fanned out in the ground
// plane around it.
std::string millionEndSites() {
    std::string text = kRootHeader;
    text.reserve(27'000'000);
    char site[64];
    for (int i = 0; i < 1'000'000; ++i) {
        std::snprintf(site, sizeof site, "End Site{OFFSET %d 9 %d}\n", i % 19 - 9, i / 19 % 19 - 9);
        text += site;
    }
    text += "}\nMOTION\nFrames: 2\nFrame Time: 0.0333333\n0 0 0 0 0 0\n0 0 0 0 0 0\n";
    return text;
}

// A chain 100 000 joints deep, each turned a little, so that it curls.
std::string deepChain() {
    constexpr int kJoints = 100'000;
    std::string text = kRootHeader;
    for (int i = 0; i < kJoints; ++i) {
        text += "JOINT J" + std::to_string(i) +
                "\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation "
                "Xrotation Yrotation\n";
    }
    text += "End Site\n{\nOFFSET 0 1 0\n}\n";
    text.append(std::size_t{kJoints} + 1, '}');
    text += "\nMOTION\nFrames: 3\nFrame Time: 0.0333333\n";
    for (int frame = 0; frame < 3; ++frame) {
        text += "0 0 0 0 0 0";
        for (int i = 0; i < kJoints; ++i) {
            text += frame == 1 ? " 0.01 0.02 0" : " 0 0 0";
        }
        text += '\n';
    }
    return text;
}

// 50 000 joints side by side under one root, each with its channels and an End Site.
std::string wideSkeleton() {
    constexpr int kJoints = 50'000;
    std::string text = kRootHeader;
    for (int i = 0; i < kJoints; ++i) {
        text += "JOINT J" + std::to_string(i) + "\n{\nOFFSET " + std::to_string(i % 100 - 50) +
                " 100 " + std::to_string(i / 100 % 100 - 50) +
                "\nCHANNELS 3 Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 10 0\n}\n}\n";
    }
    text += "}\nMOTION\nFrames: 3\nFrame Time: 0.0333333\n";
    for (int frame = 0; frame < 3; ++frame) {
        text += "0 0 0 0 0 0";
        for (int i = 0; i < kJoints; ++i) {
            text += " 10 0 5";
        }
        text += '\n';
    }
    return text;
}

// A 31-joint chain and 40 MB of rows that each give 30 of its 96 values: the reader completes
// each from the previous frame, so read whole they would be 6.4 bytes of values per byte of
// text, 260 MB. The thumbnail reads evenly spaced rows instead.
std::string longMotion() {
    std::string text = kRootHeader;
    for (int i = 0; i < 30; ++i) {
        text += "JOINT J" + std::to_string(i) +
                "\n{\nOFFSET 0 3 1\nCHANNELS 3 Zrotation "
                "Xrotation Yrotation\n";
    }
    text += "End Site\n{\nOFFSET 0 1 0\n}\n";
    text.append(31, '}');
    text += "\nMOTION\nFrames: 700000\nFrame Time: 0.0083333\n";
    std::string row = "0 0 0";
    for (int i = 0; i < 27; ++i) {
        row += " 4";
    }
    row += '\n';
    text.reserve(41'000'000);
    while (text.size() < 40'000'000) {
        text += row;
    }
    return text;
}

// A million joints with the same name, no OFFSET and no CHANNELS (three warnings each): 11 MB
// whose reading would take 470 MB.
std::string hierarchyBeyondTheBound() {
    std::string text = kRootHeader;
    text.reserve(12'000'000);
    for (int i = 0; i < 1'000'000; ++i) {
        text += "JOINT a\n{}\n";
    }
    text += "}\nMOTION\nFrames: 1\nFrame Time: 0.0333333\n0 0 0 0 0 0\n";
    return text;
}

struct Hostile {
    const char* name;
    std::string (*generate)();
};

class HostileThumbnail : public testing::TestWithParam<Hostile> {};

TEST_P(HostileThumbnail, EndsWithAPngWithinTheBound) {
    const TempDir dir;
    const fs::path input = dir.path() / (std::string(GetParam().name) + ".bvh");
    writeFile(input, GetParam().generate());
    const auto sizeBefore = fs::file_size(input);
    const auto timeBefore = fs::last_write_time(input);
    const fs::path png = dir.path() / "thumb.png";
    // 1024 px, the largest: Mesa's own memory grows with the picture.
    const RunResult run =
        runBvhscope(dir, {"thumbnail", "-s", "1024", input.string(), png.string()});
    ASSERT_EQ(run.status, 0) << run.err;
    expectWithinTimeBounds(run);
    EXPECT_LT(run.peakKilobytes, kPeakMemoryKilobytes)
        << "peak " << run.peakKilobytes / 1024 << " MB";
    int width = 0;
    int height = 0;
    int channels = 0;
    unsigned char* pixels = stbi_load(png.string().c_str(), &width, &height, &channels, 4);
    ASSERT_NE(pixels, nullptr) << "no PNG written";
    EXPECT_EQ(width, 1024);
    EXPECT_EQ(height, 1024);
    std::size_t opaque = 0;
    for (std::size_t i = 0; i < std::size_t{1024} * 1024; ++i) {
        opaque += pixels[i * 4 + 3] > 128 ? 1 : 0;
    }
    stbi_image_free(pixels);
    EXPECT_GT(opaque, 500u) << "no figure drawn";
    // The input is never touched, and nothing but it and the PNG is left.
    EXPECT_EQ(fs::file_size(input), sizeBefore);
    EXPECT_EQ(fs::last_write_time(input), timeBefore);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 2);
}

INSTANTIATE_TEST_SUITE_P(Files, HostileThumbnail,
                         testing::Values(Hostile{"MillionEndSites", millionEndSites},
                                         Hostile{"ChainHundredThousandDeep", deepChain},
                                         Hostile{"FiftyThousandWide", wideSkeleton},
                                         Hostile{"LongMotion", longMotion}),
                         [](const testing::TestParamInfo<Hostile>& info) {
                             return std::string(info.param.name);
                         });

TEST(HostileThumbnail, AHierarchyBeyondTheBoundIsRefusedWithoutReadingIt) {
    const TempDir dir;
    const fs::path input = dir.path() / "joints.bvh";
    writeFile(input, hierarchyBeyondTheBound());
    const fs::path png = dir.path() / "thumb.png";
    const RunResult run = runBvhscope(dir, {"thumbnail", input.string(), png.string()});
    EXPECT_EQ(run.status, 1);
    EXPECT_NE(run.err.find("joints.bvh: error: the hierarchy is too large for a thumbnail"),
              std::string::npos)
        << run.err;
    expectWithinTimeBounds(run);
    EXPECT_LT(run.peakKilobytes, kPeakMemoryKilobytes);
    EXPECT_FALSE(fs::exists(png));
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

} // namespace
} // namespace bvhscope::headless::test
