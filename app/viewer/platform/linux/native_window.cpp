// The X11 id of a GLFW window (platform/native_window.h).
#include "app/viewer/platform/native_window.h"

#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_X11
#include <GLFW/glfw3native.h>
#include <cstdio>

namespace bvhscope::viewer {

std::string dialogParentOf(GLFWwindow* window) {
    if (window == nullptr) {
        return {};
    }
    const unsigned long id = glfwGetX11Window(window);
    if (id == 0) {
        return {};
    }
    char text[32];
    std::snprintf(text, sizeof text, "x11:%lx", id);
    return text;
}

} // namespace bvhscope::viewer
