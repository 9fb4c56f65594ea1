#include "app/platform/process_time.h"

#include <windows.h>

namespace bvhscope::platform {

double processCpuSeconds() {
    FILETIME creation{};
    FILETIME exit{};
    FILETIME kernel{};
    FILETIME user{};
    if (!::GetProcessTimes(::GetCurrentProcess(), &creation, &exit, &kernel, &user)) {
        return 0.0;
    }
    auto seconds = [](const FILETIME& time) { // 100 ns units
        const auto ticks =
            (static_cast<unsigned long long>(time.dwHighDateTime) << 32) | time.dwLowDateTime;
        return static_cast<double>(ticks) * 1e-7;
    };
    return seconds(kernel) + seconds(user);
}

} // namespace bvhscope::platform
