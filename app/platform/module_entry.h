// The entry points of bvhscope's modules (loadable_module.h): what the executable hands a
// command that lives in a module, and the names the modules export.
//
// The executable and its modules are built together from one source tree with one compiler and
// share the C++ runtime (libstdc++ as a shared library), so the call passes C++ types. The
// exported names carry the version (BVHSCOPE_MODULE_ABI, "0_1_0"), so a module left from
// another version is refused by name instead of being called with a different layout.
#pragma once

#include <chrono>
#include <ostream>
#include <span>
#include <string_view>

namespace bvhscope::platform {

struct ModuleCall {
    // The process's arguments without the program name, the command's name first where there
    // is one ("render", "thumbnail"); UTF-8 (process_setup.h).
    std::span<const std::string_view> arguments;
    std::ostream& out;
    std::ostream& err;
    std::chrono::steady_clock::time_point processStart; // zero of the viewer's load timings
};

// A command's exit status (app/cli/commands.h), or, for the viewer's entry, -1 when the
// arguments name no viewer run either (the caller prints the usage).
using ModuleEntry = int (*)(const ModuleCall& call);

} // namespace bvhscope::platform

#define BVHSCOPE_MODULE_NAME_JOIN(name, abi) name##_##abi
#define BVHSCOPE_MODULE_NAME_EXPAND(name, abi) BVHSCOPE_MODULE_NAME_JOIN(name, abi)
// The exported (extern "C") name of a module's entry: BVHSCOPE_MODULE_SYMBOL(bvhscope_viewer_main)
// is bvhscope_viewer_main_0_1_0.
#define BVHSCOPE_MODULE_SYMBOL(name) BVHSCOPE_MODULE_NAME_EXPAND(name, BVHSCOPE_MODULE_ABI)
#define BVHSCOPE_MODULE_STRINGIFY_EXPANDED(text) #text
#define BVHSCOPE_MODULE_STRINGIFY(text) BVHSCOPE_MODULE_STRINGIFY_EXPANDED(text)
// The same name as a string, for dlsym.
#define BVHSCOPE_MODULE_SYMBOL_NAME(name) BVHSCOPE_MODULE_STRINGIFY(BVHSCOPE_MODULE_SYMBOL(name))
// How a module marks its entry as exported (modules are linked with every other symbol local).
#if defined(__GNUC__) && !defined(_WIN32)
#define BVHSCOPE_MODULE_EXPORT __attribute__((visibility("default")))
#else
#define BVHSCOPE_MODULE_EXPORT
#endif
