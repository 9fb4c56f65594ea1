// The XDG config directory (platform/config_directory.h).
#include "app/platform/config_directory.h"

#include "app/platform/linux/xdg_base_directory.h"

namespace bvhscope::platform {

std::optional<std::filesystem::path> configDirectory() {
    return xdgBaseDirectory("XDG_CONFIG_HOME", ".config");
}

} // namespace bvhscope::platform
