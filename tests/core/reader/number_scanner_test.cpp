#include "core/reader/number_scanner.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <gtest/gtest.h>
#include <string>
#include <string_view>

namespace bvh {
namespace {

std::size_t scanFloat(std::string_view text, float& value) {
    return scanNumber(text.data(), text.data() + text.size(), value);
}

TEST(NumberScanner, AcceptsEveryStrtodFormSeenInBvhFiles) {
    struct Case {
        std::string_view text;
        float expected;
    };
    const Case cases[] = {
        {"0", 0.0f},
        {"-12.5", -12.5f},
        {".0083333", 0.0083333f},
        {"-.5", -0.5f},
        {"5.", 5.0f},
        {"+3.25", 3.25f},
        {"1.2e-06", 1.2e-06f},
        {"-9.23872e-007", -9.23872e-07f},
        {"1E+02", 100.0f},
        {"-3.8e-05", -3.8e-05f},
    };
    for (const Case& c : cases) {
        float value = -1.0f;
        EXPECT_EQ(scanFloat(c.text, value), c.text.size()) << c.text;
        EXPECT_EQ(value, c.expected) << c.text;
    }
}

TEST(NumberScanner, IsCorrectlyRounded) {
    // 0.1 is not representable; the nearest float is 0x1.99999ap-4.
    float value = 0.0f;
    scanFloat("0.1", value);
    EXPECT_EQ(value, 0.1f);
    double wide = 0.0;
    std::string_view text = "0.0417083750417";
    EXPECT_EQ(scanNumber(text.data(), text.data() + text.size(), wide), text.size());
    EXPECT_EQ(wide, 0.0417083750417);
}

TEST(NumberScanner, StopsWhereTheNextGluedNumberStarts) {
    float value = 0.0f;
    EXPECT_EQ(scanFloat("0.0-7.5", value), 3u);
    EXPECT_EQ(value, 0.0f);
}

TEST(NumberScanner, ReadsHexadecimalFloatsLikeStrtod) {
    float value = 0.0f;
    EXPECT_EQ(scanFloat("0x1.8p1", value), 7u);
    EXPECT_EQ(value, 3.0f);
    EXPECT_EQ(scanFloat("-0XAp-2 ", value), 7u);
    EXPECT_EQ(value, -2.5f);
    EXPECT_EQ(scanFloat("+0x.8", value), 5u);
    EXPECT_EQ(value, 0.5f);
    double wide = 0.0;
    const std::string_view text = "0x1p-1074";
    EXPECT_EQ(scanNumber(text.data(), text.data() + text.size(), wide), text.size());
    EXPECT_EQ(wide, 0x1p-1074);
    // No hexadecimal digit after "0x": strtod reads the "0" alone, and so does the scanner.
    EXPECT_EQ(scanFloat("0x", value), 1u);
    EXPECT_EQ(scanFloat("0x-1", value), 1u);
    EXPECT_EQ(value, 0.0f);
}

TEST(NumberScanner, RejectsNonNumbers) {
    float value = 42.0f;
    EXPECT_EQ(scanFloat("Xposition", value), 0u);
    EXPECT_EQ(scanFloat("+-1", value), 0u);
    EXPECT_EQ(scanFloat("", value), 0u);
    EXPECT_EQ(value, 42.0f);
}

TEST(NumberScanner, OutOfRangeBecomesZeroOrInfinityLikeStrtod) {
    float value = 1.0f;
    EXPECT_EQ(scanFloat("1e-40000", value), 8u);
    EXPECT_EQ(value, 0.0f);
    EXPECT_EQ(scanFloat("-1e999", value), 6u);
    EXPECT_TRUE(std::isinf(value) && value < 0);
}

} // namespace
} // namespace bvh

