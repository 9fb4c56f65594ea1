// Memory advice never changes what memory holds: the reader populates the room of rows that
// other threads may be writing next to, and a page that already holds values keeps them.
#include "core/platform/huge_pages.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <memory>
#include <new>

namespace bvh {
namespace {

TEST(HugePages, PopulatingAndAdvisingKeepWhatTheMemoryHolds) {
    // 8 MiB, huge-page aligned, then a range with ragged ends over pages already written.
    constexpr std::size_t kBytes = std::size_t{8} << 20;
    const std::align_val_t alignment{kHugePageBytes};
    std::unique_ptr<std::uint8_t, void (*)(std::uint8_t*)> memory(
        static_cast<std::uint8_t*>(::operator new(kBytes, alignment)),
        [](std::uint8_t* bytes) { ::operator delete (bytes, std::align_val_t{kHugePageBytes}); });
    std::uint8_t* const bytes = memory.get();
    for (std::size_t i = 0; i < kBytes / 2; ++i) {
        bytes[i] = static_cast<std::uint8_t>(i * 31 + 7);
    }
    adviseHugePages(bytes + 100, kBytes - 200);
    populateForWriting(bytes + 4097, kBytes - 9000);
    populateForWriting(bytes, 0);
    for (std::size_t i = 0; i < kBytes / 2; ++i) {
        ASSERT_EQ(bytes[i], static_cast<std::uint8_t>(i * 31 + 7)) << "byte " << i;
    }
    // The populated half is writable memory like any other.
    for (std::size_t i = kBytes / 2; i < kBytes; ++i) {
        bytes[i] = static_cast<std::uint8_t>(i);
    }
    EXPECT_EQ(bytes[kBytes - 1], static_cast<std::uint8_t>(kBytes - 1));
}

} // namespace
} // namespace bvh
