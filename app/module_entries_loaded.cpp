#include "app/module_entries.h"
#include "app/platform/loadable_module.h"

#include <utility>

namespace bvhscope::app {

namespace {

platform::ModuleEntry load(const char* moduleFileName, const char* symbol, std::string& error) {
    platform::ModuleSymbol found = platform::loadModuleSymbol(moduleFileName, symbol);
    if (found.address == nullptr) {
        error = std::move(found.error);
        return nullptr;
    }
    return reinterpret_cast<platform::ModuleEntry>(found.address);
}

} // namespace

platform::ModuleEntry headlessEntry(std::string& error) {
    return load("bvhscope-headless.so", BVHSCOPE_MODULE_SYMBOL_NAME(bvhscope_headless_main), error);
}

platform::ModuleEntry viewerEntry(std::string& error) {
    return load("bvhscope-viewer.so", BVHSCOPE_MODULE_SYMBOL_NAME(bvhscope_viewer_main), error);
}

} // namespace bvhscope::app
