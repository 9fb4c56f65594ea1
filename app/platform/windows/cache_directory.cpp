// The local application data folder (platform/cache_directory.h): the shell's answer, in
// UTF-16, so a profile named "Zoë" or "山田" is found (the ANSI %LOCALAPPDATA% would not be).
#include "app/platform/cache_directory.h"

#include <shlobj.h>
#include <windows.h>

namespace bvhscope::viewer {

std::optional<std::filesystem::path> cacheDirectory() {
    PWSTR folder = nullptr;
    const HRESULT found =
        SHGetKnownFolderPath(FOLDERID_LocalAppData, KF_FLAG_DEFAULT, nullptr, &folder);
    std::optional<std::filesystem::path> directory;
    if (SUCCEEDED(found) && folder != nullptr && *folder != L'\0') {
        directory = std::filesystem::path(folder) / L"bvhscope" / L"cache";
    }
    CoTaskMemFree(folder); // also when it failed (the folder is then null or to be freed)
    return directory;
}

} // namespace bvhscope::viewer
