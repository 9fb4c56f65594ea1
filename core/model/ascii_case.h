// Case folding for joint names and file extensions: ASCII letters only, byte by byte, so a UTF-8
// name keeps its other characters as they are, whatever the process's locale.
#pragma once

#include <string>
#include <string_view>

namespace bvh {

inline char asciiLowercase(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

inline bool isAsciiUppercase(char c) {
    return c >= 'A' && c <= 'Z';
}

inline std::string asciiLowercase(std::string_view text) {
    std::string lower(text);
    for (char& c : lower) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return lower;
}

} // namespace bvh
