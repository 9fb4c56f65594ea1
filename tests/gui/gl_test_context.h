// A hidden GLFW window whose OpenGL 3.3 core context is current, for tests that draw offscreen
// (textures, thumbnails). Needs an X display (Xvfb in `make test`).
#pragma once

#include "app/viewer/platform/glfw_window.h"

#include <cstdlib>
#include <glad/gl.h>
// glad first: GLFW must not pull in the system GL header.
#include <GLFW/glfw3.h>
#include <memory>
#include <string>

namespace bvhscope::gl_test {

class HiddenContext {
public:
    HiddenContext() : library_(std::make_unique<viewer::GlfwLibrary>()) {
        if (library_->ok()) {
            glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
            window_ = std::make_unique<viewer::Window>(64, 64, "bvhscope test");
            glfwDefaultWindowHints();
        }
    }
    ~HiddenContext() {
        window_.reset(); // before the library terminates
    }
    bool ok() const { return window_ && window_->handle() != nullptr; }
    // Why ok() is false, as GLFW said it.
    std::string error() const {
        if (!library_->ok()) {
            return "glfwInit failed: " + viewer::GlfwLibrary::lastError();
        }
        return window_ ? window_->error() : std::string();
    }

private:
    std::unique_ptr<viewer::GlfwLibrary> library_;
    std::unique_ptr<viewer::Window> window_;
};

#define BVHSCOPE_REQUIRE_GL(context)                                                               \
    do {                                                                                           \
        if (std::getenv("DISPLAY") == nullptr) {                                                   \
            GTEST_SKIP() << "no DISPLAY: GL tests run under Xvfb (make test)";                     \
        }                                                                                          \
        ASSERT_TRUE((context).ok()) << "cannot open an OpenGL 3.3 context: " << (context).error(); \
    } while (false)

} // namespace bvhscope::gl_test
