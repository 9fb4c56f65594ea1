#include "core/number_scanner.h"

#include <cmath>
#include <gtest/gtest.h>
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
