#include "app/viewer/platform/download.h"

namespace bvhscope::viewer {

void offerDownload(const std::filesystem::path&) {}

void offerDownloads(std::vector<std::filesystem::path>& ready) {
    for (const std::filesystem::path& path : ready) {
        offerDownload(path);
    }
    ready.clear();
}

} // namespace bvhscope::viewer
