// Reading a row of value tokens, shared by every text format.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bvh::live {

enum class RowResult : std::uint8_t { Ok, Unparsable, NonFinite };

// Reads the whitespace-separated (space, tab, form feed, vertical tab) tokens of `text` as
// floats into `values` and the tokens, joined by single spaces, into `valueText` (both
// replaced, their storage reused). Every token must be a whole number as the BVH reader reads
// it (core/reader/number_scanner.h), else Unparsable; a NaN or an infinity (also one a too large
// exponent makes) is NonFinite. An empty row is Unparsable.
RowResult readValueRow(std::string_view text, std::vector<float>& values, std::string& valueText);

} // namespace bvh::live
