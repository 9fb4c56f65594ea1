// The system allocator under the failing allocator (failing_allocator.cpp), which counts every
// block's size: one implementation per platform (posix/heap_block.cpp: malloc, aligned_alloc,
// malloc_usable_size; windows/heap_block.cpp: malloc with the size and alignment kept in front
// of the block, since Windows' _aligned_malloc blocks need _aligned_free and its CRT has no
// aligned_alloc).
#pragma once

#include <cstddef>

namespace bvh::test {

// A block of at least `bytes` bytes (at least one) aligned to `alignment` (0: the default), or
// nullptr.
void* allocateHeapBlock(std::size_t bytes, std::size_t alignment);
// The block's size as the allocator counts it (at least what was asked for).
std::size_t heapBlockSize(void* block);
void releaseHeapBlock(void* block);

} // namespace bvh::test
