#include "app/viewer/platform/glfw_window.h"

#include "app/viewer/platform/native_window.h"
#include "render/gl/glfw_joystick_library.h"

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
    static InputQueue& queueOf(GLFWwindow* handle) {
        return static_cast<Window*>(glfwGetWindowUserPointer(handle))->input_;
    }
    // When the window loses focus, GLFW releases every key and button held through these.
    static void onKey(GLFWwindow* handle, int key, int /*scancode*/, int action, int mods) {
        queueOf(handle).push(InputEvent{InputEvent::Kind::Key, key, action, mods});
    }
    static void onChar(GLFWwindow* handle, unsigned int codepoint) {
        queueOf(handle).push(InputEvent{InputEvent::Kind::Text, static_cast<int>(codepoint)});
    }
    static void onMouseButton(GLFWwindow* handle, int button, int action, int mods) {
        queueOf(handle).push(InputEvent{InputEvent::Kind::MouseButton, button, action, mods});
    }
    static void onCursorPos(GLFWwindow* handle, double x, double y) {
        queueOf(handle).push(InputEvent{InputEvent::Kind::MouseMove, 0, 0, 0, x, y});
    }
    static void onCursorEnter(GLFWwindow* handle, int entered) {
        queueOf(handle).push(InputEvent{InputEvent::Kind::CursorEnter, 0, entered});
    }
    static void onScroll(GLFWwindow* handle, double x, double y) {
        queueOf(handle).push(InputEvent{InputEvent::Kind::Wheel, 0, 0, 0, x, y});
    }
    static void onFocus(GLFWwindow* handle, int focused) {
        if (focused == GLFW_FALSE) {
            queueOf(handle).push(InputEvent{InputEvent::Kind::FocusLost});
        }
    }
};

GlfwLibrary::GlfwLibrary() {
    glfwSetErrorCallback(recordError);
    render::keepGlfwJoystickLibraryLoaded();
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
    glfwSetKeyCallback(window_, WindowCallbacks::onKey);
    glfwSetCharCallback(window_, WindowCallbacks::onChar);
    glfwSetMouseButtonCallback(window_, WindowCallbacks::onMouseButton);
    glfwSetCursorPosCallback(window_, WindowCallbacks::onCursorPos);
    glfwSetCursorEnterCallback(window_, WindowCallbacks::onCursorEnter);
    glfwSetScrollCallback(window_, WindowCallbacks::onScroll);
    glfwSetWindowFocusCallback(window_, WindowCallbacks::onFocus);
    double x = 0.0;
    double y = 0.0;
    glfwGetCursorPos(window_, &x, &y);
#ifdef __EMSCRIPTEN__ // GLFW 3.2 has no GLFW_HOVERED: the first move says the pointer is there
    input_.start(false, x, y);
#else
    input_.start(glfwGetWindowAttrib(window_, GLFW_HOVERED) == GLFW_TRUE, x, y);
#endif
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
