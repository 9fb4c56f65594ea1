#include "app/folder/background_priority.h"

namespace bvhscope::folder {

void lowerCurrentThreadPriority() {}

} // namespace bvhscope::folder
