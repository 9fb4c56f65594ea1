// What a file that is not BVH looks like, from its first bytes: a PNG renamed .bvh is better
// told "not a BVH file (it looks like a PNG image)" than "expected HIERARCHY ... found '\x89PNG'".
// Internal to the core; tested in tests/core/reader/content_sniffing_test.cpp.
#pragma once

#include <optional>
#include <string_view>

namespace bvh {

// A phrase such as "a PNG image" or "UTF-16 text (BVH files are ASCII or UTF-8)" when `start`
// (the first bytes of a file; 64 are enough) is the start of a known kind of file that is not
// BVH; nullopt otherwise (which includes text that merely does not begin with HIERARCHY).
std::optional<std::string_view> recognizeNonBvhContent(std::string_view start);

} // namespace bvh
