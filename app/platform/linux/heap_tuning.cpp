// glibc's heap thresholds (platform/heap_tuning.h). Other C libraries on Linux (musl) have no
// mallopt thresholds to set: nothing is done there.
#include "app/platform/heap_tuning.h"

#include <cstdlib> // any C library header says whether it is glibc (__GLIBC__)
#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace bvhscope::platform {

void keepFreedHeapForReuse() {
#if defined(__GLIBC__)
    constexpr int kMapThreshold = 32 * 1024 * 1024; // glibc's DEFAULT_MMAP_THRESHOLD_MAX
    mallopt(M_MMAP_THRESHOLD, kMapThreshold);
    mallopt(M_TRIM_THRESHOLD, 2 * kMapThreshold); // what glibc's dynamic tuning pairs with it
#endif
}

} // namespace bvhscope::platform
