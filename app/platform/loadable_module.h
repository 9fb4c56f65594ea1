// bvhscope's own loadable modules: the parts of the program that need heavy libraries (the
// viewer: GLFW, Dear ImGui, SDL2, GIO; render and thumbnail: EGL; video and sound: FFmpeg) are
// shared objects that the executable opens when a command needs them, so `--version`, `info`,
// `check` and the rest start without loading a library they never use (README, Performance).
//
// A module is found beside the executable as installed (`bin/../lib/<multiarch>/bvhscope/`,
// BVHSCOPE_MODULE_DIR_FROM_BINDIR) or, in a build tree, in the executable's own folder. It is
// opened once, RTLD_LOCAL (its symbols serve only the caller that asked for them), and never
// closed: functions and objects it hands out stay valid for the life of the process.
//
// Builds that link everything into one executable (Windows, BVHSCOPE_LOADABLE_MODULES off) do
// not compile this.
#pragma once

#include <string>
#include <string_view>

namespace bvhscope::platform {

struct ModuleSymbol {
    void* address = nullptr; // nullptr when the module or the symbol could not be found
    // Why not: the module's path and the system's reason ("cannot open
    // /usr/lib/x86_64-linux-gnu/bvhscope/bvhscope-viewer.so: libglfw.so.3: cannot open shared
    // object file: No such file or directory").
    std::string error;
};

// The address of `symbol` in the module file `moduleFileName` ("bvhscope-viewer.so"). Safe to
// call from any thread; a module is loaded at most once.
ModuleSymbol loadModuleSymbol(std::string_view moduleFileName, const char* symbol);

} // namespace bvhscope::platform
