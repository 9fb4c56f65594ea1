#include "app/folder/background_priority.h"

#include <algorithm>
#include <cerrno>
#include <sys/resource.h>
#include <unistd.h>

namespace bvhscope::folder {

void lowerCurrentThreadPriority() {
    // Linux keeps a nice value per thread: PRIO_PROCESS with a thread's id sets that thread's
    // alone (POSIX would lower the whole process). Raising one's own nice value needs no right.
    const auto thread = static_cast<id_t>(gettid());
    errno = 0;
    const int current = getpriority(PRIO_PROCESS, thread);
    if (errno == 0) {
        setpriority(PRIO_PROCESS, thread, std::min(current + kBackgroundNiceSteps, 19));
    }
}

} // namespace bvhscope::folder
