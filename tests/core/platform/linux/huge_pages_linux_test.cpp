// On Linux, populateForWriting backs the pages with memory before they are written (mincore
// reports them resident), so the kernel's zeroing happens on the thread that asked.
#include "core/platform/huge_pages.h"

#include <cstdint>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

namespace bvh {
namespace {

TEST(HugePagesPosix, PopulatedPagesAreResidentAndZero) {
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    constexpr std::size_t kPages = 64;
    void* mapped =
        ::mmap(nullptr, kPages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(mapped, MAP_FAILED);
    auto* const bytes = static_cast<std::uint8_t*>(mapped);
    std::vector<unsigned char> resident(kPages);
    ASSERT_EQ(::mincore(mapped, kPages * page, resident.data()), 0);
    EXPECT_EQ(resident[10] & 1, 0) << "a fresh anonymous page is not backed yet";

    // Pages 8 to 39 whole; the ragged ends leave pages 7 and 40 alone.
    populateForWriting(bytes + 8 * page - 100, 32 * page + 200);
    ASSERT_EQ(::mincore(mapped, kPages * page, resident.data()), 0);
    for (std::size_t i = 8; i < 40; ++i) {
        EXPECT_EQ(resident[i] & 1, 1) << "page " << i;
    }
    EXPECT_EQ(resident[50] & 1, 0);
    for (std::size_t i = 8 * page; i < 40 * page; ++i) {
        ASSERT_EQ(bytes[i], 0) << "byte " << i;
    }
    ::munmap(mapped, kPages * page);
}

} // namespace
} // namespace bvh