namespace bvh {
namespace {

// The fast path must agree with std::from_chars bit for bit: random decimals in the shapes
// exporters print, plus values near float midpoints.
TEST(NumberScanner, FastPathIsBitIdenticalToFromChars) {
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&state] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    char text[64];
    for (int i = 0; i < 300000; ++i) {
        const std::uint64_t r = next();
        const int shape = static_cast<int>(r % 4);
        const long long mantissa =
            static_cast<long long>((r >> 8) % 100000000000ull) - 50000000000ll;
        const int decimals = static_cast<int>((r >> 50) % 12);
        int length = 0;
        if (shape == 0) {
            length = std::snprintf(text, sizeof text, "%.*f", decimals,
                                   static_cast<double>(mantissa) / 1e6);
        } else if (shape == 1) {
            length = std::snprintf(text, sizeof text, "%.*e", decimals,
                                   static_cast<double>(mantissa) * 1e-9);
        } else if (shape == 2) {
            // Exactly halfway between two floats near 1.0 and 1000.0, printed in full.
            const float base = 1.0f + static_cast<float>(r % 1000) * 0x1p-23f;
            length = std::snprintf(text, sizeof text, "%.17g", static_cast<double>(base) + 0x1p-24);
        } else {
            length = std::snprintf(text, sizeof text, "%lld.%0*lld", mantissa % 1000, 7,
                                   static_cast<long long>(r % 10000000));
        }
        float fast = 0.0f;
        float reference = 0.0f;
        const std::size_t used = scanNumber(text, text + length, fast);
        std::from_chars(text, text + length, reference);
        ASSERT_EQ(used, static_cast<std::size_t>(length)) << text;
        ASSERT_EQ(std::bit_cast<std::uint32_t>(fast), std::bit_cast<std::uint32_t>(reference))
            << text;
    }
}

} // namespace
} // namespace bvh

namespace bvh {
namespace {

// scanNumber as the row loop sees it: the number followed by more of the row, so that the
// sixteen-byte path (which needs readable bytes past the number) is the one taken. Compares
// value and length with std::from_chars.
void expectSameAsFromChars(const std::string& number, std::string_view after) {
    const std::string text = number + std::string(after) + " 1.5 2.5 3.5 4.5 5.5";
    float scanned = 0.0f;
    float reference = 0.0f;
    const std::size_t used = scanNumber(text.data(), text.data() + text.size(), scanned);
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), reference);
    ASSERT_EQ(error, std::errc()) << number;
    ASSERT_EQ(used, static_cast<std::size_t>(end - text.data())) << number;
    ASSERT_EQ(std::bit_cast<std::uint32_t>(scanned), std::bit_cast<std::uint32_t>(reference))
        << number;
}

