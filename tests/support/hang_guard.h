// How long a test waits for something that must happen before it calls the wait a hang.
//
// A test waits on state (a count, a status line, a file's contents), never on time: the wait
// ends as soon as the state is there. The give-up only turns a hang into a failure, so it is
// far beyond what any passing run needs, including the Windows build under Wine on a machine
// running two other builds' tests beside it: there a thread that takes 10 ms alone has been
// seen to take seconds. Checks that something does NOT happen use their own short windows
// (a loaded machine only makes those weaker, never fails them).
#pragma once

#include <chrono>

namespace bvh::test {

inline constexpr std::chrono::seconds kHangGuard{60};

} // namespace bvh::test
