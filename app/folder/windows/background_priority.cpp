#include "app/folder/background_priority.h"

#include <windows.h>

namespace bvhscope::folder {

void lowerCurrentThreadPriority() {
    SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_BELOW_NORMAL);
}

} // namespace bvhscope::folder
