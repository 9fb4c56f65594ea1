// What the headless context may rely on in the GL tests, one file per platform:
//   linux/display_server.cpp    nothing: DISPLAY and WAYLAND_DISPLAY are removed, so the test
//                               proves EGL needs no X or Wayland server.
//   windows/display_server.cpp  the desktop its hidden window lives on (under Wine, the test X
//                               server): nothing is removed.
#pragma once

namespace bvhscope::render::test {

void leaveOnlyWhatTheHeadlessContextNeeds();

} // namespace bvhscope::render::test
