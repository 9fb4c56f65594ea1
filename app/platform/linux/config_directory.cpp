// The XDG config directory (platform/config_directory.h). Environment variables hold file-name
// bytes, which on Linux are the path as it is.
#include "app/platform/config_directory.h"

#include <cstdlib>

namespace bvhscope::viewer {

std::optional<std::filesystem::path> configDirectory() {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    if (xdg != nullptr && *xdg == '/') {
        return std::filesystem::path(xdg) / "bvhscope";
    }
    const char* home = std::getenv("HOME");
    if (home != nullptr && *home != '\0') {
        return std::filesystem::path(home) / ".config" / "bvhscope";
    }
    return std::nullopt;
}

} // namespace bvhscope::viewer
