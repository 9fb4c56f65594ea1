// Asking the kernel to back large buffers with huge pages. Internal to the core.
//
// The loader writes hundreds of megabytes into fresh memory (the motion values, the text
// blocks). With 4 KiB pages every first touch is a page fault, and on the virtual machines this
// was measured on a fault costs about 12 microseconds: filling 38 MB took 125 ms of CPU in
// faults alone, more than parsing the text that fills it. With transparent huge pages the same
// fill takes 5 ms. Only Linux has the advice; elsewhere, and where the kernel has transparent
// huge pages off, this does nothing. Memory is still committed only where it is touched.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace bvh {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// Advises huge pages for the whole 2 MiB pages inside [data, data + bytes).
inline void adviseHugePages(void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const auto start = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t alignedStart = (start + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
    const std::uintptr_t alignedEnd = (start + bytes) & ~(kHugePageBytes - 1);
    if (alignedEnd > alignedStart) {
        // Advice only: failure (an old kernel, huge pages disabled) changes nothing.
        ::madvise(reinterpret_cast<void*>(alignedStart), alignedEnd - alignedStart, MADV_HUGEPAGE);
    }
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace bvh
