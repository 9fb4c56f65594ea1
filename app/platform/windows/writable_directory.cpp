#include "app/platform/writable_directory.h"

#include <string>
#include <system_error>
#include <windows.h>

namespace bvhscope::platform {

std::string directoryWriteProblem(const std::filesystem::path& directory) {
    const std::filesystem::path probe =
        (directory.empty() ? std::filesystem::path(L".") : directory) /
        (L".bvhscope-write-probe-" + std::to_wstring(GetCurrentProcessId()));
    // Deleted by the system when the handle closes, even if the process dies first.
    HANDLE file = CreateFileW(
        probe.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
        FILE_ATTRIBUTE_TEMPORARY | FILE_ATTRIBUTE_HIDDEN | FILE_FLAG_DELETE_ON_CLOSE, nullptr);
    if (file == INVALID_HANDLE_VALUE) {
        const DWORD error = GetLastError();
        if (error == ERROR_FILE_EXISTS) {
            return ""; // a probe of this process is there: the directory was writable
        }
        return std::error_code(static_cast<int>(error), std::system_category()).message();
    }
    CloseHandle(file);
    return "";
}

} // namespace bvhscope::platform
