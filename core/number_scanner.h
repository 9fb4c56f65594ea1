// Number scanning shared by the hierarchy and motion readers.
//
// Accepts every form strtod accepts in BVH files seen in the wild: leading '+' or '-', leading
// or trailing dot (".0083333", "5."), exponents of any width ("1.2e-06", "-9.23872e-007",
// "E+02"), and "nan"/"inf" (reported by the caller). Results are correctly rounded, identical
// to std::from_chars for every input, and independent of the C locale, unlike strtod.
//
// The motion section is almost all numbers, so the common shape ("-12.3456") is parsed inline
// here (Clinger's fast path); everything else goes to from_chars.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>

namespace bvh {

namespace detail {

std::size_t scanNumberSlow(const char* first, const char* last, float& value);
std::size_t scanNumberSlow(const char* first, const char* last, double& value);

inline constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                          1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                          1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

inline bool isDigit(char c) {
    return static_cast<unsigned char>(c - '0') < 10;
}

// Reads a digit run at p, accumulating into significand; returns the number of digits. Stops
// after 20 digits (the caller rejects more than 19), so the significand never matters past
// that; `last` bounds the run.
inline std::ptrdiff_t readDigits(const char*& p, const char* last, std::uint64_t& significand) {
    const char* start = p;
    const char* stop = last - p > 20 ? p + 20 : last;
    while (p != stop && isDigit(*p)) {
        significand = significand * 10 + static_cast<unsigned>(*p - '0');
        ++p;
    }
    return p - start;
}

// Parses [sign] digits [. digits] [e [sign] digits] when the significand has at most 19 digits
// and the result is significand * 10^e with |e| <= 22 and significand <= 2^53: then one IEEE
// multiplication or division of exact operands gives the correctly rounded double. Returns 0
// (value untouched) when the input is not of that shape.
inline std::size_t scanPlainDecimal(const char* first, const char* last, double& value) {
    const char* p = first;
    const bool negative = p != last && *p == '-';
    if (p != last && (*p == '-' || *p == '+')) {
        ++p;
    }
    std::uint64_t significand = 0;
    std::ptrdiff_t digits = readDigits(p, last, significand);
    if (digits > 19) {
        return 0;
    }
    int exponent = 0;
    if (p != last && *p == '.') {
        ++p;
        const std::ptrdiff_t fractionDigits = readDigits(p, last, significand);
        exponent = -static_cast<int>(fractionDigits);
        digits += fractionDigits;
    }
    if (digits == 0 || digits > 19) {
        return 0; // not a number, or digits that may overflow the significand (incl. zeros)
    }
    if (p != last && (*p == 'e' || *p == 'E')) {
        const char* e = p + 1;
        const bool negativeExponent = e != last && *e == '-';
        if (e != last && (*e == '-' || *e == '+')) {
            ++e;
        }
        if (e == last || !isDigit(*e)) {
            return 0;
        }
        int explicitExponent = 0;
        while (e != last && isDigit(*e)) {
            if (explicitExponent < 10000) {
                explicitExponent = explicitExponent * 10 + (*e - '0');
            }
            ++e;
        }
        exponent += negativeExponent ? -explicitExponent : explicitExponent;
        p = e;
    }
    if (significand > (std::uint64_t{1} << 53) || exponent < -22 || exponent > 22) {
        return 0;
    }
    double result = static_cast<double>(significand);
    result = exponent < 0 ? result / kPowersOfTen[-exponent] : result * kPowersOfTen[exponent];
    value = negative ? -result : result;
    return static_cast<std::size_t>(p - first);
}

// Rounding a correctly rounded double to float is correctly rounded unless the double lies
// exactly on a midpoint between two floats (a midpoint strictly between the decimal value and
// its nearest double would be nearer than that double). Subnormal and overflowing floats are
// left to from_chars as well.
inline bool roundsToFloatExactly(double value) {
    const double magnitude = value < 0 ? -value : value;
    if (magnitude != 0.0 && (magnitude < 0x1p-126 || magnitude > 0x1.fffffep127)) {
        return false;
    }
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(value);
    return (bits & ((std::uint64_t{1} << 29) - 1)) != (std::uint64_t{1} << 28);
}

} // namespace detail

// Scans one number starting exactly at `first`. Returns the number of characters consumed, or
// 0 when no number starts there (value untouched).
inline std::size_t scanNumber(const char* first, const char* last, float& value) {
    double wide = 0.0;
    const std::size_t length = detail::scanPlainDecimal(first, last, wide);
    if (length > 0 && detail::roundsToFloatExactly(wide)) {
        value = static_cast<float>(wide);
        return length;
    }
    return detail::scanNumberSlow(first, last, value);
}

inline std::size_t scanNumber(const char* first, const char* last, double& value) {
    const std::size_t length = detail::scanPlainDecimal(first, last, value);
    return length > 0 ? length : detail::scanNumberSlow(first, last, value);
}

} // namespace bvh
