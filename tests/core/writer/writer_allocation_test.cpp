// The writer when memory runs out, and how much memory it takes: built into allocation_tests,
// whose operator new can fail on demand (tests/support/failing_allocator.h).
#include "core/reader/document.h"
#include "core/writer/writer.h"
#include "tests/support/failing_allocator.h"
#include "tests/support/scratch_directory.h"
#include "tests/support/synthetic_clips.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <new>
#include <sstream>
#include <unistd.h>

namespace bvh {
namespace {

class WriterAllocation : public test::ScratchDirectoryTest {
protected:
    void TearDown() override {
        test::disarmAllocationFailure();
        ScratchDirectoryTest::TearDown();
    }
};

TEST_F(WriterAllocation, RunningOutOfMemoryWhileWritingLeavesNoTemporaryFile) {
    // std::bad_alloc unwinds out of writeBvhFile (the core does not catch it); the AtomicFile's
    // destructor removes the temporary file on the way, and the old target stays.
    const auto target = directory_ / "out.bvh";
    std::ofstream(target) << "old";
    const test::SyntheticClip clip = test::makeChain(10, 1000);
    test::watchForTemporaryFiles(directory_);
    test::armAllocationFailure(64 * 1024, test::aTemporaryFileExists);
    EXPECT_THROW(writeBvhFile(target, clip.skeleton, clip.motion), std::bad_alloc);
    test::disarmAllocationFailure();
    EXPECT_EQ(test::failedAllocations(), 1u) << "it failed while the temporary file existed";
    EXPECT_EQ(entryNames(), std::vector<std::string>{"out.bvh"});
    EXPECT_EQ(contents(target), "old");
}

TEST_F(WriterAllocation, WritingNeverHoldsTheTextInMemory) {
    // A hierarchy of 12 MB of text and a motion of 20 MB: the writer's largest allocation is
    // its 1 MB chunk grown to hold one row (1.2 MB here) or the stack of open nodes, never the
    // text.
    const auto target = directory_ / "out.bvh";
    for (const auto& [joints, frames] : {std::pair<std::size_t, std::uint32_t>{50000, 1},
                                         std::pair<std::size_t, std::uint32_t>{30, 30000}}) {
        SCOPED_TRACE(std::to_string(joints) + " joints, " + std::to_string(frames) + " frames");
        const test::SyntheticClip clip = test::makeChain(joints, frames);
        test::resetLargestAllocation();
        ASSERT_FALSE(hasErrors(writeBvhFile(target, clip.skeleton, clip.motion)));
        const std::size_t largest = test::largestAllocation();
        const std::uintmax_t written = std::filesystem::file_size(target);
        EXPECT_GE(written, 10u << 20);
        EXPECT_LT(largest, std::size_t{4} << 20) << "bytes written: " << written;
    }
}

} // namespace
} // namespace bvh
