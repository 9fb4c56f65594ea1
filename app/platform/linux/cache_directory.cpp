// The XDG cache directory (platform/cache_directory.h).
#include "app/platform/cache_directory.h"

#include "app/platform/linux/xdg_base_directory.h"

namespace bvhscope::platform {

std::optional<std::filesystem::path> cacheDirectory() {
    return xdgBaseDirectory("XDG_CACHE_HOME", ".cache");
}

} // namespace bvhscope::platform
