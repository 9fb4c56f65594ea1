// printf-style text for the analyses' findings ("written as 0.033333: 30 fps drifts 0.4 ms a
// minute"): numbers formatted as the messages need them, at most 511 bytes.
#pragma once

#include <cstdio>
#include <string>

namespace bvh {

inline std::string formatted(const char* format, auto... values) {
    char text[512];
    std::snprintf(text, sizeof text, format, values...);
    return text;
}

} // namespace bvh
