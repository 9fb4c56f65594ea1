// No console to release on POSIX desktops (platform/console.h).
#include "app/viewer/platform/console.h"

namespace bvhscope::viewer {

void releaseConsoleOwnedAlone() {}

} // namespace bvhscope::viewer
