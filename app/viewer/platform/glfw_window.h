// GLFW as owners: the library (init/terminate) and one window with a current OpenGL 3.3 core
// context whose functions glad has loaded. Declare GL objects after the window so they die
// while its context is still alive.
#pragma once

#include "app/viewer/layout/window_fit.h"
#include "app/viewer/platform/input_queue.h"

#include <string>
#include <vector>

struct GLFWwindow;

namespace bvhscope::viewer {

class GlfwLibrary {
public:
    GlfwLibrary();
    ~GlfwLibrary();
    GlfwLibrary(const GlfwLibrary&) = delete;
    GlfwLibrary& operator=(const GlfwLibrary&) = delete;
    bool ok() const { return ok_; }
    // The last GLFW error ("X11: The DISPLAY environment variable is missing").
    static std::string lastError();

private:
    bool ok_ = false;
};

// The primary monitor's work area (the screen less the desktop's panels), in screen
// coordinates; empty when GLFW knows no monitor. Needs a GlfwLibrary.
WorkArea primaryMonitorWorkArea();

class Window {
public:
    friend struct WindowCallbacks;
    // Opens a window and makes its context current. On failure `handle()` is null and
    // `error()` says why.
    Window(int width, int height, const char* title);
    ~Window();
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;

    GLFWwindow* handle() const { return window_; }
    // The window as a file dialog names its parent ("x11:1e00003", "win32:1a0b2c"), or "" when
    // unknown (platform/native_window.h).
    std::string dialogParent() const;
    const std::string& error() const { return error_; }

    // Paths dropped on the window since the last call (GLFW's drop callback, real XDND on X11).
    std::vector<std::string> takeDroppedPaths();
    // Every key, character, button, pointer move and wheel step that reached the window, queued
    // by its callbacks (input_queue.h): the frame takes them from here, for Dear ImGui and the
    // window's shortcuts alike. Installed before Dear ImGui's backend, which installs none.
    InputQueue& input() { return input_; }

private:
    GLFWwindow* window_ = nullptr;
    std::string error_;
    std::vector<std::string> droppedPaths_;
    InputQueue input_;
};

} // namespace bvhscope::viewer
