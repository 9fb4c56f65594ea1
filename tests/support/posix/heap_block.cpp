#include "tests/support/heap_block.h"

#include <cstdlib>
#include <malloc.h>

namespace bvh::test {

void* allocateHeapBlock(std::size_t bytes, std::size_t alignment) {
    return alignment == 0
               ? std::malloc(bytes == 0 ? 1 : bytes)
               : std::aligned_alloc(alignment, (bytes + alignment - 1) / alignment * alignment);
}

std::size_t heapBlockSize(void* block) {
    return ::malloc_usable_size(block);
}

void releaseHeapBlock(void* block) {
    std::free(block);
}

} // namespace bvh::test
