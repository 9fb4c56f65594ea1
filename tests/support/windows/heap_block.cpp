// Every block is malloc'd with room for a header just before the address handed out: the
// malloc'd address (to free) and the size asked for (to count).
#include "tests/support/heap_block.h"

#include <cstdint>
#include <cstdlib>

namespace bvh::test {

namespace {

struct Header {
    void* allocated;
    std::size_t bytes;
};
constexpr std::size_t kDefaultAlignment = 16;

Header* headerOf(void* block) {
    return static_cast<Header*>(block) - 1;
}

} // namespace

void* allocateHeapBlock(std::size_t bytes, std::size_t alignment) {
    alignment = alignment < kDefaultAlignment ? kDefaultAlignment : alignment;
    void* allocated = std::malloc(bytes + sizeof(Header) + alignment);
    if (allocated == nullptr) {
        return nullptr;
    }
    const auto start = reinterpret_cast<std::uintptr_t>(allocated) + sizeof(Header);
    const std::uintptr_t aligned = (start + alignment - 1) / alignment * alignment;
    void* block = reinterpret_cast<void*>(aligned);
    *headerOf(block) = Header{allocated, bytes == 0 ? 1 : bytes};
    return block;
}

std::size_t heapBlockSize(void* block) {
    return headerOf(block)->bytes;
}

void releaseHeapBlock(void* block) {
    std::free(headerOf(block)->allocated);
}

} // namespace bvh::test
