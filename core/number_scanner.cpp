#include "number_scanner.h"

#include <charconv>
#include <limits>
#include <system_error>

namespace bvh::detail {
namespace {

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
    Real parsed{};
    auto [end, error] = std::from_chars(first, last, parsed, std::chars_format::general);
    if (end == first) {
        return 0;
    }
    // Out-of-range values ("1e-50" for a float, "1e999") are rounded to zero or infinity
    // rather than rejected, as strtod does; the caller reports non-finite values.
    if (error == std::errc::result_out_of_range) {
        const bool negative = *first == '-';
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
    if (length > 0 && roundsToFloatExactly(wide)) {
        value = static_cast<float>(wide);
        return length;
    }
    return scanNumberSlow(first, last, value);
}

} // namespace bvh::detail
