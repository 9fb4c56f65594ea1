// core/platform/linux/huge_pages.cpp, as the kernel sees it. populateForWriting backs the
// pages with memory before they are written (mincore reports them resident), so the kernel's
// zeroing happens on the thread that asked. adviseHugePages marks the whole huge pages of a
// range for transparent huge pages (the mapping's "hg" flag in /proc/self/smaps), and only
// those: a part of a huge page at either end is left as it was.
#include "core/platform/huge_pages.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <optional>
#include <sstream>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

namespace bvh {
namespace {

TEST(HugePagesLinux, PopulatedPagesAreResidentAndZero) {
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

// The flags /proc/self/smaps gives the mapping that holds `address` ("rd wr mr mw me ac hg"),
// or nullopt when no mapping holds it.
std::optional<std::string> mappingFlagsAt(const void* address) {
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        std::uintptr_t start = 0;
        std::uintptr_t end = 0;
        char dash = 0;
        std::istringstream range(line);
        if (range >> std::hex >> start >> dash >> end && dash == '-') {
            inside = at >= start && at < end;
        } else if (inside && line.starts_with("VmFlags:")) {
            return line.substr(8) + " ";
        }
    }
    return std::nullopt;
}

// The kilobytes of huge pages /proc/self/smaps gives the mapping that holds `address`.
std::optional<std::size_t> hugePageKilobytesAt(const void* address) {
    const auto at = reinterpret_cast<std::uintptr_t>(address);
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool inside = false;
    while (std::getline(smaps, line)) {
        std::uintptr_t start = 0;
        std::uintptr_t end = 0;
        char dash = 0;
        std::istringstream range(line);
        if (range >> std::hex >> start >> dash >> end && dash == '-') {
            inside = at >= start && at < end;
        } else if (inside && line.starts_with("AnonHugePages:")) {
            return std::stoul(line.substr(14));
        }
    }
    return std::nullopt;
}

bool advisedForHugePages(const void* address) {
    const std::optional<std::string> flags = mappingFlagsAt(address);
    return flags && flags->find(" hg ") != std::string::npos;
}

TEST(HugePagesLinux, OnlyTheWholeHugePagesOfARangeAreAdvised) {
    if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage")) {
        GTEST_SKIP() << "this kernel has no transparent huge pages";
    }
    // Room for four huge pages from a huge-page boundary `base`.
    constexpr std::size_t kMapped = 5 * kHugePageBytes;
    void* mapped =
        ::mmap(nullptr, kMapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(mapped, MAP_FAILED);
    const auto start = reinterpret_cast<std::uintptr_t>(mapped);
    auto* const base =
        reinterpret_cast<std::uint8_t*>((start + kHugePageBytes - 1) & ~(kHugePageBytes - 1));
    ASSERT_FALSE(advisedForHugePages(base + kHugePageBytes)) << "a fresh mapping is not advised";

    // Less than a huge page past a boundary: no whole huge page, nothing advised.
    adviseHugePages(base + 100, kHugePageBytes);
    for (std::size_t page = 0; page < 4; ++page) {
        EXPECT_FALSE(advisedForHugePages(base + page * kHugePageBytes)) << "huge page " << page;
    }
    // From 100 bytes into huge page 0 to 100 bytes into huge page 3: pages 1 and 2 whole.
    adviseHugePages(base + 100, 3 * kHugePageBytes);
    EXPECT_FALSE(advisedForHugePages(base));
    EXPECT_FALSE(advisedForHugePages(base + kHugePageBytes - 1));
    EXPECT_TRUE(advisedForHugePages(base + kHugePageBytes));
    EXPECT_TRUE(advisedForHugePages(base + 3 * kHugePageBytes - 1));
    EXPECT_FALSE(advisedForHugePages(base + 3 * kHugePageBytes));
    ::munmap(mapped, kMapped);
}

// Four huge pages, advised for huge pages, at a huge-page boundary: {mapping, base}.
struct AdvisedHugePages {
    void* mapped = nullptr;
    std::uint8_t* base = nullptr;
    static constexpr std::size_t kMapped = 5 * kHugePageBytes;

