// sinCosDegrees against references over the whole range it serves: long double (about 11 bits
// beyond double) for the accuracy bound, std::sin / std::cos as the task's yardstick, exact
// values where they are known, and the batch form against the scalar one bit for bit.
#include "core/kinematics/degree_trig.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <sstream>
#include <vector>

namespace bvh {
namespace {

// Every angle the tests sweep: a fine grid over two turns each way (every value a float motion
// channel holds there is within 1/128 degree of one), random doubles up to the fast path's
// limit, and random floats (what files hold) in the range real channels use.
std::vector<double> sweptAngles() {
    std::vector<double> angles;
    for (double degrees = -720.0; degrees <= 720.0; degrees += 1.0 / 128) {
        angles.push_back(degrees);
    }
    std::mt19937_64 random(2024);
    std::uniform_real_distribution<double> wide(-kFastSinCosLimitDegrees, kFastSinCosLimitDegrees);
    std::uniform_real_distribution<double> moderate(-1.0e6, 1.0e6);
    std::uniform_real_distribution<float> channel(-400.0F, 400.0F);
    for (int i = 0; i < 200000; ++i) {
        angles.push_back(wide(random));
        angles.push_back(moderate(random));
        angles.push_back(channel(random));
        angles.push_back(channel(random) * 1.0e-6F); // near zero: relative accuracy matters
    }
    return angles;
}

TEST(DegreeTrig, WithinTwoUnitsInTheLastPlaceOfTheExactValue) {
    if (std::numeric_limits<long double>::digits < 64) {
        GTEST_SKIP() << "long double is no wider than double here: no exact reference";
    }
    constexpr long double kPi = 3.14159265358979323846264338327950288L;
    double worstSine = 0.0;
    double worstCosine = 0.0;
    double worstRelativeSine = 0.0; // where |sine| < 0.5: small angles keep relative accuracy
    for (double degrees : sweptAngles()) {
        // Reduce exactly in degrees first (remainder is exact) to within 90 degrees of a whole
        // half turn, then convert: the reference is then good to ~1e-19, and relatively so
        // near every zero of the sine.
        const double reduced = std::remainder(degrees, 180.0);
        const bool oddHalfTurns = std::fmod((degrees - reduced) / 180.0, 2.0) != 0.0;
        const long double radians = static_cast<long double>(reduced) * (kPi / 180.0L);
        const long double sine = oddHalfTurns ? -std::sin(radians) : std::sin(radians);
        const long double cosine = oddHalfTurns ? -std::cos(radians) : std::cos(radians);
        const SinCos result = sinCosDegrees(degrees);
        const double sineError = static_cast<double>(std::abs(result.sine - sine));
        const double cosineError = static_cast<double>(std::abs(result.cosine - cosine));
        worstSine = std::max(worstSine, sineError);
        worstCosine = std::max(worstCosine, cosineError);
        if (sine != 0 && std::abs(sine) < 0.5L) {
            worstRelativeSine =
                std::max(worstRelativeSine, static_cast<double>(sineError / std::abs(sine)));
        }
    }
    // Two units in the last place of values near 1 (2.2e-16 each), one and a half of the
    // small ones (1.1e-16 relative each at most).
    EXPECT_LE(worstSine, 2.5e-16);
    EXPECT_LE(worstCosine, 2.5e-16);
    EXPECT_LE(worstRelativeSine, 3.5e-16);
    std::ostringstream worst;
    worst << "sine " << worstSine << ", cosine " << worstCosine << ", relative sine "
          << worstRelativeSine;
    RecordProperty("worst_errors", worst.str());
}

TEST(DegreeTrig, AgreesWithTheStandardLibrary) {
    // std::sin(radians) of the exactly reduced angle: |radians| <= pi, so converting costs at
    // most half an ulp of pi (2.2e-16), and the library adds half an ulp of its result.
    constexpr double kRadiansPerDegree = 3.14159265358979323846 / 180.0;
    for (double degrees : sweptAngles()) {
        const double radians = std::remainder(degrees, 360.0) * kRadiansPerDegree;
        const SinCos result = sinCosDegrees(degrees);
        ASSERT_NEAR(result.sine, std::sin(radians), 6e-16) << degrees;
        ASSERT_NEAR(result.cosine, std::cos(radians), 6e-16) << degrees;
    }
}

TEST(DegreeTrig, ExactAtQuarterTurnsAndKeepsTheSignOfZero) {
    for (long long turns = -4000; turns <= 4000; ++turns) {
        const double degrees = 90.0 * static_cast<double>(turns);
        const SinCos result = sinCosDegrees(degrees);
        const long long quadrant = ((turns % 4) + 4) % 4;
        const double sine[4] = {0.0, 1.0, 0.0, -1.0};
        const double cosine[4] = {1.0, 0.0, -1.0, 0.0};
        EXPECT_EQ(result.sine, sine[quadrant]) << degrees;
        EXPECT_EQ(result.cosine, cosine[quadrant]) << degrees;
    }
    // As std::sin: a negative zero angle has a negative zero sine.
    EXPECT_TRUE(std::signbit(sinCosDegrees(-0.0).sine));
    EXPECT_FALSE(std::signbit(sinCosDegrees(0.0).sine));
}

TEST(DegreeTrig, HugeAndNonFiniteAnglesTakeTheLibraryPath) {
    constexpr double kRadiansPerDegree = 0.017453292519943295769236907684886127;
    for (double degrees : {1.0e9, -1.0e9, 3.5e12, 1.0e300, -1.0e308}) {
        const SinCos result = sinCosDegrees(degrees);
        EXPECT_EQ(result.sine, std::sin(degrees * kRadiansPerDegree)) << degrees;
        EXPECT_EQ(result.cosine, std::cos(degrees * kRadiansPerDegree)) << degrees;
    }
    for (double degrees :
         {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
          -std::numeric_limits<double>::infinity()}) {
        EXPECT_TRUE(std::isnan(sinCosDegrees(degrees).sine));
        EXPECT_TRUE(std::isnan(sinCosDegrees(degrees).cosine));
    }
}

TEST(DegreeTrig, BatchEqualsOneByOneToTheBit) {
    std::vector<double> pool = sweptAngles();
    pool.resize(5000);
    // Angles the fast path does not take, scattered through the batch.
    pool[7] = std::numeric_limits<double>::quiet_NaN();
    pool[100] = 2.0e9;
    pool[101] = -std::numeric_limits<double>::infinity();
    pool[4999] = 1.0e15;
    // Every length up to a few vector blocks, then the whole pool.
    for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{3},
                              std::size_t{4}, std::size_t{5}, std::size_t{7}, std::size_t{8},
                              std::size_t{9}, std::size_t{13}, std::size_t{103}, pool.size()}) {
        const std::span<const double> angles(pool.data(), count);
        std::vector<double> sines(count, -2.0);
        std::vector<double> cosines(count, -2.0);
        sinCosDegrees(angles, sines, cosines);
        for (std::size_t i = 0; i < count; ++i) {
            const SinCos expected = sinCosDegrees(angles[i]);
            // A NaN's sign and payload are whatever the C library's sin and the compiler's
            // folding make of an infinity (MinGW's differ with the optimisation level): NaN is
            // the answer either way. Every other value must match to the bit.
            if (std::isnan(expected.sine)) {
                ASSERT_TRUE(std::isnan(sines[i]) && std::isnan(cosines[i])) << "angle " << i;
                continue;
            }
            ASSERT_EQ(std::bit_cast<std::uint64_t>(sines[i]),
                      std::bit_cast<std::uint64_t>(expected.sine))
                << "angle " << i << " of " << count << ": " << angles[i];
            ASSERT_EQ(std::bit_cast<std::uint64_t>(cosines[i]),
                      std::bit_cast<std::uint64_t>(expected.cosine))
                << "angle " << i << " of " << count << ": " << angles[i];
        }
    }
}

} // namespace
} // namespace bvh
