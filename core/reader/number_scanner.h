// Number scanning shared by the hierarchy and motion readers.
//
// Accepts every form strtod accepts in BVH files seen in the wild: leading '+' or '-', leading
// or trailing dot (".0083333", "5."), exponents of any width ("1.2e-06", "-9.23872e-007",
// "E+02"), and "nan"/"inf" (reported by the caller). Results are correctly rounded, identical
// to std::from_chars for every input, and independent of the C locale, unlike strtod.
//
// The motion section is almost all numbers, so the common shape ("-12.3456") is parsed inline
// here, sixteen bytes at a time (scanWordDecimal, Clinger's fast path); other decimals go to a
// digit loop (scanPlainDecimal) and everything else to from_chars, both out of line.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

// The row loop's scanner must be inlined into it (a call costs as much as the scan, and its
// constants would be reloaded every time); compilers judge it too large on their own.
#if defined(__GNUC__) || defined(__clang__)
#define BVH_ALWAYS_INLINE [[gnu::always_inline]] inline
#else
#define BVH_ALWAYS_INLINE inline
#endif

namespace bvh {

namespace detail {

std::size_t scanNumberSlow(const char* first, const char* last, float& value);
std::size_t scanNumberSlow(const char* first, const char* last, double& value);
// Every shape scanWordDecimal leaves (exponents, long digit runs, '+', the last bytes of the
// text, words): the digit loop of scanPlainDecimal, then from_chars. Out of line so that the
// callers' loops stay small.
std::size_t scanNumberFallback(const char* first, const char* last, float& value);

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
    // The sign as a bit, not a branch: in motion rows it is a coin toss, and a mispredicted
    // branch costs as much as reading the digits.
    value = std::bit_cast<double>(std::bit_cast<std::uint64_t>(result) |
                                  (std::uint64_t{negative} << 63));
    return static_cast<std::size_t>(p - first);
}

// [SECTION] Sixteen bytes at a time (SWAR)
// The common case in more detail: "-12.3456" and its kin fit in two 64-bit words, and the
// length and the value come from a few word operations with no branch per digit
// (little-endian: the first character is the lowest byte). Always inlined: the row loop that
// reads two blocks side by side (row_parser.cpp) holds two scans, and GCC then called
// leadingDigitsValue out of line, once per value (7.6 % of a load, measured).

BVH_ALWAYS_INLINE std::uint64_t loadEightBytes(const char* p) {
    std::uint64_t word;
    std::memcpy(&word, p, sizeof word);
    return word;
}

// 0x80 in every byte of `word` that is not an ASCII digit, exactly up to the first byte of
// 0xBA or more: the sum of such a byte carries into the next one, which may then be flagged
// too. The callers only look at the first non-digits, which that never changes (the bytes
// before them are digits, whose sums carry nothing, and a carry can only add a flag).
BVH_ALWAYS_INLINE std::uint64_t nonDigitBytes(std::uint64_t word) {
    const std::uint64_t offset = word ^ 0x3030303030303030ull; // digits become 0..9
    return ((offset + 0x7676767676767676ull) | offset) & 0x8080808080808080ull;
}

// The value of the first `bits` / 8 (1..8) bytes of `word`, all digits. The other bytes are
// shifted out (a borrow of the subtraction only runs into them).
BVH_ALWAYS_INLINE std::uint64_t leadingDigitsValue(std::uint64_t word, unsigned bits) {
    word = (word - 0x3030303030303030ull) << (64 - bits);
    word = word * 10 + (word >> 8);
    return (((word & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
            (((word >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >>
           32;
}

inline constexpr std::uint64_t kIntegerPowersOfTen[] = {1,     10,     100,     1000,
                                                        10000, 100000, 1000000, 10000000};

// 10^k and -10^k: dividing by the signed power applies the sign for free (x / -10^k is exactly
// -(x / 10^k), and 0 / -10^k is -0 as "-0.0" must give).
inline constexpr double kSignedPowersOfTen[2][16] = {
    {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15},
    {-1e0, -1e1, -1e2, -1e3, -1e4, -1e5, -1e6, -1e7, -1e8, -1e9, -1e10, -1e11, -1e12, -1e13, -1e14,
     -1e15}};

// Their reciprocals, rounded to double: for the row loop's multiplication (WordDecimalResult).
inline constexpr double kSignedInversePowersOfTen[2][16] = {
    {1e0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12, 1e-13, 1e-14,
     1e-15},
    {-1e0, -1e-1, -1e-2, -1e-3, -1e-4, -1e-5, -1e-6, -1e-7, -1e-8, -1e-9, -1e-10, -1e-11, -1e-12,
     -1e-13, -1e-14, -1e-15}};

// What scanWordDecimal's value is.
enum class WordDecimalResult : std::uint8_t {
    // The correctly rounded double (one division of exact operands).
    Double,
    // Within two units in the last place of it (one multiplication by the rounded reciprocal:
    // two roundings of relative size 2^-53 each), for a caller that wants the float: its
    // static_cast<float> is the correctly rounded float unless isNearFloatMidpoint. A division
    // costs the row loop more than the rest of a value's scan (measured), a multiplication
    // almost nothing.
    NearDouble,
};

// Bytes scanWordDecimal reads from `first`: a sign and two words.
inline constexpr std::ptrdiff_t kWordDecimalSlack = 17;

// [-] digits [. digits] with 1 to 14 digits in all, at most 7 before the point, when
// kWordDecimalSlack bytes are readable. The significand is below 10^14 < 2^53 and there are at
// most 14 decimals, so one division of exact operands gives the correctly rounded double, 0 or
// at least 1e-14 in magnitude (a normal float): static_cast<float> of it is the correctly
// rounded float unless isFloatMidpoint. Returns the characters read, or 0 (value untouched)
// for any other shape. The character after the number is not looked at: the caller must see a
// separator there, not an exponent ("1.5e-3") or more text. `result` says how near the value is
// (WordDecimalResult::NearDouble: the row loop's).
template <WordDecimalResult result = WordDecimalResult::Double>
BVH_ALWAYS_INLINE std::size_t scanWordDecimal(const char* first, double& value) {
    if constexpr (std::endian::native != std::endian::little) {
        return 0;
    }
    // Both words are loaded and one is chosen, so that the loads do not wait on the sign: the
    // row loop's next value waits on this scan's length.
    const std::uint64_t atFirst = loadEightBytes(first);
    const std::uint64_t afterFirst = loadEightBytes(first + 1);
    const unsigned negative = (atFirst & 0xFF) == '-' ? 1 : 0;
    const char* const p = first + negative;
    const std::uint64_t low = negative != 0 ? afterFirst : atFirst;
    const std::uint64_t lowNonDigits = nonDigitBytes(low);
    if (lowNonDigits == 0) {
        return 0; // eight or more integer digits
    }
    // Byte k of a word is bits 8k..8k+7, and nonDigitBytes marks bit 8k+7: lengths are kept
    // in bits, ready to shift by.
    const unsigned integerBits = static_cast<unsigned>(std::countr_zero(lowNonDigits)) - 7;
    unsigned lengthBits = integerBits; // the characters after the sign
    unsigned decimals = 0;
    std::uint64_t significand = 0;
    if (p[integerBits >> 3] == '.') {
        // Drop the point: the digits after it move down a byte.
        const std::uint64_t integerBytes = (std::uint64_t{1} << integerBits) - 1;
        std::uint64_t digits = (low & integerBytes) | ((low >> 8) & ~integerBytes);
        // The fraction ends at the next non-digit, in the first word or the second.
        const std::uint64_t afterPoint = lowNonDigits & (lowNonDigits - 1);
        unsigned digitBits = 0;
        if (afterPoint != 0) {
            lengthBits = static_cast<unsigned>(std::countr_zero(afterPoint)) - 7;
            digitBits = lengthBits - 8;
            if (digitBits == 0) {
                return 0; // a lone point
            }
            significand = leadingDigitsValue(digits, digitBits);
        } else {
            // Eighth digit onwards: the second word's first byte comes in at the top of
            // `digits`, digits 9 to 14 are the rest of it.
            const std::uint64_t high = loadEightBytes(p + 8);
            const std::uint64_t highNonDigits = nonDigitBytes(high);
            if (highNonDigits == 0) {
                return 0;
            }
            lengthBits = 64 - 7 + static_cast<unsigned>(std::countr_zero(highNonDigits));
            digitBits = lengthBits - 8;
            digits |= high << 56;
            significand = digitBits <= 64 ? leadingDigitsValue(digits, digitBits)
                                          : leadingDigitsValue(digits, 64) *
                                                    kIntegerPowersOfTen[(digitBits - 64) >> 3] +
                                                leadingDigitsValue(high >> 8, digitBits - 64);
        }
        decimals = (digitBits - integerBits) >> 3;
    } else {
        if (integerBits == 0) {
            return 0;
        }
        significand = leadingDigitsValue(low, integerBits);
    }
    const auto exact = static_cast<double>(static_cast<std::int64_t>(significand));
    if constexpr (result == WordDecimalResult::NearDouble) {
        value = exact * kSignedInversePowersOfTen[negative][decimals];
    } else {
        value = exact / kSignedPowersOfTen[negative][decimals];
    }
    return negative + (lengthBits >> 3);
}

// A correctly rounded double rounds to the correctly rounded float unless it lies exactly on a
// midpoint between two floats (a midpoint strictly between the decimal value and its nearest
// double would be nearer than that double).
inline bool isFloatMidpoint(double value) {
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(value);
    return (bits & ((std::uint64_t{1} << 29) - 1)) == (std::uint64_t{1} << 28);
}

// Whether a float midpoint may lie within two units in the last place of `value` (a normal
// float's magnitude, or 0), on either side, which would make the float it rounds to differ from
// the one the exact value rounds to. The test allows four units: a value just above a power of
// two has an exact value that may lie below it, where units are half as large.
BVH_ALWAYS_INLINE bool isNearFloatMidpoint(double value) {
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(value);
    const std::uint64_t belowFloatUnit = bits & ((std::uint64_t{1} << 29) - 1);
    return belowFloatUnit - ((std::uint64_t{1} << 28) - 4) <= 8;
}

// The same, and left to from_chars as well: subnormal and overflowing floats.
inline bool roundsToFloatExactly(double value) {
    const double magnitude = value < 0 ? -value : value;
    if (magnitude != 0.0 && (magnitude < 0x1p-126 || magnitude > 0x1.fffffep127)) {
        return false;
    }
    return !isFloatMidpoint(value);
}

// Whether a decimal scan stopped at the 'x' of strtod's hexadecimal form ("0x1.8p1"), which
// only from_chars reads.
inline bool stoppedAtHexMark(const char* first, const char* last, std::size_t length) {
    return first + length != last && (first[length] == 'x' || first[length] == 'X');
}

} // namespace detail

// Scans one number starting exactly at `first`. Returns the number of characters consumed, or
// 0 when no number starts there (value untouched).
BVH_ALWAYS_INLINE std::size_t scanNumber(const char* first, const char* last, float& value) {
    double wide = 0.0;
    const std::size_t length =
        last - first >= detail::kWordDecimalSlack ? detail::scanWordDecimal(first, wide) : 0;
    if (length > 0 && !detail::isFloatMidpoint(wide) && first[length] != 'e' &&
        first[length] != 'E' && first[length] != 'x' && first[length] != 'X') {
        value = static_cast<float>(wide);
        return length;
    }
    return detail::scanNumberFallback(first, last, value);
}

inline std::size_t scanNumber(const char* first, const char* last, double& value) {
    const std::size_t length = detail::scanPlainDecimal(first, last, value);
    return length > 0 && !detail::stoppedAtHexMark(first, last, length)
               ? length
               : detail::scanNumberSlow(first, last, value);
}

} // namespace bvh
