// The Linux headless context: EGL with no display server (render/gl/headless_context.h).
#include "render/gl/headless_context.h"

#include "render/gl/linux/egl_owners.h"

#include <EGL/eglext.h>
#include <cstdio>
#include <cstring>
#include <glad/gl.h>
#include <string_view>
#include <vector>

namespace bvhscope::render {

namespace {

// [SECTION] EGL helpers

bool hasExtension(const char* extensions, std::string_view name) {
    if (extensions == nullptr) {
        return false;
    }
    std::string_view list(extensions);
    while (!list.empty()) {
        const auto end = list.find(' ');
        if (list.substr(0, end) == name) {
            return true;
        }
        list = end == std::string_view::npos ? std::string_view() : list.substr(end + 1);
    }
    return false;
}

std::string eglErrorText() {
    char text[32];
    std::snprintf(text, sizeof text, "EGL error 0x%04X", static_cast<unsigned>(eglGetError()));
    return text;
}

// The client extensions (EGL 1.5 / EGL_EXT_client_extensions): what can be asked before any
// display exists. Null when the library has none.
const char* clientExtensions() {
    const char* extensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    if (extensions == nullptr) {
        eglGetError(); // EGL_BAD_DISPLAY on EGL 1.4 libraries: clear it
    }
    return extensions;
}

template <typename Function>
Function eglFunction(const char* name) {
    return reinterpret_cast<Function>(eglGetProcAddress(name));
}

} // namespace

// [SECTION] Owners (linux/egl_owners.h)

EglDisplay& EglDisplay::operator=(EglDisplay&& other) noexcept {
    if (this != &other) {
        reset();
        display_ = std::exchange(other.display_, EGL_NO_DISPLAY);
    }
    return *this;
}

void EglDisplay::reset() {
    if (display_ != EGL_NO_DISPLAY) {
        eglTerminate(display_);
        display_ = EGL_NO_DISPLAY;
    }
}

EglContext& EglContext::operator=(EglContext&& other) noexcept {
    if (this != &other) {
        reset();
        display_ = std::exchange(other.display_, EGL_NO_DISPLAY);
        context_ = std::exchange(other.context_, EGL_NO_CONTEXT);
        surface_ = std::exchange(other.surface_, EGL_NO_SURFACE);
    }
    return *this;
}

void EglContext::reset() {
    if (context_ != EGL_NO_CONTEXT) {
        if (eglGetCurrentContext() == context_) {
            eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        }
        eglDestroyContext(display_, context_);
        context_ = EGL_NO_CONTEXT;
    }
    if (surface_ != EGL_NO_SURFACE) {
        eglDestroySurface(display_, surface_);
        surface_ = EGL_NO_SURFACE;
    }
    display_ = EGL_NO_DISPLAY;
}

// [SECTION] Finding a context

struct HeadlessContext::Native {
    // The display outlives the context (members are destroyed in reverse order).
    EglDisplay display;
    EglContext context;
};

namespace {

struct Attempt {
    std::string& error;
    std::string& platform;
    std::string& renderer;
    std::unique_ptr<HeadlessContext::Native>& native;
    bool tryDisplay(EglDisplay display, const std::string& name);
};

} // namespace

HeadlessContext::~HeadlessContext() = default;

HeadlessContext::HeadlessContext() {
    Attempt attempt{error_, platform_, renderer_, native_};
    const auto tryDisplay = [&](EglDisplay display, const std::string& platform) {
        return attempt.tryDisplay(std::move(display), platform);
    };
    const char* client = clientExtensions();
    const auto getPlatformDisplay =
        hasExtension(client, "EGL_EXT_platform_base")
            ? eglFunction<PFNEGLGETPLATFORMDISPLAYEXTPROC>("eglGetPlatformDisplayEXT")
            : nullptr;

    if (getPlatformDisplay != nullptr && hasExtension(client, "EGL_MESA_platform_surfaceless")) {
        EGLDisplay display =
            getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
        if (display != EGL_NO_DISPLAY && tryDisplay(EglDisplay(display), "surfaceless")) {
            return;
        }
        if (display == EGL_NO_DISPLAY) {
            error_ += "surfaceless: no display (" + eglErrorText() + "); ";
        }
    } else {
        error_ += "surfaceless: not offered; ";
    }

    const auto queryDevices = hasExtension(client, "EGL_EXT_device_enumeration")
                                  ? eglFunction<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT")
                                  : nullptr;
    if (getPlatformDisplay != nullptr && queryDevices != nullptr &&
        hasExtension(client, "EGL_EXT_platform_device")) {
        EGLint count = 0;
        queryDevices(0, nullptr, &count);
        std::vector<EGLDeviceEXT> devices(static_cast<std::size_t>(count > 0 ? count : 0));
        if (count > 0 && queryDevices(count, devices.data(), &count) == EGL_TRUE) {
            for (EGLint i = 0; i < count; ++i) {
                EGLDisplay display = getPlatformDisplay(
                    EGL_PLATFORM_DEVICE_EXT, devices[static_cast<std::size_t>(i)], nullptr);
                if (display != EGL_NO_DISPLAY &&
                    tryDisplay(EglDisplay(display), "device " + std::to_string(i))) {
                    return;
                }
            }
        } else {
            error_ += "device: none enumerated; ";
        }
    } else {
        error_ += "device: not offered; ";
    }

    EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (display != EGL_NO_DISPLAY && tryDisplay(EglDisplay(display), "default display")) {
        return;
    }
    if (display == EGL_NO_DISPLAY) {
        error_ += "default display: none";
    }
}

bool Attempt::tryDisplay(EglDisplay owned, const std::string& name) {
    EGLDisplay display = owned.get();
    EGLint major = 0;
    EGLint minor = 0;
    if (eglInitialize(display, &major, &minor) != EGL_TRUE) {
        error += name + ": eglInitialize failed (" + eglErrorText() + "); ";
        return false;
    }
    if (eglBindAPI(EGL_OPENGL_API) != EGL_TRUE) {
        error += name + ": no desktop OpenGL (" + eglErrorText() + "); ";
        return false;
    }
    const char* extensions = eglQueryString(display, EGL_EXTENSIONS);
    const bool configless = hasExtension(extensions, "EGL_KHR_no_config_context") ||
                            hasExtension(extensions, "EGL_MESA_configless_context");
    const bool surfaceless = hasExtension(extensions, "EGL_KHR_surfaceless_context");

    EGLConfig config = EGL_NO_CONFIG_KHR;
    if (!configless || !surfaceless) {
        const EGLint wanted[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE,
                                 surfaceless ? 0 : EGL_PBUFFER_BIT, EGL_NONE};
        EGLint found = 0;
        if (eglChooseConfig(display, wanted, &config, 1, &found) != EGL_TRUE || found < 1) {
            error += name + ": no OpenGL config; ";
            return false;
        }
    }
    const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                 3,
                                 EGL_CONTEXT_MINOR_VERSION,
                                 3,
                                 EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                 EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                 EGL_NONE};
    EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attributes);
    if (context == EGL_NO_CONTEXT) {
        error += name + ": no OpenGL 3.3 core context (" + eglErrorText() + "); ";
        return false;
    }
    EGLSurface surface = EGL_NO_SURFACE;
    if (!surfaceless) {
        const EGLint size[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
        surface = eglCreatePbufferSurface(display, config, size);
    }
    EglContext owner(display, context, surface);
    if (!surfaceless && surface == EGL_NO_SURFACE) {
        error += name + ": no pbuffer (" + eglErrorText() + "); ";
        return false;
    }
    if (eglMakeCurrent(display, surface, surface, context) != EGL_TRUE) {
        error += name + ": cannot make the context current (" + eglErrorText() + "); ";
        return false;
    }
    const int version = gladLoadGL(eglGetProcAddress);
    if (version == 0 || GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 33) {
        error += name + ": OpenGL 3.3 functions missing; ";
        return false;
    }
    const auto* rendererName = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    renderer = rendererName != nullptr ? rendererName : "(unknown)";
    platform = name;
    error.clear();
    native = std::make_unique<HeadlessContext::Native>();
    native->display = std::move(owned);
    native->context = std::move(owner);
    return true;
}

} // namespace bvhscope::render