TEST(NumberScanner, SixteenBytePathTakesEveryDigitSplitAndEnding) {
    // Every split of up to 16 digits around the point, both signs, every digit, and every
    // kind of character that can follow a number in a row.
    std::uint64_t state = 0x2545F4914F6CDD1Dull;
    auto next = [&state] {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    for (int integerDigits = 0; integerDigits <= 9; ++integerDigits) {
        for (int decimals = -1; decimals <= 16; ++decimals) { // -1: no point at all
            if (integerDigits == 0 && decimals <= 0) {
                continue; // "", "." are not numbers
            }
            for (int trial = 0; trial < 40; ++trial) {
                std::string number = next() % 2 ? "-" : "";
                for (int i = 0; i < integerDigits; ++i) {
                    number += static_cast<char>('0' + next() % 10);
                }
                if (decimals >= 0) {
                    number += '.';
                }
                for (int i = 0; i < decimals; ++i) {
                    number += static_cast<char>('0' + next() % 10);
                }
                for (std::string_view after : {" ", "\n", "\r\n", "\t", "e5", "E-2", "-7.5", "x"}) {
                    expectSameAsFromChars(number, after);
                }
            }
        }
    }
}

TEST(NumberScanner, SixteenBytePathKeepsTheSignOfZeroAndRoundsMidpointsLikeFromChars) {
    for (const char* number : {"0", "-0", "0.0000", "-0.0000", "-.0", "5.", "-5.", ".5", "-.5",
                               "9999999", "9999999.9999999", "0.00000001", "16777217", "1.00000006",
                               "-33554431.5", "0.1", "123.456789"}) {
        expectSameAsFromChars(number, " ");
    }
    // Exactly halfway between two floats, written out in full: ties go to the even float, as
    // from_chars rounds them. Floats in [2^e, 2^(e+1)) are 2^(e-23) apart, so their midpoints
    // have 24 - e decimals: 10 <= e <= 22 keeps them within the path's 7 + 14 digits.
    for (int exponent = 10; exponent <= 22; ++exponent) {
        for (int k = 0; k < 200; ++k) {
            const double midpoint = std::ldexp(1.0, exponent) +
                                    (k * 7919 % 4096 + 0.5) * std::ldexp(1.0, exponent - 23);
            char text[48];
            const int length = std::snprintf(text, sizeof text, "%.*f", 24 - exponent, midpoint);
            expectSameAsFromChars(std::string(text, static_cast<std::size_t>(length)), " ");
        }
    }
}

// The row loop's scan multiplies by the reciprocal power of ten (WordDecimalResult::NearDouble)
// and keeps the float of it unless isNearFloatMidpoint: every decimal of the path must then give
// from_chars' float, and a decimal on a float midpoint (where the multiplication's error could
// round the other way) must be flagged for the exact path.
float nearDoubleFloat(const std::string& text, bool& flagged) {
    const std::string padded = text + " " + std::string(32, '0');
    double value = 0.0;
    const std::size_t used =
        detail::scanWordDecimal<detail::WordDecimalResult::NearDouble>(padded.data(), value);
    EXPECT_EQ(used, text.size()) << text;
    flagged = detail::isNearFloatMidpoint(value);
    return static_cast<float>(value);
}

float fromCharsFloat(const std::string& text) {
    float expected = 0.0f;
    std::from_chars(text.data(), text.data() + text.size(), expected);
    return expected;
}

TEST(NumberScannerNearDouble, FloatMidpointsAreFlaggedForTheExactPath) {
    // Floats in [2^e, 2^(e+1)) are 2^(e-23) apart: 15 <= e <= 23 keeps their midpoints within
    // the path's 14 digits, 7 before the point.
    int unflagged = 0;
    for (int exponent = 15; exponent <= 23; ++exponent) {
        for (int k = 0; k < 400; ++k) {
            const double midpoint = std::ldexp(1.0, exponent) +
                                    (k * 7919 % 4096 + 0.5) * std::ldexp(1.0, exponent - 23);
            for (const double signedMidpoint : {midpoint, -midpoint}) {
                char text[48];
                const int length =
                    std::snprintf(text, sizeof text, "%.*f", 24 - exponent, signedMidpoint);
                bool flagged = false;
                const float value = nearDoubleFloat(std::string(text, length), flagged);
                unflagged += flagged ? 0 : 1;
                EXPECT_TRUE(flagged || value == fromCharsFloat(text)) << text;
            }
        }
    }
    EXPECT_EQ(unflagged, 0) << "every midpoint within 2 ulps of the product is flagged";
}

TEST(NumberScannerNearDouble, EveryUnflaggedValueIsFromCharsFloat) {
    // Every digit count and point position of the path (1 to 14 digits, at most 7 before the
    // point), digits from a fixed sequence, both signs.
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    int flaggedCount = 0;
    int checked = 0;
    for (int round = 0; round < 4000; ++round) {
        for (int digits = 1; digits <= 14; ++digits) {
            for (int integerDigits = 0; integerDigits <= std::min(digits, 7); ++integerDigits) {
                std::string text = round % 2 == 0 ? "" : "-";
                for (int i = 0; i < digits; ++i) {
                    state = state * 6364136223846793005ull + 1442695040888963407ull;
                    if (i == integerDigits && integerDigits < digits) {
                        text += '.';
                    }
                    text += static_cast<char>('0' + (state >> 59) % 10);
                }
                if (integerDigits == digits) {
                    text += digits < 7 ? "." : "";
                }
                bool flagged = false;
                const float value = nearDoubleFloat(text, flagged);
                flaggedCount += flagged ? 1 : 0;
                ++checked;
                if (!flagged) {
                    ASSERT_EQ(std::bit_cast<std::uint32_t>(value),
                              std::bit_cast<std::uint32_t>(fromCharsFloat(text)))
                        << text;
                }
            }
        }
    }
    EXPECT_LT(flaggedCount, checked / 1000) << "the exact path stays rare";
}

} // namespace
} // namespace bvh
