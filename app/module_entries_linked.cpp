#include "app/module_entries.h"

extern "C" int
    BVHSCOPE_MODULE_SYMBOL(bvhscope_headless_main)(const bvhscope::platform::ModuleCall& call);
extern "C" int
    BVHSCOPE_MODULE_SYMBOL(bvhscope_viewer_main)(const bvhscope::platform::ModuleCall& call);

namespace bvhscope::app {

platform::ModuleEntry headlessEntry(std::string&) {
    return &BVHSCOPE_MODULE_SYMBOL(bvhscope_headless_main);
}

platform::ModuleEntry viewerEntry(std::string&) {
    return &BVHSCOPE_MODULE_SYMBOL(bvhscope_viewer_main);
}

} // namespace bvhscope::app
