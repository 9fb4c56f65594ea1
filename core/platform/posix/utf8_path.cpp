// POSIX: file names are bytes and the native narrow encoding is UTF-8, so the conversion copies
// bytes (through char8_t, std::filesystem's UTF-8 type); nothing is ever rejected.
#include "core/platform/utf8_path.h"

namespace bvh {

std::filesystem::path pathFromUtf8(std::string_view utf8) {
    std::u8string bytes(utf8.size(), u8'\0');
    for (std::size_t i = 0; i < utf8.size(); ++i) {
        bytes[i] = static_cast<char8_t>(utf8[i]);
    }
    return std::filesystem::path(bytes);
}

std::string utf8FromPath(const std::filesystem::path& path) {
    const std::u8string bytes = path.u8string();
    std::string utf8(bytes.size(), '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        utf8[i] = static_cast<char>(bytes[i]);
    }
    return utf8;
}

} // namespace bvh
