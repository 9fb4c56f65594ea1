// Where bvhscope keeps what it can compute again (the motion index of `bvhscope similar` and the
// Browser's Similar: core/analysis/motion_index.h), one file per platform, as config_directory.h:
//   linux/cache_directory.cpp    $XDG_CACHE_HOME/bvhscope when XDG_CACHE_HOME is an absolute
//                                path (the XDG Base Directory rule), else ~/.cache/bvhscope.
//   windows/cache_directory.cpp  %LOCALAPPDATA%\bvhscope\cache: the local (not roaming)
//                                application data folder, SHGetKnownFolderPath(
//                                FOLDERID_LocalAppData), as caches should not roam with a profile.
//   web/cache_directory.cpp      none: the page keeps no cache between visits.
//   macOS (not written yet): ~/Library/Caches/bvhscope.
// The directory is not created here.
#pragma once

#include <filesystem>
#include <optional>

namespace bvhscope::platform {

// nullopt when the platform names no such folder: nothing is then kept between runs.
std::optional<std::filesystem::path> cacheDirectory();

} // namespace bvhscope::platform
