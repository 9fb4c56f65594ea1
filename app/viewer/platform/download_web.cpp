// The page's downloads: the page script (app/web/bvhscope_page.js) defines
// Module.bvhscopeDownload(path), which reads the MEMFS file, offers it as a Blob through an
// <a download> and deletes it. A page without the script (a bare embedding) gets nothing
// rather than an exception in the frame loop.
#include "app/viewer/platform/download.h"

#include <emscripten.h>
#include <string>

namespace {

// clang-format off
EM_JS(void, bvhscopeOfferDownloadInPage, (const char* path), {
    if (typeof Module.bvhscopeDownload === "function") {
        Module.bvhscopeDownload(UTF8ToString(path));
    }
});
// clang-format on

} // namespace

namespace bvhscope::viewer {

void offerDownload(const std::filesystem::path& path) {
    const std::string text = path.generic_string(); // MEMFS names are UTF-8 already
    bvhscopeOfferDownloadInPage(text.c_str());
}

void offerDownloads(std::vector<std::filesystem::path>& ready) {
    for (const std::filesystem::path& path : ready) {
        offerDownload(path);
    }
    ready.clear();
}

} // namespace bvhscope::viewer
