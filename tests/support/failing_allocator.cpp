#include "tests/support/failing_allocator.h"

#include "tests/support/heap_block.h"

#include <atomic>
#include <cstring>
#include <dirent.h>
#include <new>

namespace bvh::test {
namespace {

std::atomic<std::size_t> armedMinimum{0}; // 0: unarmed
std::atomic<bool (*)()> failurePredicate{nullptr};
std::atomic<std::size_t> failures{0};
std::atomic<std::size_t> largest{0};
std::atomic<std::size_t> live{0};
std::atomic<std::size_t> peak{0};

void countAllocated(void* memory) {
    const std::size_t now = live.fetch_add(heapBlockSize(memory)) + heapBlockSize(memory);
    std::size_t seen = peak.load(std::memory_order_relaxed);
    while (now > seen && !peak.compare_exchange_weak(seen, now)) {
    }
}

void release(void* memory) {
    if (memory != nullptr) {
        live.fetch_sub(heapBlockSize(memory));
        releaseHeapBlock(memory);
    }
}

void* allocate(std::size_t bytes, std::size_t alignment = 0) {
    std::size_t seen = largest.load(std::memory_order_relaxed);
    while (bytes > seen && !largest.compare_exchange_weak(seen, bytes)) {
    }
    const std::size_t minimum = armedMinimum.load();
    if (minimum != 0 && bytes >= minimum) {
        bool (*predicate)() = failurePredicate.load();
        if (predicate == nullptr || predicate()) {
            failures.fetch_add(1);
            throw std::bad_alloc();
        }
    }
    void* memory = allocateHeapBlock(bytes, alignment);
    if (memory == nullptr) {
        throw std::bad_alloc();
    }
    countAllocated(memory);
    return memory;
}

} // namespace

void armAllocationFailure(std::size_t minimumBytes, bool (*shouldFail)()) {
    failures = 0;
    failurePredicate = shouldFail;
    armedMinimum = minimumBytes == 0 ? 1 : minimumBytes;
}

void disarmAllocationFailure() {
    armedMinimum = 0;
}

std::size_t failedAllocations() {
    return failures;
}

namespace {
std::atomic<std::size_t> counted{0};

// A shouldFail that counts the allocations asked about and fails none.
bool countAllocation() {
    counted.fetch_add(1, std::memory_order_relaxed);
    return false;
}
} // namespace

void countAllocations(std::size_t minimumBytes) {
    counted = 0;
    armAllocationFailure(minimumBytes, countAllocation);
}

std::size_t countedAllocations() {
    return counted.load();
}

void resetLargestAllocation() {
    largest = 0;
}

std::size_t largestAllocation() {
    return largest;
}

void resetPeakBytesInUse() {
    peak = live.load();
}

std::size_t peakBytesInUse() {
    return peak;
}

std::size_t bytesInUse() {
    return live;
}

namespace {
char watchedDirectory[4096];
} // namespace

void watchForTemporaryFiles(const std::filesystem::path& directory) {
    // opendir takes narrow names (the ANSI code page on Windows): the test folders under the
    // temporary directory have ASCII names.
    std::strncpy(watchedDirectory, directory.string().c_str(), sizeof watchedDirectory - 1);
}

bool aTemporaryFileExists() {
    DIR* directory = ::opendir(watchedDirectory);
    if (directory == nullptr) {
        return false;
    }
    bool found = false;
    while (const dirent* entry = ::readdir(directory)) {
        found = found || std::strstr(entry->d_name, ".tmp-") != nullptr;
    }
    ::closedir(directory);
    return found;
}

} // namespace bvh::test

// The replaceable forms that the others (new[], nothrow, sized delete) are built on in
// libstdc++, and the over-aligned ones (the reader's text buffers are aligned to huge pages).
void* operator new(std::size_t bytes) {
    return bvh::test::allocate(bytes);
}
void* operator new[](std::size_t bytes) {
    return bvh::test::allocate(bytes);
}
void* operator new(std::size_t bytes, std::align_val_t alignment) {
    return bvh::test::allocate(bytes, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t bytes, std::align_val_t alignment) {
    return bvh::test::allocate(bytes, static_cast<std::size_t>(alignment));
}
// The nothrow forms too: a sanitizer provides its own otherwise, and memory from its allocator
// must not come back through this one's delete (std::stable_sort's buffer is nothrow new).
void* operator new(std::size_t bytes, const std::nothrow_t&) noexcept {
    try {
        return bvh::test::allocate(bytes);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}
void* operator new[](std::size_t bytes, const std::nothrow_t&) noexcept {
    try {
        return bvh::test::allocate(bytes);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}
void* operator new(std::size_t bytes, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    try {
        return bvh::test::allocate(bytes, static_cast<std::size_t>(alignment));
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}
void* operator new[](std::size_t bytes, std::align_val_t alignment,
                     const std::nothrow_t&) noexcept {
    try {
        return bvh::test::allocate(bytes, static_cast<std::size_t>(alignment));
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}
void operator delete(void* memory, const std::nothrow_t&) noexcept {
    bvh::test::release(memory);
}
void operator delete[](void* memory, const std::nothrow_t&) noexcept {
    bvh::test::release(memory);
}
void operator delete(void* memory, std::align_val_t, const std::nothrow_t&) noexcept {
    bvh::test::release(memory);
}
void operator delete[](void* memory, std::align_val_t, const std::nothrow_t&) noexcept {
    bvh::test::release(memory);
}
void operator delete(void* memory) noexcept {
    bvh::test::release(memory);
}
void operator delete[](void* memory) noexcept {
    bvh::test::release(memory);
}
void operator delete(void* memory, std::size_t) noexcept {
    bvh::test::release(memory);
}
void operator delete[](void* memory, std::size_t) noexcept {
    bvh::test::release(memory);
}
void operator delete(void* memory, std::align_val_t) noexcept {
    bvh::test::release(memory);
}
void operator delete[](void* memory, std::align_val_t) noexcept {
    bvh::test::release(memory);
}
void operator delete(void* memory, std::size_t, std::align_val_t) noexcept {
    bvh::test::release(memory);
}
void operator delete[](void* memory, std::size_t, std::align_val_t) noexcept {
    bvh::test::release(memory);
}
