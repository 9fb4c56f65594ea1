#!/usr/bin/env python3
"""Minimax polynomials for core/kinematics/degree_trig.h (run once; prints the coefficients it uses).

sin x = x (1 + z P(z)) and cos x = 1 - z/2 + z^2 Q(z), z = x^2, |x| <= pi/4 (a hair more, for
the rounding of the reduction). P and Q have degree 5 and are fitted by the Remez exchange
algorithm to minimise the largest RELATIVE error of sin and cos, in 80-digit decimal
arithmetic (the series below are exact to that precision), then rounded to doubles. The
printed errors are those of the exact polynomials; rounding the coefficients adds well under
one unit in the last place (tests/core/kinematics/degree_trig_test.cpp measures the final result).

Pure standard library; a few seconds of CPU.
"""
from decimal import Decimal, getcontext
import math

getcontext().prec = 80
DEGREE = 5
FACTORIALS = [Decimal(1)]
for n in range(1, 80):
    FACTORIALS.append(FACTORIALS[-1] * n)


def pi():
    """Machin's formula."""

    def arctan_of_inverse(n):
        x = Decimal(1) / n
        total, term, k = x, x, 1
        while abs(term) > Decimal(10) ** -78:
            term *= -x * x
            k += 2
            total += term / k
        return total

    return 4 * (4 * arctan_of_inverse(5) - arctan_of_inverse(239))


def series(z, first, denominator):
    """Sum over k >= first of (-1)^k z^(k - first) / denominator(k)."""
    total, power, k = Decimal(0), Decimal(1), first
    while True:
        term = power / denominator(k)
        total += term if k % 2 == 0 else -term
        if abs(term) < Decimal(10) ** -75 and k > first + 3:
            return total
        power *= z
        k += 1


def sin_over_x(z):  # sin x / x
    return series(z, 0, lambda k: FACTORIALS[2 * k + 1])


def cos_x(z):
    return series(z, 0, lambda k: FACTORIALS[2 * k])


def sine_target(z):  # P's target: (sin x / x - 1) / z
    return series(z, 1, lambda k: FACTORIALS[2 * k + 1])


def cosine_target(z):  # Q's target: (cos x - 1 + z / 2) / z^2
    return series(z, 2, lambda k: FACTORIALS[2 * k])


def solve(matrix, rhs):
    n = len(matrix)
    rows = [row[:] + [b] for row, b in zip(matrix, rhs)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [rows[r][n] / rows[r][r] for r in range(n)]


def evaluate(coefficients, z):
    total = Decimal(0)
    for c in reversed(coefficients):
        total = total * z + c
    return total


def remez(target, weight, low, high, degree, iterations=25):
    """Polynomial of `degree` minimising max |weight(z) (p(z) - target(z))| on [low, high]."""
    count = degree + 2
    reference = [(low + high) / 2 - (high - low) / 2 * Decimal(math.cos(math.pi * i / (count - 1)))
                 for i in range(count)]
    for _ in range(iterations):
        matrix = [[z ** j for j in range(degree + 1)] + [Decimal((-1) ** i) / weight(z)]
                  for i, z in enumerate(reference)]
        solution = solve(matrix, [target(z) for z in reference])
        coefficients = solution[:-1]

        def error(z):
            return weight(z) * (evaluate(coefficients, z) - target(z))

        # Local extrema of the error on a grid, refined by ternary search.
        steps = 1000
        grid = [low + (high - low) * i / steps for i in range(steps + 1)]
        values = [error(z) for z in grid]
        candidates = [0] + [i for i in range(1, steps)
                            if (values[i] - values[i - 1]) * (values[i + 1] - values[i]) <= 0]
        candidates.append(steps)
        extrema = []
        for i in candidates:
            if i in (0, steps):
                z = grid[i]
            else:
                lo, hi, sign = grid[i - 1], grid[i + 1], 1 if values[i] > 0 else -1
                for _ in range(60):
                    m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
                    if sign * error(m1) < sign * error(m2):
                        lo = m1
                    else:
                        hi = m2
                z = (lo + hi) / 2
            e = error(z)
            if extrema and (extrema[-1][1] > 0) == (e > 0):
                if abs(e) > abs(extrema[-1][1]):
                    extrema[-1] = (z, e)
            else:
                extrema.append((z, e))
        while len(extrema) > count:
            extrema.pop(0 if abs(extrema[0][1]) < abs(extrema[-1][1]) else -1)
        if len(extrema) < count:
            break
        reference = [z for z, _ in extrema]
    return coefficients, max(abs(e) for _, e in extrema)


def main():
    high = (pi() / 4 * Decimal("1.0001")) ** 2
    low = high * Decimal("1e-8")
    # Relative error of sin: z (P - target) * x / sin x; of cos: z^2 (Q - target) / cos x.
    sine, sine_error = remez(sine_target, lambda z: z / sin_over_x(z), low, high, DEGREE)
    cosine, cosine_error = remez(cosine_target, lambda z: z * z / cos_x(z), low, high, DEGREE)
    print(f"sin: largest relative error {float(sine_error):.3g}")
    print("  P = " + ", ".join(float(c).hex() for c in sine))
    print(f"cos: largest relative error {float(cosine_error):.3g}")
    print("  Q = " + ", ".join(float(c).hex() for c in cosine))


if __name__ == "__main__":
    main()
