// The local (not roaming) application data folder (platform/cache_directory.h): caches should
// not roam with a profile.
#include "app/platform/cache_directory.h"

#include "app/platform/windows/known_folder.h"

namespace bvhscope::platform {

std::optional<std::filesystem::path> cacheDirectory() {
    const std::optional<std::filesystem::path> local = knownFolder(FOLDERID_LocalAppData);
    if (!local) {
        return std::nullopt;
    }
    return *local / L"bvhscope" / L"cache";
}

} // namespace bvhscope::platform
