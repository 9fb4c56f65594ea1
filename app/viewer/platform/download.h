// Handing a file the viewer wrote to the user as a browser download (issue 31): in the page,
// File > Export, Export glTF and Save picture write into the page's own file system (MEMFS,
// under /downloads) and the file then reaches the user through the browser's download.
//   download_native.cpp  the desktop: nothing to do (files are written where the user chose).
//   download_web.cpp     the page: calls the page script's Module.bvhscopeDownload(path), which
//                        makes a Blob of the MEMFS file, clicks an <a download> and deletes the
//                        file. Only the web build compiles it.
#pragma once

#include <filesystem>
#include <vector>

namespace bvhscope::viewer {

// Offers the file at `path` (under /downloads in the page) as a download. Natively a no-op.
void offerDownload(const std::filesystem::path& path);

// Offers each of `ready` in order (SessionState::downloadsReady), then clears it.
void offerDownloads(std::vector<std::filesystem::path>& ready);

} // namespace bvhscope::viewer
