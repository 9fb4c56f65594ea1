// Number scanning shared by the hierarchy and motion readers.
//
// Accepts every form strtod accepts in BVH files seen in the wild: leading '+' or '-', leading
// or trailing dot (".0083333", "5."), exponents of any width ("1.2e-06", "-9.23872e-007",
// "E+02"), and "nan"/"inf" (reported by the caller). Results are correctly rounded
// (std::from_chars) and independent of the C locale, unlike strtod.
#pragma once

#include <cstddef>

namespace bvh {

// Scans one number starting exactly at `first`. Returns the number of characters consumed, or
// 0 when no number starts there (value untouched).
std::size_t scanNumber(const char* first, const char* last, float& value);
std::size_t scanNumber(const char* first, const char* last, double& value);

} // namespace bvh
