// The C library's heap settings for the viewer's frame loop.
#pragma once

namespace bvhscope::platform {

// Makes glibc keep freed heap memory for reuse instead of handing it back to the system and
// faulting it in again on the next frame. Mesa's software renderer (llvmpipe's vertex stage)
// mallocs and frees a few hundred KB per instanced draw; with glibc's starting thresholds the
// heap top was trimmed and regrown ~100 times a frame in some runs and not in others (by
// address-space layout): 50 characters took 60-110 ms a frame instead of 20 ms, 95% of it
// page faults and brk. This sets, from the start, the thresholds glibc's own dynamic tuning
// reaches after its first large free: blocks under 32 MB come from the heap, and the heap is
// trimmed when 64 MB at its top are free. Larger blocks (a long capture's motion) are still
// mapped and unmapped on their own. Does nothing on other C libraries and platforms
// (generic/heap_tuning.cpp says why).
void keepFreedHeapForReuse();

} // namespace bvhscope::platform
