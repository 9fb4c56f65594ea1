// What a file that is not BVH looks like, from its first bytes: a PNG renamed .bvh is better
// told "not a BVH file (it looks like a PNG image)" than "expected HIERARCHY ... found '\x89PNG'".
// Internal to the core; tested in tests/core/reader/content_sniffing_test.cpp.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace bvh {

// How much of a file's start is looked at: the answer for a file's first kSniffedBytes is the
// answer for the file (magic numbers and control bytes are within its first 64 bytes; markup may
// follow a few hundred bytes of blank lines).
inline constexpr std::size_t kSniffedBytes = 512;

// A phrase such as "a PNG image" or "UTF-16 text (BVH files are ASCII or UTF-8)" when `start`
// (the first kSniffedBytes of a file, or all of a shorter one) is the start of a known kind of
// file that is not BVH; nullopt otherwise (which includes text that merely does not begin with
// HIERARCHY).
std::optional<std::string_view> recognizeNonBvhContent(std::string_view start);

} // namespace bvh
