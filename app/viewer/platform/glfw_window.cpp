#include "app/viewer/platform/glfw_window.h"

#include "app/viewer/platform/native_window.h"

#include <glad/gl.h>
// glad first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <cstdio>

namespace bvhscope::viewer {

namespace {

std::string& lastErrorText() {
    static std::string text;
    return text;
}

void recordError(int /*code*/, const char* description) {
    lastErrorText() = description != nullptr ? description : "unknown GLFW error";
}

} // namespace

struct WindowCallbacks {
    static void onDrop(GLFWwindow* handle, int count, const char** paths) {
        auto* window = static_cast<Window*>(glfwGetWindowUserPointer(handle));
        for (int i = 0; i < count; ++i) {
            window->droppedPaths_.emplace_back(paths[i]);
        }
    }
    static void onKey(GLFWwindow* handle, int key, int /*scancode*/, int action, int /*mods*/) {
        auto* window = static_cast<Window*>(glfwGetWindowUserPointer(handle));
        if (action == GLFW_PRESS || action == GLFW_REPEAT) {
            window->keyPresses_.push_back(key);
        }
    }
};

GlfwLibrary::GlfwLibrary() {
    glfwSetErrorCallback(recordError);
    ok_ = glfwInit() == GLFW_TRUE;
}

GlfwLibrary::~GlfwLibrary() {
    if (ok_) {
        glfwTerminate();
    }
}

std::string GlfwLibrary::lastError() {
    return lastErrorText();
}

Window::Window(int width, int height, const char* title) {
#ifdef __EMSCRIPTEN__
    // The page's canvas: WebGL2 (OpenGL ES 3.0) through emscripten's GLFW 3.2.
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
#else
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
#endif
    // Multisampling has its own target; the window's buffer needs no samples. Without it the
    // scene is drawn straight into the window, which needs depth and stencil (shadows).
    glfwWindowHint(GLFW_SAMPLES, 0);
    glfwWindowHint(GLFW_DEPTH_BITS, 24);
    glfwWindowHint(GLFW_STENCIL_BITS, 8);
#ifndef __EMSCRIPTEN__
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
#endif
    window_ = glfwCreateWindow(width, height, title, nullptr, nullptr);
    if (window_ == nullptr) {
        error_ = "cannot open a window with OpenGL 3.3: " + GlfwLibrary::lastError();
        return;
    }
    glfwMakeContextCurrent(window_);
    if (gladLoadGL(glfwGetProcAddress) == 0) {
        error_ = "cannot load the OpenGL 3.3 functions";
        glfwDestroyWindow(window_);
        window_ = nullptr;
        return;
    }
    glfwSwapInterval(1);
    glfwSetWindowUserPointer(window_, this);
#ifndef __EMSCRIPTEN__ // the page reads dropped files itself (app/web/bvhscope_page.js)
    glfwSetDropCallback(window_, WindowCallbacks::onDrop);
#endif
    // Installed before imgui's backend, which chains to it.
    glfwSetKeyCallback(window_, WindowCallbacks::onKey);
}

Window::~Window() {
    if (window_ != nullptr) {
        glfwDestroyWindow(window_);
    }
}

std::vector<std::string> Window::takeDroppedPaths() {
    std::vector<std::string> paths;
    paths.swap(droppedPaths_);
    return paths;
}

std::vector<int> Window::takeKeyPresses() {
    std::vector<int> keys;
    keys.swap(keyPresses_);
    return keys;
}

WorkArea primaryMonitorWorkArea() {
    WorkArea area;
#ifndef __EMSCRIPTEN__ // GLFW 3.3; the page's window is its canvas
    if (GLFWmonitor* monitor = glfwGetPrimaryMonitor(); monitor != nullptr) {
        glfwGetMonitorWorkarea(monitor, &area.x, &area.y, &area.width, &area.height);
    }
#endif
    return area;
}

std::string Window::dialogParent() const {
    return dialogParentOf(window_);
}

} // namespace bvhscope::viewer
