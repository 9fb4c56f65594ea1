// Move-only owners of EGL objects, for the Linux headless context (linux/headless_context.cpp).
#pragma once

#include <EGL/egl.h>
#include <utility>

namespace bvhscope::render {

// An initialised EGL display; eglTerminate on destruction.
class EglDisplay {
public:
    EglDisplay() = default;
    explicit EglDisplay(EGLDisplay display) noexcept : display_(display) {}
    EglDisplay(const EglDisplay&) = delete;
    EglDisplay& operator=(const EglDisplay&) = delete;
    EglDisplay(EglDisplay&& other) noexcept
        : display_(std::exchange(other.display_, EGL_NO_DISPLAY)) {}
    EglDisplay& operator=(EglDisplay&& other) noexcept;
    ~EglDisplay() { reset(); }
    EGLDisplay get() const { return display_; }
    explicit operator bool() const { return display_ != EGL_NO_DISPLAY; }
    void reset();

private:
    EGLDisplay display_ = EGL_NO_DISPLAY;
};

// A context (and the pbuffer it may be current on) of one display; releasing it from the
// thread and destroying both on destruction. Must die before its EglDisplay.
class EglContext {
public:
    EglContext() = default;
    EglContext(EGLDisplay display, EGLContext context, EGLSurface surface) noexcept
        : display_(display), context_(context), surface_(surface) {}
    EglContext(const EglContext&) = delete;
    EglContext& operator=(const EglContext&) = delete;
    EglContext(EglContext&& other) noexcept
        : display_(std::exchange(other.display_, EGL_NO_DISPLAY)),
          context_(std::exchange(other.context_, EGL_NO_CONTEXT)),
          surface_(std::exchange(other.surface_, EGL_NO_SURFACE)) {}
    EglContext& operator=(EglContext&& other) noexcept;
    ~EglContext() { reset(); }
    EGLContext get() const { return context_; }
    EGLSurface surface() const { return surface_; }
    explicit operator bool() const { return context_ != EGL_NO_CONTEXT; }
    void reset();

private:
    EGLDisplay display_ = EGL_NO_DISPLAY;
    EGLContext context_ = EGL_NO_CONTEXT;
    EGLSurface surface_ = EGL_NO_SURFACE;
};

} // namespace bvhscope::render
