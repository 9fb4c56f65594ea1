// The roaming application data folder (platform/config_directory.h).
#include "app/platform/config_directory.h"

#include "app/platform/windows/known_folder.h"

namespace bvhscope::platform {

std::optional<std::filesystem::path> configDirectory() {
    const std::optional<std::filesystem::path> roaming = knownFolder(FOLDERID_RoamingAppData);
    if (!roaming) {
        return std::nullopt;
    }
    return *roaming / L"bvhscope";
}

} // namespace bvhscope::platform
