// Asking the system to back large buffers with huge pages. Internal to the core.
//
// The loader writes hundreds of megabytes into fresh memory (the motion values, the text
// blocks). With 4 KiB pages every first touch is a page fault, and on the virtual machines this
// was measured on a fault costs about 12 microseconds: filling 38 MB took 125 ms of CPU in
// faults alone, more than parsing the text that fills it. With transparent huge pages the same
// fill takes 5 ms. Memory is still committed only where it is touched.
//
// Only Linux has such advice for ordinary memory (linux/huge_pages.cpp: madvise MADV_HUGEPAGE;
// nothing where the kernel has transparent huge pages off). Elsewhere this does nothing
// (windows/huge_pages.cpp): Windows' large pages must be allocated as such with VirtualAlloc
// (MEM_LARGE_PAGES), are locked in RAM, and need the "Lock pages in memory" privilege
// (SeLockMemoryPrivilege), which ordinary users do not hold; macOS has no equivalent either.
#pragma once

#include <cstddef>

namespace bvh {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// Advises huge pages for the whole 2 MiB pages inside [data, data + bytes). Advice only: it
// never fails and never changes what the memory holds.
void adviseHugePages(void* data, std::size_t bytes);

// Has the system back the whole pages inside [data, data + bytes) with memory now, on the
// calling thread (Linux: madvise MADV_POPULATE_WRITE, 5.14 and later). The kernel zeroes every
// fresh page at its first touch, and on the virtual machines measured that zeroing, not the
// parsing, was up to half of a million-frame load (0.2-1.0 s for 366 MiB, varying from run to
// run as the host backs the memory): threads that each populate a part zero it side by side.
// The memory must be allocated and unused by anything else: populated pages read as zeros.
// Advice only: where the system has no such call (Windows, older kernels) nothing happens, and
// the first write takes the faults as before.
void populateForWriting(void* data, std::size_t bytes);

} // namespace bvh
