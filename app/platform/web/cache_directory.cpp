// The web page keeps no cache (platform/cache_directory.h): its file system is in memory.
#include "app/platform/cache_directory.h"

namespace bvhscope::platform {

std::optional<std::filesystem::path> cacheDirectory() {
    return std::nullopt;
}

} // namespace bvhscope::platform
