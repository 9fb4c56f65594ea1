// An option's entry in a command's --help, from the options table (issue 43), in the layout
// tools/generate_cli_docs.py reads for the man page and the completions: "  --flag PLACEHOLDER"
// with the description at column 25 (on the next line when the two do not fit), continuation
// lines indented to that column, at most 95 columns in all.
#pragma once

#include "app/options/option_table.h"

#include <initializer_list>
#include <string>
#include <string_view>

namespace bvhscope::options {

// The column descriptions start at, and the widest line.
inline constexpr std::size_t kHelpDescriptionColumn = 25;
inline constexpr std::size_t kHelpWidth = 95;

// "  --fov DEG              vertical field of view, from 5 to 150 degrees (default 45)\n":
// the option's help, its range and its default; its choices are the placeholder when it has
// none of its own ("auto|mm|cm|m|inch"). `command`'s own words where the option has them
// (Option::helpByCommand); the alias before the flag ("-s, --size N").
std::string helpEntry(const Option& option, CommandMask command = kNoCommand);
// The entries of `command`'s options with these flags, in this order (each must be in the table
// for `command`).
std::string helpEntries(CommandMask command, std::initializer_list<std::string_view> flags);
// The entries of `command`'s options that `listed` (the help composed so far) has no entry for,
// in the table's order: a new option is in the command's --help as soon as it is in the table.
std::string unlistedHelpEntries(CommandMask command, std::string_view listed);
// Any entry: `names` ("-o, --output NAME") and `description`, laid out as helpEntry does.
std::string helpEntry(std::string_view names, std::string_view description);

} // namespace bvhscope::options
