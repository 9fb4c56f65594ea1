// Sine and cosine of angles given in degrees: fast, branch-free on the data, and accurate to
// double rounding level.
//
// Motion data is degrees, and forward kinematics needs the sine and cosine of every rotation
// channel (halved, for a quaternion) on every frame: this is the innermost cost of a pose.
// Working in degrees makes the range reduction exact: the angle minus the nearest multiple of
// 90 degrees is an exact double (both are multiples of the angle's last-place unit, and the
// difference is no larger than the angle). Only that remainder, within [-45, 45] degrees, is
// converted to radians (one rounding) and fed to minimax polynomials of degree 13 (sine) and
// 14 (cosine) whose approximation error on [-pi/4, pi/4] is below 4e-18 relative
// (tools/fit_trig_polynomials.py computes them). Results are within 2.5e-16 of the exact values
// (about two units in the last place; tests/core/kinematics/degree_trig_test.cpp measures it
// against long double over +-1e9 degrees), keep the sign of zero, and are exactly 0 and +-1 at
// multiples of 90 degrees. std::sin(d * pi / 180) is less exact for large d (the product rounds
// before the library reduces by pi: 2e-9 off at a million degrees) and several times slower.
//
// |degrees| >= 1e9 (never a real rotation channel) and NaN take the library path.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

namespace bvh {

struct SinCos {
    double sine = 0.0;
    double cosine = 1.0;
};

// Beyond this the library computes (the fast reduction stays exact far further, to 2^51 * 90).
inline constexpr double kFastSinCosLimitDegrees = 1.0e9;

namespace detail {

// The fast path alone: correct for |degrees| < kFastSinCosLimitDegrees, meaningless beyond (and
// for NaN). No branch, so that a loop over it vectorizes.
inline SinCos sinCosDegreesInRange(double degrees) {
    // Round to the nearest quarter turn without a call to nearbyint: adding 1.5 * 2^52 leaves
    // no fraction bits, so the sum is the rounded integer (ties to even), whose low bits are
    // the quadrant. Valid while |degrees / 90| < 2^51.
    constexpr double kRoundingShift = 6755399441055744.0; // 1.5 * 2^52
    const double shifted = degrees * (1.0 / 90.0) + kRoundingShift;
    const double quarterTurns = shifted - kRoundingShift;
    const std::uint64_t quadrant = std::bit_cast<std::uint64_t>(shifted) & 3;

    constexpr double kRadiansPerDegree = 0.017453292519943295769236907684886127; // pi / 180
    const double x = (degrees - quarterTurns * 90.0) * kRadiansPerDegree;        // |x| <~ pi/4
    const double z = x * x;
    const double z2 = z * z;
    const double z4 = z2 * z2;
    // sin x = x (1 + z P(z)), cos x = 1 - z/2 + z^2 Q(z), with P and Q of degree 5 evaluated
    // in Estrin's scheme (three independent pairs, then two levels): half the dependency
    // chain of Horner's rule, which is what limits throughput here.
    const double p = (-0x1.5555555555548p-3 + 0x1.111111110f7cap-7 * z) +
                     z2 * (-0x1.a01a019bfd180p-13 + 0x1.71de3567124fap-19 * z) +
                     z4 * (-0x1.ae5e59f58b534p-26 + 0x1.5d8fa31c25ca3p-33 * z);
    const double q = (0x1.555555555554bp-5 + -0x1.6c16c16c14f8ap-10 * z) +
                     z2 * (0x1.a01a019c8390fp-16 + -0x1.27e4f7ea37964p-22 * z) +
                     z4 * (0x1.1ee9d75291b13p-29 + -0x1.8fa465ee99665p-37 * z);
    const double s = x * (1.0 + z * p); // x * (...) keeps the sign of a zero angle
    const double c = 1.0 + z * (-0.5 + z * q);

    // sin and cos of (x + quadrant * 90 degrees): quadrant 1 is (c, -s), 2 is (-s, -c), 3 is
    // (-c, s). Chosen with bit masks, not branches: the quadrant follows the data (every
    // half-angle past 45 degrees), and masks vectorize.
    const std::uint64_t swap = 0 - (quadrant & 1);               // all ones in quadrants 1, 3
    const std::uint64_t sineSign = (quadrant & 2) << 62;         // quadrants 2, 3
    const std::uint64_t cosineSign = ((quadrant + 1) & 2) << 62; // quadrants 1, 2
    const std::uint64_t sBits = std::bit_cast<std::uint64_t>(s);
    const std::uint64_t cBits = std::bit_cast<std::uint64_t>(c);
    return {std::bit_cast<double>(((sBits & ~swap) | (cBits & swap)) ^ sineSign),
            std::bit_cast<double>(((cBits & ~swap) | (sBits & swap)) ^ cosineSign)};
}

} // namespace detail

inline SinCos sinCosDegrees(double degrees) {
    if (!(std::abs(degrees) < kFastSinCosLimitDegrees)) [[unlikely]] {
        const double radians = degrees * 0.017453292519943295769236907684886127;
        return {std::sin(radians), std::cos(radians)};
    }
    return detail::sinCosDegreesInRange(degrees);
}

// Many angles at once, with results identical to the bit to sinCosDegrees on each: the loop
// runs two (SSE2) or more angles per instruction. Spans of equal size; no aliasing.
void sinCosDegrees(std::span<const double> degrees, std::span<double> sines,
                   std::span<double> cosines);

} // namespace bvh
