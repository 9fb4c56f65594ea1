// A folder the Windows shell knows (SHGetKnownFolderPath), shared by config_directory.cpp and
// cache_directory.cpp: the shell's answer, in UTF-16, so a profile named "Zoë" or "山田" is
// found (the ANSI %APPDATA% / %LOCALAPPDATA% would not be); nullopt when the shell has none.
#pragma once

#include <filesystem>
#include <optional>
#include <shlobj.h>
#include <windows.h>

namespace bvhscope::platform {

inline std::optional<std::filesystem::path> knownFolder(REFKNOWNFOLDERID id) {
    PWSTR folder = nullptr;
    const HRESULT found = SHGetKnownFolderPath(id, KF_FLAG_DEFAULT, nullptr, &folder);
    std::optional<std::filesystem::path> directory;
    if (SUCCEEDED(found) && folder != nullptr && *folder != L'\0') {
        directory = std::filesystem::path(folder);
    }
    CoTaskMemFree(folder); // also when it failed (the folder is then null or to be freed)
    return directory;
}

} // namespace bvhscope::platform
