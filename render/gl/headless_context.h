// An OpenGL 3.3 core context that shows no window, for drawing into framebuffer objects and
// reading the pixels back (`bvhscope render`, `bvhscope thumbnail`, tests). Nothing is drawn to
// the default framebuffer: callers draw into framebuffer objects.
//
// One implementation per platform (render/CMakeLists.txt picks the file):
//   linux/headless_context.cpp    EGL 1.5 through libglvnd, needing no display server: Mesa's
//                                 surfaceless platform, else each EGL device (NVIDIA), else the
//                                 default display; made current with no surface or a 1x1
//                                 pbuffer (linux/egl_owners.h).
//   windows/headless_context.cpp  a hidden GLFW window (never shown) with a 3.3 core context
//                                 through WGL: Windows has no surfaceless GL. Needs a desktop
//                                 session (under Wine: the X server's GLX).
//   macOS (not written yet): a hidden GLFW window too, asking for a 3.3+ forward-compatible
//                                 core context (Apple gives 4.1 core through NSOpenGL).
//
// The platform's objects are owned here and released (context made not current, destroyed,
// display or window closed) when the HeadlessContext goes away. GL objects made while it is
// current must be destroyed before it (declare them after it).
#pragma once

#include <memory>
#include <string>

namespace bvhscope::render {

class HeadlessContext {
public:
    // Tries the platform's ways in order; on success the context is current on this thread and
    // the GL functions are loaded (glad). On failure ok() is false and error() says what each
    // way answered.
    HeadlessContext();
    ~HeadlessContext();
    HeadlessContext(const HeadlessContext&) = delete;
    HeadlessContext& operator=(const HeadlessContext&) = delete;

    bool ok() const { return native_ != nullptr; }
    const std::string& error() const { return error_; }
    // How it was made ("surfaceless", "device 0", "default display", "hidden window"); and the
    // driver's GL_RENDERER.
    const std::string& platform() const { return platform_; }
    const std::string& renderer() const { return renderer_; }

    // The platform's owners (defined by the platform's file).
    struct Native;

private:
    std::string error_;
    std::string platform_;
    std::string renderer_;
    std::unique_ptr<Native> native_;
};

} // namespace bvhscope::render
