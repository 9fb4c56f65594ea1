// loadable_module.h with dlopen. The executable's folder comes from /proc/self/exe (Linux; a
// BSD or macOS port would ask its own system the same question).
#include "app/platform/loadable_module.h"

#include <dlfcn.h>
#include <filesystem>
#include <mutex>
#include <system_error>
#include <vector>

#ifndef BVHSCOPE_MODULE_DIR_FROM_BINDIR
#error "BVHSCOPE_MODULE_DIR_FROM_BINDIR names the module folder relative to the executable's"
#endif

namespace bvhscope::platform {

namespace {

namespace fs = std::filesystem;

fs::path executableFolder() {
    std::error_code error;
    const fs::path executable = fs::read_symlink("/proc/self/exe", error);
    return error ? fs::path() : executable.parent_path();
}

// Installed first, then the build tree's layout (modules beside the executable).
std::vector<fs::path> candidatePaths(std::string_view moduleFileName) {
    const fs::path folder = executableFolder();
    if (folder.empty()) {
        return {};
    }
    return {folder / BVHSCOPE_MODULE_DIR_FROM_BINDIR / moduleFileName, folder / moduleFileName};
}

// dlerror's text is per thread and read right after the failing call, under this lock.
std::mutex& loadingLock() {
    static std::mutex lock;
    return lock;
}

} // namespace

ModuleSymbol loadModuleSymbol(std::string_view moduleFileName, const char* symbol) {
    const std::lock_guard guard(loadingLock());
    const std::vector<fs::path> candidates = candidatePaths(moduleFileName);
    if (candidates.empty()) {
        return {nullptr, "cannot find bvhscope's own folder (/proc/self/exe) to load " +
                             std::string(moduleFileName)};
    }
    std::error_code error;
    const fs::path* found = nullptr;
    for (const fs::path& candidate : candidates) {
        if (fs::is_regular_file(candidate, error)) {
            found = &candidate;
            break;
        }
    }
    if (found == nullptr) {
        return {nullptr, "cannot find " + std::string(moduleFileName) + " (looked in " +
                             candidates.front().parent_path().lexically_normal().string() +
                             " and " + candidates.back().parent_path().string() +
                             "); is bvhscope installed completely?"};
    }
    // Loaded once: dlopen of an open module returns the same handle (and counts a reference
    // that is never released, which keeps it loaded).
    void* handle = ::dlopen(found->c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        const char* reason = ::dlerror();
        return {nullptr, "cannot load " + found->string() + ": " +
                             (reason != nullptr ? reason : "unknown reason")};
    }
    ::dlerror();
    void* address = ::dlsym(handle, symbol);
    if (address == nullptr) {
        return {nullptr, found->string() + " has no " + symbol +
                             " (a module from another version of bvhscope?)"};
    }
    return {address, {}};
}

} // namespace bvhscope::platform
