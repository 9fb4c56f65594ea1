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

} // namespace bvhscope::cli
