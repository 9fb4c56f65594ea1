#include "app/cli/table_arguments.h"

#include <algorithm>

namespace bvhscope::cli {

ArgumentSpec tableArgumentSpec(options::CommandMask command,
                               std::vector<std::string_view> moreValueOptions) {
    ArgumentSpec spec{std::move(moreValueOptions), {}};
    for (const options::Option* option : options::kAllOptions) {
        if ((option->commands & command) == 0) {
            continue;
        }
        (option->type == options::ValueType::Boolean ? spec.flags : spec.valueOptions)
            .push_back(option->flag);
    }
    return spec;
}

std::vector<std::string_view> withTableFlags(std::span<const std::string_view> arguments,
                                             options::CommandMask command) {
    std::vector<std::string_view> written(arguments.begin(), arguments.end());
    for (const options::Option* option : options::kAllOptions) {
        if ((option->commands & command) == 0 || option->alias.empty()) {
            continue;
        }
        std::ranges::replace(written, option->alias, option->flag);
    }
    return written;
}

std::string readTableChoice(const ParsedArguments& parsed, const options::Option& option,
                            std::optional<std::size_t>& index) {
    const auto text = parsed.option(option.flag);
    if (!text) {
        return {};
    }
    const auto found = std::ranges::find(option.choices, *text);
    if (found == option.choices.end()) {
        return options::choiceRefusal(option, *text);
    }
    index = static_cast<std::size_t>(found - option.choices.begin());
    return {};
}

namespace {

// Three numbers, comma-separated, finite; nullopt otherwise.
std::optional<glm::vec3> parseThreeNumbers(std::string_view text) {
    glm::vec3 numbers(0.0f);
    for (int axis = 0; axis < 3; ++axis) {
        const std::size_t comma = axis + 1 < 3 ? text.find(',') : text.size();
        if (comma == std::string_view::npos) {
            return std::nullopt;
        }
        const std::string_view number = text.substr(0, comma);
        const auto result =
            std::from_chars(number.data(), number.data() + number.size(), numbers[axis]);
        if (result.ec != std::errc() || result.ptr != number.data() + number.size() ||
            !std::isfinite(numbers[axis])) {
            return std::nullopt;
        }
        text.remove_prefix(std::min(text.size(), comma + 1));
    }
    return numbers;
}

} // namespace

std::string readGridPhase(const ParsedArguments& parsed, glm::vec3& phase) {
    const auto text = parsed.option(options::kBodyGridPhase.flag);
    if (!text) {
        return {};
    }
    const std::optional<glm::vec3> read = parseThreeNumbers(*text);
    if (!read) {
        return "--body-grid-phase takes three numbers, X,Y,Z";
    }
    phase = *read;
    return {};
}

} // namespace bvhscope::cli
