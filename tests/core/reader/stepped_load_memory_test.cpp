// A stepped load that runs out of memory ends as BackgroundLoad's does: one error, nothing
// half-loaded. Linked into allocation_tests, whose operator new fails on demand
// (tests/support/failing_allocator.h).
#include "core/reader/stepped_load.h"
#include "tests/support/failing_allocator.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <unistd.h>

namespace bvh {
namespace {

TEST(SteppedLoadMemory, ALoadThatRunsOutOfMemoryFailsWithAnError) {
    // 300 channels x 10 000 frames: 12 MB of values, refused by an allocator that fails every
    // allocation of 8 MB or more (the text blocks of a step are 1 MB).
    const auto path = std::filesystem::temp_directory_path() /
                      ("bvhscope_stepped_oom_" + std::to_string(::getpid()) + ".bvh");
    {
        std::ofstream out(path, std::ios::binary);
        out << "HIERARCHY\nROOT Hips\n{\n  OFFSET 0 0 0\n  CHANNELS 300";
        for (int channel = 0; channel < 300; ++channel) {
            out << " Xrotation";
        }
        out << "\n  End Site\n  {\n    OFFSET 0 1 0\n  }\n}\nMOTION\nFrames: 10000\n"
               "Frame Time: 0.01\n";
        std::string row;
        for (int channel = 0; channel < 300; ++channel) {
            row += "0 ";
        }
        row += "\n";
        for (int frame = 0; frame < 10'000; ++frame) {
            out << row;
        }
    }
    SteppedLoad load(path);
    test::armAllocationFailure(std::size_t{8} << 20, nullptr);
    while (!load.advance(std::chrono::milliseconds(5))) {
    }
    Document document = load.take();
    test::disarmAllocationFailure();
    std::filesystem::remove(path);
    EXPECT_GE(test::failedAllocations(), 1u);
    ASSERT_FALSE(document.loaded());
    EXPECT_EQ(document.skeleton.nodeCount(), 0u);
    EXPECT_TRUE(document.motion.values.empty());
    ASSERT_EQ(document.diagnostics.size(), 1u);
    EXPECT_EQ(formatDiagnostic("f.bvh", document.diagnostics.front()),
              "f.bvh: error: out of memory while reading the file; nothing was loaded");
}

} // namespace
} // namespace bvh