    AdvisedHugePages() {
        mapped =
            ::mmap(nullptr, kMapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        const auto start = reinterpret_cast<std::uintptr_t>(mapped);
        base =
            reinterpret_cast<std::uint8_t*>((start + kHugePageBytes - 1) & ~(kHugePageBytes - 1));
        adviseHugePages(base, 4 * kHugePageBytes);
    }
    ~AdvisedHugePages() { ::munmap(mapped, kMapped); }
    AdvisedHugePages(const AdvisedHugePages&) = delete;
    AdvisedHugePages& operator=(const AdvisedHugePages&) = delete;
};

bool residentAndZero(const std::uint8_t* bytes, std::size_t length) {
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    std::vector<unsigned char> resident(length / page);
    if (::mincore(const_cast<std::uint8_t*>(bytes), length, resident.data()) != 0) {
        return false;
    }
    for (const unsigned char flags : resident) {
        if ((flags & 1) == 0) {
            return false;
        }
    }
    for (std::size_t i = 0; i < length; ++i) {
        if (bytes[i] != 0) {
            return false;
        }
    }
    return true;
}

// A whole huge page that costs more than the filler's bound turns the chunks after it to small
// pages (a bound of 0: any cost is more), the whole rest of the region at once. The slow chunk
// keeps what it got.
TEST(HugePagesLinux, AFillerTurnsToSmallPagesAfterASlowHugePage) {
    if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage")) {
        GTEST_SKIP() << "this kernel has no transparent huge pages";
    }
    const AdvisedHugePages memory;
    ASSERT_NE(memory.mapped, MAP_FAILED);
    std::uint8_t* const regionEnd = memory.base + 4 * kHugePageBytes;
    FreshPageFiller filler(0.0);
    // A part of a huge page says nothing about huge pages.
    filler.populate(memory.base + 4096, 8192, regionEnd);
    EXPECT_FALSE(filler.usesSmallPages());
    EXPECT_TRUE(advisedForHugePages(memory.base + 2 * kHugePageBytes));

    filler.populate(memory.base + kHugePageBytes, kHugePageBytes, regionEnd);
    EXPECT_TRUE(filler.usesSmallPages());
    EXPECT_TRUE(advisedForHugePages(memory.base + kHugePageBytes));
    EXPECT_TRUE(residentAndZero(memory.base + kHugePageBytes, kHugePageBytes));
    EXPECT_FALSE(advisedForHugePages(memory.base + 2 * kHugePageBytes));
    EXPECT_FALSE(advisedForHugePages(regionEnd - 1));
    EXPECT_FALSE(residentAndZero(memory.base + 2 * kHugePageBytes, 4096)) << "advised only";

    filler.populate(memory.base + 2 * kHugePageBytes, kHugePageBytes, regionEnd);
    EXPECT_EQ(hugePageKilobytesAt(memory.base + 2 * kHugePageBytes), 0u)
        << "small pages, none of them huge";
    EXPECT_TRUE(residentAndZero(memory.base + 2 * kHugePageBytes, kHugePageBytes));
}

// Huge pages cheaper than the bound stay huge pages.
TEST(HugePagesLinux, AFillerKeepsHugePagesThatAreFast) {
    if (!std::filesystem::exists("/sys/kernel/mm/transparent_hugepage")) {
        GTEST_SKIP() << "this kernel has no transparent huge pages";
    }
    const AdvisedHugePages memory;
    ASSERT_NE(memory.mapped, MAP_FAILED);
    FreshPageFiller filler(1.0e9);
    for (std::size_t page = 0; page < 4; ++page) {
        filler.populate(memory.base + page * kHugePageBytes, kHugePageBytes,
                        memory.base + 4 * kHugePageBytes);
    }
    EXPECT_FALSE(filler.usesSmallPages());
    EXPECT_TRUE(advisedForHugePages(memory.base + 3 * kHugePageBytes));
    EXPECT_TRUE(residentAndZero(memory.base, 4 * kHugePageBytes));
}

} // namespace
} // namespace bvh
