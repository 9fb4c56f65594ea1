// Heap tuning where the C library is not glibc (Windows, macOS): nothing to do
// (platform/heap_tuning.h). The trouble it fixes is glibc's: trimming the top of the heap
// (brk) after large frees and faulting it back in. Windows's heap keeps freed blocks in its
// low-fragmentation heap and decommits only above its own thresholds, and macOS's malloc zones
// keep freed regions in their caches; neither exposes knobs like mallopt's, nor needs them
// for the per-draw allocations of a software renderer.
#include "app/platform/heap_tuning.h"

namespace bvhscope::platform {

void keepFreedHeapForReuse() {}

} // namespace bvhscope::platform
