// A global operator new that can be told to fail, for tests of what happens when memory runs
// out. Linked only into the executables that test it (tests/CMakeLists.txt: allocation_tests):
// replacing operator new affects the whole program.
//
// Unarmed it is malloc. Armed, every allocation of at least `minimumBytes` asks `shouldFail`
// and throws std::bad_alloc when it says so. `shouldFail` runs inside operator new: it must not
// use operator new itself (C functions such as opendir, which use malloc, are fine).
#pragma once

#include <cstddef>
#include <filesystem>

namespace bvh::test {

void armAllocationFailure(std::size_t minimumBytes, bool (*shouldFail)());
void disarmAllocationFailure();
// Allocations failed since the last arming.
std::size_t failedAllocations();

// Armed to count instead of fail: every allocation of at least `minimumBytes` from here on is
// counted and none fails, until disarmAllocationFailure (arming again starts the count at 0).
// What a test uses to show a piece of code allocates nothing, or how much it allocates.
void countAllocations(std::size_t minimumBytes);
// Allocations counted since countAllocations.
std::size_t countedAllocations();

// The largest single allocation since the last reset, failed or not.
void resetLargestAllocation();
std::size_t largestAllocation();

// Bytes allocated through operator new and not yet freed (as malloc_usable_size counts them),
// and the most there were at once since resetPeakBytesInUse: the heap a piece of code needs.
std::size_t bytesInUse();
void resetPeakBytesInUse();
std::size_t peakBytesInUse();

} // namespace bvh::test

namespace bvh::test {

// A shouldFail for armAllocationFailure: true while `directory` (set by watchForTemporaryFiles,
// which copies it) holds a file whose name contains ".tmp-", the mark of an AtomicFile's
// temporary file; so allocations fail exactly while a file is being written.
void watchForTemporaryFiles(const std::filesystem::path& directory);
bool aTemporaryFileExists();

} // namespace bvh::test
