#include "core/reader/number_scanner.h"

#include <charconv>
#include <limits>
#include <system_error>

namespace bvh::detail {
namespace {

bool isHexDigit(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// strtod's hexadecimal form, "0x1.8p1" (= 3): from_chars reads it without the "0x" and the
// sign. Returns 0 when `first` (past any sign) does not start one.
template <typename Real>
std::size_t scanHexadecimal(const char* first, const char* last, bool negative, Real& value) {
    if (last - first < 3 || first[0] != '0' || (first[1] != 'x' && first[1] != 'X') ||
        !(isHexDigit(first[2]) || (first[2] == '.' && last - first > 3 && isHexDigit(first[3])))) {
        return 0;
    }
    Real parsed{};
    auto [end, error] = std::from_chars(first + 2, last, parsed, std::chars_format::hex);
    if (end == first + 2) {
        return 0;
    }
    if (error == std::errc::result_out_of_range) {
        bool tinyMagnitude = false;
        for (const char* c = first + 2; c + 1 < end; ++c) {
            if (*c == 'p' || *c == 'P') {
                tinyMagnitude = c[1] == '-';
                break;
            }
        }
        parsed = tinyMagnitude ? Real{0} : std::numeric_limits<Real>::infinity();
    }
    value = negative ? -parsed : parsed;
    return static_cast<std::size_t>(end - first);
}

template <typename Real>
std::size_t scanWithFromChars(const char* first, const char* last, Real& value) {
    const char* start = first;
    // from_chars rejects a leading '+', which strtod (and some exporters) accept.
    if (first != last && *first == '+') {
        ++first;
        if (first != last && (*first == '-' || *first == '+')) {
            return 0;
        }
    }
    const bool negative = first != last && *first == '-';
    const char* digits = negative ? first + 1 : first;
    if (const std::size_t hex = scanHexadecimal(digits, last, negative, value); hex != 0) {
        return static_cast<std::size_t>(digits + hex - start);
    }
    Real parsed{};
    auto [end, error] = std::from_chars(first, last, parsed, std::chars_format::general);
    if (end == first) {
        return 0;
    }
    // Out-of-range values ("1e-50" for a float, "1e999") are rounded to zero or infinity
    // rather than rejected, as strtod does; the caller reports non-finite values.
    if (error == std::errc::result_out_of_range) {
        bool tinyMagnitude = false;
        for (const char* c = first; c + 1 < end; ++c) {
            if (*c == 'e' || *c == 'E') {
                tinyMagnitude = c[1] == '-';
                break;
            }
        }
        const Real magnitude = tinyMagnitude ? Real{0} : std::numeric_limits<Real>::infinity();
        parsed = negative ? -magnitude : magnitude;
    }
    value = parsed;
    return static_cast<std::size_t>(end - start);
}

} // namespace

std::size_t scanNumberSlow(const char* first, const char* last, float& value) {
    return scanWithFromChars(first, last, value);
}

std::size_t scanNumberSlow(const char* first, const char* last, double& value) {
    return scanWithFromChars(first, last, value);
}

std::size_t scanNumberFallback(const char* first, const char* last, float& value) {
    double wide = 0.0;
    const std::size_t length = scanPlainDecimal(first, last, wide);
    if (length > 0 && roundsToFloatExactly(wide) && !stoppedAtHexMark(first, last, length)) {
        value = static_cast<float>(wide);
        return length;
    }
    return scanNumberSlow(first, last, value);
}

} // namespace bvh::detail
