#include "core/platform/huge_pages.h"

#include <cstdint>
#include <sys/mman.h>

namespace bvh {

void adviseHugePages(void* data, std::size_t bytes) {
    const auto start = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t alignedStart = (start + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
    const std::uintptr_t alignedEnd = (start + bytes) & ~(kHugePageBytes - 1);
    if (alignedEnd > alignedStart) {
        // Failure (an old kernel, huge pages disabled) changes nothing.
        ::madvise(reinterpret_cast<void*>(alignedStart), alignedEnd - alignedStart, MADV_HUGEPAGE);
    }
}

void populateForWriting(void* data, std::size_t bytes) {
    const std::uintptr_t pageBytes = 4096; // the smallest page; a partial one is left alone
    const auto start = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t alignedStart = (start + pageBytes - 1) & ~(pageBytes - 1);
    const std::uintptr_t alignedEnd = (start + bytes) & ~(pageBytes - 1);
#ifdef MADV_POPULATE_WRITE
    if (alignedEnd > alignedStart) {
        // EINVAL before Linux 5.14; ENOMEM where memory runs out, when the writes that follow
        // fail the way they would have anyway.
        ::madvise(reinterpret_cast<void*>(alignedStart), alignedEnd - alignedStart,
                  MADV_POPULATE_WRITE);
    }
#endif
}

} // namespace bvh
