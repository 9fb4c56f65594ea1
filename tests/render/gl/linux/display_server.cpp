#include "tests/render/gl/display_server.h"

#include <cstdlib>

namespace bvhscope::render::test {

void leaveOnlyWhatTheHeadlessContextNeeds() {
    unsetenv("DISPLAY");
    unsetenv("WAYLAND_DISPLAY");
}

} // namespace bvhscope::render::test
