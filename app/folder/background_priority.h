// The summary pool's threads run a little below the priority of the process's other threads, so
// that the interface's frames (and the renderer's threads) come first when the user scrolls or
// clicks, and the summaries take every core the frames leave (issue 44: the Browser summarises
// on every core). One implementation per platform: linux/ (a thread's own nice value),
// windows/ (THREAD_PRIORITY_BELOW_NORMAL), generic/ (nothing: on macOS setpriority would lower
// the whole process, and the page's threads have no priority).
#pragma once

namespace bvhscope::folder {

// How far the pool's threads are lowered on Linux, in nice steps: at +5 a thread weighs a third
// of one at the process's own nice value.
inline constexpr int kBackgroundNiceSteps = 5;

// Lowers the calling thread's priority below the process's. Where the system refuses, the thread
// keeps its priority: nothing else changes.
void lowerCurrentThreadPriority();

} // namespace bvhscope::folder
