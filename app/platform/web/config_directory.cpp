// The web page's config directory (platform/config_directory.h): /settings in the page's
// in-memory file system, which app/web/bvhscope_page.js fills from the browser's local storage
// before the viewer starts and copies back after each save (app/web/web_session.h).
#include "app/platform/config_directory.h"

namespace bvhscope::platform {

std::optional<std::filesystem::path> configDirectory() {
    return std::filesystem::path("/settings");
}

} // namespace bvhscope::platform
