// No advice on Windows: its large pages need a privilege ordinary users lack (see the header),
// and it cannot populate pages ahead of the writes.
#include "core/platform/huge_pages.h"

namespace bvh {

void adviseHugePages(void*, std::size_t) {}

void populateForWriting(void*, std::size_t) {}

void FreshPageFiller::adviseSmallPages(void*, void*) {}

void FreshPageFiller::populate(void*, std::size_t, void*) {
    static_cast<void>(slowNanosecondsPerByte_);
    static_cast<void>(advisedFrom_);
    static_cast<void>(advisedTo_);
}

} // namespace bvh
