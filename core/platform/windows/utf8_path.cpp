// Windows: file names are UTF-16. The conversions go through the Win32 functions rather than
// std::filesystem's char8_t constructor and u8string(), because libstdc++'s throw
// std::filesystem::filesystem_error on malformed input, and both kinds occur: bytes that are not
// UTF-8 in a hand-edited settings file, and NTFS names holding an unpaired surrogate (NTFS
// accepts any 16-bit units). MultiByteToWideChar and WideCharToMultiByte, called without
// MB_ERR_INVALID_CHARS / WC_ERR_INVALID_CHARS, put U+FFFD in place of what cannot be converted.
#include "core/platform/utf8_path.h"

#include <climits>
#include <windows.h>

namespace bvh {

std::filesystem::path pathFromUtf8(std::string_view utf8) {
    if (utf8.empty() || utf8.size() > static_cast<std::size_t>(INT_MAX)) {
        return {};
    }
    const int bytes = static_cast<int>(utf8.size());
    const int length = ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), bytes, nullptr, 0);
    std::wstring wide(static_cast<std::size_t>(length > 0 ? length : 0), L'\0');
    ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), bytes, wide.data(), length);
    return std::filesystem::path(std::move(wide));
}

std::string utf8FromPath(const std::filesystem::path& path) {
    const std::wstring& wide = path.native();
    if (wide.empty() || wide.size() > static_cast<std::size_t>(INT_MAX)) {
        return {};
    }
    const int units = static_cast<int>(wide.size());
    const int length =
        ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), units, nullptr, 0, nullptr, nullptr);
    std::string utf8(static_cast<std::size_t>(length > 0 ? length : 0), '\0');
    ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), units, utf8.data(), length, nullptr, nullptr);
    return utf8;
}

} // namespace bvh
