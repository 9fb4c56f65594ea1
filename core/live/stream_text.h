// The few character classes the live decoders share: what separates values on a streamed line
// (no line ends: a line is already split off), and the integers that stand for frame numbers
// and counts. ASCII only, whatever the process's locale.
#pragma once

#include <string_view>

namespace bvh::live {

inline bool isValueSeparator(char c) {
    return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

inline bool isAsciiDigit(char c) {
    return c >= '0' && c <= '9';
}

// One or more digits and nothing else.
inline bool isUnsignedInteger(std::string_view word) {
    if (word.empty()) {
        return false;
    }
    for (const char c : word) {
        if (!isAsciiDigit(c)) {
            return false;
        }
    }
    return true;
}

} // namespace bvh::live
