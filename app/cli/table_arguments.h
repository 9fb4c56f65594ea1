// A command line read through the options table (app/options/option_table.h): which flags a
// subcommand takes, its aliases, and its numbers and choices checked against the table's ranges
// and words, so that each refusal names the range `bvhscope options` and --help show. Shared by
// every subcommand that takes its flags from the table (render, convert, positions, info,
// check, thumbnail, similar).
#pragma once

#include "app/cli/command_line.h"
#include "app/options/option_table.h"

#include <charconv>
#include <cmath>
#include <glm/vec3.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bvhscope::cli {

// parseArguments' spec for `command`: every table option with its bit, Boolean ones as flags
// and the others as taking a value, then `moreValueOptions` (those the table does not hold,
// such as render's --output).
ArgumentSpec tableArgumentSpec(options::CommandMask command,
                               std::vector<std::string_view> moreValueOptions = {});

// `arguments` with each table alias of `command` ("-s") written as its flag ("--size"). The
// views point into `arguments` and the table.
std::vector<std::string_view> withTableFlags(std::span<const std::string_view> arguments,
                                             options::CommandMask command);

// Whether the whole of `text` is a number of this type (from_chars: no sign '+', no spaces).
template <typename Number>
bool parseWholeNumber(std::string_view text, Number& value) {
    const char* end = text.data() + text.size();
    const auto result = std::from_chars(text.data(), end, value);
    return !text.empty() && result.ec == std::errc() && result.ptr == end;
}

// `option`'s value, when given, into `value` if it is a finite number within the table's range;
// the refusal naming the range ("--fov must be from 5 to 150 degrees, not '151'"), or empty.
// `value` is left alone when the option is not given or is refused.
template <typename Number>
std::string readTableNumber(const ParsedArguments& parsed, const options::Option& option,
                            Number& value) {
    const auto text = parsed.option(option.flag);
    if (!text) {
        return {};
    }
    Number read{};
    if (!parseWholeNumber(*text, read) || !std::isfinite(static_cast<double>(read)) ||
        !options::inRange(option, static_cast<double>(read))) {
        return options::refusal(option, *text);
    }
    value = read;
    return {};
}

// `option`'s value, when given, as the index of one of its choices (exactly as written); the
// refusal listing them ("--interpolation must be linear or step, not 'cubic'"), or empty.
std::string readTableChoice(const ParsedArguments& parsed, const options::Option& option,
                            std::optional<std::size_t>& index);

// --body-grid-phase's three numbers (options::kBodyGridPhase), comma-separated and finite, into
// `phase` when given; the refusal, or empty. `phase` is left alone when the option is not given
// or is refused.
std::string readGridPhase(const ParsedArguments& parsed, glm::vec3& phase);

} // namespace bvhscope::cli
