// An option's entry in a command's --help, from the options table (issue 43), in the layout
// tools/generate_cli_docs.py reads for the man page and the completions: "  --flag PLACEHOLDER"
// with the description at column 25 (on the next line when the two do not fit), continuation
// lines indented to that column, at most 95 columns in all.
#pragma once

#include "app/options/option_table.h"

#include <string>
#include <string_view>

namespace bvhscope::options {

// The column descriptions start at, and the widest line.
inline constexpr std::size_t kHelpDescriptionColumn = 25;
inline constexpr std::size_t kHelpWidth = 95;

// "  --fov DEG              vertical field of view, from 5 to 150 degrees (default 45)\n":
// the option's help, its range and its default; its choices are the placeholder when it has
// none of its own ("auto|mm|cm|m|inch").
std::string helpEntry(const Option& option);
// Any entry: `names` ("-o, --output NAME") and `description`, laid out as helpEntry does.
std::string helpEntry(std::string_view names, std::string_view description);

} // namespace bvhscope::options
