// The web build's stand-in for glad's generated <glad/gl.h> (render/CMakeLists.txt puts this
// folder first on the include path under emscripten). WebGL2 is OpenGL ES 3.0: its functions are
// linked directly from emscripten's GLES3 headers, so there is nothing to load, and the renderer
// uses only calls and enums that ES 3.0 shares with GL 3.3 core. The one GL-only call it makes,
// glClearDepth, is mapped to ES's float form.
#pragma once

#include <GLES3/gl3.h>

#define GLAD_MAKE_VERSION(major, minor) ((major)*10000 + (minor))
#define GLAD_VERSION_MAJOR(version) ((version) / 10000)
#define GLAD_VERSION_MINOR(version) ((version) % 10000)

// "Loaded": WebGL2 exists once emscripten's GLFW made the context (OpenGL ES 3.0).
template <typename ProcLoader>
inline int gladLoadGL(ProcLoader) {
    return GLAD_MAKE_VERSION(3, 0);
}

inline void glClearDepth(double depth) {
    glClearDepthf(static_cast<float>(depth));
}
