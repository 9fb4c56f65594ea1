#include "core/platform/windows/windows_error.h"

#include "core/platform/utf8_path.h"

#include <windows.h>

namespace bvh::windows {

std::string errorText(unsigned long code) {
    switch (code) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_DRIVE:
    case ERROR_BAD_NETPATH:
    case ERROR_BAD_NET_NAME:
        return "no such file or directory";
    case ERROR_ACCESS_DENIED:
        return "permission denied";
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
        return "the file is in use by another program";
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL:
        return "no space left on device";
    case ERROR_WRITE_PROTECT:
        return "read-only file system";
    case ERROR_FILENAME_EXCED_RANGE:
        return "file name too long";
    case ERROR_INVALID_NAME:
    case ERROR_DIRECTORY:
        return "invalid file name";
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY:
        return "cannot allocate memory";
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS:
        return "file exists";
    case ERROR_CRC:
    case ERROR_READ_FAULT:
    case ERROR_WRITE_FAULT:
    case ERROR_GEN_FAILURE:
        return "input/output error";
    default:
        break;
    }
    wchar_t* buffer = nullptr;
    const DWORD length = ::FormatMessageW(
        FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
        nullptr, code, MAKELANGID(LANG_NEUTRAL, SUBLANG_DEFAULT), reinterpret_cast<LPWSTR>(&buffer),
        0, nullptr);
    std::wstring text = length > 0 && buffer != nullptr ? std::wstring(buffer, length) : L"";
    if (buffer != nullptr) {
        ::LocalFree(buffer);
    }
    while (!text.empty() && (text.back() == L'\r' || text.back() == L'\n' || text.back() == L' ' ||
                             text.back() == L'.')) {
        text.pop_back();
    }
    if (text.empty()) {
        return "system error " + std::to_string(code);
    }
    if (text.size() >= 2 && text[0] >= L'A' && text[0] <= L'Z' &&
        !(text[1] >= L'A' && text[1] <= L'Z')) {
        text[0] = static_cast<wchar_t>(text[0] - L'A' + L'a');
    }
    return utf8FromPath(std::filesystem::path(text));
}

} // namespace bvh::windows
