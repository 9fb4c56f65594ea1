// The HWND of a GLFW window (platform/native_window.h).
#include "app/viewer/platform/native_window.h"

#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_WIN32
#include <GLFW/glfw3native.h>
#include <cstdint>
#include <cstdio>

namespace bvhscope::viewer {

std::string dialogParentOf(GLFWwindow* window) {
    if (window == nullptr) {
        return {};
    }
    HWND handle = glfwGetWin32Window(window);
    if (handle == nullptr) {
        return {};
    }
    char text[32];
    std::snprintf(text, sizeof text, "win32:%llx",
                  static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(handle)));
    return text;
}

} // namespace bvhscope::viewer
