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

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>

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

// Populates fresh memory advised for huge pages (adviseHugePages), chunk by chunk, on any
// threads, and turns to small pages for the chunks to come after a huge page proves slow.
//
// Why: where a virtual machine hands free memory back to its host (free page reporting, as on
// the Firecracker VMs measured), the guest's free 2 MiB blocks are what is handed back, and a
// huge page made of one is backed again by the host 4 KiB at a time: 4.5 ms of system time
// for such a huge page, 0.09 ms for one the host still backs, and a steady 0.6-0.75 ms for the
// same 2 MiB in small pages either way. The kernel hands out the blocks it has not reported
// first, so a load meets the slow ones together, in a run (populating 366 MiB right after
// another program had filled and freed 750 MB: tens of chunks at 0.09 ms, then runs of 36-40
// at 4.5-4.8 ms; 0.6-0.86 s in all when the host had taken most back, against 0.11-0.14 s in
// small pages). So the first huge page that costs more than `slowNanosecondsPerByte` turns the
// rest of the load to small pages: a run of slow ones costs far more than small pages where
// huge ones would have been fast again after it. The time
// is the populating thread's CPU time, so a thread that waits for a core is not taken for a
// slow page. The rest of the region is advised for small pages at once (one madvise per
// region): advice changes the mapping under the process's memory-map lock, which waits for
// every population under way, so advice chunk by chunk had the threads take turns (measured:
// 0.45 s for a load that takes 0.35 s).
class FreshPageFiller {
public:
    // 0.5 ns per byte: 1 ms per huge page, above small pages' 0.6-0.75 ms and far below the
    // 4.5 ms of one the host backs again.
    static constexpr double kSlowHugePageNanosecondsPerByte = 0.5;

    explicit FreshPageFiller(double slowNanosecondsPerByte = kSlowHugePageNanosecondsPerByte)
        : slowNanosecondsPerByte_(slowNanosecondsPerByte) {}

    // populateForWriting, with small pages once a huge page was slow (Linux: madvise
    // MADV_NOHUGEPAGE from there to `regionEnd`, the end of the allocation [data, data + bytes)
    // lies in, once per region). Only whole huge pages are timed. Thread-safe; the same
    // conditions as populateForWriting. Elsewhere nothing happens.
    void populate(void* data, std::size_t bytes, void* regionEnd);
    // Whether the chunks populated from now on get small pages.
    bool usesSmallPages() const { return smallPages_.load(std::memory_order_relaxed); }

private:
    // Advises small pages for [from, to) unless the last range advised holds `from`.
    void adviseSmallPages(void* from, void* to);

    double slowNanosecondsPerByte_;
    std::atomic<bool> smallPages_{false};
    std::mutex advising_;
    std::uintptr_t advisedFrom_ = 0; // the last range advised for small pages, under advising_
    std::uintptr_t advisedTo_ = 0;
};

} // namespace bvh
