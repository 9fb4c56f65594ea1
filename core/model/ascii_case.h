// Case folding for joint names and file extensions: ASCII letters only, byte by byte, so a UTF-8
// name keeps its other characters as they are, whatever the process's locale.
#pragma once

#include <string>
#include <string_view>

namespace bvh {

inline bool isAsciiUppercase(char c) {
    return c >= 'A' && c <= 'Z';
}

inline char asciiLowercase(char c) {
    return isAsciiUppercase(c) ? static_cast<char>(c - 'A' + 'a') : c;
}

inline std::string asciiLowercase(std::string_view text) {
    std::string lower(text);
    for (char& c : lower) {
        c = asciiLowercase(c);
    }
    return lower;
}

} // namespace bvh
