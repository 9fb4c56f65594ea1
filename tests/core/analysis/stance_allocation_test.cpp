// What summarising take after take allocates: built into allocation_tests, whose operator new
// counts the allocations of a given size on demand (tests/support/failing_allocator.h). `info`
// over a library and the Browser's summary workers summarise many takes on one thread; each
// allocation past glibc's per-thread cache (1 KiB) walks the arena's bins, and the stance's
// per-sample vectors were about twenty such a take (kept_vectors.h).
#include "core/analysis/kept_vectors.h"
#include "core/analysis/summary.h"
#include "core/reader/document.h"
#include "tests/support/failing_allocator.h"
#include "tests/support/generated_library.h"

#include <cstddef>
#include <gtest/gtest.h>
#include <iostream>
#include <thread>

namespace bvh {
namespace {

constexpr std::size_t kCacheBytes = 1024; // glibc's per-thread cache takes blocks up to this

// The allocations over kCacheBytes that summarize() makes of `document`, parsed beforehand.
std::size_t largeAllocationsOfSummary(const Document& document) {
    test::countAllocations(kCacheBytes + 1);
    const DocumentSummary summary = summarize(document, TranslationMode::Auto);
    const std::size_t counted = test::countedAllocations();
    test::disarmAllocationFailure();
    EXPECT_GT(summary.stance.framesSampled, 0u);
    return counted;
}

TEST(StanceAllocation, ASecondTakeOnAThreadAllocatesNoPerSampleVectorsAgain) {
    // Two generated takes of a library (314 and 660 frames, 240 samples each: the second needs
    // no less room than the first), summarised on one fresh thread as `info` does: the
    // first take fills the thread's KeptVectors, the second takes them. What the second still
    // allocates past the cache is the summary's own (the root names, the rest pose's landmarks,
    // the forward kinematics plan), not one vector a sample. Measured: main's code made 24
    // such allocations for the second take (24 for the first), this one 8 (22).
    const Document first =
        parseDocument(test::generatedTake("walk", "normal", test::generatedVariation(1)));
    const Document second =
        parseDocument(test::generatedTake("jump", "happy", test::generatedVariation(5)));
    ASSERT_TRUE(first.loaded());
    ASSERT_TRUE(second.loaded());
    ASSERT_GE(second.motion.frameCount, first.motion.frameCount);
    ASSERT_GE(first.motion.frameCount, 240u);
    std::size_t firstTake = 0;
    std::size_t secondTake = 0;
    std::thread([&] {
        KeptVectors kept; // as `info`'s threads and the Browser's workers keep theirs
        const KeptVectorsScope keptHere(kept);
        firstTake = largeAllocationsOfSummary(first);
        secondTake = largeAllocationsOfSummary(second);
    }).join();
    std::cout << "[ measured ] allocations over 1 KiB: first take " << firstTake << ", second "
              << secondTake << '\n';
    EXPECT_LE(secondTake, 10u) << "the first take allocated " << firstTake;
    EXPECT_LT(secondTake, firstTake);
}

} // namespace
} // namespace bvh
