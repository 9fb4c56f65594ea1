// What the platform's window system calls the viewer's GLFW window, one file per platform:
//   linux/native_window.cpp    the X11 window id (glfw3native with GLFW_EXPOSE_NATIVE_X11).
//   windows/native_window.cpp  the HWND.
//   (macOS: the XDG form does not apply; NSOpenPanel is attached to the NSWindow instead.)
#pragma once

#include <string>

struct GLFWwindow;

namespace bvhscope::viewer {

// The window as a file dialog names its parent: "x11:1e00003" (the XDG portals' form),
// "win32:1a0b2c" (an HWND in hexadecimal); "" when unknown (no window, Wayland).
std::string dialogParentOf(GLFWwindow* window);

} // namespace bvhscope::viewer
