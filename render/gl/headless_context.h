// An OpenGL 3.3 core context with no window and no display server, for drawing into
// framebuffer objects and reading the pixels back (`bvhscope render`, tests on machines without
// X).
//
// How it is found, in order (EGL 1.5 through libglvnd):
//   1. Mesa's surfaceless platform (EGL_MESA_platform_surfaceless): a GPU's render node when the
//      process may open one, else llvmpipe; needs neither X nor a DRM master.
//   2. The device platform (EGL_EXT_platform_device): each enumerated EGL device in turn. This
//      is how NVIDIA's driver offers headless contexts (it has no surfaceless platform).
//   3. The default display (eglGetDisplay(EGL_DEFAULT_DISPLAY)), as a last resort.
// On each display: eglBindAPI(EGL_OPENGL_API), a 3.3 core context (without a config when
// EGL_KHR_no_config_context allows, else the first config that renders OpenGL), made current
// with no surface (EGL_KHR_surfaceless_context) or else with a 1x1 pbuffer. Nothing is drawn to
// the default framebuffer: callers draw into framebuffer objects.
//
// The display, context and pbuffer are move-only owners; the context is released and destroyed,
// and the display terminated, when the HeadlessContext goes away. GL objects made while it is
// current must be destroyed before it (declare them after it).
#pragma once

#include <EGL/egl.h>
#include <string>
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

class HeadlessContext {
public:
    // Tries the platforms above; on success the context is current on this thread and the GL
    // functions are loaded (glad). On failure ok() is false and error() says what each platform
    // answered.
    HeadlessContext();
    bool ok() const { return static_cast<bool>(context_); }
    const std::string& error() const { return error_; }
    // "surfaceless", "device 0", "default display"; and the driver's GL_RENDERER.
    const std::string& platform() const { return platform_; }
    const std::string& renderer() const { return renderer_; }

private:
    bool tryDisplay(EglDisplay display, const std::string& platform);

    std::string error_;
    std::string platform_;
    std::string renderer_;
    // The display outlives the context (members are destroyed in reverse order).
    EglDisplay display_;
    EglContext context_;
};

} // namespace bvhscope::render
