#include "core/platform/huge_pages.h"

#include <cstdint>
#include <sys/mman.h>
#include <time.h>
#include <utility>

namespace bvh {
namespace {

// The calling thread's CPU time (user and system), in nanoseconds; 0 where it cannot be had.
std::int64_t threadCpuNanoseconds() {
    timespec now{};
    if (::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0) {
        return 0;
    }
    return std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
}

// The whole 4 KiB pages inside [data, data + bytes): {start, length}, length 0 when none.
std::pair<std::uintptr_t, std::size_t> wholeSmallPages(void* data, std::size_t bytes) {
    const std::uintptr_t pageBytes = 4096;
    const auto start = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t alignedStart = (start + pageBytes - 1) & ~(pageBytes - 1);
    const std::uintptr_t alignedEnd = (start + bytes) & ~(pageBytes - 1);
    return {alignedStart, alignedEnd > alignedStart ? alignedEnd - alignedStart : 0};
}

} // namespace

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
    // The smallest pages; a partial one is left alone.
    const auto [start, length] = wholeSmallPages(data, bytes);
#ifdef MADV_POPULATE_WRITE
    if (length > 0) {
        // EINVAL before Linux 5.14; ENOMEM where memory runs out, when the writes that follow
        // fail the way they would have anyway.
        ::madvise(reinterpret_cast<void*>(start), length, MADV_POPULATE_WRITE);
    }
#else
    static_cast<void>(start);
#endif
}

void FreshPageFiller::adviseSmallPages(void* from, void* to) {
    const auto start = reinterpret_cast<std::uintptr_t>(from);
    const auto end = reinterpret_cast<std::uintptr_t>(to);
    const std::lock_guard<std::mutex> lock(advising_);
    if (start >= advisedFrom_ && start < advisedTo_) {
        return;
    }
    const auto [alignedStart, length] = wholeSmallPages(from, end > start ? end - start : 0);
    if (length > 0) {
        ::madvise(reinterpret_cast<void*>(alignedStart), length, MADV_NOHUGEPAGE);
    }
    advisedFrom_ = start;
    advisedTo_ = end;
}

void FreshPageFiller::populate(void* data, std::size_t bytes, void* regionEnd) {
    if (usesSmallPages()) {
        adviseSmallPages(data, regionEnd);
        populateForWriting(data, bytes);
        return;
    }
    const std::int64_t before = threadCpuNanoseconds();
    populateForWriting(data, bytes);
    const std::int64_t spent = threadCpuNanoseconds() - before;
    // Only a whole huge page tells: a part of one may be small pages, or already backed.
    const auto start = reinterpret_cast<std::uintptr_t>(data);
    if (bytes != kHugePageBytes || start % kHugePageBytes != 0) {
        return;
    }
    if (static_cast<double>(spent) >
        slowNanosecondsPerByte_ * static_cast<double>(kHugePageBytes)) {
        smallPages_.store(true, std::memory_order_relaxed);
        adviseSmallPages(static_cast<char*>(data) + bytes, regionEnd);
    }
}

} // namespace bvh
