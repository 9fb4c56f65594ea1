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

} // namespace bvh
