// The XDG cache directory (platform/cache_directory.h). Environment variables hold file-name
// bytes, which on Linux are the path as it is.
#include "app/platform/cache_directory.h"

#include <cstdlib>

namespace bvhscope::viewer {

std::optional<std::filesystem::path> cacheDirectory() {
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    if (xdg != nullptr && *xdg == '/') {
        return std::filesystem::path(xdg) / "bvhscope";
    }
    const char* home = std::getenv("HOME");
    if (home != nullptr && *home != '\0') {
        return std::filesystem::path(home) / ".cache" / "bvhscope";
    }
    return std::nullopt;
}

} // namespace bvhscope::viewer
