// Where app/main.cpp finds the commands that live in modules (app/platform/module_entry.h): the
// viewer, and render/thumbnail. Two implementations, chosen by CMake:
//   module_entries_loaded.cpp  opens the module on first use (Linux: the light start, README's
//                              Performance section)
//   module_entries_linked.cpp  everything linked into the executable (Windows)
#pragma once

#include "app/platform/module_entry.h"

#include <string>

namespace bvhscope::app {

// The entry, or nullptr with `error` saying why it cannot be loaded.
platform::ModuleEntry headlessEntry(std::string& error);
platform::ModuleEntry viewerEntry(std::string& error);

} // namespace bvhscope::app
