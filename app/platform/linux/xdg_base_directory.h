// The XDG Base Directory rule for one kind of folder, shared by config_directory.cpp and
// cache_directory.cpp: $VARIABLE/bvhscope when VARIABLE holds an absolute path (a relative one
// must be ignored, says the specification), else $HOME/FALLBACK/bvhscope; nullopt with neither.
// Environment variables hold file-name bytes, which on Linux are the path as it is.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <optional>

namespace bvhscope::platform {

inline std::optional<std::filesystem::path> xdgBaseDirectory(const char* variable,
                                                             const char* fallbackUnderHome) {
    const char* xdg = std::getenv(variable);
    if (xdg != nullptr && *xdg == '/') {
        return std::filesystem::path(xdg) / "bvhscope";
    }
    const char* home = std::getenv("HOME");
    if (home != nullptr && *home != '\0') {
        return std::filesystem::path(home) / fallbackUnderHome / "bvhscope";
    }
    return std::nullopt;
}

} // namespace bvhscope::platform
