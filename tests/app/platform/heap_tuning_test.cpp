#include "app/platform/heap_tuning.h"

#include <cstdlib>
#include <gtest/gtest.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace bvhscope::viewer {
namespace {

TEST(HeapTuning, FreedBlocksStayInTheHeapForTheNextFrame) {
#if !defined(__GLIBC__) || defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "glibc's own allocator only (sanitizers replace it)";
#else
    platform::keepFreedHeapForReuse();
    // A per-frame block the size llvmpipe's vertex stage takes (a few hundred KB) and larger:
    // served from the heap, not mapped on its own (glibc starts mapping at 128 KB), and the
    // heap keeps the space when it is freed (glibc starts trimming at 128 KB free).
    constexpr std::size_t kBlock = 8 * 1024 * 1024;
    const std::size_t mappedBefore = mallinfo2().hblkhd;
    void* block = std::malloc(kBlock);
    ASSERT_NE(block, nullptr);
    static_cast<volatile char*>(block)[kBlock - 1] = 1;
    EXPECT_EQ(mallinfo2().hblkhd, mappedBefore) << "the block was mapped on its own";
    std::free(block);
    EXPECT_GE(mallinfo2().keepcost, kBlock) << "the heap gave the freed block back";
#endif
}

} // namespace
} // namespace bvhscope::viewer
