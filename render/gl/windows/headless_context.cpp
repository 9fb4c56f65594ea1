// The Windows headless context (render/gl/headless_context.h): Windows has no surfaceless
// OpenGL (WGL contexts need a window's device context), so this is a GLFW window that is never
// shown, with a 3.3 core context made current on it. Drawing goes to framebuffer objects, so
// the window's size (1x1) does not matter. Under Wine the window is an X window that is never
// mapped and the context is the X server's GLX (Mesa's llvmpipe in the test X server).
#include "render/gl/headless_context.h"

#include "render/gl/glfw_joystick_library.h"

#include <GLFW/glfw3.h>
#include <glad/gl.h>

namespace bvhscope::render {

namespace {

// GLFW's last error as text ("" when none), clearing it.
std::string glfwErrorText() {
    const char* description = nullptr;
    const int code = glfwGetError(&description);
    if (code == GLFW_NO_ERROR) {
        return "";
    }
    return description != nullptr ? std::string(description) : "GLFW error " + std::to_string(code);
}

} // namespace

struct HeadlessContext::Native {
    GLFWwindow* window = nullptr;
    ~Native() {
        if (window != nullptr) {
            if (glfwGetCurrentContext() == window) {
                glfwMakeContextCurrent(nullptr);
            }
            glfwDestroyWindow(window);
        }
        glfwTerminate();
    }
};

HeadlessContext::~HeadlessContext() = default;

HeadlessContext::HeadlessContext() {
    keepGlfwJoystickLibraryLoaded();
    if (glfwInit() != GLFW_TRUE) {
        error_ = "hidden window: GLFW cannot start (" + glfwErrorText() + ")";
        return;
    }
    auto native = std::make_unique<Native>(); // from here, glfwTerminate on every way out
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    glfwWindowHint(GLFW_FOCUSED, GLFW_FALSE);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    native->window = glfwCreateWindow(1, 1, "bvhscope (headless)", nullptr, nullptr);
    if (native->window == nullptr) {
        error_ = "hidden window: no OpenGL 3.3 core context (" + glfwErrorText() + ")";
        return;
    }
    glfwMakeContextCurrent(native->window);
    const int version = gladLoadGL(glfwGetProcAddress);
    if (version == 0 || GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 33) {
        error_ = "hidden window: OpenGL 3.3 functions missing";
        return;
    }
    const auto* rendererName = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    renderer_ = rendererName != nullptr ? rendererName : "(unknown)";
    platform_ = "hidden window";
    native_ = std::move(native);
}

} // namespace bvhscope::render
