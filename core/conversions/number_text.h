// A number in the conversions' notes ("scaled by 0.01", "resampled to 59.94 fps"): the fewest
// digits that read back to the same double (std::to_chars shortest round trip).
#pragma once

#include <charconv>
#include <string>

namespace bvh {

inline std::string numberText(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

} // namespace bvh
